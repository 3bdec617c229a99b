"""tabula.ray.analyze on a local Ray of two workers gives the single-machine report."""

import pytest

ray = pytest.importorskip("ray")
import tabula  # noqa: E402
import tabula.ray as tray  # noqa: E402

TIMING = ("seconds", "per_second", "elapsed", "cpu")


def without_timing(value):
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items()
                if not any(w in k for w in TIMING)}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    return value


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_batches_merge_into_the_single_machine_report(local_ray):
    args = dict(games=9, bot="random", weaker="beginner", seed=4)
    distributed = tray.analyze("connect-four", batch=4, **args)
    local = tabula.analyze("connect-four", threads=1, **args)
    assert without_timing(distributed) == without_timing(local)
    assert distributed["resumed_games"] == 0


def test_variants_are_compared_side_by_side(local_ray):
    variants = {"short": {"max_plies": 40}, "long": {"max_plies": 200}}
    report = tray.analyze("toumai", games=4, batch=2, variants=variants, bot="random",
                          weaker=None, seed=2)
    assert [v["variant"] for v in report["variants"]] == ["short", "long"]
    assert report["comparison"]["variants"] == ["short", "long"]
    local = tabula.analyze("toumai", games=4, bot="random", weaker=None, seed=2,
                           params={"max_plies": 40}, variant="short", threads=1)
    assert without_timing(report["variants"][0]) == without_timing(local)


def test_bad_batches_are_refused():
    with pytest.raises(ValueError, match="batch"):
        tray.analyze("connect-four", games=4, batch=0)
    with pytest.raises(ValueError, match="a batch is"):
        tabula._tabula.analysis_rows("connect-four", "balance", 3, 2, games=4)
    with pytest.raises(ValueError, match="phase"):
        tabula._tabula.analysis_rows("connect-four", "warmup", 0, 2, games=4)
    with pytest.raises(ValueError, match="weaker"):
        tabula._tabula.analysis_rows("connect-four", "skill", 0, 2, games=4, weaker=None)


def test_the_search_on_ray_is_the_local_one(local_ray):
    args = dict(objective="draws", budget=48, bot="random", seed=3)
    params = {"max_plies": [12, 30, 42]}
    distributed = tray.tune("connect-four", params, batch=5, **args)
    local = tabula.tune("connect-four", params, threads=1, **args)
    assert without_timing(distributed) == without_timing(local)
    with pytest.raises(ValueError, match="batch"):
        tray.tune("connect-four", params, batch=0, **args)
