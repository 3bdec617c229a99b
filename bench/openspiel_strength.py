#!/usr/bin/env python3
"""Playing strength on Connect Four: Tabula's `strong` bot against OpenSpiel's C++ MCTS bot.

Tabula plays through `tabula engine connect-four --bot strong --seed S` (docs/engine.md), one
engine process per game, answering `go movetime MS`: alpha-beta deepening within MS of wall
time (strong's search at equal time). With `--movetime 0` it answers plain `go`: the level as
it is (depth 6 within 300 000 nodes, a few milliseconds a move).

OpenSpiel plays `pyspiel.MCTSBot` (UCT, c = 2 by default, one random rollout per simulation,
`solve=True`), seeded per game. Its `max_simulations` is calibrated before the match so that
its mean wall time per move equals Tabula's budget MS (with `--movetime 0` or `--target
measured`: Tabula's mean measured in the pilot games). A first guess comes from one search of
the empty board, then three steps of four pilot games (seeds of their own) each scale the
simulations by the target over OpenSpiel's mean time per move in them. `--simulations N`
skips the calibration. Both sides stop early in decided positions (Tabula on a proven result),
so the means measured in the match are reported too.

Seats alternate (even games: Tabula moves first, as `x`). Each game is checked on both sides:
after every move Tabula's `legal` must list the columns OpenSpiel allows (OpenSpiel's column c
is Tabula's c + 1), and at the end Tabula's `show` must give OpenSpiel's board and result.
Tabula's score counts a win 1 and a draw 1/2, with a 95% Wilson interval (the score treated as
a proportion). Times are wall times measured by this script: from sending `go` to reading
`bestmove` for Tabula, around `bot.step` for OpenSpiel. Both sides are single-threaded and run
one game at a time, so run it on a quiet machine (or under `nice`, and report `uptime`).

Prerequisites (not part of CI):

    pip install open-spiel==2.0.2
    cargo build --release -p tabula

Usage (from the repository root):

    python3 bench/openspiel_strength.py --tabula target/release/tabula --games 100 \\
        --movetime 100 [--seed 1] [--simulations N] [--uct-c 2] [--target budget|measured]
        [--json]

Exit status: 0 after the match, 2 on a setup error (OpenSpiel or the binary missing, a protocol
error, or the two sides disagreeing about a game).
"""

import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time

GAME = "connect-four"
TRIAL_SIMULATIONS = 1000
CALIBRATION_STEPS = 3
PILOT_GAMES = 4


class SetupError(Exception):
    """Something that makes the measurement impossible (reported with exit status 2)."""


