#!/usr/bin/env python3
"""Independent reference implementation of China Moon's move rules, for cross-checking the
Rust engine's perft counts (tests/data/perft.txt).

Written from shared/rules/china-moon.md (and the engine's rulings R8-R13 and R17 in
docs/rules/china-moon.md) without reading the Rust move generator: positions in the
engine's one-line notation, actions as strings in the rules' notation, chance outcomes of the
setup counted as actions.

R5's variant `butterfly_drop = skip_frogs_only` (`--butterfly-drop skip_frogs_only`): a
butterfly's flower goes to the first space behind holding no frog, flowers or not, so a space
may hold several flowers (written once per flower, `18y,18w`); a frog ending its move there
takes them all (R17).

Run from the crate directory:

    python3 tools/reference.py tests/data/perft.txt            # check every line, print counts
    python3 tools/reference.py --board boards/standard.json --divide 2 "<position>"
    python3 tools/reference.py --butterfly-drop skip_frogs_only tests/data/perft_drop.txt

The perft file's positions are read on the standard board (boards/standard.json) unless
`--board` names another board file. Exit status 1 when a count differs from the file.
"""

import json
import sys
from collections import Counter

COLOURS = "ypwku"  # notation order in hands
TOTAL = {"y": 5, "p": 5, "w": 5, "k": 1, "u": 1}
# R5 (`skip_flowers`) or its variant (`skip_frogs_only`), set by `--butterfly-drop`.
BUTTERFLY_DROP = "skip_flowers"


def pile(letters):
    """The flowers of one space as letters in notation order."""
    return "".join(sorted(letters, key=COLOURS.index))


def load_board(path):
    with open(path) as f:
        data = json.load(f)
    board = {}
    for s in data["spaces"]:
        sid = str(s["id"])
        board[sid] = {
            "kind": s["kind"],
            "next": [str(n) for n in s.get("next", [])],
            "back": None if s.get("back") is None else str(s["back"]),
        }
    return board


def parse(text, players_hint=None):
    f = text.split()
    assert len(f) == 9, "nine fields"
    frogs = [g.split(",") for g in f[1].split("/")]
    flowers = {}
    if f[2] != "-":
        for item in f[2].split(","):
            flowers[item[:-1]] = pile(flowers.get(item[:-1], "") + item[-1])
    hands = [Counter() if h == "-" else Counter(h) for h in f[3].split("/")]
    spots = [None if c == "-" else c for c in f[4]]
    out = Counter() if f[5] == "-" else Counter(f[5])
    turn = f[6] if f[6] == "setup" else int(f[6])
    moved = [] if f[7] == "-" else [(int(a), b) for a, b in (m.split("@") for m in f[7].split(","))]
    ask = None
    if f[8] != "-":
        who, space = f[8][1:].split("@")
        ask = (f[8][0], int(who), space)
    return {
        "ref": f[0], "frogs": frogs, "flowers": flowers, "hands": hands, "spots": spots,
        "out": out, "turn": turn, "moved": moved, "ask": ask,
    }


def copy(st):
    return {
        "ref": st["ref"], "frogs": [list(x) for x in st["frogs"]],
        "flowers": dict(st["flowers"]), "hands": [Counter(h) for h in st["hands"]],
        "spots": list(st["spots"]), "out": Counter(st["out"]), "turn": st["turn"],
        "moved": list(st["moved"]), "ask": st["ask"],
    }


def in_goal(st):
    return sum(fs.count("G") for fs in st["frogs"])


def occupied(st):
    return {p for fs in st["frogs"] for p in fs if p not in ("S", "G")}


def hop(board, occ, p):
    """Every landing of one hop from p: the nearest frog-free space on each branch."""
    res = set()
    for n in board[p]["next"]:
        if n == "G" or n not in occ:
            res.add(n)
        else:
            res |= hop(board, occ, n)
    return res


