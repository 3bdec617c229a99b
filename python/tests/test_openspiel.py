"""OpenSpiel's algorithms run on Tabula's rules through tabula.openspiel."""

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
