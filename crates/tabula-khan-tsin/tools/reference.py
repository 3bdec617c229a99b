#!/usr/bin/env python3
"""Independent reference implementation of Khan-Tsin (shared/rules/khan-tsin.md) for perft.

Written from the rules file alone, as plainly as possible (lists of characters, walks around
the track square by square), to cross-check the Rust engine's perft data files.

Usage:
    python3 tools/reference.py perft "<position>" <depth>      # prints D1..Ddepth counts
    python3 tools/reference.py legal "<position>"              # legal actions, byte order
    python3 tools/reference.py check tests/data/perft.txt [max_depth]
                                                               # recompute every case
    python3 tools/reference.py write <in.txt> <depth>          # print each position with
                                                               # ";D1 n ;D2 n ..." appended

Positions: `<layout> <stacks> <seats> <to-move>`; actions `12:3>15`, `pass`, `K@12`, `T@12`.
A position is a tuple (layout, stacks, seats, to_move) where stacks is a list of 36 strings
(bottom to top, uppercase = a playing colour's Khan, '' = empty).
"""

import sys

N = 36


def parse(text):
    layout, stacks, seats, to_move = text.split()
    assert len(layout) == N and all(c in "123" for c in layout)
    groups = stacks.split("/")
    assert len(groups) == N
    stacks = ["" if g == "-" else g for g in groups]
    assert seats in ("wg", "wb", "gb", "wgb") and to_move in seats
    tokens = "".join(stacks).lower()
    if len(tokens) == N:
        assert all(tokens.count(c) == 12 for c in "wgb"), "12 tokens of each colour"
    else:
        assert all(len(s) <= 1 for s in stacks), "setup positions hold single tokens"
    return ([int(c) for c in layout], stacks, seats, to_move)


def write(pos):
    layout, stacks, seats, to_move = pos
    return "%s %s %s %s" % (
        "".join(str(v) for v in layout),
        "/".join(s if s else "-" for s in stacks),
        seats,
        to_move,
    )


def winner(pos):
    """The colour whose Khan tops a 9-stack, if any."""
    for s in pos[1]:
        if len(s) == 9 and s[-1].isupper():
            return s[-1].lower()
    return None


def in_setup(pos):
    return sum(len(s) for s in pos[1]) < N


def next_colour(seats, c):
    return seats[(seats.index(c) + 1) % len(seats)]


def reach(stacks, origin, distance, step):
    """Square `distance` occupied squares away (origin excluded), or None (R4)."""
    sq, seen = origin, 0
    while True:
        sq = (sq + step) % N
        if sq == origin:
            return None
        if stacks[sq]:
            seen += 1
            if seen == distance:
                return sq


def moves(pos, colour):
    layout, stacks, seats, _ = pos
    out = set()
    for o in range(N):
        s = stacks[o]
        if not s or s[-1].lower() != colour:
            continue
        for step in (1, -1):
            d = reach(stacks, o, layout[o], step)
            if d is None or stacks[d][-1].isupper():
                continue  # no landing square, or a Khan on top
            for n in range(1, len(s) + 1):
                merged = (stacks[d] + s[-n:]).lower()
                if all(merged.count(c) <= 3 for c in "wgb"):
                    out.add("%d:%d>%d" % (o + 1, n, d + 1))
    return out


def placements(pos):
    layout, stacks, seats, to_move = pos
    placed = sum(len(s) for s in stacks)
    value = 3 - placed // (4 * len(seats))
    mine = [s for s in stacks if s.lower() == to_move]
    has_khan = any(s.isupper() for s in mine)
    ordinary = len(mine) - (1 if has_khan else 0)
    out = set()
    for sq in range(N):
        if not stacks[sq] and layout[sq] == value:
            if not has_khan:
                out.add("K@%d" % (sq + 1))
            if ordinary < 11:
                out.add("T@%d" % (sq + 1))
    return out


def legal(pos):
    if winner(pos):
        return []
    if in_setup(pos):
        return sorted(placements(pos))
    seats = pos[2]
    if not any(moves(pos, c) for c in seats):
        return []  # R5: nobody can ever move again, a draw
    m = moves(pos, pos[3])
    return sorted(m) if m else ["pass"]


def apply(pos, action):
    layout, stacks, seats, to_move = pos
    stacks = list(stacks)
    if action[1] == "@":
        sq = int(action[2:]) - 1
        stacks[sq] = to_move.upper() if action[0] == "K" else to_move
        if len(seats) == 2 and sum(len(s) for s in stacks) == 24:
            neutral = [c for c in "wgb" if c not in seats][0]
            stacks = [s if s else neutral for s in stacks]
    elif action != "pass":
        frm, rest = action.split(":")
        n, to = rest.split(">")
        frm, n, to = int(frm) - 1, int(n), int(to) - 1
        group = stacks[frm][-n:]
        stacks[frm] = stacks[frm][:-n]
        stacks[to] = stacks[to] + group
    return (layout, stacks, seats, next_colour(seats, to_move))


def perft(pos, depth):
    if depth == 0:
        return 1
    acts = legal(pos)
    if depth == 1:
        return len(acts)
    return sum(perft(apply(pos, a), depth - 1) for a in acts)


def perft_line(text):
    """`<position> ;D1 n ;D2 n ...` -> (position, [(depth, count)])."""
    fields = text.split(";")
    counts = []
    for f in fields[1:]:
        d, n = f.strip()[1:].split()
        counts.append((int(d), int(n)))
    return fields[0].strip(), counts


def main(argv):
    cmd = argv[1]
    if cmd == "perft":
        pos = parse(argv[2])
        for d in range(1, int(argv[3]) + 1):
            print("D%d %d" % (d, perft(pos, d)))
    elif cmd == "legal":
        for a in sorted(legal(parse(argv[2])), key=lambda a: a.encode()):
            print(a)
    elif cmd == "check":
        max_depth = int(argv[3]) if len(argv) > 3 else 99
        bad = 0
        for i, raw in enumerate(open(argv[2]), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            text, counts = perft_line(line)
            pos = parse(text)
            for d, n in counts:
                if d > max_depth:
                    continue
                got = perft(pos, d)
                status = "ok" if got == n else "MISMATCH"
                bad += got != n
                print("line %d D%d: file %d, reference %d %s" % (i, d, n, got, status))
        print("%d mismatches" % bad)
        return 1 if bad else 0
    elif cmd == "write":
        depth = int(argv[3])
        for raw in open(argv[2]):
            line = raw.strip()
            if not line or line.startswith("#"):
                print(line)
                continue
            text = line.split(";")[0].strip()
            pos = parse(text)
            counts = " ".join(";D%d %d" % (d, perft(pos, d)) for d in range(1, depth + 1))
            print("%s %s" % (text, counts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