def paths(board, occ, p):
    """All landing lists of a frog move starting on p (spring chains followed)."""
    result = []

    def go(at, acc, hops_in_stretch):
        for l in sorted(hop(board, occ, at), key=order_key):
            nacc = acc + [l]
            if l == "G":
                result.append(nacc)
            elif hops_in_stretch == 0:
                go(l, nacc, 1)
            elif board[l]["kind"] == "spring":
                go(l, nacc, 0)
            else:
                result.append(nacc)

    go(p, [], 0)
    return result


def order_key(sid):
    return (0, 0) if sid == "S" else (2, 0) if sid == "G" else (1, int(sid))


def exchanges(st, owner):
    players = len(st["frogs"])
    mine = st["hands"][owner - 1]
    opts = []
    for other in range(1, players + 1):
        if other == owner:
            continue
        theirs = st["hands"][other - 1]
        for give in COLOURS:
            if mine[give] <= 0:
                continue
            for take in COLOURS:
                if take != give and theirs[take] > 0:
                    opts.append((other, give, take))
    return opts


def setup_slots(board):
    lotus = sorted((s for s in board if board[s]["kind"] == "lotus"), key=int)
    return ["G1", "G2", "G3"] + lotus


def legal(board, st):
    """(action string, probability or None) pairs."""
    if st["turn"] == "setup":
        for slot in setup_slots(board):
            filled = st["spots"][int(slot[1]) - 1] is not None if slot[0] == "G" else slot in st["flowers"]
            if not filled:
                break
        if slot[0] == "G":
            left = [c for c in "ypw" if c not in st["spots"]]
            return [(f"{slot}={c}", 1 / len(left)) for c in left]
        placed = Counter("".join(st["flowers"].values())) + Counter(c for c in st["spots"] if c)
        bag = {c: TOTAL[c] - placed[c] for c in "ypw"}
        n = sum(bag.values())
        return [(f"{slot}={c}", bag[c] / n) for c in "ypw" if bag[c] > 0]
    if in_goal(st) >= 4:
        return []
    if st["ask"] is not None:
        kind, owner, _ = st["ask"]
        if kind == "x":
            return [(f"x{o}:{g}/{t}", None) for o, g, t in exchanges(st, owner)]
        return [(f"drop:{c}", None) for c in COLOURS if st["hands"][owner - 1][c] > 0]
    mover = st["turn"]
    occ = occupied(st)
    moved = Counter(st["moved"])
    own_moved = sum(n for (s, _), n in moved.items() if s == mover)
    must_foreign = len(st["moved"]) == 2 and own_moved == 2
    acts = []
    for seat, fs in enumerate(st["frogs"], start=1):
        if must_foreign and seat == mover:
            continue
        for p in sorted(set(fs), key=order_key):
            if p == "G":
                continue
            if p != "S" and moved[(seat, p)] >= fs.count(p):
                continue
            for path in paths(board, occ, p):
                acts.append((f"{seat}@{p}>" + ">".join(path), None))
    return acts


def end_of_frog_move(st):
    if len(st["moved"]) == 3:
        st["moved"] = []
        st["turn"] = st["turn"] % len(st["frogs"]) + 1


def drop_space(board, st, butterfly):
    occ = occupied(st)
    s = board[butterfly]["back"]
    while s != "S":
        if s not in occ and (BUTTERFLY_DROP == "skip_frogs_only" or s not in st["flowers"]):
            return s
        s = board[s]["back"]
    return None


def do_drop(board, st, owner, butterfly, c):
    st["hands"][owner - 1][c] -= 1
    target = drop_space(board, st, butterfly)
    if target is None:
        st["out"][c] += 1
    else:
        st["flowers"][target] = pile(st["flowers"].get(target, "") + c)


