#!/usr/bin/env python3
"""Independent reference implementation of Toumaï for cross-checking perft counts.

Written from shared/rules/toumai.md (rules and rulings R1-R13, setup positions per R12),
deliberately simple and independent of the Rust engine: positions are lists of pawn strings,
actions are notation strings, and every rule is applied literally.

Usage:
    python3 tools/reference.py perft "<position>" <depth>
    python3 tools/reference.py divide "<position>" <depth>
    python3 tools/reference.py legal "<position>"
    python3 tools/reference.py apply "<position>" <action>...
    python3 tools/reference.py check <perft-file> [max-depth]
        (checks every case of a perft data file: `<position> ;D1 n ;D2 n ...`)

Run from crates/tabula-toumai, e.g. `python3 tools/reference.py check tests/data/perft.epd 3`.
"""

import sys

LINES = "abcdefghi"
COLOURS = "YRB"
FULL = {"1": 2, "2": 2, "3": 1, "M": 1}
DISTANCES = {"1": (1,), "2": (2,), "3": (3,), "M": (1, 2, 3)}


class Pos:
    def __init__(self, lines, seats, to_move, wands, last_swap):
        self.lines = lines          # 9 lists of pawn codes, square 1 first
        self.seats = seats          # e.g. "YR"
        self.to_move = to_move      # colour letter
        self.wands = wands          # list of ints per seat
        self.last_swap = last_swap  # set of colour letters

    def copy(self):
        return Pos([list(l) for l in self.lines], self.seats, self.to_move,
                   list(self.wands), set(self.last_swap))

    def neutral(self):
        rest = [c for c in COLOURS if c not in self.seats]
        return rest[0] if len(self.seats) == 2 else None

    def count(self):
        return sum(len(l) for l in self.lines)

    def fmt(self):
        groups = ["".join(l) if l else "-" for l in self.lines]
        ls = "".join(c for c in self.seats if c in self.last_swap) or "-"
        return "%s %s %s %s %s" % ("/".join(groups), self.seats, self.to_move,
                                   "".join(str(w) for w in self.wands), ls)


def parse(text):
    f = text.split(" ")
    assert len(f) == 5, text
    lines = []
    for g in f[0].split("/"):
        lines.append([] if g == "-" else [g[i:i + 2] for i in range(0, len(g), 2)])
    assert len(lines) == 9
    return Pos(lines, f[1], f[2], [int(c) for c in f[3]],
               set() if f[4] == "-" else set(f[4]))


def next_colour(p):
    i = p.seats.index(p.to_move)
    return p.seats[(i + 1) % len(p.seats)]


# ---------------------------------------------------------------- setup (R1, R12)

def placement_turns(seats):
    """The list of setup turns in order: a colour, or 'auto' for the neutral fill."""
    if len(seats) == 3:
        return [c for c in seats for _ in range(3)] + \
               [c for c in reversed(seats) for _ in range(3)]
    a, b = seats
    return [a] * 3 + [b] * 3 + ["auto"] + [b] * 3 + [a] * 3 + ["auto"]


def setup_turn(p):
    """(colour to place, round) during setup, or None once every pawn is placed."""
    n = p.neutral()
    placed = sum(1 for l in p.lines for x in l if x[0] != n)
    total_player_pawns = 6 * len(p.seats)
    if placed >= total_player_pawns and (n is None or p.count() == 18):
        return None
    turns = [t for t in placement_turns(p.seats) if t != "auto"]
    colour = turns[placed]
    rnd = 1 if placed < 3 * len(p.seats) else 2
    return colour, rnd


def in_hand(p, colour):
    hand = dict(FULL)
    for l in p.lines:
        for x in l:
            if x[0] == colour and x[1] in hand:
                hand[x[1]] -= 1
    return hand


def setup_legal(p):
    colour, rnd = setup_turn(p)
    hand = in_hand(p, colour)
    out = []
    for kind in "123M":
        if hand[kind] == 0 or (rnd == 1 and kind == "M"):
            continue
        for i, l in enumerate(p.lines):
            if len(l) == rnd - 1:
                out.append("%s@%s" % (kind, LINES[i]))
    return out


def setup_apply(p, action):
    q = p.copy()
    colour, rnd = setup_turn(p)
    kind, line = action.split("@")
    q.lines[LINES.index(line)].append(colour + kind)
    n = q.neutral()
    if n is not None:
        placed = sum(1 for l in q.lines for x in l if x[0] != n)
        if placed in (6, 12):
            for l in q.lines:
                if len(l) == (1 if placed == 12 else 0):
                    l.append(n + "N")
    t = setup_turn(q)
    q.to_move = t[0] if t else q.seats[0]
    return q


# ---------------------------------------------------------------- play

def finished(p):
    if 3 in p.wands:
        return True
    n = p.neutral()
    if n is not None and p.count() == 18:
        tops = [l[-1] for l in p.lines if l]
        if all(t[0] == n for t in tops):
            return True  # R10
    return False


def too_many(line):
    return any(sum(1 for x in line if x[0] == c) > 2 for c in COLOURS)


