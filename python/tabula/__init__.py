"""Tabula from Python: the rules engines, bots and balance analysis of Tabula.

    >>> import tabula
    >>> state = tabula.new("connect-four", seed=1)
    >>> state.apply(3)          # an action index (column 4) ...
    '4'
    >>> state.apply("4")        # ... or the action in notation
    '4'

Seats are numbered from 0. ``State.to_act()`` lists the seats that may act now, ``[CHANCE]``
(-1) while a chance event is pending, ``[]`` once the game is over. See docs/python.md.
"""

from ._tabula import (
    CHANCE,
    Bot,
    BotError,
    IllegalActionError,
    NotationError,
    ParamsError,
    State,
    TabulaError,
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
    "IllegalActionError",
    "NotationError",
    "ParamsError",
    "State",
    "TabulaError",
    "UnknownGameError",
    "analyze",
    "from_notation",
    "games",
    "new",
    "playouts",
]
