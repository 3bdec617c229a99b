"""The State API on every game: notation and indices agree, masks match the legal lists,
observations keep their shape, errors name what is wrong and change nothing."""

import copy
import random

import numpy as np
import pytest

import tabula

GAMES = [g["name"] for g in tabula.games()]


def test_games_lists_the_five_games():
    assert GAMES == ["toumai", "khan-tsin", "china-moon", "magical-circle", "connect-four"]
    info = {g["name"]: g for g in tabula.games()}
    assert info["china-moon"]["min_players"] == 3
    assert info["magical-circle"]["real_time"] is True


def actor_seat(state):
    """A seat that may act now (the first of a race), or None for chance/over."""
    seats = state.to_act()
    return seats[0] if seats and seats[0] != tabula.CHANCE else None


@pytest.mark.parametrize("game", GAMES)
def test_random_game_through_indices(game):
    state = tabula.new(game, seed=3)
    rng = random.Random(3)
    shape = tuple(state.observation_shape)
    for _ in range(400):
        if state.is_over():
            break
        if state.is_chance():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, _, p in outcomes) - 1.0) < 1e-9
            index, text, _ = outcomes[0]
            assert state.apply(index) == text
            continue
        seat = actor_seat(state)
        legal = state.legal_action_indices(seat)
        mask = state.legal_action_mask(seat)
        assert mask.dtype == np.bool_ and mask.shape == (state.num_actions,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
        texts = sorted(state.action_text(i, seat) for i in legal)
        assert texts == state.legal_actions(seat)
        obs = state.observation(seat)
        assert obs.shape == shape and obs.dtype == np.float32
        index = rng.choice(legal)
        assert state.action_index(state.action_text(index, seat), seat) == index
        state.apply(index, seat)
    assert len(state.returns()) == state.num_players


def test_connect_four_plays_to_a_win_with_returns():
    state = tabula.new("connect-four")
    for column in [0, 1, 0, 1, 0, 1]:
        state.apply(column)
    assert state.to_act() == [0]
    state.apply("1")
    assert state.is_over() and state.to_act() == []
    assert state.returns() == [1.0, 0.0]
    assert state.legal_actions() == [] and state.legal_action_indices() == []
    assert not state.legal_action_mask().any()
    with pytest.raises(tabula.IllegalActionError, match="over"):
        state.apply(2)


def test_observation_is_seat_relative_on_connect_four():
    state = tabula.new("connect-four")
    state.apply(3)
    mine = state.observation(0)
    theirs = state.observation(1)
    assert mine.shape == (2, 6, 7)
    assert mine[0, 0, 3] == 1.0 and mine[1].sum() == 0.0
    assert theirs[1, 0, 3] == 1.0 and theirs[0].sum() == 0.0


def test_illegal_actions_raise_and_change_nothing():
    state = tabula.new("connect-four")
    before = state.notation()
    with pytest.raises(tabula.IllegalActionError, match="7 action indices"):
        state.apply(7)
    with pytest.raises(tabula.NotationError):
        state.apply("x9")
    with pytest.raises(tabula.ParamsError, match="seat 5"):
        state.apply(0, seat=5)
    with pytest.raises(TypeError, match="str .* or an int"):
        state.apply(1.5)
    assert state.notation() == before


def test_indices_listed_before_a_move_are_checked_again_after_it():
    # apply() skips the legality check for an index legal_action_indices just gave; once the
    # state has changed, those indices are checked again.
    state = tabula.new("connect-four")
    first = state.legal_action_indices(0)
    state.apply(first[0], 0)
    before = state.notation()
    with pytest.raises(tabula.IllegalActionError):
        state.apply(first[1], 0)
    assert state.notation() == before
    for _ in range(5):
        legal = state.legal_action_indices()
        assert 0 in legal
        state.apply(0)
    full = state.legal_action_indices()
    assert 0 not in full
    with pytest.raises(tabula.IllegalActionError):
        state.apply(0)
    assert state.legal_action_indices() == full


def test_errors_name_the_unknown_game_and_bad_parameters():
    with pytest.raises(tabula.UnknownGameError, match="chess"):
        tabula.new("chess")
    with pytest.raises(tabula.ParamsError, match="players"):
        tabula.new("connect-four", players=3)
    with pytest.raises(tabula.ParamsError, match="colour"):
        tabula.new("toumai", params={"colour": "YR"})
    with pytest.raises(ValueError, match="setup"):
        tabula.new("toumai", setup="shuffled")
    with pytest.raises(tabula.NotationError):
        tabula.from_notation("connect-four", "not a position")


def test_notation_round_trips_and_clone_is_independent():
    state = tabula.new("toumai", seed=9)
    again = tabula.from_notation("toumai", state.notation())
    assert again.notation() == state.notation()
    copy_ = state.clone()
    deep = copy.deepcopy(state)
    state.apply(state.legal_action_indices()[0])
    assert copy_.notation() == again.notation() == deep.notation()
    assert copy_.notation() != state.notation()


def test_view_board_text_and_seat_names():
    state = tabula.new("toumai", players=3, seed=2)
    view = state.view(0)
    assert isinstance(view, dict) and view
    assert isinstance(state.board_text(), str) and state.board_text()
    assert str(state) == state.board_text()
    assert state.seat_name(0) in ("Yellow", "Red", "Blue")
    assert "toumai" in repr(state)


def test_magical_circle_race_needs_a_seat():
    state = tabula.new("magical-circle", players=3, seed=1)
    for _ in range(10):
        if len(state.to_act()) > 1:
            break
        seat = actor_seat(state)
        state.apply(state.legal_action_indices(seat)[0], seat)
    assert len(state.to_act()) > 1, "the race: several seats may act"
    with pytest.raises(tabula.IllegalActionError, match="several seats"):
        state.legal_action_indices()
    claim = state.action_index("claim", 1)
    assert claim in state.legal_action_indices(1)
    state.apply(claim, seat=1)


def test_placement_setup_starts_without_pieces_placed():
    state = tabula.new("khan-tsin", setup="placement")
    assert all(t.startswith(("K@", "T@")) for t in state.legal_actions())
    random_setup = tabula.new("khan-tsin", setup="random", seed=4)
    assert not any(t.startswith(("K@", "T@")) for t in random_setup.legal_actions())


def test_chance_is_resolved_from_the_seed():
    a = tabula.new("china-moon", seed=7)
    b = tabula.new("china-moon", seed=7)
    c = tabula.new("china-moon", seed=8)
    assert a.notation() == b.notation()
    assert a.notation() != c.notation()
