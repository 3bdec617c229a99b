"""tabula.tune: the search of `tabula tune`, driven from Python through the Rust loop."""

import json
import pathlib
import subprocess

import pytest

import tabula

CLI = pathlib.Path(__file__).resolve().parents[2] / "target" / "debug" / "tabula"
ARGS = dict(objective="draws", budget=48, bot="random", seed=3)
PARAMS = {"max_plies": [12, 30, 42]}


def without_timing(value):
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items()
                if not any(w in k for w in ("seconds", "per_second", "elapsed", "cpu"))}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    return value


@pytest.mark.skipif(not CLI.exists(), reason="the CLI is not built (cargo build -p tabula)")
def test_the_search_is_the_cli_one():
    out = subprocess.run(
        [str(CLI), "tune", "connect-four", "--param", "max_plies=12,30,42", "--objective",
         "draws", "--budget", "48", "--bot", "random", "--seed", "3", "--json"],
        check=True, capture_output=True, text=True, timeout=300,
    ).stdout
    cli = without_timing(json.loads(out))
    mine = without_timing(tabula.tune("connect-four", PARAMS, threads=2, **ARGS))
    assert mine == cli


def test_the_same_seed_gives_the_same_search_on_any_thread_count():
    one = tabula.tune("connect-four", PARAMS, threads=1, **ARGS)
    two = tabula.tune("connect-four", PARAMS, threads=2, **ARGS)
    assert without_timing(one) == without_timing(two)
    assert one["games_played"] <= ARGS["budget"]
    assert one["best"]["status"] == "best"
    kept = [t for t in one["trials"] if t["round"] == 0 and t["kept"]]
    assert 1 <= len(kept) <= 2


def test_a_fixed_value_is_held_and_left_out_of_the_labels():
    report = tabula.tune("connect-four", {"max_plies": [12, 42], "players": 2}, **ARGS)
    assert [s["setting"] for s in report["settings"]] == ["max_plies=12", "max_plies=42"]
    assert all(s["params"]["players"] == "2" for s in report["settings"])


def test_bad_arguments_name_the_argument():
    with pytest.raises(ValueError, match="objective"):
        tabula.tune("connect-four", PARAMS, objective="fun")
    with pytest.raises(ValueError, match="budget"):
        tabula.tune("connect-four", PARAMS, budget=10)
    with pytest.raises(tabula.ParamsError, match="params: .*no parameter `depth`"):
        tabula.tune("connect-four", {"depth": [1, 2]})
    with pytest.raises(tabula.ParamsError, match="params: nothing to search"):
        tabula.tune("connect-four", {"max_plies": 10})
    with pytest.raises(tabula.ParamsError, match="params"):
        tabula.tune("connect-four", {"max_plies": []})
    with pytest.raises(tabula.ParamsError, match="seed"):
        tabula.tune("connect-four", PARAMS, seed=-1)
    with pytest.raises(ValueError, match="threads"):
        tabula.tune("connect-four", PARAMS, threads=0, **ARGS)
    with pytest.raises(tabula.BotError, match="bot: "):
        tabula.tune("connect-four", PARAMS, bot="nonsense")
    with pytest.raises(ValueError, match="evaluator"):
        tabula.tune("connect-four", PARAMS, evaluator="zzz")
    with pytest.raises(tabula.UnknownGameError):
        tabula.tune("chess", PARAMS)


def test_the_tuner_refuses_steps_out_of_turn():
    tuner = tabula.Tuner("connect-four", PARAMS, **ARGS)
    with pytest.raises(RuntimeError, match="not measured"):
        tuner.advance()
    with pytest.raises(RuntimeError, match="not over"):
        tuner.result()
    index, params, start, end = tuner.next_round()[0]
    rows = tabula._tabula.tune_rows("connect-four", params, start, end, bot="random", seed=3,
                                    objective="draws")
    assert len(rows) == end - start
    with pytest.raises(ValueError, match="rows"):
        tuner.add_rows(index, rows[:-1])
    with pytest.raises(ValueError, match="rows"):
        tuner.add_rows(index, ["not a row"])
    with pytest.raises(ValueError, match="setting"):
        tuner.play(99)
    tuner.add_rows(index, rows)
    with pytest.raises(ValueError, match="start"):
        tabula._tabula.tune_rows("connect-four", params, 3, 3)
