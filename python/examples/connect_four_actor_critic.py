"""An actor-critic that learns Connect Four against the `beginner` bot, numpy only, on
`tabula.vector` (an example and a benchmark, not a test).

    pip install ./python
    python python/examples/connect_four_actor_critic.py --minutes 10 --out curve.csv --svg curve.svg

The agent plays both colours: two vector environments of `--envs` games each, one where the
bot `beginner` plays seat 1 inside Rust, one where it plays seat 0, so the agent only ever
sees its own turns. The network is a two-layer perceptron (the 2×6×7 observation, seen from
the agent's seat, and three tactical flags per column computed in numpy from it: the column
wins now, blocks the other's win now, lets the other win on the cell above; to 256 hidden
units, then 7 logits and a value), trained by advantage
actor-critic: rollouts of `--horizon` steps, advantages by GAE (λ = 0.95), an entropy bonus,
Adam. Illegal columns are masked out of the policy. Every `--eval-every` seconds the greedy
policy plays `--eval-games` games against `beginner` (half as each colour, seeds apart from
training) and the shares of games won and drawn are printed and written to the CSV; at the
end `--final-games` games are played the same way; `--svg` draws the curve.
"""

from __future__ import annotations

import argparse
import os
import time

# Small matrices: BLAS threads only wait for each other (and for the env's threads).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

from tabula.vector import make_native  # noqa: E402

ACTIONS, BOARD = 7, 84
OBS = BOARD + 3 * ACTIONS


def _lines() -> np.ndarray:
    """The 69 lines of four cells (cell = 7·row + column, row 0 at the bottom)."""
    out = []
    for r in range(6):
        for c in range(7):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= rr < 6 and 0 <= cc < 7 for rr, cc in cells):
                    out.append([7 * rr + cc for rr, cc in cells])
    return np.array(out)


LINES = _lines()


def _winning_cells(mine: np.ndarray, empty: np.ndarray) -> np.ndarray:
    """[N, 42]: the empty cells that would complete a line of `mine`'s stones."""
    full = mine[:, LINES].sum(axis=2) == 3                       # [N, 69]
    hole = empty[:, LINES] & full[:, :, None]                    # [N, 69, 4]
    out = np.zeros(mine.shape, bool)
    n, li, k = np.nonzero(hole)
    out[n, LINES[li, k]] = True
    return out


def features(obs: np.ndarray) -> np.ndarray:
    """The board (the agent's stones, the other's) and, per column, three tactical flags
    computed here: playing it wins now; it blocks the other's win now; it lets the other
    win on the cell above."""
    board = obs.reshape(len(obs), 2, 42) > 0
    mine, theirs = board[:, 0], board[:, 1]
    empty = ~(mine | theirs)
    height = (~empty).reshape(-1, 6, 7).sum(axis=1)               # [N, 7]
    cols = np.arange(7)
    playable = height < 6
    cell = np.minimum(height, 5) * 7 + cols
    above = np.minimum(height + 1, 5) * 7 + cols
    rows = np.arange(len(obs))[:, None]
    win = _winning_cells(mine, empty)[rows, cell] & playable
    block = _winning_cells(theirs, empty)[rows, cell] & playable
    gift = _winning_cells(theirs, empty)[rows, above] & playable & (height < 5)
    return np.concatenate([obs.reshape(len(obs), -1), win, block, gift], axis=1,
                          dtype=np.float32)