def apply(board, st, action):
    st = copy(st)
    if "=" in action:
        slot, c = action.split("=")
        if slot in ("G1", "G2", "G3"):
            st["spots"][int(slot[1]) - 1] = c
        else:
            st["flowers"][slot] = c
        if all(st["spots"][:3]) and all(s in st["flowers"] for s in setup_slots(board)[3:]):
            st["turn"] = 1
        return st
    if action.startswith("x"):
        _, owner, _ = st["ask"]
        other, rest = action[1:].split(":")
        give, take = rest.split("/")
        h, o = st["hands"][owner - 1], st["hands"][int(other) - 1]
        h[give] -= 1; o[give] += 1; o[take] -= 1; h[take] += 1
        st["ask"] = None
        end_of_frog_move(st)
        return st
    if action.startswith("drop:"):
        _, owner, space = st["ask"]
        do_drop(board, st, owner, space, action[5:])
        st["ask"] = None
        end_of_frog_move(st)
        return st
    who, rest = action.split("@")
    seat = int(who)
    steps = rest.split(">")
    origin, landings = steps[0], steps[1:]
    fs = st["frogs"][seat - 1]
    fs[fs.index(origin)] = landings[-1]
    st["moved"].append((seat, landings[-1]))
    hand = st["hands"][seat - 1]
    for k, l in enumerate(landings):
        if l == "G":
            n = sum(f.count("G") for f in st["frogs"])  # includes this frog
            c = st["spots"][n - 1]
            st["spots"][n - 1] = None
            hand[c] += 1
            if n == 4:
                return st
            end_of_frog_move(st)
            return st
        if k % 2 == 1 and l in st["flowers"]:
            for c in st["flowers"].pop(l):  # every flower lying there (R17)
                hand[c] += 1
    dest = landings[-1]
    kind = board[dest]["kind"]
    if kind == "stupid-frog":
        opts = exchanges(st, seat)
        if len(opts) == 1:
            other, give, take = opts[0]
            o = st["hands"][other - 1]
            hand[give] -= 1; o[give] += 1; o[take] -= 1; hand[take] += 1
        elif len(opts) > 1:
            st["ask"] = ("x", seat, dest)
            return st
    elif kind == "butterfly":
        colours = [c for c in COLOURS if hand[c] > 0]
        if len(colours) == 1:
            do_drop(board, st, seat, dest, colours[0])
        elif len(colours) > 1:
            st["ask"] = ("b", seat, dest)
            return st
    end_of_frog_move(st)
    return st


def perft(board, st, depth):
    if depth == 0:
        return 1
    acts = legal(board, st)
    if depth == 1:
        return len(acts)
    return sum(perft(board, apply(board, st, a), depth - 1) for a, _ in acts)


def main(argv):
    global BUTTERFLY_DROP
    board_path = "boards/standard.json"
    divide = None
    args = list(argv)
    if "--board" in args:
        i = args.index("--board")
        board_path = args[i + 1]
        del args[i:i + 2]
    if "--butterfly-drop" in args:
        i = args.index("--butterfly-drop")
        BUTTERFLY_DROP = args[i + 1]
        assert BUTTERFLY_DROP in ("skip_flowers", "skip_frogs_only"), BUTTERFLY_DROP
        del args[i:i + 2]
    if "--divide" in args:
        i = args.index("--divide")
        divide = int(args[i + 1])
        del args[i:i + 2]
    board = load_board(board_path)
    if divide is not None:
        st = parse(args[0])
        for a, _ in legal(board, st):
            print(a, perft(board, apply(board, st, a), divide - 1))
        return 0
    bad = 0
    with open(args[0]) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            pos, *counts = [x.strip() for x in line.split(";")]
            st = parse(pos)
            got = []
            for c in counts:
                d, n = c[1:].split()
                value = perft(board, st, int(d))
                got.append(f"D{d} {value}")
                if value != int(n):
                    bad += 1
                    print(f"MISMATCH depth {d}: file {n}, reference {value}: {pos}")
            print(pos, ";", " ;".join(got))
    print("all counts agree" if bad == 0 else f"{bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