def destinations(p, o, kind):
    """Lines reachable from origin o (R2-R4), as a set of line indices."""
    others_cw = [(o + k) % 9 for k in range(1, 9) if p.lines[(o + k) % 9]]
    others_ccw = [(o - k) % 9 for k in range(1, 9) if p.lines[(o - k) % 9]]
    dests = set()
    for d in DISTANCES[kind]:
        if d <= len(others_cw):
            dests.add(others_cw[d - 1])
            dests.add(others_ccw[d - 1])
    return dests


def play_legal(p):
    me = p.to_move
    seat = p.seats.index(me)
    out = []
    for o, line in enumerate(p.lines):
        if not line or line[-1][0] != me:
            continue
        kind = line[-1][1]
        for t in sorted(destinations(p, o, kind)):
            for n in range(1, len(line) + 1):
                group = line[len(line) - n:]
                landed = p.lines[t] + group
                if too_many(landed):
                    continue
                base = "%s:%d>%s" % (LINES[o], n, LINES[t])
                if len(landed) < 6:
                    out.append(base)
                    continue
                if kind == "M" and p.wands[seat] == 2:
                    out.append(base)  # third wand: no split
                    continue
                after = [len(l) for l in p.lines]
                after[o] -= n
                after[t] = 6
                empties = [i for i in range(9) if after[i] == 0]
                singles = [i for i in range(9) if after[i] == 1]
                for pair in empties:
                    rest = [e for e in empties if e != pair]
                    for third in (rest if rest else singles):
                        out.append(base + "/%s,%s" % (LINES[pair], LINES[third]))
    if me not in p.last_swap:
        mine = []
        for i, line in enumerate(p.lines):
            for s, x in enumerate(line):
                if x[0] == me:
                    mine.append((i, s, s == len(line) - 1))
        for a in range(len(mine)):
            for b in range(a + 1, len(mine)):
                x, y = mine[a], mine[b]
                if not x[2] and not y[2]:
                    continue
                if x[2] and y[2]:
                    first, second = (x, y) if x[0] < y[0] else (y, x)
                elif x[2]:
                    first, second = x, y
                else:
                    first, second = y, x
                out.append("%s%d=%s%d" % (LINES[first[0]], first[1] + 1,
                                          LINES[second[0]], second[1] + 1))
    if not out:
        out.append("pass")
    return out


def play_apply(p, action):
    q = p.copy()
    me = p.to_move
    seat = p.seats.index(me)
    if action == "pass":
        q.last_swap.discard(me)
    elif "=" in action:
        a, b = action.split("=")
        la, sa = LINES.index(a[0]), int(a[1]) - 1
        lb, sb = LINES.index(b[0]), int(b[1]) - 1
        q.lines[la][sa], q.lines[lb][sb] = p.lines[lb][sb], p.lines[la][sa]
        q.last_swap.add(me)
    else:
        q.last_swap.discard(me)
        split = None
        if "/" in action:
            action, split = action.split("/")
        o, rest = action.split(":")
        n, t = rest.split(">")
        o, n, t = LINES.index(o), int(n), LINES.index(t)
        group = q.lines[o][len(q.lines[o]) - n:]
        q.lines[o] = q.lines[o][:len(q.lines[o]) - n]
        q.lines[t] = q.lines[t] + group
        if len(q.lines[t]) == 6:
            star = q.lines[t][5]
            if star[1] == "M":
                q.wands[seat] += 1
            if q.wands[seat] < 3:
                pair, third = split.split(",")
                dest = q.lines[t]
                q.lines[LINES.index(pair)] += [dest[5], dest[4]]
                q.lines[LINES.index(third)] += [dest[3]]
                q.lines[t] = dest[:3]
    q.to_move = next_colour(p)
    return q


def legal(p):
    if finished(p):
        return []
    if setup_turn(p) is not None:
        return setup_legal(p)
    return play_legal(p)


def apply(p, action):
    if setup_turn(p) is not None:
        return setup_apply(p, action)
    return play_apply(p, action)


def perft(p, depth):
    if depth == 0:
        return 1
    acts = legal(p)
    if depth == 1:
        return len(acts)
    return sum(perft(apply(p, a), depth - 1) for a in acts)


def check_file(path, max_depth):
    bad = 0
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(";")]
        p = parse(fields[0])
        for f in fields[1:]:
            d, n = f[1:].split(" ")
            d, n = int(d), int(n)
            if d > max_depth:
                continue
            got = perft(p, d)
            status = "ok" if got == n else "MISMATCH (reference %d)" % got
            if got != n:
                bad += 1
            print("%s D%d %d %s" % (fields[0], d, n, status))
    print("%d mismatches" % bad)
    return bad


def main(argv):
    cmd = argv[1]
    if cmd == "perft":
        print(perft(parse(argv[2]), int(argv[3])))
    elif cmd == "divide":
        p = parse(argv[2])
        for a in sorted(legal(p)):
            print(a, perft(apply(p, a), int(argv[3]) - 1))
    elif cmd == "legal":
        for a in sorted(legal(parse(argv[2]))):
            print(a)
    elif cmd == "apply":
        p = parse(argv[2])
        for a in argv[3:]:
            assert a in legal(p), "illegal: %s" % a
            p = apply(p, a)
        print(p.fmt())
    elif cmd == "check":
        sys.exit(1 if check_file(argv[2], int(argv[3]) if len(argv) > 3 else 99) else 0)
    else:
        print(__doc__)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv)
