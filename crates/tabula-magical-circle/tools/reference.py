#!/usr/bin/env python3
"""Independent reference implementation of Magical Circle, for perft cross-checks.

A deliberately simple re-implementation of the rules (shared/rules/magical-circle.md, the
digital edition D1-D10 and the rulings D11- of docs/rules/magical-circle.md), written from
the rules text and not from the Rust code. It reads the position notation of the Rust crate
and counts action paths (perft): the acting seats' actions (every racing seat's during the
race) and chance outcomes count as actions; the host's `timeout` does not (as in
tabula_core::perft).

Run from the crate directory:

    python3 tools/reference.py tests/data/perft.txt          # check every line of the file
    python3 tools/reference.py --print tests/data/perft.txt  # print the counts it computes

Each data line is `<position> ;D1 n ;D2 n ...` (tabula_core's perft format). A comment line
`# params: players=3,deck_step=120,target=2,swap_values=1234` sets the parameters of the
lines after it (the Rust test reads the same comment).
"""

import itertools
import sys

LETTERS = "FWEALD"
ALL_ARRANGEMENTS = ["".join(p) for p in itertools.permutations(LETTERS)]
PAIRS = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)]


class Params:
    def __init__(self, players=2, deck_step=20, target=None, swap_values="1234"):
        self.players = players
        self.deck = ALL_ARRANGEMENTS[::deck_step]
        self.target = target if target is not None else (4 if players >= 4 else 5)
        self.values = frozenset(int(c) for c in swap_values)


def parse_values(text):
    return frozenset() if text == "-" else frozenset(int(c) for c in text)


def parse_cards(text):
    return [] if text == "-" else text.split(",")


def parse_seats(text):
    return set() if text == "-" else {int(c) - 1 for c in text}


def parse_position(params, text):
    f = dict(tok.split("=", 1) for tok in text.split())
    s = {
        "phase": f["phase"],
        "arr": f["arr"],
        "revealed": parse_cards(f["revealed"]),
        "excluded": parse_seats(f["excluded"]),
        "voted": parse_seats(f["voted"]),
        "first": int(f["first"]) - 1,
        "discard": set(parse_cards(f["discard"])),
        "under": set(parse_cards(f["under"])),
        "active": int(f["active"]) - 1 if "active" in f else None,
        "played": parse_values(f.get("play", "-")),
        "done": int(f.get("done", "0")),
        "last": None,
        "hands": [],
        "faceup": [],
        "won": [],
    }
    if f.get("last", "-") != "-":
        s["last"] = tuple(sorted((int(f["last"][0]), int(f["last"][1]))))
    for seat in f["seats"].split("/"):
        hand, up, won = seat.split(":")
        s["hands"].append(parse_values(hand))
        s["faceup"].append(parse_values(up))
        s["won"].append(parse_cards(won))
    used = set(s["revealed"]) | s["discard"] | s["under"]
    for w in s["won"]:
        used |= set(w)
    s["top"] = set(params.deck) - used
    return s


def copy(s):
    c = dict(s)
    for key in ("revealed", "hands", "faceup"):
        c[key] = list(s[key])
    c["won"] = [list(w) for w in s["won"]]
    for key in ("excluded", "voted", "discard", "under", "top"):
        c[key] = set(s[key])
    return c


def racers(params, s):
    return [p for p in range(params.players) if p not in s["excluded"]]


def legal(params, s):
    ph = s["phase"]
    if ph == "setup":
        return [("setup", a) for a in ALL_ARRANGEMENTS]
    if ph == "reveal":
        return [("reveal", c) for c in sorted(s["top"])]
    if ph == "race":
        out = []
        for p in racers(params, s):
            out.append(("claim", p))
            if p not in s["voted"]:
                out.append(("vote", p))
        return out
    if ph == "play":
        hand = sorted(s["hands"][s["active"]])
        plays = [frozenset([v]) for v in hand]
        plays += [frozenset(c) for c in itertools.combinations(hand, 2)]
        return [("play", p) for p in plays]
    if ph == "swap":
        return [("swap", p) for p in PAIRS if p != s["last"]]
    return []


