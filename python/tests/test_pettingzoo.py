"""The PettingZoo AEC environments pass PettingZoo's own API test, for every game."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import tabula  # noqa: E402
from tabula.pettingzoo import env  # noqa: E402

CASES = [("toumai", None), ("toumai", 3), ("khan-tsin", None), ("china-moon", None),
         ("china-moon", 5), ("magical-circle", None), ("magical-circle", 4),
         ("connect-four", None)]


@pytest.mark.parametrize("game,players", CASES)
def test_api_test(game, players):
    api_test(env(game, players=players), num_cycles=300)


@pytest.mark.parametrize("game", ["connect-four", "china-moon"])
def test_seed_test(game):
    # Two environments reset with one seed play the same games (China Moon: chance too).
    seed_test(lambda **kw: env(game, **kw), num_cycles=20)


def play(e, seed, choose):
    e.reset(seed=seed)
    steps = 0
    for agent in e.agent_iter(max_iter=20_000):
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(choose(agent, obs))
        steps += 1
    return steps


@pytest.mark.parametrize("game,params", [("toumai", None), ("china-moon", None),
                                         ("magical-circle", {"max_plies": 400})])
def test_random_games_end_with_the_games_returns(game, params):
    # Random agents rarely reach a Magical Circle card: its ply limit ends the game.
    e = env(game, params=params)
    rng = np.random.default_rng(1)
    final = {}
    e.reset(seed=1)
    for agent in e.agent_iter(max_iter=50_000):
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.state_.is_over()
    assert not e.agents, "every agent was stepped out at the end"
    returns = e.state_.returns()
    assert final == {f"seat_{i}": r for i, r in enumerate(returns)}


def test_chance_never_reaches_an_agent():
    e = env("china-moon")
    e.reset(seed=3)
    assert not e.state_.is_chance()
    assert e.agent_selection in e.possible_agents


def test_race_offers_wait_except_to_the_last_racer():
    e = env("magical-circle", players=3)
    e.reset(seed=2)
    for _ in range(50):
        if len(e.state_.to_act()) > 1:
            break
        obs = e.observe(e.agent_selection)
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    racers = e.state_.to_act()
    assert len(racers) == 3
    for expected in racers[:-1]:
        assert e.agent_selection == f"seat_{expected}"
        assert e.observe(e.agent_selection)["action_mask"][e.wait_action] == 1
        e.step(e.wait_action)
    last = e.observe(e.agent_selection)["action_mask"]
    assert e.agent_selection == f"seat_{racers[-1]}"
    assert last[e.wait_action] == 0 and last.sum() > 0


def test_illegal_action_is_refused():
    e = env("connect-four")
    e.reset(seed=0)
    for _ in range(6):
        e.step(0)
    with pytest.raises(tabula.IllegalActionError, match="not legal"):
        e.step(0)


def test_a_bot_plays_through_the_standard_loop():
    e = env("connect-four")
    bot = tabula.Bot("casual", seed=1)

    def choose(agent, obs):
        if agent == "seat_0":
            index = bot.choose_index(e.game_state)
            assert e.game_state.action_text(index) == bot.choose(e.game_state)
            return index
        return int(np.flatnonzero(obs["action_mask"])[0])

    play(e, 0, choose)
    assert e.game_state.returns() == [1.0, 0.0]
