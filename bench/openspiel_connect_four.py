#!/usr/bin/env python3
"""Side-by-side MCTS speed on Connect Four: OpenSpiel's C++ MCTS bot against Tabula's.

Both run the same search, single-threaded, from the empty board: UCT with c = 1.4, one
uniformly random rollout to the end of the game per iteration, 20000 iterations (OpenSpiel:
`pyspiel.MCTSBot` with `pyspiel.RandomRolloutEvaluator(1, seed)`; Tabula:
`tabula bench connect-four --json`, field `mcts_iters_per_s_1t`). The two are measured in
alternation over several rounds (so that a change in the machine's load affects both), and
each side's figure is the median over the rounds (Tabula's bench itself reports a median of
several searches; OpenSpiel's figure per round is the median of `--repeats` searches). The
target is Tabula >= 10x OpenSpiel.

Prerequisites (not part of CI):

    pip install open-spiel==2.0.2
    cargo build --release -p tabula        # or pass --tabula with another command

Usage (from the repository root):

    python3 bench/openspiel_connect_four.py [--simulations 20000] [--rounds 3] [--repeats 5]
        [--seed 1] [--tabula "target/release/tabula"] [--json]

`--tabula` is the command that runs the Tabula binary (default: $TABULA, else
target/release/tabula if built, else `cargo run --release -q -p tabula --`); the script appends
`bench connect-four --json` (and `--iterations N` when --simulations is not 20000).
Exit status: 0 when the ratio is at least 10, 1 otherwise, 2 on a setup error.
"""

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time

TARGET_RATIO = 10.0


def openspiel_rate(simulations, repeats, seed):
    """Median MCTS iterations per second of OpenSpiel's C++ bot from the empty board."""
    import pyspiel  # noqa: PLC0415 (only needed here, with a clear error if missing)

    game = pyspiel.load_game("connect_four")
    rates = []
    for r in range(repeats + 1):
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed + r)
        bot = pyspiel.MCTSBot(
            game,
            evaluator,
            1.4,  # uct_c
            simulations,  # max_simulations
            1000,  # max_memory_mb
            False,  # solve
            seed + r,
            False,  # verbose
            pyspiel.ChildSelectionPolicy.UCT,
        )
        state = game.new_initial_state()
        start = time.perf_counter()
        bot.step(state)
        elapsed = time.perf_counter() - start
        if r > 0:  # the first search warms up
            rates.append(simulations / elapsed)
    return statistics.median(rates)


def tabula_command(arg):
    if arg:
        return shlex.split(arg)
    if os.environ.get("TABULA"):
        return shlex.split(os.environ["TABULA"])
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, "..", "target", "release", "tabula")
    if os.path.exists(built):
        return [built]
    return ["cargo", "run", "--release", "-q", "-p", "tabula", "--"]


def tabula_rate(command, simulations):
    """Tabula's single-thread MCTS iterations per second, from `tabula bench --json`."""
    args = command + ["bench", "connect-four", "--json"]
    if simulations != 20000:
        args += ["--iterations", str(simulations)]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("{"):
            report = json.loads(line)
            if report.get("game") == "connect-four":
                return report["mcts_iters_per_s_1t"], report
    raise RuntimeError(f"no connect-four JSON object in the output of {args}:\n{out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--simulations", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tabula", help="command running the tabula binary")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    command = tabula_command(args.tabula)
    ours_rounds, theirs_rounds = [], []
    try:
        for r in range(max(1, args.rounds)):
            rate, report = tabula_rate(command, args.simulations)
            ours_rounds.append(rate)
            theirs_rounds.append(openspiel_rate(args.simulations, args.repeats, args.seed + r))
    except ImportError:
        print("pyspiel is missing: pip install open-spiel==2.0.2", file=sys.stderr)
        return 2
    except (OSError, subprocess.CalledProcessError, RuntimeError) as e:
        print(f"could not run tabula: {e}", file=sys.stderr)
        return 2

    ours = statistics.median(ours_rounds)
    theirs = statistics.median(theirs_rounds)
    ratio = ours / theirs
    result = {
        "game": "connect-four",
        "simulations": args.simulations,
        "openspiel_mcts_iters_per_s": round(theirs),
        "tabula_mcts_iters_per_s_1t": round(ours),
        "ratio": round(ratio, 2),
        "rounds": {"tabula": [round(x) for x in ours_rounds],
                   "openspiel": [round(x) for x in theirs_rounds]},
        "target_ratio": TARGET_RATIO,
        "tabula_bench": report,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"Connect Four, UCT c=1.4, 1 random rollout/iteration, "
              f"{args.simulations} iterations from the empty board, 1 thread")
        print(f"  OpenSpiel 2.0.2 C++ MCTSBot : {theirs:12,.0f} iterations/s")
        print(f"  Tabula                      : {ours:12,.0f} iterations/s")
        print(f"  ratio                       : {ratio:12.1f}x  (target {TARGET_RATIO:.0f}x)")
        print(f"  rounds: tabula {[round(x) for x in ours_rounds]}, "
              f"openspiel {[round(x) for x in theirs_rounds]}")
    return 0 if ratio >= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
