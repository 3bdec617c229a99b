"""A fixed amount of the Python loop of bench.py (the same games every run), for
instruction counts that load does not disturb:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python python/bench/steps.py connect-four 2000
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python -c "import tabula, random"

(the difference of the two counts, divided by the steps printed, is the cost of a step).
"""

import random
import sys

import tabula


def run(game, games):
    """Plays `games` random games through indices; returns the steps played."""
    rng = random.Random(1)
    steps = 0
    for _ in range(games):
        state = tabula.new(game, seed=rng.randrange(1 << 30))
        legal, apply, choice = state.legal_action_indices, state.apply, rng.choice
        while not state.is_over():
            if state.is_chance():
                state.resolve_chance()
                continue
            seat = state.to_act()[0]
            apply(choice(legal(seat)), seat)
            steps += 1
    return steps


if __name__ == "__main__":
    print(sys.argv[1], run(sys.argv[1], int(sys.argv[2])), "steps")
