"""Speed of the Python package: random playouts in Rust (``tabula.playouts``), a Python loop
over ``legal_action_indices`` / ``random.choice`` / ``apply``, the same with
``legal_action_mask`` and numpy, and the PettingZoo environment's steps per second.

    python python/bench/bench.py [--seconds 3] [--games connect-four,toumai]

Compare the first figure with ``tabula bench <game>`` (random playouts, one thread). Build
the package in release (``pip install ./python``) before measuring.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import tabula


def timed(seconds, step):
    """Runs ``step()`` (which returns the steps it made) for about ``seconds``."""
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += step()
    return steps / (time.perf_counter() - start)


def playouts(game, seconds):
    return timed(seconds, lambda: tabula.playouts(game, 200, seed=1)["plies"])


def loop_indices(game, seconds):
    rng = random.Random(1)

    def one_game():
        state = tabula.new(game, seed=rng.randrange(1 << 30))
        legal, apply, choice = state.legal_action_indices, state.apply, rng.choice
        n = 0
        while not state.is_over():
            if state.is_chance():
                state.resolve_chance()
                continue
            to_act = state.to_act()
            seat = to_act[0]
            apply(choice(legal(seat)), seat)
            n += 1
        return n

    return timed(seconds, one_game)


def loop_mask(game, seconds):
    gen = np.random.default_rng(1)

    def one_game():
        state = tabula.new(game, seed=int(gen.integers(1 << 30)))
        n = 0
        while not state.is_over():
            if state.is_chance():
                state.resolve_chance()
                continue
            seat = state.to_act()[0]
            legal = np.flatnonzero(state.legal_action_mask(seat))
            state.apply(int(legal[gen.integers(len(legal))]), seat)
            n += 1
        return n

    return timed(seconds, one_game)


def pettingzoo_env(game, seconds):
    from tabula.pettingzoo import env

    e = env(game)
    gen = np.random.default_rng(1)
    seed = [0]

    def one_game():
        seed[0] += 1
        e.reset(seed=seed[0])
        n = 0
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[gen.integers(len(legal))]))
            n += 1
        return n

    return timed(seconds, one_game)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default="connect-four,toumai")
    args = parser.parse_args()
    rows = [("tabula.playouts (plies/s)", playouts),
            ("Python loop: indices + random.choice + apply (steps/s)", loop_indices),
            ("Python loop: legal_action_mask + numpy (steps/s)", loop_mask)]
    try:
        import pettingzoo  # noqa: F401
        rows.append(("PettingZoo AEC env, random agents (steps/s)", pettingzoo_env))
    except ImportError:
        pass
    games = args.games.split(",")
    print("| measure | " + " | ".join(games) + " |")
    print("|---|" + "---:|" * len(games))
    for name, fn in rows:
        figures = [f"{fn(g, args.seconds):,.0f}" for g in games]
        print(f"| {name} | " + " | ".join(figures) + " |", flush=True)


if __name__ == "__main__":
    main()