class Net:
    """obs → ReLU(256) → (7 logits, value); Adam on every parameter."""

    def __init__(self, rng: np.random.Generator, hidden: int = 256, lr: float = 1e-3):
        self.p = {
            "w1": rng.normal(0, np.sqrt(2 / OBS), (OBS, hidden)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "wp": rng.normal(0, 0.01, (hidden, ACTIONS)).astype(np.float32),
            "bp": np.zeros(ACTIONS, np.float32),
            "wv": rng.normal(0, 0.01, (hidden, 1)).astype(np.float32),
            "bv": np.zeros(1, np.float32),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t, self.lr = 0, lr

    def forward(self, x: np.ndarray, mask: np.ndarray):
        h = np.maximum(x @ self.p["w1"] + self.p["b1"], 0)
        logits = np.where(mask, h @ self.p["wp"] + self.p["bp"], -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        value = (h @ self.p["wv"] + self.p["bv"])[:, 0]
        return h, probs, value

    def update(self, x, mask, actions, adv, returns, entropy_coef=0.01, value_coef=0.5):
        n = len(x)
        h, probs, value = self.forward(x, mask)
        onehot = np.zeros_like(probs)
        onehot[np.arange(n), actions] = 1
        # d(-log π(a) · A - c·H)/dlogits, masked entries stay 0.
        logp = np.log(np.clip(probs, 1e-12, 1))
        entropy = -(probs * logp).sum(axis=1, keepdims=True)
        g_logits = (probs - onehot) * adv[:, None]
        g_logits += entropy_coef * probs * (logp + entropy)
        g_logits = np.where(mask, g_logits, 0) / n
        g_value = (value_coef * 2 * (value - returns) / n)[:, None]
        grads = {
            "wp": h.T @ g_logits, "bp": g_logits.sum(0),
            "wv": h.T @ g_value, "bv": g_value.sum(0),
        }
        g_h = (g_logits @ self.p["wp"].T + g_value @ self.p["wv"].T) * (h > 0)
        grads["w1"], grads["b1"] = x.T @ g_h, g_h.sum(0)
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9 ** self.t)
            v = self.v[k] / (1 - 0.999 ** self.t)
            self.p[k] -= (self.lr * m / (np.sqrt(v) + 1e-8)).astype(np.float32)
        return float(entropy.mean())


def envs(n: int, threads: int, seed: int):
    """Two vector envs: the agent as seat 0, and as seat 1 (`beginner` has the other)."""
    out = []
    for k, bot_seat in enumerate((1, 0)):
        env = make_native("connect-four", n, opponent="beginner", opponent_seats=[bot_seat],
                          threads=threads)
        env.reset(seed + k)
        out.append((env, 1 - bot_seat))
    return out


def evaluate(net: Net, games: int, threads: int, seed: int) -> tuple[float, float]:
    """The greedy policy's share of wins and of draws against `beginner`, `games` games
    (half per colour, each game's first end counted)."""
    wins = draws = played = 0
    for env, seat in envs(games // 2, threads, seed):
        done = np.zeros(env.num_envs, bool)
        while not done.all():
            _, probs, _ = net.forward(features(env.observations), env.masks)
            env.step(probs.argmax(axis=1).astype(np.int64))
            ended = (env.terminated | env.truncated) & ~done
            reward = env.rewards[ended, seat]
            wins += int((reward == 1).sum())
            draws += int((reward == 0.5).sum())
            played += int(ended.sum())
            done |= ended
    return wins / played, draws / played


def svg(rows, path: str) -> None:
    """The learning curve (score against minutes) as an SVG line plot, no dependency."""
    w, h, m = 640, 320, 40
    tmax = max(r[0] for r in rows) / 60 or 1
    pts = " ".join(f"{m + (w - 2 * m) * r[0] / 60 / tmax:.1f},{h - m - (h - 2 * m) * r[2]:.1f}"
                   for r in rows)
    half = h - m - (h - 2 * m) * 0.5
    grid = "".join(
        f'<line x1="{m}" x2="{w - m}" y1="{h - m - (h - 2 * m) * y}" y2="{h - m - (h - 2 * m) * y}" '
        f'stroke="#ddd"/><text x="{m - 6}" y="{h - m - (h - 2 * m) * y + 4}" font-size="11" '
        f'text-anchor="end">{y:.2f}</text>' for y in (0, 0.25, 0.5, 0.75, 1))
    with open(path, "w") as f:
        f.write(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'font-family="sans-serif">{grid}'
            f'<line x1="{m}" x2="{w - m}" y1="{half}" y2="{half}" stroke="#888" '
            f'stroke-dasharray="4 3"/>'
            f'<polyline fill="none" stroke="#c33" stroke-width="2" points="{pts}"/>'
            f'<text x="{w / 2}" y="{h - 8}" font-size="12" text-anchor="middle">minutes of '
            f'training (up to {tmax:.1f})</text>'
            f'<text x="{m}" y="20" font-size="12">share of games won against beginner '
            f'(greedy policy, {rows[-1][4]} games per point)</text></svg>\n')


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--envs", type=int, default=128, help="games per colour")
    ap.add_argument("--horizon", type=int, default=16)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--eval-every", type=float, default=30, help="seconds")
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--final-games", type=int, default=1000, help="after training")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=None, help="CSV of the curve")
    ap.add_argument("--svg", default=None, help="SVG plot of the curve")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    net = Net(rng, lr=args.lr)
    train = envs(args.envs, args.threads, args.seed)
    n = args.envs
    gamma, lam = 0.99, 0.95
    start, steps, next_eval, rows = time.perf_counter(), 0, 0.0, []
    while True:
        elapsed = time.perf_counter() - start
        if elapsed >= next_eval or elapsed >= args.minutes * 60:
            won, drawn = evaluate(net, args.eval_games, args.threads, 10_000 + len(rows))
            rows.append((elapsed, steps, won, drawn, args.eval_games))
            print(f"{elapsed / 60:6.2f} min  {steps:>10,} steps  won {won:.3f}  drawn {drawn:.3f}",
                  flush=True)
            next_eval = elapsed + args.eval_every
            if elapsed >= args.minutes * 60:
                break
        for env, seat in train:
            xs, masks, acts, rews, vals, dones = [], [], [], [], [], []
            for _ in range(args.horizon):
                x = features(env.observations)
                mask = env.masks.copy()
                _, probs, value = net.forward(x, mask)
                cum = probs.cumsum(axis=1)
                a = (cum < rng.random((n, 1))).sum(axis=1).clip(0, ACTIONS - 1)
                a = np.where(mask[np.arange(n), a], a, probs.argmax(axis=1))
                env.step(a.astype(np.int64))
                ended = env.terminated | env.truncated
                r = np.where(env.terminated, 2 * env.rewards[:, seat] - 1, 0).astype(np.float32)
                xs.append(x), masks.append(mask), acts.append(a)
                rews.append(r), vals.append(value), dones.append(ended)
            _, _, last = net.forward(features(env.observations), env.masks)
            adv = np.zeros((args.horizon, n), np.float32)
            gae = np.zeros(n, np.float32)
            for t in reversed(range(args.horizon)):
                nxt = last if t == args.horizon - 1 else vals[t + 1]
                nonterminal = 1.0 - dones[t]
                delta = rews[t] + gamma * nxt * nonterminal - vals[t]
                gae = delta + gamma * lam * nonterminal * gae
                adv[t] = gae
            returns = adv + np.array(vals)
            flat_adv = adv.reshape(-1)
            flat_adv = (flat_adv - flat_adv.mean()) / (flat_adv.std() + 1e-8)
            net.update(np.concatenate(xs), np.concatenate(masks), np.concatenate(acts),
                       flat_adv, returns.reshape(-1))
            steps += args.horizon * n
    won, drawn = evaluate(net, args.final_games, args.threads, 99_999)
    print(f"final: {args.final_games} games against beginner, won {won:.3f}, drawn {drawn:.3f}, "
          f"lost {1 - won - drawn:.3f} ({steps:,} steps in {elapsed / 60:.1f} min)")
    if args.out:
        with open(args.out, "w") as f:
            f.write("seconds,steps,won,drawn,games\n")
            f.writelines(f"{t:.1f},{s},{v:.4f},{d:.4f},{g}\n" for t, s, v, d, g in rows)
    if args.svg:
        svg(rows, args.svg)


if __name__ == "__main__":
    main()
