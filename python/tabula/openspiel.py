"""OpenSpiel games for Tabula's turn-based games (``pip install ./python[openspiel]``).

    >>> import pyspiel
    >>> import tabula.openspiel                 # registers python_tabula_toumai, …
    >>> game = pyspiel.load_game("python_tabula_toumai(players=3)")
    >>> state = game.new_initial_state()

Importing the module registers every turn-based game with ``pyspiel.register_game`` as
``python_tabula_<game>`` (``-`` becomes ``_``), with the parameter ``players`` and the game's
own parameters of one integer or string with a default (``tabula.games()``); then
``pyspiel.load_game`` takes them, and ``load(game, players=…, **params)`` is a shortcut.
Actions are Tabula's action indices, chance nodes Tabula's chance events (China Moon's
setup). Two-player games are zero-sum with returns +1 / -1 (0 for a draw); games of more
players are constant-sum, the winners sharing 1. Magical Circle is left out: several seats
may act at once in its race, which a turn-based OpenSpiel game cannot say.

States pickle, ``serialize`` (``game.deserialize_state``), compare equal when their game and
position are equal (and hash alike), and ``undo_action`` the last action; games pickle by
their string (the unpickling process imports this module to register them again).
``TabulaBot(spec, seed)`` is a Tabula bot as an OpenSpiel bot; it pickles too.
OpenSpiel's C++ algorithms that call ``UndoAction`` do not see the Python ``undo_action``:
use the Python algorithms (docs/python.md says which crash upstream).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import pyspiel

import tabula

TURN_BASED = ["toumai", "khan-tsin", "china-moon", "connect-four"]
MAX_GAME_LENGTH = 10_000
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_INFO = {g["name"]: g for g in tabula.games()}


def short_name(game: str) -> str:
    """The OpenSpiel name ``game`` is registered under."""
    return f"python_tabula_{game.replace('-', '_')}"


def load(game: str, players: Optional[int] = None, **params: Any) -> "pyspiel.Game":
    """``pyspiel.load_game`` of ``game`` with ``players`` and the game's parameters."""
    if game not in TURN_BASED:
        raise tabula.UnknownGameError(
            f"`{game}` is not a turn-based Tabula game (these are: {', '.join(TURN_BASED)})")
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(short_name(game), params)


def _load_game_string(text: str) -> "pyspiel.Game":
    """``pyspiel.load_game(text)`` once this module has registered the games (unpickling)."""
    return pyspiel.load_game(text)


