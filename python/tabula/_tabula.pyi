"""Type stubs of the native module ``tabula._tabula`` (see ``crates/tabula-py``)."""

from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

CHANCE: int
"""The seat number ``State.to_act()`` gives while a chance event is pending (-1)."""

class TabulaError(ValueError):
    """Any error Tabula reports."""

class UnknownGameError(TabulaError):
    """No game has this name."""

class ParamsError(TabulaError):
    """Parameters refused (players, board, seat numbers, ...)."""

class NotationError(TabulaError):
    """A position or an action that does not read."""

class IllegalActionError(TabulaError):
    """An action the rules refuse now; the state is unchanged."""

class BotError(TabulaError):
    """A bot specification or a search refused."""

class ConcurrentUseError(TabulaError):
    """An object used by two threads at once (a state a bot thinks on while another thread
    changes it, a vector environment stepped by two threads); the object is unchanged."""

def games() -> list[dict[str, Any]]:
    """The registered games: ``name``, ``title``, ``min_players``, ``max_players``,
    ``default_players``, ``params``, ``levels``, ``real_time``, ``hidden_information``,
    ``lessons``."""

def new(
    game: str,
    players: Optional[int] = None,
    seed: Optional[int] = None,
    params: Optional[dict[str, Any]] = None,
    setup: str = "random",
    resolve_chance: bool = True,
) -> State:
    """A new game; ``setup`` is ``"random"`` or ``"placement"``. Chance at the start is
    sampled from ``seed`` (``None``: one from the operating system's entropy;
    ``resolve_chance=False``, with ``setup="placement"``: left pending)."""

def from_notation(game: str, text: str, params: Optional[dict[str, Any]] = None) -> State:
    """A game at the position ``text`` in the game's notation."""

def playouts(
    game: str,
    n: int,
    seed: Optional[int] = None,
    players: Optional[int] = None,
    params: Optional[dict[str, Any]] = None,
    setup: str = "random",
    max_steps: int = 10000,
) -> dict[str, Any]:
    """``n`` uniformly random games in Rust (GIL released), game ``i`` seeded ``seed + i``
    (``None``: a seed from the OS's entropy): ``games``, ``plies``, ``finished``, ``wins``,
    ``draws``, ``seed``, ``seconds``, ``plies_per_second``."""

def analyze(
    game: str,
    games: int = 100,
    bot: str = "casual",
    weaker: Optional[str] = "random",
    players: Optional[int] = None,
    params: Optional[dict[str, Any]] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    random_setup: bool = False,
    evaluator: Optional[str] = None,
    variant: str = "",
) -> dict[str, Any]:
    """The balance report of ``tabula analyze --json`` (GIL released)."""

class State:
    """A game state. Seats are numbered from 0; actions are notation (``str``) or indices
    (``int``)."""

    @property
    def game(self) -> str: ...
    @property
    def num_players(self) -> int: ...
    @property
    def num_actions(self) -> int:
        """The number of action indices (the mask's length)."""
    @property
    def observation_shape(self) -> list[int]: ...
    def to_act(self) -> list[int]:
        """The seats that may act; ``[CHANCE]`` for chance; ``[]`` when over."""
    def is_chance(self) -> bool: ...
    def is_over(self) -> bool: ...
    def returns(self) -> list[float]:
        """Per seat: the winners share 1, the others 0 (all 0 while the game goes on)."""
    def status(self) -> dict[str, Any]:
        """``to_act``, ``chance``, ``over``, ``result`` (``reason``, ``winners``, ``ranks``,
        ``scores``); seats from 0."""
    def legal_actions(self, seat: Optional[int] = None) -> list[str]: ...
    def legal_action_indices(self, seat: Optional[int] = None) -> list[int]: ...
    def legal_action_mask(self, seat: Optional[int] = None) -> npt.NDArray[np.bool_]: ...
    def apply(self, action: Union[str, int], seat: Optional[int] = None) -> str:
        """Checks and applies the action; returns it in notation. Raises
        ``IllegalActionError`` (nothing changes) when the rules refuse it (a negative index
        too), ``TypeError`` for anything but a str or an int (a bool is refused)."""
    def resolve_chance(self, seed: Optional[int] = None) -> list[str]: ...
    def history(self) -> list[str]:
        """The actions applied since the state was made, in notation (chance too)."""
    def chance_outcomes(self) -> list[tuple[int, str, float]]:
        """``(index, notation, probability)`` of each outcome of the pending chance event."""
    def action_index(self, text: str, seat: Optional[int] = None) -> int: ...
    def action_text(self, index: int, seat: Optional[int] = None) -> str: ...
    def notation(self) -> str: ...
    def view(self, seat: Optional[int] = None) -> dict[str, Any]: ...
    def observation(self, seat: Optional[int] = None) -> npt.NDArray[np.float32]:
        """The seat's observation (``None``: a spectator's), of ``observation_shape``."""
    def seat_name(self, seat: int) -> str: ...
    def board_text(self) -> str:
        """The board as players see it: there seats are counted from 1 (or by colour)."""
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def __eq__(self, other: object) -> bool:
        """The same game, parameters and position."""
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

class Bot:
    """A bot level (``random``, ``beginner``, ``casual``, ``strong``, ``expert``) or a search
    specification (``mcts:iterations=5000``), seeded; it plays any game."""

    def __init__(self, level_or_spec: str = "casual", seed: Optional[int] = None) -> None:
        """``seed=None``: one from the operating system's entropy (``repr`` shows it)."""
    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def spec(self) -> str: ...
    def choose(self, state: State, seat: Optional[int] = None) -> Optional[str]:
        """The action the bot plays, in notation (not applied); ``None`` when it waits."""
    def choose_index(self, state: State, seat: Optional[int] = None) -> Optional[int]:
        """``choose`` as an action index (what environments take); ``None`` when it waits."""
    def analyse(
        self,
        state: State,
        seat: Optional[int] = None,
        iterations: Optional[int] = None,
        time_ms: Optional[int] = None,
        depth: Optional[int] = None,
        every_root_action: bool = False,
    ) -> Optional[dict[str, Any]]:
        """What a search finds: ``best``, ``value``, ``pv``, ``root``, ... (``None`` for
        bots that do not search)."""

class VectorEnv:
    """N games of one game stepped in Rust (see ``tabula.vector``); arrays written in place."""

    def __init__(
        self,
        game: str,
        num_envs: int,
        players: Optional[int] = None,
        params: Optional[dict[str, Any]] = None,
        setup: str = "random",
        opponent: Optional[str] = None,
        opponent_seats: Optional[list[int]] = None,
        max_steps: Optional[int] = None,
        threads: int = 1,
    ) -> None: ...
    def reset(self, seed: Optional[int] = None) -> None: ...
    def step(self, actions: Any) -> None: ...
    def legal_indices(self) -> tuple[Any, Any]: ...
    num_envs: int
    num_players: int
    num_actions: int
    observation_shape: list[int]
    opponent_seats: list[int]
    observations: Any
    final_observations: Any
    masks: Any
    rewards: Any
    terminated: Any
    truncated: Any
    to_act: Any
    acted: Any
