"""OpenSpiel's algorithms run on Tabula's rules through tabula.openspiel."""

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

import tabula  # noqa: E402
from tabula.openspiel import TURN_BASED, load  # noqa: E402


def test_python_mcts_plays_toumai():
    game = load("toumai")
    state = game.new_initial_state()
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                       random_state=np.random.RandomState(2))
    for _ in range(6):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 6


def test_evaluate_bots_plays_mcts_against_random_on_toumai():
    # OpenSpiel's C++ MCTSBot crashes on every Python-defined game in open_spiel 2.0.2
    # (its own python_tic_tac_toe too), so its Python algorithms are used here.
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    game = load("toumai")
    rng = np.random.RandomState(5)
    bots = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=8,
                     evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
        uniform_random.UniformRandomBot(1, rng),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("name", TURN_BASED)
def test_random_simulation(name):
    game = load(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_connect_four_returns_are_zero_sum():
    game = load("connect-four")
    state = game.new_initial_state()
    for column in [0, 1, 0, 1, 0, 1, 0]:
        state.apply_action(column)
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    assert state.observation_tensor(0)[:42].count(1.0) == 4


def test_china_moon_setup_is_a_chance_node():
    game = load("china-moon")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    while state.is_chance_node():
        state.apply_action(outcomes[-1][0])
        outcomes = state.chance_outcomes()
    assert state.current_player() == 0


def test_magical_circle_is_refused():
    with pytest.raises(tabula.UnknownGameError, match="turn-based"):
        load("magical-circle")


@pytest.mark.parametrize("name", ["toumai", "china-moon"])
def test_random_simulation_with_serialisation(name):
    pyspiel.random_sim_test(load(name), num_sims=1, serialize=True, verbose=False)


def test_parameters_pass_through_load_game():
    game = pyspiel.load_game("python_tabula_toumai(players=3)")
    assert game.num_players() == 3
    assert game.new_initial_state().tabula.num_players == 3
    assert load("china-moon", players=5).num_players() == 5
    variant = pyspiel.load_game("python_tabula_khan_tsin(placement=all_twelve)")
    # With all_twelve, the first player places its twelve tokens before the other starts.
    for game, second in ((variant, 0), (load("khan-tsin"), 1)):
        state = game.new_initial_state()
        state.apply_action(state.legal_actions()[0])
        assert state.current_player() == second
    with pytest.raises(tabula.ParamsError, match="players"):
        pyspiel.load_game("python_tabula_connect_four(players=3)")


def played(game, moves, seed=1):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_states_and_games_pickle_and_serialise():
    game = load("china-moon", players=3)
    state = played(game, 30)
    for copy in (pickle.loads(pickle.dumps(state)), game.deserialize_state(state.serialize()),
                 pyspiel.deserialize_game_and_state(
                     pyspiel.serialize_game_and_state(game, state))[1]):
        assert copy == state and copy.history() == state.history()
        assert copy.legal_actions() == state.legal_actions()
        assert str(copy.get_game()) == str(game)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.num_players() == 3
    assert played(again, 30) == state


def test_undo_history_equality_and_hashing():
    game = load("china-moon", players=3)
    state = played(game, 25)
    before, history = state.clone(), state.history()
    assert state == before and hash(state) == hash(before) and state is not before
    player, action = state.current_player(), state.legal_actions()[-1]
    state.apply_action(action)
    assert state != before and state.history() == history + [action]
    assert state.move_number() == len(history) + 1
    with pytest.raises(tabula.IllegalActionError, match="last action"):
        state.undo_action(player, action + 1)
    state.undo_action(player, action)
    assert state == before and state.history() == history
    assert state.legal_actions() == before.legal_actions()


def test_tabula_bots_play_as_openspiel_bots_and_pickle():
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    from tabula.openspiel import TabulaBot

    game = load("connect-four")
    rng = np.random.RandomState(3)
    bot = TabulaBot("casual", seed=4)
    copy = pickle.loads(pickle.dumps(bot))
    state = played(game, 6)
    assert copy.step(state) == bot.step(state) in state.legal_actions()
    wins = 0
    for _ in range(4):
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), [copy, uniform_random.UniformRandomBot(1, rng)], rng)
        wins += returns[0] == 1.0
    assert wins >= 3