def _numeric(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def _spec(game: str) -> dict:
    """The OpenSpiel parameters of ``game``: ``players`` and its scalar parameters."""
    info = _INFO[game]
    spec = {"players": int(info["default_players"])}
    for p in info["params"]:
        default = p.get("default")
        if default is None or p["name"] == "players":
            continue
        if p["kind"] == "integer":
            value = int(default)
        elif p["kind"] in ("string", "text") and not _numeric(str(default)):
            value = str(default)   # (a string of digits would read back as a number)
        else:
            continue
        # Left out: a default that holds for some player counts only (Toumaï's colours).
        try:
            for n in range(info["min_players"], info["max_players"] + 1):
                tabula.new(game, players=n, params={p["name"]: value}, seed=0)
        except tabula.ParamsError:
            continue
        spec[p["name"]] = value
    return spec


def _game_type(game: str) -> "pyspiel.GameType":
    info = _INFO[game]
    two = info["min_players"] == info["max_players"] == 2
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Tabula {info['title']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if game == "china-moon"
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if two
                 else pyspiel.GameType.Utility.CONSTANT_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=int(info["max_players"]),
        min_num_players=int(info["min_players"]),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_spec(game),
    )


class _Shared:
    """Holds what the states of one game share: its game, its initial state. A copy
    (``copy.deepcopy``) is the holder itself; pickled, the holder of the game loaded again."""

    def __init__(self, game: "TabulaGame", initial: "tabula.State"):
        self.game = game
        self.initial = initial

    def __deepcopy__(self, memo: dict) -> "_Shared":
        return self

    def __reduce__(self):
        return (_shared_of, (str(self.game),))


def _shared_of(game: str) -> _Shared:
    return pyspiel.load_game(game)._shared


class _History(list):
    """The actions applied: ``deepcopy`` copies the list only (its items are ints)."""

    def __deepcopy__(self, memo: dict) -> "_History":
        return _History(self)


class TabulaGame(pyspiel.Game):
    """A Tabula game for OpenSpiel (see the module's documentation)."""

    def __init__(self, params: Optional[dict] = None):
        name = next(g for g in TURN_BASED if short_name(g) == self._short_name)
        spec = _spec(name)
        params = dict(spec, **(params or {}))
        # Defaults stay Tabula's, which may depend on the player count (Toumaï's colours).
        game_params = {k: v for k, v in params.items() if k != "players" and v != spec[k]}
        initial = tabula.new(name, players=int(params["players"]), params=game_params,
                             seed=0, setup="placement", resolve_chance=False)
        n = initial.num_players
        chance = name == "china-moon"
        info = pyspiel.GameInfo(
            num_distinct_actions=initial.num_actions,
            max_chance_outcomes=initial.num_actions if chance else 0,
            num_players=n,
            min_utility=-1.0 if n == 2 else 0.0,
            max_utility=1.0,
            utility_sum=0.0 if n == 2 else 1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPES[name], info, params)
        self.tabula_game = name
        self._shared = _Shared(self, initial)
        self._shape = initial.observation_shape

    def new_initial_state(self) -> "TabulaState":
        return TabulaState(self, self._shared)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "TabulaObserver":
        return TabulaObserver(self._shape,
                              perfect_recall=bool(iig_obs_type and iig_obs_type.perfect_recall))

    def __reduce__(self):
        return (_load_game_string, (str(self),))


class TabulaState(pyspiel.State):
    """A Tabula state for OpenSpiel (actions are Tabula's action indices)."""

    def __init__(self, game: TabulaGame, shared: _Shared):
        super().__init__(game)
        self.tabula = shared.initial.clone()
        self._shared = shared
        self._two = self.tabula.num_players == 2
        self._history = _History()

    # Python callers reach these directly; OpenSpiel's C++ methods would call back into
    # Python several times per call (is_terminal, current_player, _legal_actions, …).

    def legal_actions(self, player: Optional[int] = None) -> list:
        """The legal actions (of ``player``, which must be the one to act), sorted; the
        chance outcomes at a chance node."""
        if player is not None and player != self.current_player():
            return []
        return sorted(self.tabula.legal_action_indices())

    def apply_action(self, action: int) -> None:
        self.tabula.apply(action)
        self._history.append(action)

    def is_chance_node(self) -> bool:
        return self.tabula.is_chance()

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def clone(self) -> "TabulaState":
        """An independent copy (without OpenSpiel's deep copy of the attributes)."""
        copy = TabulaState.__new__(TabulaState)
        pyspiel.State.__init__(copy, self._shared.game)
        copy.tabula = self.tabula.clone()
        copy._shared = self._shared
        copy._two = self._two
        copy._history = _History(self._history)
        return copy

    def child(self, action: int) -> "TabulaState":
        copy = self.clone()
        copy.apply_action(action)
        return copy

    def current_player(self) -> int:
        to_act = self.tabula.to_act()     # [] when over, [CHANCE] (-1, OpenSpiel's too)
        return to_act[0] if to_act else _TERMINAL

    def _legal_actions(self, player: int) -> list:
        return sorted(self.tabula.legal_action_indices(player))

    def chance_outcomes(self) -> list:
        return sorted((i, p) for i, _, p in self.tabula.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.tabula.apply(action)
        self._history.append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return self.tabula.action_text(int(action))
        return self.tabula.action_text(int(action), player)

    def is_terminal(self) -> bool:
        return self.tabula.is_over()

    def returns(self) -> list:
        r = self.tabula.returns()
        if not self.tabula.is_over():
            return [0.0] * len(r)
        return [2 * x - 1 for x in r] if self._two else r

    # ---- what the C++ side keeps for C++ games, kept here for Python callers ----

    def history(self) -> list:
        """The actions applied, oldest first (chance outcomes too)."""
        return list(self._history)

    def full_history(self) -> list:
        """The ``(player, action)`` pairs applied (``pyspiel.PlayerAction``), replayed."""
        state, pairs = self._shared.initial.clone(), []
        for a in self._history:
            pairs.append(pyspiel.PlayerAction(state.to_act()[0], a))
            state.apply(a)
        return pairs

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self._history)

    def move_number(self) -> int:
        return len(self._history)

    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last action, which ``player`` played as ``action``: the state is
        replayed from the start without it (Tabula's rules have no undo)."""
        if not self._history or self._history[-1] != action:
            last = self._history[-1] if self._history else None
            raise tabula.IllegalActionError(
                f"undo_action({player}, {action}): the last action was {last}; only the "
                "last one can be undone")
        self._history.pop()
        state = self._shared.initial.clone()
        for a in self._history:
            state.apply(a)
        if state.to_act() != [player]:
            self._history.append(action)
            raise tabula.IllegalActionError(
                f"undo_action({player}, {action}): player {state.to_act()} played it")
        self.tabula = state

    def serialize(self) -> str:
        """The actions applied, one per line (``game.deserialize_state`` replays them)."""
        return "\n".join(str(a) for a in self._history)

    def __reduce__(self):
        return (_restore_state, (str(self.get_game()), self.serialize()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TabulaState):
            return NotImplemented
        return self.tabula == other.tabula

    def __hash__(self) -> int:
        return hash(self.tabula)

    def __str__(self) -> str:
        return self.tabula.notation()


def _restore_state(game: str, serialized: str) -> TabulaState:
    """A state of ``game`` (its string) from ``TabulaState.serialize``."""
    return _deserialize(pyspiel.load_game(game), serialized)


def _deserialize(game: TabulaGame, serialized: str) -> TabulaState:
    state = game.new_initial_state()
    for line in filter(None, serialized.split("\n")):
        state.apply_action(int(line))
    return state


TabulaGame.deserialize_state = _deserialize


class TabulaBot(pyspiel.Bot):
    """A Tabula bot (a level or search specification, ``tabula.Bot``) as an OpenSpiel bot,
    for ``evaluate_bots`` and the like: it searches in Rust, on Tabula's own state. It
    pickles (as ``tabula.Bot`` does: rebuilt from its specification and seed)."""

    def __init__(self, spec: str = "casual", seed: Optional[int] = None,
                 bot: Optional["tabula.Bot"] = None):
        pyspiel.Bot.__init__(self)
        self.bot = bot if bot is not None else tabula.Bot(spec, seed=seed)

    def step(self, state: TabulaState) -> int:
        return self.bot.choose_index(state.tabula)

    def restart_at(self, state) -> None:
        pass

    def inform_action(self, state, player: int, action: int) -> None:
        pass

    def __reduce__(self):
        return (_bot_of, (self.bot,))


def _bot_of(bot: "tabula.Bot") -> TabulaBot:
    return TabulaBot(bot=bot)


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


_GAME_TYPES = {g: _game_type(g) for g in TURN_BASED}


def _register() -> None:
    """Registers every turn-based game (once per process)."""
    registered = set(pyspiel.registered_names())
    for game in TURN_BASED:
        name = short_name(game)
        if name in registered:
            continue
        cls = type(f"TabulaGame_{game.replace('-', '_')}", (TabulaGame,),
                   {"_short_name": name, "__module__": __name__})
        globals()[cls.__name__] = cls
        pyspiel.register_game(_GAME_TYPES[game], cls)


_register()