class Engine:
    """One `tabula engine connect-four` process, driven line by line."""

    def __init__(self, binary, seed):
        args = [binary, "engine", GAME, "--bot", "strong", "--seed", str(seed)]
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1)
        if self.ask("isready") != "readyok":
            raise SetupError(f"`{' '.join(args)}` did not answer `isready`")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise SetupError(f"tabula engine exited: {self.proc.stderr.read().strip()}")
        line = line.rstrip("\n")
        if line.startswith("error"):
            raise SetupError(f"tabula engine: {line}")
        return line

    def ask(self, line):
        self.send(line)
        return self.read()

    def position(self, moves):
        self.send("position start" + (" moves " + " ".join(map(str, moves)) if moves else ""))

    def go(self, moves, movetime):
        """Tabula's column (1-7) for the position after `moves`, and the wall time in s."""
        self.position(moves)
        start = time.perf_counter()
        self.send(f"go movetime {movetime}" if movetime > 0 else "go")
        while True:
            line = self.read()
            if line.startswith("bestmove "):
                return int(line.split()[1]), time.perf_counter() - start

    def legal(self, moves):
        self.position(moves)
        return [int(a) for a in self.ask("legal").split()[1:]]

    def show(self, moves):
        """The board part of the notation and the result line (`Game over: …`, or None)."""
        self.position(moves)
        self.send("show")
        result = None
        while True:
            line = self.read()
            if line.startswith("Game over"):
                result = line
            if line.startswith("position "):
                return line.split()[1], result

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def mcts_bot(pyspiel, game, simulations, uct_c, seed):
    """OpenSpiel's C++ UCT bot: one random rollout per simulation, solver on, 1 GB tree."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.MCTSBot(game, evaluator, uct_c, simulations, 1000, True, seed, False)


def calibrate(pyspiel, game, args):
    """OpenSpiel's simulations per move giving Tabula's mean time per move, and the record.

    A first guess times TRIAL_SIMULATIONS from the empty board; then each step plays
    PILOT_GAMES games of the match (with seeds of their own) and scales the simulations by
    the target time over OpenSpiel's mean time per move in them."""
    bot = mcts_bot(pyspiel, game, TRIAL_SIMULATIONS, args.uct_c, args.seed)
    start = time.perf_counter()
    bot.step(game.new_initial_state())
    first = TRIAL_SIMULATIONS / (time.perf_counter() - start)
    record, ours = {"steps": []}, []
    budget = args.movetime / 1000 if args.movetime > 0 and args.target == "budget" else None
    simulations = max(1, round(first * (budget or args.movetime / 2000 or 0.005)))
    for step in range(CALIBRATION_STEPS):
        theirs = []
        for g in range(PILOT_GAMES):
            played = play(pyspiel, game, args, 100_000 + step * PILOT_GAMES + g, simulations)
            ours += played[2]
            theirs += played[3]
        target = budget or statistics.mean(ours)
        mean = statistics.mean(theirs)
        record["steps"].append({"simulations": simulations, "openspiel_ms": round(mean * 1e3, 2),
                                "target_ms": round(target * 1e3, 2), "moves": len(theirs)})
        simulations = max(1, round(simulations * target / mean))
    return simulations, dict(record, simulations=simulations)


def play(pyspiel, game, args, index, simulations):
    """One game: Tabula's seat (1, 2), its score, its and OpenSpiel's move times, plies."""
    seed = args.seed + index
    tabula_seat = 1 if index % 2 == 0 else 2
    engine = Engine(args.tabula, seed)
    bot = mcts_bot(pyspiel, game, simulations, args.uct_c, seed)
    state, moves, times = game.new_initial_state(), [], {1: [], 2: []}
    try:
        while not state.is_terminal():
            ours = sorted(a + 1 for a in state.legal_actions())
            if engine.legal(moves) != ours:
                raise SetupError(f"game {index}, moves {moves}: tabula's legal columns "
                                 f"{engine.legal(moves)} differ from OpenSpiel's {ours}")
            seat = state.current_player() + 1
            if seat == tabula_seat:
                column, elapsed = engine.go(moves, args.movetime)
                times[1].append(elapsed)
            else:
                start = time.perf_counter()
                column = bot.step(state) + 1
                times[2].append(time.perf_counter() - start)
            state.apply_action(column - 1)
            moves.append(column)
        board, result = engine.show(moves)
    finally:
        engine.close()
    if board != "/".join(str(state).split()):
        raise SetupError(f"game {index}: the boards differ: tabula {board}, OpenSpiel\n{state}")
    returns = state.returns()
    winner = 0 if returns[0] == returns[1] else (1 if returns[0] > returns[1] else 2)
    won = re.search(r"\(seat (\d)\) won", result or "")
    agree = result == "Game over: a draw" if winner == 0 else bool(won) and int(won[1]) == winner
    if not agree:
        raise SetupError(f"game {index}: results differ: tabula `{result}`, OpenSpiel {returns}")
    score = 0.5 if winner == 0 else float(winner == tabula_seat)
    return tabula_seat, score, times[1], times[2], len(moves)


