"""Batched environments: N games of one game stepped in Rust in one call, without the GIL.

    >>> import numpy as np
    >>> from tabula.vector import VectorEnv
    >>> env = VectorEnv("connect-four", num_envs=64, opponent="casual", opponent_seats=[1])
    >>> obs, info = env.reset(seed=1)
    >>> mask = obs["action_mask"]                       # bool [64, num_actions]
    >>> actions = np.array([np.flatnonzero(m)[0] for m in mask])
    >>> obs, reward, terminated, truncated, info = env.step(actions)

* Each game's seat to act is ``info["to_act"]``; seats are numbered from 0. Every seat's action
  comes from the caller, except the ``opponent_seats``, which the bot ``opponent`` plays
  inside Rust: the caller never sees their turns. Chance events are resolved inside Rust.
* ``obs["observation"]`` is the observation of the seat to act (``State.observation(seat)``),
  ``obs["action_mask"]`` its legal-action mask (bool). For very large action spaces,
  ``env.legal_indices()`` gives the legal indices as a flat array and offsets.
* ``reward[i]`` is the reward of the seat that acted in game ``i``; ``info["rewards"]`` has
  every seat's reward (``[num_envs, num_players]``): in self-play the loser's reward arrives
  on the winner's step.
* Auto-reset is Gymnasium's ``SAME_STEP`` mode: a game that ends is started afresh in the same
  step; the returned observation is the new game's, and ``info["final_obs"]`` (with mask
  ``info["_final_obs"]``) holds the ended game's last observation, of the seat that acted.
* The arrays are reused: every ``step`` writes into the same numpy arrays. Copy what you keep.
* ``reset(seed)`` draws game ``i``'s seed from ``seed``; without a seed, from the operating
  system's entropy. A game restarted by auto-reset takes its seed from its own generator, so
  one seed gives the same trajectories for the same actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _tabula
from . import DEFAULT, max_steps_for
from ._tabula import ParamsError

__all__ = ["VectorEnv", "VectorAECEnv", "make_native"]


def _seed(seed: Any) -> int | None:
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ParamsError(f"seed must be an int from 0 to 2**64-1 or None, not {seed!r}")
    return int(seed)


def make_native(game: str, num_envs: int, **kwargs: Any) -> _tabula.VectorEnv:
    """The native vector (``tabula._tabula.VectorEnv``) without Gymnasium: ``reset(seed)`` and
    ``step(actions)`` write into its arrays (``observations``, ``masks``, ``rewards``,
    ``terminated``, ``truncated``, ``to_act``, ``acted``, ``final_observations``).
    ``max_steps`` defaults to ``tabula.DEFAULT_MAX_STEPS`` for the game (1,000 for Magical
    Circle, none for the others); ``max_steps=None`` never truncates."""
    kwargs["max_steps"] = max_steps_for(game, kwargs.get("max_steps", DEFAULT))
    return _tabula.VectorEnv(game, num_envs, **kwargs)


try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector import VectorEnv as _GymVectorEnv
except ImportError:  # Gymnasium is optional: make_native works without it.
    gymnasium = None
    _GymVectorEnv = object


class VectorEnv(_GymVectorEnv):  # type: ignore[misc,valid-type]
    """A Gymnasium ``VectorEnv`` of ``num_envs`` games of ``game`` (the keyword arguments of
    ``make_native``: ``players``, ``params``, ``setup``, ``opponent``, ``opponent_seats``,
    ``max_steps``, ``threads``). See the module's documentation."""

    metadata = {"autoreset_mode": None}

    def __init__(self, game: str, num_envs: int, **kwargs: Any) -> None:
        if gymnasium is None:
            raise ImportError("tabula.vector.VectorEnv needs gymnasium: pip install tabula[pettingzoo]")
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
        self.native = make_native(game, num_envs, **kwargs)
        n, a = self.native.num_envs, self.native.num_actions
        shape = tuple(self.native.observation_shape)
        self.num_envs = n
        self.num_players = self.native.num_players
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
            "action_mask": spaces.MultiBinary(a),
        })
        self.single_action_space = spaces.Discrete(a)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (n, *shape), np.float32),
            "action_mask": spaces.MultiBinary((n, a)),
        })
        self.action_space = spaces.MultiDiscrete(np.full(n, a))
        nat = self.native
        self._obs = {
            "observation": nat.observations.reshape((n, *shape)),
            "action_mask": nat.masks,
        }
        self._final = nat.final_observations.reshape((n, *shape))
        self._rewards, self._acted = nat.rewards, nat.acted
        self._term, self._trunc = nat.terminated, nat.truncated
        self._reward = np.zeros(n, np.float32)
        self._rows = np.arange(n)
        self._info = {"to_act": nat.to_act, "rewards": nat.rewards}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Starts every game afresh (see the module's documentation for seeds)."""
        self.native.reset(_seed(seed))
        self._reward[:] = 0
        return self._obs, dict(self._info)

    def step(self, actions):
        """Plays one action index per game; returns the reused arrays."""
        acts = np.asarray(actions)
        if acts.dtype != np.int64:
            if not np.issubdtype(acts.dtype, np.integer):
                raise ParamsError(f"actions must be integer action indices, not {acts.dtype}")
            acts = acts.astype(np.int64)
        self.native.step(np.ascontiguousarray(acts))
        self._reward[:] = self._rewards[self._rows, self._acted]
        info = dict(self._info)
        ended = self._term | self._trunc
        if ended.any():
            info["final_obs"] = self._final
            info["_final_obs"] = ended
        return self._obs, self._reward, self._term, self._trunc, info

    def legal_indices(self) -> tuple[np.ndarray, np.ndarray]:
        """The legal indices of every game's seat to act: ``(flat, offsets)``."""
        return self.native.legal_indices()

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""


class VectorAECEnv:
    """A PettingZoo-style view of a ``VectorEnv``: agents ``seat_0`` … ``seat_{n-1}``;
    ``agent_selection`` lists each game's agent to act, ``observe()`` gives the stacked
    ``{"observation", "action_mask"}`` for them, ``rewards``, ``terminations`` and
    ``truncations`` are dicts of agent → array over the games (of the last step)."""

    def __init__(self, game: str, num_envs: int, **kwargs: Any) -> None:
        self.env = VectorEnv(game, num_envs, **kwargs)
        self.possible_agents = [f"seat_{i}" for i in range(self.env.num_players)]
        self.agents = list(self.possible_agents)
        nat = self.env.native
        self.rewards = {a: nat.rewards[:, i] for i, a in enumerate(self.agents)}
        self.terminations = {a: nat.terminated for a in self.agents}
        self.truncations = {a: nat.truncated for a in self.agents}

    @property
    def agent_selection(self) -> list[str]:
        """Each game's agent to act."""
        return [self.possible_agents[s] for s in self.env._info["to_act"]]

    def observation_space(self, agent: str):
        """One game's observation space (the same for every agent)."""
        return self.env.single_observation_space

    def action_space(self, agent: str):
        """One game's action space."""
        return self.env.single_action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Starts every game afresh."""
        self.env.reset(seed=seed)

    def observe(self) -> dict[str, np.ndarray]:
        """The stacked observation and mask of each game's agent to act."""
        return self.env._obs

    def step(self, actions) -> None:
        """Plays one action per game, for its agent to act."""
        self.env.step(actions)
