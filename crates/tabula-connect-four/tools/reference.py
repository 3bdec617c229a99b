#!/usr/bin/env python3
"""Independent reference implementation of Connect Four, for cross-checking the Rust engine.

It shares no code and no representation with the crate: the board is a list of 7 column lists,
a four is found by walking the four directions from every stone, and the side to move comes
from the stone counts. It reads and writes the same position notation
(`<6 rows top to bottom joined by />` of `.`, `x`, `o`, a space, the side to move).

Usage (from the repository root):

    python3 crates/tabula-connect-four/tools/reference.py perft data/perft.txt
        Recomputes every count of a perft data file (path relative to the crate or absolute)
        and prints `ok` or each mismatch (about 30 s for data/perft.txt, mostly depth 8 of
        the empty board).

    python3 crates/tabula-connect-four/tools/reference.py perft-line '<position>' 5
        Prints the perft line `<position> ;D1 n ;D2 n ...` up to the given depth.

    python3 crates/tabula-connect-four/tools/reference.py tactics data/tactics.txt
        Checks a tactics file (lines `<position> ;win <cols> ;plies <n>`): with plain minimax,
        the side to move forces a four within n plies exactly by the listed first moves, and
        by no move within fewer plies (n - 2).

    python3 crates/tabula-connect-four/tools/reference.py generate <count> <plies> <seed>
        Searches random positions for tactics lines with a forced win in exactly <plies> plies.
"""

import os
import random
import sys

W, H = 7, 6


def parse(text):
    board, side = text.strip().split(" ")
    rows = board.split("/")
    assert len(rows) == H and all(len(r) == W for r in rows), text
    cols = [[] for _ in range(W)]
    for r in range(H - 1, -1, -1):
        for c in range(W):
            ch = rows[r][c]
            if ch != ".":
                assert len(cols[c]) == H - 1 - r, "floating stone in " + text
                cols[c].append(ch)
    assert side in ("x", "o")
    return cols, side


def fmt(cols, side):
    rows = []
    for r in range(H - 1, -1, -1):
        rows.append("".join(cols[c][r] if r < len(cols[c]) else "." for c in range(W)))
    return "/".join(rows) + " " + side


def at(cols, c, r):
    if 0 <= c < W and 0 <= r < len(cols[c]):
        return cols[c][r]
    return None


def wins(cols, who):
    for c in range(W):
        for r in range(len(cols[c])):
            if cols[c][r] != who:
                continue
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(at(cols, c + k * dc, r + k * dr) == who for k in range(1, 4)):
                    return True
    return False


def other(side):
    return "o" if side == "x" else "x"


def over(cols, side):
    return wins(cols, other(side)) or wins(cols, side) or all(len(c) == H for c in cols)


def moves(cols, side):
    if over(cols, side):
        return []
    return [c for c in range(W) if len(cols[c]) < H]


def perft(cols, side, depth):
    if depth == 0:
        return 1
    ms = moves(cols, side)
    if depth == 1:
        return len(ms)
    total = 0
    for c in ms:
        cols[c].append(side)
        total += perft(cols, other(side), depth - 1)
        cols[c].pop()
    return total


def forced_win(cols, side, plies):
    """True if `side` (to move) can force a four of its own within `plies` plies."""
    if plies <= 0:
        return False
    for c in moves(cols, side):
        cols[c].append(side)
        try:
            if wins(cols, side):
                return True
            if plies >= 3 and not opponent_escapes(cols, other(side), side, plies - 1):
                return True
        finally:
            cols[c].pop()
    return False


def opponent_escapes(cols, opp, side, plies):
    ms = moves(cols, opp)
    if not ms:
        return True  # draw: full board
    for c in ms:
        cols[c].append(opp)
        try:
            if wins(cols, opp):
                return True
            if not forced_win(cols, side, plies - 1):
                return True
        finally:
            cols[c].pop()
    return False


def winning_moves(cols, side, plies):
    out = []
    for c in moves(cols, side):
        cols[c].append(side)
        try:
            if wins(cols, side) or (
                plies >= 3 and not opponent_escapes(cols, other(side), side, plies - 1)
            ):
                out.append(c + 1)
        finally:
            cols[c].pop()
    return out


def crate_path(path):
    if os.path.isabs(path) or os.path.exists(path):
        return path
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", path)


def check_perft(path):
    bad = 0
    for n, line in enumerate(open(crate_path(path)), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(";")]
        cols, side = parse(fields[0])
        for f in fields[1:]:
            d, expected = f[1:].split()
            got = perft(cols, side, int(d))
            if got != int(expected):
                bad += 1
                print(f"line {n} D{d}: file {expected}, reference {got}")
    print("ok" if bad == 0 else f"{bad} mismatches")
    return bad == 0


def check_tactics(path):
    bad = 0
    count = 0
    for n, line in enumerate(open(crate_path(path)), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(";")]
        cols, side = parse(fields[0])
        info = dict(f.split(" ", 1) for f in fields[1:])
        listed = sorted(int(x) for x in info["win"].split())
        plies = int(info["plies"])
        got = winning_moves(cols, side, plies)
        faster = winning_moves(cols, side, plies - 2) if plies > 2 else []
        count += 1
        if got != listed or faster:
            bad += 1
            print(f"line {n}: listed {listed} in {plies}, reference {got}, faster {faster}")
    print(f"{count} positions: " + ("ok" if bad == 0 else f"{bad} mismatches"))
    return bad == 0


def generate(count, plies, seed):
    rng = random.Random(seed)
    found = 0
    seen = set()
    while found < count:
        cols, side = [[] for _ in range(W)], "x"
        for _ in range(rng.randrange(8, 26)):
            ms = moves(cols, side)
            if not ms:
                break
            cols[rng.choice(ms)].append(side)
            side = other(side)
        if over(cols, side):
            continue
        text = fmt(cols, side)
        if text in seen:
            continue
        seen.add(text)
        if plies > 2 and winning_moves(cols, side, plies - 2):
            continue
        win = winning_moves(cols, side, plies)
        if win and len(win) <= 2:
            print(f"{text} ;win {' '.join(map(str, win))} ;plies {plies}")
            found += 1


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == "perft":
        return 0 if check_perft(argv[2]) else 1
    if cmd == "perft-line":
        cols, side = parse(argv[2])
        depth = int(argv[3])
        parts = [fmt(cols, side)] + [f"D{d} {perft(cols, side, d)}" for d in range(1, depth + 1)]
        print(" ;".join(parts))
        return 0
    if cmd == "tactics":
        return 0 if check_tactics(argv[2]) else 1
    if cmd == "generate":
        generate(int(argv[2]), int(argv[3]), int(argv[4]))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
