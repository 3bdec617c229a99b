"""Defaults and errors from Python: seats from 0 everywhere, unseeded games from the OS's
entropy, typed errors that name what was passed, pickling and equality, a state shared by two
threads refused with ConcurrentUseError, and the environments' truncation of Magical Circle."""

import pickle
import threading
import time

import numpy as np
import pytest

import tabula


def won(columns):
    state = tabula.new("connect-four")
    for c in columns:
        state.apply(c)
    assert state.is_over()
    return state


@pytest.mark.parametrize("columns", [[0, 1, 0, 1, 0, 1, 0], [6, 0, 1, 0, 1, 0, 1, 0]])
def test_status_counts_seats_from_zero_as_returns_do(columns):
    start = tabula.new("connect-four")
    assert start.status()["to_act"] == start.to_act() == [0]
    state = won(columns)
    winners = state.status()["result"]["winners"]
    returns = state.returns()
    assert winners == [int(np.argmax(returns))]
    assert returns[winners[0]] == 1.0


def test_errors_are_typed_and_name_what_was_passed():
    state = tabula.new("connect-four")
    with pytest.raises(tabula.IllegalActionError, match="-1 is negative"):
        state.apply(-1)
    with pytest.raises(TypeError, match="not a bool"):
        state.apply(True)
    with pytest.raises(tabula.IllegalActionError, match="stands for no action"):
        state.apply(2**70)
    assert state.history() == [], "nothing was applied"
    for seed in (-1, True, 2**64, "1"):
        with pytest.raises(tabula.ParamsError, match="seed must be"):
            tabula.new("toumai", seed=seed)
    with pytest.raises(tabula.ParamsError, match="seed must be"):
        tabula.Bot("casual", seed=-1)
    with pytest.raises(tabula.ParamsError, match="seed must be"):
        tabula.playouts("connect-four", 1, seed=-1)
    with pytest.raises(tabula.ParamsError, match="seed must be"):
        tabula.new("china-moon", seed=1).resolve_chance(seed=-1)
    with pytest.raises(tabula.ParamsError, match="max_plies") as refused:
        tabula.new("toumai", params={"max_plies": "many"})
    assert "params" not in str(refused.value)


def test_unseeded_games_and_bots_draw_their_seeds_from_the_os():
    assert tabula.new("toumai").notation() != tabula.new("toumai").notation()
    assert repr(tabula.Bot("random")) != repr(tabula.Bot("random"))
    a, b = tabula.playouts("toumai", 1), tabula.playouts("toumai", 1)
    assert a["seed"] != b["seed"]
    again = tabula.playouts("toumai", 1, seed=a["seed"])
    assert (again["plies"], again["wins"]) == (a["plies"], a["wins"])


def test_states_pickle_compare_and_hash_by_position():
    state = tabula.new("china-moon", players=4, seed=3)
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and hash(copy) == hash(state)
    assert copy.num_players == 4 and copy.history() == state.history()
    assert copy.legal_actions() == state.legal_actions()
    moved = state.clone()
    moved.apply(moved.legal_action_indices()[0])
    assert moved != state and len(moved.history()) == len(state.history()) + 1
    assert state != tabula.new("china-moon", players=4, seed=4)
    assert len({state, copy, state.clone()}) == 1
    bot = pickle.loads(pickle.dumps(tabula.Bot("mcts:iterations=50", seed=9)))
    assert repr(bot) == repr(tabula.Bot("mcts:iterations=50", seed=9))
    assert bot.choose(state) == tabula.Bot("mcts:iterations=50", seed=9).choose(state)


def test_a_state_a_bot_thinks_on_refuses_another_thread():
    state = tabula.new("toumai", seed=1)
    bot = tabula.Bot("mcts:iterations=1000000", seed=1)
    thinking = threading.Thread(target=bot.analyse, args=(state,), kwargs={"time_ms": 400})
    thinking.start()
    time.sleep(0.1)
    before = state.notation()
    with pytest.raises(tabula.ConcurrentUseError, match="another thread"):
        state.apply(state.legal_actions()[0])
    thinking.join()
    assert state.notation() == before
    state.apply(state.legal_actions()[0])   # free again


def test_one_bot_serves_two_threads_in_turn():
    bot = tabula.Bot("mcts:iterations=2000", seed=2)
    states = [tabula.new("connect-four"), tabula.new("connect-four")]
    out = [None, None]

    def choose(i):
        out[i] = bot.choose(states[i])

    threads = [threading.Thread(target=choose, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert all(o in states[0].legal_actions() for o in out)


def test_environments_truncate_magical_circle_by_default():
    pz = pytest.importorskip("tabula.pettingzoo")
    assert tabula.DEFAULT_MAX_STEPS["magical-circle"] == pz.env("magical-circle").max_steps
    assert pz.env("connect-four").max_steps is None
    assert pz.env("magical-circle", max_steps=None).max_steps is None
    e = pz.env("magical-circle", max_steps=6)
    e.reset(seed=1)
    steps = 0
    for agent in e.agent_iter(max_iter=100):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[0]))
        steps += 1
    assert steps == 6 and not e.agents
    with pytest.raises(tabula.ParamsError, match="max_steps"):
        pz.env("connect-four", max_steps=0)


def test_unseeded_env_resets_differ_and_seeded_ones_replay():
    pz = pytest.importorskip("tabula.pettingzoo")
    fresh = [pz.env("toumai"), pz.env("toumai")]
    for e in fresh:
        e.reset()
    assert fresh[0].state_ != fresh[1].state_
    for e in fresh:
        e.reset(seed=5)
        e.reset()
    assert fresh[0].state_ == fresh[1].state_


def test_the_vector_env_truncates_magical_circle_by_default():
    from tabula.vector import make_native
    env = make_native("magical-circle", 1)
    env.reset(1)
    ended = []
    for step in range(tabula.DEFAULT_MAX_STEPS["magical-circle"]):
        legal = np.flatnonzero(env.masks[0])
        env.step(np.array([legal[0]], np.int64))
        if env.terminated[0] or env.truncated[0]:
            ended.append((step, bool(env.truncated[0])))
    assert ended == [(tabula.DEFAULT_MAX_STEPS["magical-circle"] - 1, True)]


def test_a_vector_env_stepped_by_another_thread_refuses():
    from tabula.vector import make_native
    env = make_native("connect-four", 1, opponent="mcts:iterations=200000", opponent_seats=[1])
    env.reset(3)
    action = np.array([np.flatnonzero(env.masks[0])[0]], np.int64)
    stepping = threading.Thread(target=env.step, args=(action,))
    stepping.start()
    time.sleep(0.05)
    with pytest.raises(tabula.ConcurrentUseError, match="VectorEnv"):
        env.step(action)
    stepping.join()


def test_a_race_without_a_seat_names_no_seat_counted_from_one():
    state = tabula.new("magical-circle", players=3, seed=1)
    while len(state.to_act()) < 2:
        seat = state.to_act()[0]
        state.apply(state.legal_action_indices(None if seat == tabula.CHANCE else seat)[0])
    assert state.to_act() == [0, 1, 2]
    with pytest.raises(tabula.IllegalActionError, match="seat=") as refused:
        state.apply("claim")
    assert "3" not in str(refused.value)
    state.apply("claim", seat=2)
