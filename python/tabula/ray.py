"""Balance analyses on a Ray cluster (``pip install ./python[ray]``).

    >>> import tabula.ray
    >>> report = tabula.ray.analyze("toumai", games=2000, batch=100)

``analyze`` splits each match (seat balance, then skill) of each variant into batches of
games, plays every batch as a Ray task (``tabula._tabula.analysis_rows``: the games
``start..end`` of the match, with the seeds and seats the single-machine run gives them;
``tabula_ai::analysis::records::play_batch`` in Rust), and builds the report from all the
rows on the driver, so the report is exactly the one ``tabula.analyze`` (and
``tabula analyze --json``) gives for the same seeds: only the timing figures differ. With ``address=None`` a local Ray
is started (or the one already running is used); give ``address="auto"`` on a cluster node
or ``"ray://head:10001"`` from outside it.

``tune`` runs the search of ``tabula tune`` (``tabula.Tuner``, the Rust loop the CLI runs):
each round, the new games of every setting still in the search are split into batches
played as Ray tasks (``tabula._tabula.tune_rows``), and the round closes on the driver once
all are back, so the report is the one ``tabula.tune`` gives for the same seed.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence, Union

import ray as _ray

from . import _tabula, check_seed

Variants = Union[None, Mapping[str, Mapping[str, Any]], Sequence[tuple[str, Mapping[str, Any]]]]


@_ray.remote
def _batch(game: str, phase: str, start: int, end: int, kwargs: dict) -> list[str]:
    return _tabula.analysis_rows(game, phase, start, end, **kwargs)


@_ray.remote
def _tune_batch(game: str, params: dict, start: int, end: int, kwargs: dict) -> list[str]:
    return _tabula.tune_rows(game, params, start, end, **kwargs)


def tune(
    game: str,
    params: Mapping[str, Any],
    objective: str = "balance",
    budget: int = 2000,
    address: Optional[str] = None,
    batch: int = 25,
    bot: str = "casual",
    evaluator: Optional[str] = None,
    seed: int = 1,
    random_setup: bool = False,
) -> dict[str, Any]:
    """``tabula.tune`` with each round's games played as Ray tasks of ``batch`` games each:
    the same report for the same seed (see ``tabula.tune`` for the arguments)."""
    if batch < 1:
        raise ValueError(f"batch must be at least 1, not {batch!r}")
    kwargs = dict(bot=bot, objective=objective, evaluator=evaluator, seed=check_seed(seed),
                  random_setup=random_setup)
    # Arguments are checked before Ray starts.
    tuner = _tabula.Tuner(game, dict(params), budget=budget, **kwargs)
    if not _ray.is_initialized():
        _ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    while (round_ := tuner.next_round()) is not None:
        futures = [
            (index, [_tune_batch.remote(game, p, s, min(s + batch, end), kwargs)
                     for s in range(start, end, batch)])
            for index, p, start, end in round_
        ]
        for index, fs in futures:
            tuner.add_rows(index, [row for part in _ray.get(fs) for row in part])
        tuner.advance()
    return tuner.result()


def analyze(
    game: str,
    games: int = 100,
    variants: Variants = None,
    address: Optional[str] = None,
    batch: int = 25,
    bot: str = "casual",
    weaker: Optional[str] = "random",
    players: Optional[int] = None,
    params: Optional[Mapping[str, Any]] = None,
    seed: int = 1,
    random_setup: bool = False,
    evaluator: Optional[str] = None,
) -> dict[str, Any]:
    """The balance report of ``game`` over ``games`` games per match, played as Ray tasks of
    ``batch`` games each.

    ``variants``: ``{name: params}`` (or ``[(name, params), …]``): every variant is played on
    the same seeds, each with ``params`` over the shared ``params``, and the result is the
    side-by-side report of ``tabula analyze --variant …``: ``game``, ``title``,
    ``variants`` (each one's report) and ``comparison``. Without variants: one report.
    """
    if games < 1:
        raise ValueError("games must be at least 1")
    if batch < 1:
        raise ValueError("batch must be at least 1")
    if not _ray.is_initialized():
        _ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    base = dict(params or {})
    if variants is None:
        named = [("", base)]
    else:
        items = variants.items() if isinstance(variants, Mapping) else variants
        named = [(name, {**base, **dict(p)}) for name, p in items]
        if not named:
            raise ValueError("variants is empty")
    common = dict(games=games, bot=bot, weaker=weaker, players=players, seed=seed,
                  random_setup=random_setup, evaluator=evaluator)
    phases = ["balance"] + (["skill"] if weaker is not None else [])
    futures = []
    for name, p in named:
        kwargs = dict(common, params=p, variant=name)
        futures.append([
            _batch.remote(game, phase, start, min(start + batch, games), kwargs)
            for phase in phases
            for start in range(0, games, batch)
        ])
    reports, all_rows = [], []
    for (name, p), fs in zip(named, futures):
        rows = [row for part in _ray.get(fs) for row in part]
        all_rows.append((name, rows))
        # Every game is known: nothing is played again, the report is built from the rows.
        report = _tabula.analyze(game, rows=rows, params=p, variant=name, threads=1, **common)
        report["resumed_games"] = 0
        reports.append(report)
    if variants is None:
        return reports[0]
    return {
        "game": reports[0]["game"],
        "title": reports[0]["title"],
        "variants": reports,
        "comparison": _tabula.compare_variants(all_rows),
    }