def begin_round(s):
    """Rule 9 then rule 1: reshuffle the discards under the pile if it holds < 3 cards."""
    s["revealed"] = []
    s["voted"] = set()
    if len(s["top"]) + len(s["under"]) < 3:
        s["under"] |= s["discard"]
        s["discard"] = set()
    if not s["top"]:
        s["top"], s["under"] = s["under"], set()
    s["phase"] = "reveal"


def apply(params, s, action):
    s = copy(s)
    kind, arg = action
    if kind == "setup":
        s["arr"] = arg
        begin_round(s)
    elif kind == "reveal":
        s["top"].discard(arg)
        s["revealed"].append(arg)
        if not s["top"]:
            s["top"], s["under"] = s["under"], set()
        if len(s["revealed"]) == 3:
            s["phase"] = "race"
    elif kind == "claim":
        s["active"] = arg
        s["voted"] = set()
        s["phase"] = "play"
    elif kind == "vote":
        s["voted"].add(arg)
        if s["voted"] == set(racers(params, s)):
            s["discard"] |= set(s["revealed"])
            begin_round(s)
    elif kind == "play":
        a = s["active"]
        s["hands"][a] = s["hands"][a] - arg
        s["played"] = arg
        s["done"] = 0
        s["last"] = None
        s["phase"] = "swap"
    elif kind == "swap":
        p, q = arg
        arr = list(s["arr"])
        arr[p - 1], arr[q - 1] = arr[q - 1], arr[p - 1]
        s["arr"] = "".join(arr)
        s["done"] += 1
        s["last"] = arg
        if s["done"] == sum(s["played"]):
            finish_attempt(params, s)
    return s


def finish_attempt(params, s):
    a = s["active"]
    played = s["played"]
    if s["arr"] in s["revealed"]:
        s["won"][a].append(s["arr"])
        s["discard"] |= set(s["revealed"]) - {s["arr"]}
        s["faceup"][a] = s["faceup"][a] | played
        if len(s["hands"][a]) <= 1:
            s["hands"][a] = params.values
            s["faceup"][a] = frozenset()
        s["excluded"] = set()
        s["first"] = a
        if len(s["won"][a]) >= params.target:
            s["phase"] = "won"
            s["revealed"] = []
            return
    else:
        if s["won"][a]:
            s["discard"].add(s["won"][a].pop())
        s["hands"][a] = s["hands"][a] | played
        s["discard"] |= set(s["revealed"])
        s["excluded"].add(a)
        if len(s["excluded"]) == params.players:
            s["excluded"] = set()
        s["first"] = a
    s["played"] = frozenset()
    s["done"] = 0
    s["last"] = None
    s["active"] = None
    begin_round(s)


def perft(params, s, depth):
    if depth == 0:
        return 1
    actions = legal(params, s)
    if depth == 1:
        return len(actions)
    return sum(perft(params, apply(params, s, a), depth - 1) for a in actions)


def parse_params(text):
    kw = dict(kv.split("=") for kv in text.split(","))
    return Params(
        players=int(kw.get("players", 2)),
        deck_step=int(kw.get("deck_step", 20)),
        target=int(kw["target"]) if "target" in kw else None,
        swap_values=kw.get("swap_values", "1234"),
    )


def parse_line(line):
    fields = line.split(";")
    position = fields[0].strip()
    counts = []
    for f in fields[1:]:
        d, n = f.strip()[1:].split()
        counts.append((int(d), int(n)))
    return position, counts


def main(argv):
    show = "--print" in argv
    paths = [a for a in argv if a != "--print"]
    failures = 0
    for path in paths:
        params = Params()
        for raw in open(path):
            line = raw.strip()
            if line.startswith("# params:"):
                params = parse_params(line[len("# params:"):].strip())
            if show and (not line or line.startswith("#")):
                print(line)
            if not line or line.startswith("#"):
                continue
            position, counts = parse_line(line)
            s = parse_position(params, position)
            got = [(d, perft(params, s, d)) for d, _ in counts]
            if show:
                print(position, " ".join(f";D{d} {n}" for d, n in got))
            for (d, want), (_, n) in zip(counts, got):
                if want != n:
                    failures += 1
                    print(f"MISMATCH depth {d}: file {want}, reference {n}: {position}")
    print("all counts agree" if failures == 0 else f"{failures} mismatches")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
