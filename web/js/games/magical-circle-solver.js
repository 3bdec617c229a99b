// games/magical-circle-solver.js — Magical Circle plans from public information only: which swap cards to play
// and which swaps to make (exactly k of them, never the same pair twice in a row) to turn the
// tokens into one of the revealed cards, and the hints the match page's "Hint" button gives
// from them: only to a seat whose every opponent is a bot (or when the match allows hints),
// one step per press, never the whole plan at once. Pure functions (no DOM), so the tests
// import them too.

import { t } from '../i18n.js';

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

const pairText = (p) => `${p[0]}↔${p[1]}`;

/** Whether the seat watching `state` may be given hints: it sits at the table, and every
 * other seat is a bot or the match says `"hints": true` (a race between people is fair only
 * without them; a missing field means no). */
export function hintsAllowed(state) {
  if (!state || !state.you) return false;
  if (state.hints === true) return true;
  return state.seats.every((seat) => seat.seat === state.you || seat.kind === 'bot');
}

/**
 * The hint after the Hint button was pressed `presses` times (1, 2, …) at this state: the
 * next step only. Racing or playing swap cards: first which card can be made with which swap
 * cards, then (pressing again) the first swap; swapping: the next swap. Returns {text, next}
 * where `next` is the legal action the hint points at, or null.
 */
export function hintFor(state, presses = 1) {
  const v = state.view;
  const legal = state.legal;
  const me = v.seats[state.you - 1];
  const pointAt = (a) => (legal.includes(a) ? a : null);
  if (v.attempt && v.attempt.seat === state.you && v.phase === 'swap') {
    const at = v.attempt;
    const seq = swapsTo(v.arrangement, v.revealed, at.k - at.swaps_done, at.last_pair);
    if (!seq) return { text: t('mc.hint.noneLeft'), next: null };
    const left = seq.length - 1;
    return { text: left ? t('mc.hint.nextSwapMore', { pair: pairText(seq[0]), n: left }) : t('mc.hint.nextSwapLast', { pair: pairText(seq[0]) }), next: pointAt(`swap:${seq[0]}`) };
  }
  const best = me ? plans(v.arrangement, v.revealed, me.hand)[0] : null;
  if (!best) {
    return { text: t('mc.hint.noneNow'), next: pointAt('vote') };
  }
  const card = v.revealed.indexOf(best.card) + 1;
  const next = pointAt('claim') || pointAt(`play:${best.play.join('')}`);
  const cards = best.play.length > 1 ? t('mc.hint.cards', { cards: best.play.join(' + ') }) : t('mc.hint.card', { card: best.play[0] });
  if (presses <= 1) {
    return { text: t('mc.hint.canMake', { card, cards, n: best.k }), next };
  }
  return { text: t('mc.hint.firstSwap', { card, cards, pair: pairText(best.swaps[0]) }), next };
}
