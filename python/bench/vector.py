"""Steps per second of tabula.vector against the single-env Python loop, in one run
(a benchmark, not a test; build release first: ``pip install ./python``):

    python python/bench/vector.py [seconds per measure] [num_envs] [rounds]

Every loop plays uniformly random legal actions and produces what a learner reads at each
step: the observation of the seat to act and its legal actions. The single-env loops are
``observation`` + ``legal_action_mask`` (what the vector env writes) and the lighter
``observation`` + ``legal_action_indices``. The vector env picks its actions from
``legal_indices()`` (flat indices and offsets), vectorised in numpy.

The four measures of a game are taken in turn, ``rounds`` times (3 by default), so that a
busy machine weighs on all of them alike; the table gives each one's median.
"""

import os
import platform
import random
import statistics
import sys
import time

import numpy as np

import tabula
from tabula.vector import make_native


def single(game, seconds, masks):
    """Steps per second of one game at a time in a Python loop."""
    rng = random.Random(1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = tabula.new(game, seed=rng.randrange(1 << 30))
        while not state.is_over():
            if state.is_chance():
                state.resolve_chance()
                continue
            seat = state.to_act()[0]
            state.observation(seat)
            if masks:
                legal = np.flatnonzero(state.legal_action_mask(seat))
            else:
                legal = state.legal_action_indices(seat)
            state.apply(int(legal[rng.randrange(len(legal))]), seat)
            steps += 1
    return steps / (time.perf_counter() - start)


def vector(game, seconds, num_envs, threads):
    """Steps per second (summed over the games) of tabula.vector."""
    env = make_native(game, num_envs, threads=threads)
    env.reset(1)
    rng = np.random.default_rng(1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        flat, offsets = env.legal_indices()
        counts = np.diff(offsets)
        picks = offsets[:-1] + (rng.random(num_envs) * counts).astype(np.int64)
        env.step(flat[picks])
        steps += num_envs
    return steps / (time.perf_counter() - start)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    num_envs = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"{time.strftime('%Y-%m-%d', time.gmtime())}, num_envs={num_envs}, "
          f"median of {rounds} rounds of {seconds:g} s")
    print("| game | num_envs | single (mask) | single (indices) | vector, 1 thread "
          "| vector, 2 threads | × mask loop, 1 thread | × mask loop, 2 threads |")
    print("|---|---|---|---|---|---|---|---|")
    for game in ["connect-four", "toumai"]:
        runs = [
            (single(game, seconds, True), single(game, seconds, False),
             vector(game, seconds, num_envs, 1), vector(game, seconds, num_envs, 2))
            for _ in range(rounds)
        ]
        m, i, v1, v2 = (statistics.median(r[k] for r in runs) for k in range(4))
        print(f"| {game} | {num_envs} | {m:,.0f} | {i:,.0f} | {v1:,.0f} | {v2:,.0f} "
              f"| {v1 / m:.1f}× | {v2 / m:.1f}× |")


if __name__ == "__main__":
    main()
