"""Tabula from Python: the rules engines, bots and balance analysis of Tabula.

    >>> import tabula
    >>> state = tabula.new("connect-four", seed=1)
    >>> state.apply(3)          # an action index (column 4) ...
    '4'
    >>> state.apply("4")        # ... or the action in notation
    '4'

Seats are numbered from 0 (only ``board_text()`` draws them for players, from 1).
``State.to_act()`` lists the seats that may act now, ``[CHANCE]`` (-1) while a chance event is
pending, ``[]`` once the game is over. Without a seed, games, bots and playouts draw one from
the operating system's entropy. See docs/python.md.
"""

import numbers
from typing import Any, Optional

from ._tabula import (
    CHANCE,
    Bot,
    BotError,
    ConcurrentUseError,
    IllegalActionError,
    NotationError,
    ParamsError,
    State,
    TabulaError,
    Tuner,
    UnknownGameError,
    analyze,
    from_notation,
    games,
    new,
    playouts,
)

__all__ = [
    "CHANCE",
    "Bot",
    "BotError",
    "ConcurrentUseError",
    "DEFAULT",
    "DEFAULT_MAX_STEPS",
    "IllegalActionError",
    "NotationError",
    "ParamsError",
    "State",
    "TabulaError",
    "Tuner",
    "UnknownGameError",
    "analyze",
    "from_notation",
    "games",
    "new",
    "playouts",
    "tune",
]

#: The steps after which the environments (``tabula.pettingzoo``, ``tabula.vector``) truncate
#: a game when ``max_steps`` is left at its default: Magical Circle's random games may never
#: end; the other games end by their rules.
DEFAULT_MAX_STEPS = {"magical-circle": 1000}

#: The default of the environments' ``max_steps``: ``DEFAULT_MAX_STEPS`` for the game.
DEFAULT: Any = type("Default", (), {"__repr__": lambda self: "tabula.DEFAULT"})()


def max_steps_for(game: str, max_steps: Any = DEFAULT) -> Optional[int]:
    """``max_steps`` as given (``None``: never truncate), or the game's default."""
    if max_steps is DEFAULT:
        return DEFAULT_MAX_STEPS.get(game)
    if max_steps is None:
        return None
    if isinstance(max_steps, bool) or not isinstance(max_steps, numbers.Integral) or max_steps < 1:
        raise ParamsError(f"max_steps must be an int of at least 1 or None, not {max_steps!r}")
    return int(max_steps)


def check_seed(seed: Any) -> int:
    """``seed`` if it is an int from 0 to 2**64-1 (not a bool), else a ``ParamsError``."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= seed < 2**64:
        raise ParamsError(f"seed must be an int from 0 to 2**64-1, not {seed!r}")
    return int(seed)


def tune(
    game: str,
    params: "dict[str, Any]",
    objective: str = "balance",
    budget: int = 2000,
    bot: str = "casual",
    evaluator: Optional[str] = None,
    seed: int = 1,
    random_setup: bool = False,
    threads: Optional[int] = None,
) -> "dict[str, Any]":
    """The search of ``tabula tune``: the setting of ``params`` (``{key: [values to try]}``;
    a value that is not a list is held fixed) that best meets ``objective`` (balance, draws,
    length=PLIES, drama, decisiveness, lead-changes) within ``budget`` games, by successive
    halving, ``bot`` in every seat, each round's games on ``threads`` threads (default: every
    core). The report of ``tabula tune --json`` (without its timing): the same seed gives
    the same search.
    """
    tuner = Tuner(game, params, objective=objective, budget=budget, bot=bot,
                  evaluator=evaluator, seed=check_seed(seed), random_setup=random_setup)
    while (round_ := tuner.next_round()) is not None:
        for index, _params, _start, _end in round_:
            tuner.play(index, threads)
        tuner.advance()
    return tuner.result()
