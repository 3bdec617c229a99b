"""PettingZoo AEC environments for every Tabula game (``pip install ./python[pettingzoo]``).

    >>> from tabula.pettingzoo import env
    >>> e = env("connect-four")
    >>> e.reset(seed=1)
    >>> for agent in e.agent_iter():
    ...     obs, reward, terminated, truncated, info = e.last()
    ...     action = None if terminated or truncated else int(
    ...         e.np_random.choice(obs["action_mask"].nonzero()[0]))
    ...     e.step(action)

- Agents are ``seat_0``, ``seat_1``, …; actions are the game's action indices
  (``State.num_actions``), observations a dict of ``observation`` (the seat's
  ``State.observation``, float32) and ``action_mask`` (int8).
- Chance events (setups, dealt cards) are resolved inside ``reset`` and ``step`` from the
  environment's seed: agents never see a chance node.
- Rewards come at the end: ``State.returns()`` (the winners share 1, the others get 0).
- ``max_steps``: after that many steps a game still going is truncated (every agent's
  ``truncation`` is true, rewards 0). The default, ``tabula.DEFAULT_MAX_STEPS``, is 1,000
  for Magical Circle, whose random games may never end, and none for the other games, which
  end by their rules; ``max_steps=None`` never truncates.
- ``reset()`` without a seed: the first draws a seed from the operating system's entropy,
  later ones from the generator of the last seed, so ``reset(seed=s)`` followed by unseeded
  resets replays the same games.
- Magical Circle's race (several seats may act at once): the racing seats take turns in seat
  order, each with one more action, ``wait`` (index ``State.num_actions``), besides
  ``claim`` and ``vote``. The first racer to claim or vote wins the race; the last racer of
  a round may not wait, so that every round ends the race. Games without races have no
  ``wait`` action. The hourglass (a host action) runs out only when the seat to act has
  nothing else to do.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import tabula


def env(game: str, players: Optional[int] = None, params: Optional[dict] = None,
        render_mode: Optional[str] = None, max_steps: Any = tabula.DEFAULT) -> "TabulaEnv":
    """The AEC environment of ``game`` for ``players`` players (default: the game's)."""
    return TabulaEnv(game, players=players, params=params, render_mode=render_mode,
                     max_steps=max_steps)


class TabulaEnv(AECEnv):
    """A Tabula game as a PettingZoo AEC environment (see the module docs)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "tabula", "is_parallelizable": False}

    def __init__(self, game: str, players: Optional[int] = None,
                 params: Optional[dict] = None, render_mode: Optional[str] = None,
                 max_steps: Any = tabula.DEFAULT):
        super().__init__()
        info = {g["name"]: g for g in tabula.games()}
        if game not in info:
            raise tabula.UnknownGameError(f"unknown game `{game}` (games: {', '.join(info)})")
        self.game = game
        self.players = players
        self.params = params
        self.render_mode = render_mode
        self.max_steps = tabula.max_steps_for(game, max_steps)
        self.metadata = dict(self.metadata, name=f"tabula_{game.replace('-', '_')}")
        probe = tabula.new(game, players=players, params=params, seed=0)
        self._races = bool(info[game]["real_time"])
        self._n = probe.num_actions
        self.wait_action = self._n if self._races else None
        size = self._n + (1 if self._races else 0)
        self.possible_agents = [f"seat_{i}" for i in range(probe.num_players)]
        shape = tuple(probe.observation_shape)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.state_: Optional[tabula.State] = None
        self._seeds: Optional[np.random.Generator] = None
        self._steps = 0

    @property
    def game_state(self) -> Optional[tabula.State]:
        """The game being played (``None`` before ``reset``), e.g. for a bot:
        ``e.step(bot.choose_index(e.game_state))``. Read it; changing it bypasses the env.
        (``state()`` is PettingZoo's global-state method, which this env does not give.)"""
        return self.state_

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- the game ----

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(tabula.check_seed(seed))
        elif self._seeds is None:
            self._seeds = np.random.default_rng()   # the operating system's entropy
        game_seed = int(self._seeds.integers(2**63))
        self.np_random = np.random.default_rng(game_seed)
        self.state_ = tabula.new(self.game, players=self.players, params=self.params,
                                 seed=game_seed)
        self.state_.resolve_chance(game_seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._race_round: list[int] = []
        self._select()

    def _seat(self, agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    def _select(self) -> None:
        """Chooses the next agent: the one seat to act, or the next racer in this round."""
        to_act = self.state_.to_act()
        if len(to_act) > 1:
            if not self._race_round or any(s not in to_act for s in self._race_round):
                self._race_round = list(to_act)
            self.agent_selection = f"seat_{self._race_round[0]}"
        elif to_act:
            self._race_round = []
            self.agent_selection = f"seat_{to_act[0]}"
        # Over: keep the selection; terminated agents are stepped out by the caller.

    def _mask(self, seat: int) -> np.ndarray:
        size = self.action_spaces[f"seat_{seat}"].n
        mask = np.zeros(size, dtype=np.int8)
        if self.state_.is_over() or seat not in self.state_.to_act():
            return mask
        mask[: self._n] = self.state_.legal_action_mask(seat)
        if self._races and len(self.state_.to_act()) > 1 and len(self._race_round) > 1:
            mask[self.wait_action] = 1
        return mask

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat(agent)
        return {
            "observation": self.state_.observation(seat),
            "action_mask": self._mask(seat),
        }

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        self._cumulative_rewards[agent] = 0.0
        if self._races and action == self.wait_action and len(self._race_round) > 1:
            self._race_round.pop(0)
            self.agent_selection = f"seat_{self._race_round[0]}"
            self._clear_rewards()
            return
        if action is None or not self._mask(seat)[int(action)]:
            raise tabula.IllegalActionError(
                f"{agent}: action {action} is not legal now (see the action mask)")
        self.state_.apply(int(action), seat)
        self._steps += 1
        self._race_round = []
        self._advance()
        self._clear_rewards()
        if self.state_.is_over():
            returns = self.state_.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat(a)])
                self.terminations[a] = True
        elif self.max_steps is not None and self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        if not self.state_.is_over() and not self.truncations[agent]:
            self._select()
        if self.render_mode == "human":
            self.render()

    def _advance(self) -> None:
        """Resolves chance, and runs the hourglass out when only the host can act."""
        while not self.state_.is_over():
            if self.state_.is_chance():
                self.state_.resolve_chance()
                continue
            to_act = self.state_.to_act()
            if any(self.state_.legal_action_indices(s) for s in to_act):
                return
            self.state_.apply("timeout")

    def render(self) -> Optional[str]:
        text = self.state_.board_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass
