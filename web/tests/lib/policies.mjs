// lib/policies.mjs — how the tests' "human" chooses among its legal actions (read from the
// page's state, never invented): simple strategies that end games quickly against the random
// bot. Magical Circle uses the UI's own solver module (pure JS) to find a winning plan.

import { plans, swapsTo } from '../../js/games/magical-circle-solver.js';

const pick = (list, rnd) => list[Math.floor(rnd() * list.length)];

/** A small seeded generator, so that a failing run can be replayed. */
export function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function connectFour(state, rnd) {
  const rows = state.view.rows; // top row first
  const me = state.you === 1 ? 'x' : 'o';
  const them = me === 'x' ? 'o' : 'x';
  const grid = rows.map((r) => [...r]);
  const drop = (g, c, ch) => {
    for (let r = 5; r >= 0; r--) if (g[r][c] === '.') { g[r][c] = ch; return r; }
    return -1;
  };
  const wins = (g, ch) => {
    for (let r = 0; r < 6; r++) for (let c = 0; c < 7; c++) {
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
        let k = 0;
        while (k < 4 && g[r + dr * k]?.[c + dc * k] === ch) k++;
        if (k === 4) return true;
      }
    }
    return false;
  };
  const legal = state.legal;
  for (const ch of [me, them]) {
    for (const a of legal) {
      const g = grid.map((r) => [...r]);
      drop(g, Number(a) - 1, ch);
      if (wins(g, ch)) return a;
    }
  }
  const central = legal.filter((a) => Math.abs(Number(a) - 4) <= 1);
  return pick(central.length && rnd() < 0.7 ? central : legal, rnd);
}

function toumai(state, rnd) {
  const v = state.view;
  const legal = state.legal;
  if (v.phase !== 'play') return pick(legal, rnd);
  const line = Object.fromEntries(v.lines.map((l) => [l.name, l.pawns]));
  const colour = v.to_move;
  const flights = legal.map((a) => /^([a-i]):(\d)>([a-i])/.exec(a) && { a, m: /^([a-i]):(\d)>([a-i])/.exec(a) }).filter(Boolean);
  const topIsMagician = (l) => {
    const p = line[l][line[l].length - 1];
    return p && p.colour === colour && p.kind === 'M';
  };
  // 1. A flight that brings my magician to the star wins a wand.
  const wand = flights.filter(({ m }) => topIsMagician(m[1]) && line[m[3]].length + Number(m[2]) === 6);
  if (wand.length) return pick(wand, rnd).a;
  // 2. Bring my magician to the top of a line by a swap.
  const myM = v.lines.flatMap((l) => l.pawns.filter((p) => p.colour === colour && p.kind === 'M' && !p.top).map((p) => `${l.name}${p.square}`));
  const swaps = legal.filter((a) => a.includes('=') && myM.some((sq) => a.split('=').includes(sq)));
  if (swaps.length) return pick(swaps, rnd);
  // 3. Fly with my magician, building the highest line it can.
  const mFlights = flights.filter(({ m }) => topIsMagician(m[1]) && line[m[3]].length + Number(m[2]) < 6);
  if (mFlights.length) {
    const best = Math.max(...mFlights.map(({ m }) => line[m[3]].length + Number(m[2])));
    return pick(mFlights.filter(({ m }) => line[m[3]].length + Number(m[2]) === best), rnd).a;
  }
  // 4. Otherwise anything but a flight that completes a line for nothing.
  const calm = legal.filter((a) => !a.includes('/'));
  return pick(calm.length ? calm : legal, rnd);
}

function khanTsin(state, rnd) {
  const v = state.view;
  const legal = state.legal;
  if (v.phase !== 'movement') return pick(legal, rnd);
  const sq = (n) => v.squares[n - 1].tokens;
  const moves = legal.map((a) => ({ a, m: /^(\d+):(\d+)>(\d+)$/.exec(a) })).filter((x) => x.m);
  const khanTop = (n) => {
    const t = sq(n);
    return t.length && t[t.length - 1].khan;
  };
  const win = moves.filter(({ m }) => khanTop(Number(m[1])) && sq(Number(m[3])).length + Number(m[2]) === 9);
  if (win.length) return win[0].a;
  // Grow the Khan's stack: move the whole Khan stack onto the tallest reachable stack.
  const khanMoves = moves.filter(({ m }) => khanTop(Number(m[1])) && Number(m[2]) === sq(Number(m[1])).length);
  if (khanMoves.length && rnd() < 0.8) {
    const best = Math.max(...khanMoves.map(({ m }) => sq(Number(m[3])).length));
    return pick(khanMoves.filter(({ m }) => sq(Number(m[3])).length === best), rnd).a;
  }
  return pick(legal, rnd);
}

function chinaMoon(state, rnd) {
  const legal = state.legal;
  // Prefer moves of frogs that go furthest (the goal first).
  const goal = legal.filter((a) => a.endsWith('>G'));
  if (goal.length && rnd() < 0.8) return pick(goal, rnd);
  return pick(legal, rnd);
}

function magicalCircle(state) {
  const v = state.view;
  const legal = state.legal;
  const me = v.seats[state.you - 1];
  if (legal.some((a) => a.startsWith('swap:'))) {
    const at = v.attempt;
    const seq = swapsTo(v.arrangement, v.revealed, at.k - at.swaps_done, at.last_pair);
    const want = seq && `swap:${seq[0]}`;
    return legal.includes(want) ? want : legal[0];
  }
  const best = plans(v.arrangement, v.revealed, me.hand)[0];
  if (legal.some((a) => a.startsWith('play:'))) {
    const want = best && `play:${best.play.join('')}`;
    return legal.includes(want) ? want : legal.find((a) => a.startsWith('play:'));
  }
  if (best && legal.includes('claim')) return 'claim';
  if (legal.includes('vote')) return 'vote';
  return null; // nothing useful to do now: wait
}

export const POLICIES = {
  'connect-four': connectFour,
  toumai,
  'khan-tsin': khanTsin,
  'china-moon': chinaMoon,
  'magical-circle': magicalCircle,
};
