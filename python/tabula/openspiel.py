"""OpenSpiel games for Tabula's turn-based games (``pip install ./python[openspiel]``).

    >>> import pyspiel
    >>> from tabula.openspiel import load
    >>> game = load("toumai")              # registered as python_tabula_toumai
    >>> state = game.new_initial_state()

``load(game, players=…)`` registers a Python game with ``pyspiel.register_game`` and returns
``pyspiel.load_game`` of it, so OpenSpiel's C++ and Python algorithms run on Tabula's rules.
Actions are Tabula's action indices, chance nodes Tabula's chance events (China Moon's
setup). Two-player games are zero-sum with returns +1 / -1 (0 for a draw); games of more
players are constant-sum, the winners sharing 1. Magical Circle is left out: several seats
may act at once in its race, which a turn-based OpenSpiel game cannot say.
"""

from __future__ import annotations

from typing import Optional

import numpy as np
import pyspiel

import tabula

TURN_BASED = ["toumai", "khan-tsin", "china-moon", "connect-four"]
MAX_GAME_LENGTH = 10_000


def short_name(game: str, players: Optional[int] = None) -> str:
    """The OpenSpiel name ``load`` registers ``game`` under."""
    suffix = f"_{players}p" if players else ""
    return f"python_tabula_{game.replace('-', '_')}{suffix}"


def load(game: str, players: Optional[int] = None) -> "pyspiel.Game":
    """Registers ``game`` (once) and returns ``pyspiel.load_game`` of it."""
    if game not in TURN_BASED:
        raise tabula.UnknownGameError(
            f"`{game}` is not a turn-based Tabula game (these are: {', '.join(TURN_BASED)})")
    name = short_name(game, players)
    if name not in pyspiel.registered_names():
        _register(game, players, name)
    return pyspiel.load_game(name)


def _register(game: str, players: Optional[int], name: str) -> None:
    probe = tabula.new(game, players=players, seed=0, setup="placement", resolve_chance=False)
    n = probe.num_players
    info = {g["name"]: g for g in tabula.games()}[game]
    chance = game == "china-moon"
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"Tabula {info['title']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if n == 2
                 else pyspiel.GameType.Utility.CONSTANT_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=probe.num_actions,
        max_chance_outcomes=probe.num_actions if chance else 0,
        num_players=n,
        min_utility=-1.0 if n == 2 else 0.0,
        max_utility=1.0,
        utility_sum=0.0 if n == 2 else 1.0,
        max_game_length=MAX_GAME_LENGTH,
    )

    class TabulaGame(pyspiel.Game):
        """A Tabula game for OpenSpiel."""

        def __init__(self, params=None):
            super().__init__(game_type, game_info, params or {})

        def new_initial_state(self):
            return TabulaState(self, tabula.new(game, players=players, setup="placement",
                                                resolve_chance=False))

        def make_py_observer(self, iig_obs_type=None, params=None):
            return TabulaObserver(probe.observation_shape,
                                  perfect_recall=bool(iig_obs_type and iig_obs_type.perfect_recall))

    pyspiel.register_game(game_type, TabulaGame)


class TabulaState(pyspiel.State):
    """A Tabula state for OpenSpiel (actions are Tabula's action indices)."""

    def __init__(self, game, state: "tabula.State"):
        super().__init__(game)
        self.tabula = state
        self._two = state.num_players == 2

    def current_player(self):
        if self.tabula.is_over():
            return pyspiel.PlayerId.TERMINAL
        if self.tabula.is_chance():
            return pyspiel.PlayerId.CHANCE
        return self.tabula.to_act()[0]

    def _legal_actions(self, player):
        return sorted(self.tabula.legal_action_indices(player))

    def chance_outcomes(self):
        return sorted((i, p) for i, _, p in self.tabula.chance_outcomes())

    def _apply_action(self, action):
        self.tabula.apply(int(action))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return self.tabula.action_text(int(action))
        return self.tabula.action_text(int(action), player)

    def is_terminal(self):
        return self.tabula.is_over()

    def returns(self):
        r = self.tabula.returns()
        if not self.tabula.is_over():
            return [0.0] * len(r)
        return [2 * x - 1 for x in r] if self._two else r

    def __str__(self):
        return self.tabula.notation()


class TabulaObserver:
    """Tabula's observation tensor (docs/python.md) and the position as the string."""

    def __init__(self, shape, perfect_recall=False):
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self.perfect_recall = perfect_recall

    def set_from(self, state, player):
        self.tensor[:] = state.tabula.observation(player).reshape(-1)

    def string_from(self, state, player):
        if self.perfect_recall:
            return " ".join(str(a) for a in state.history())
        return state.tabula.notation()