def wilson(score, n, z=1.96):
    """95% Wilson interval of a proportion score / n."""
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def summarise(args, simulations, calibration, games, seconds):
    n = len(games)
    score = sum(g[1] for g in games)
    low, high = wilson(score, n)
    by_seat = {}
    for seat in (1, 2):
        scores = [g[1] for g in games if g[0] == seat]
        by_seat[seat] = {"games": len(scores), "wins": scores.count(1.0),
                         "draws": scores.count(0.5), "losses": scores.count(0.0)}
    ours = [t for g in games for t in g[2]]
    theirs = [t for g in games for t in g[3]]
    return {
        "game": GAME,
        "tabula": "strong, " + (f"go movetime {args.movetime}" if args.movetime else "go"),
        "openspiel": f"MCTSBot uct_c={args.uct_c} max_simulations={simulations} "
                     "RandomRolloutEvaluator(1) solve=True",
        "games": n, "seed": args.seed, "score": score, "score_rate": round(score / n, 4),
        "wilson95": [round(low, 4), round(high, 4)], "by_tabula_seat": by_seat,
        "tabula_ms_per_move": {"mean": round(statistics.mean(ours) * 1000, 2),
                               "max": round(max(ours) * 1000, 2), "moves": len(ours)},
        "openspiel_ms_per_move": {"mean": round(statistics.mean(theirs) * 1000, 2),
                                  "max": round(max(theirs) * 1000, 2), "moves": len(theirs)},
        "plies_mean": round(statistics.mean(g[4] for g in games), 1),
        "calibration": calibration, "seconds": round(seconds, 1),
    }


def print_table(r):
    print(f"Connect Four, {r['games']} games, seed {r['seed']}, {r['seconds']} s")
    print(f"  Tabula    : {r['tabula']}")
    print(f"  OpenSpiel : {r['openspiel']}")
    c = r["calibration"]
    if c:
        steps = ", ".join(f"{s['simulations']} sims {s['openspiel_ms']} ms" for s in c["steps"])
        print(f"  calibration (target {c['steps'][-1]['target_ms']} ms): {steps}")
    print()
    print("Tabula seat       games  wins  draws  losses")
    for seat, s in r["by_tabula_seat"].items():
        name = "1 (x, first)" if seat == 1 else "2 (o, second)"
        print(f"  {name:15} {s['games']:5} {s['wins']:5} {s['draws']:6} {s['losses']:7}")
    low, high = r["wilson95"]
    print(f"Tabula's score: {r['score']:g} / {r['games']} = {100 * r['score_rate']:.1f}% "
          f"(95% Wilson [{100 * low:.1f}%, {100 * high:.1f}%]), plies mean {r['plies_mean']}")
    for side in ("tabula", "openspiel"):
        t = r[f"{side}_ms_per_move"]
        print(f"  {side:9} ms/move: mean {t['mean']:8.2f}, max {t['max']:8.2f} "
              f"over {t['moves']} moves")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tabula", required=True, help="path of the tabula binary")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--movetime", type=int, default=100,
                        help="Tabula's ms per move (0: the level's own budget)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--simulations", type=int, help="OpenSpiel's (skips calibration)")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--target", choices=["budget", "measured"], default="budget",
                        help="OpenSpiel's time: Tabula's movetime, or its measured mean")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: PLC0415 (a clear error below when it is missing)
    except ImportError:
        print("pyspiel is missing: pip install open-spiel==2.0.2", file=sys.stderr)
        return 2
    if not (os.path.isfile(args.tabula) and os.access(args.tabula, os.X_OK)):
        print(f"no tabula binary at {args.tabula} (cargo build --release -p tabula)",
              file=sys.stderr)
        return 2
    game = pyspiel.load_game("connect_four")
    start = time.perf_counter()
    try:
        calibration, simulations = None, args.simulations
        if simulations is None:
            simulations, calibration = calibrate(pyspiel, game, args)
        games = []
        for i in range(args.games):
            games.append(play(pyspiel, game, args, i, simulations))
            if not args.json:
                print(f"game {i + 1}/{args.games}: tabula seat {games[-1][0]}, "
                      f"score {games[-1][1]:g}", file=sys.stderr)
    except (OSError, SetupError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    result = summarise(args, simulations, calibration, games, time.perf_counter() - start)
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
