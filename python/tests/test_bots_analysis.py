"""Bots, random playouts and the balance analysis from Python."""

import json
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

import tabula


def test_bot_chooses_a_legal_action_and_does_not_apply_it():
    state = tabula.new("connect-four")
    bot = tabula.Bot("casual", seed=1)
    before = state.notation()
    action = bot.choose(state)
    assert action in state.legal_actions()
    assert state.notation() == before
    state.apply(action)


def test_bot_plays_any_game():
    bot = tabula.Bot("random", seed=2)
    for game in ["toumai", "khan-tsin", "china-moon", "connect-four"]:
        state = tabula.new(game, seed=2)
        assert bot.choose(state) in state.legal_actions()


def test_bot_finds_the_winning_column():
    # x to move wins at once in column 1 (three x stacked there).
    state = tabula.new("connect-four")
    for column in [0, 1, 0, 1, 0, 2]:
        state.apply(column)
    report = tabula.Bot("mcts:iterations=2000", seed=1).analyse(state)
    assert report["best"] == "1"
    assert report["iterations"] >= 2000
    assert report["root"][0]["action"] == "1"
    assert len(report["value"]) == 2


def test_bot_errors_name_the_level():
    with pytest.raises(tabula.BotError, match="unknown bot level `grandmaster`"):
        tabula.Bot("grandmaster")
    state = tabula.new("connect-four")
    with pytest.raises(tabula.BotError):
        tabula.Bot("casual").analyse(state, iterations=0)


def test_random_bot_has_no_search_report():
    state = tabula.new("connect-four")
    assert tabula.Bot("random").analyse(state) is None


def test_playouts_are_deterministic_and_count_everything():
    a = tabula.playouts("connect-four", 200, seed=5)
    b = tabula.playouts("connect-four", 200, seed=5)
    assert a["games"] == 200 and a["finished"] == 200
    assert sum(a["wins"]) + a["draws"] == 200
    assert a["plies"] >= 200 * 7
    assert a["plies_per_second"] > 0
    assert {k: a[k] for k in ("plies", "wins", "draws")} == {
        k: b[k] for k in ("plies", "wins", "draws")
    }
    c = tabula.playouts("connect-four", 200, seed=6)
    assert c["plies"] != a["plies"] or c["wins"] != a["wins"]


def test_playouts_release_the_gil():
    # Two threads each run playouts; a third keeps counting in Python meanwhile. With the
    # GIL held the counter could not move while a batch runs.
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)

    counter = threading.Thread(target=count)
    counter.start()
    before = len(ticks)
    tabula.playouts("toumai", 300, seed=1)
    during = len(ticks) - before
    done.set()
    counter.join()
    assert during > 0


def test_analyze_returns_the_cli_report():
    report = tabula.analyze("connect-four", games=6, bot="random", weaker=None, seed=3, threads=1)
    assert report["game"] == "connect-four"
    assert report["title"] == "Connect Four"
    assert report["params"]["players"] == 2
    assert report["random_setup"] is False
    cli = shutil.which("tabula") or _built_cli()
    if cli is None:
        pytest.skip("the tabula binary is not built")
    out = subprocess.run(
        [cli, "analyze", "connect-four", "--games", "6", "--bot", "random", "--weaker", "none",
         "--seed", "3", "--threads", "1", "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    expected = json.loads(out)
    assert _without_timing(report) == _without_timing(expected)


def _built_cli():
    """The workspace's own `tabula` binary (`cargo build` or `cargo test` builds it)."""
    root = Path(__file__).resolve().parents[2]
    targets = [Path(os.environ["CARGO_TARGET_DIR"])] if "CARGO_TARGET_DIR" in os.environ else []
    for target in [*targets, root / "target"]:
        for profile in ["release", "debug"]:
            p = target / profile / "tabula"
            if p.exists():
                return str(p)
    return None


def _without_timing(value):
    """The report without the fields that measure the machine (seconds, rates)."""
    if isinstance(value, dict):
        return {
            k: _without_timing(v)
            for k, v in value.items()
            if not any(w in k for w in ("seconds", "per_second", "elapsed", "cpu"))
        }
    if isinstance(value, list):
        return [_without_timing(v) for v in value]
    return value


def test_analyze_errors_name_what_is_wrong():
    with pytest.raises(ValueError, match="games must be at least 1"):
        tabula.analyze("connect-four", games=0)
    with pytest.raises(tabula.BotError, match="unknown bot level"):
        tabula.analyze("connect-four", games=2, bot="grandmaster")
