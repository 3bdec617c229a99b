// mc-solver.js — Magical Circle plans from public information only: which swap cards to play
// and which swaps to make (exactly k of them, never the same pair twice in a row) to turn the
// tokens into one of the revealed cards. Used by the match page's "Hint" button, which only
// ever points at actions of the seat's legal list; pure functions (no DOM), so the end-to-end
// tests import it too.

const PAIRS = [];
for (let p = 1; p <= 6; p++) for (let q = p + 1; q <= 6; q++) PAIRS.push(`${p}${q}`);

/** The arrangement after swapping the tokens on places p and q (1-based). */
export function swap(arr, pair) {
  const a = [...arr];
  const p = Number(pair[0]) - 1;
  const q = Number(pair[1]) - 1;
  [a[p], a[q]] = [a[q], a[p]];
  return a.join('');
}

/** A sequence of exactly `k` swaps (pairs like "25") from `arr` to one of `cards`, the first
 * differing from `last`; or null. Depth-first with memory of dead ends. */
export function swapsTo(arr, cards, k, last = null) {
  const targets = new Set(cards);
  const dead = new Set();
  const walk = (a, left, prev) => {
    if (left === 0) return targets.has(a) ? [] : null;
    const key = `${a}|${left}|${prev}`;
    if (dead.has(key)) return null;
    for (const pair of PAIRS) {
      if (pair === prev) continue;
      const rest = walk(swap(a, pair), left - 1, pair);
      if (rest) return [pair, ...rest];
    }
    dead.add(key);
    return null;
  };
  return walk(arr, k, last);
}

/** The card a sequence of swaps leads to (or null). */
export function cardReached(arr, cards, swaps) {
  const end = swaps.reduce(swap, arr);
  return cards.includes(end) ? end : null;
}

/** Every way to play 1 or 2 swap cards of `hand` that can win a card: [{play, k, swaps, card}],
 * fewest swaps first. */
export function plans(arr, cards, hand) {
  const plays = [];
  hand.forEach((a, i) => {
    plays.push([a]);
    hand.slice(i + 1).forEach((b) => plays.push([a, b]));
  });
  const out = [];
  for (const play of plays) {
    const k = play.reduce((x, y) => x + y, 0);
    const swaps = swapsTo(arr, cards, k);
    if (swaps) out.push({ play: [...play].sort((x, y) => x - y), k, swaps, card: cardReached(arr, cards, swaps) });
  }
  return out.sort((x, y) => x.k - y.k);
}
