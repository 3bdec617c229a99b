"""The OpenSpiel adapter's overhead: steps per second of the same loops on Tabula's games
through ``tabula.openspiel`` and on pyspiel's own C++ Connect Four, in one run.

    python python/bench/openspiel.py [--seconds 2] [--adapter path/to/openspiel.py]

Two loops, each timed for ``--seconds``, random actions from a seeded ``random.Random``:

* ``play``: ``legal_actions()``, ``apply_action`` (and chance outcomes) until the game ends;
* ``clone``: the same, with a ``clone()`` of the state at every step (what a Python MCTS
  costs per simulation step).

``--adapter`` loads another version of the adapter module (say, one from ``git show``) in
place of ``tabula.openspiel``, to compare two versions back to back. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time

import pyspiel


def run(game, seconds: float, clone: bool, seed: int = 1) -> float:
    """Steps per second of random games of ``game`` for ``seconds``."""
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                if clone:
                    state.clone()
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def adapter(path: str | None):
    """The adapter module: ``tabula.openspiel``, or the file at ``path``."""
    if path is None:
        import tabula.openspiel as module
        return module
    spec = importlib.util.spec_from_file_location("tabula_openspiel_bench", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--adapter", default=None)
    args = parser.parse_args()
    module = adapter(args.adapter)
    native = pyspiel.load_game("connect_four")
    rows = []
    for loop in ("play", "clone"):
        base = run(native, args.seconds, loop == "clone")
        rows.append((loop, "pyspiel connect_four (C++)", base, 1.0))
        for name in ("connect-four", "toumai", "china-moon"):
            rate = run(module.load(name), args.seconds, loop == "clone")
            rows.append((loop, f"tabula {name}", rate, rate / base))
    print("| loop | game | steps/s | × pyspiel connect_four |")
    print("|---|---|---:|---:|")
    for loop, name, rate, ratio in rows:
        print(f"| {loop} | {name} | {rate:,.0f} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
