// games/magical-circle.js — Magical Circle: the circle with the Magical Lady at the top and
// the six element tokens on places 1–6 clockwise, the three revealed magic cards, the
// hourglass running down from the state's clock, and every seat's swap cards (in hand, face
// up) and magic cards won. Play: Claim the hourglass (or vote that no card can be made); when
// you hold it, pick 1 or 2 swap cards and Play them; then click two places to swap their
// tokens, as many times as the cards say. A Hint button (only for a seat whose opponents are
// all bots, or when the match allows hints) tells the next step of a winning plan found from
// the table (js/games/magical-circle-solver.js), one step per press, pointing only at legal actions.

import { s, h, fill } from '../dom.js';
import { PieceLayer } from '../anim.js';
import { markBoard } from '../chooser.js';
import { hintFor, hintsAllowed } from './magical-circle-solver.js';
import { t } from '../i18n.js';

const SEAT = ['#ff8a5c', '#5cc8ff', '#b8e986', '#d49cff', '#ffd84d'];
const SEAT_KEY = ['orange', 'blue', 'green', 'violet', 'yellow'];
const seatName = (n) => (SEAT_KEY[n - 1] ? t(`colour.${SEAT_KEY[n - 1]}`) : t('seat.n', { n }));
const EL = {
  F: { key: 'fire', fill: '#f0643a', dark: '#8a2a10' },
  W: { key: 'water', fill: '#2f8fe8', dark: '#124a85' },
  E: { key: 'earth', fill: '#8d6a3a', dark: '#48331a' },
  A: { key: 'air', fill: '#bfe3f5', dark: '#5d8aa3' },
  L: { key: 'light', fill: '#ffd84d', dark: '#a57d00' },
  D: { key: 'dark', fill: '#4b2a7a', dark: '#1f0f3a' },
};
for (const e of Object.values(EL)) Object.defineProperty(e, 'name', { get: () => t(`mc.el.${e.key}`) });
const RC = 82;
const placeAngle = (p) => ((-60 + 60 * (p - 1)) * Math.PI) / 180;
const placeXY = (p, r = RC) => [r * Math.cos(placeAngle(p)), r * Math.sin(placeAngle(p))];

function glyph(letter) {
  const ink = letter === 'A' || letter === 'L' ? EL[letter].dark : '#fff';
  switch (letter) {
    case 'F': return s('path', { d: 'M0 9 C-7 9 -8 2 -5 -3 C-4 0 -2 1 -2 1 C-3 -5 0 -9 2 -11 C2 -6 8 -3 7 3 C6 7 3 9 0 9 Z', fill: '#ffd0a0', stroke: ink, 'stroke-width': 0.8 });
    case 'W': return s('path', { d: 'M0 -11 C4 -4 8 0 8 4 C8 8 4 10 0 10 C-4 10 -8 8 -8 4 C-8 0 -4 -4 0 -11 Z', fill: '#bfe6ff', stroke: ink, 'stroke-width': 0.8 });
    case 'E': return s('path', { d: 'M-10 7 L-3 -6 L1 0 L4 -4 L10 7 Z', fill: '#7fbf6a', stroke: ink, 'stroke-width': 0.8 });
    case 'A': return s('path', { d: 'M-9 -3 H4 A3 3 0 1 0 1 -6 M-9 2 H7 A3 3 0 1 1 4 5 M-7 7 H1', fill: 'none', stroke: ink, 'stroke-width': 1.6, 'stroke-linecap': 'round' });
    case 'L': {
      const g = s('g', {}, s('circle', { r: 4.5, fill: '#fff7c2', stroke: ink, 'stroke-width': 0.8 }));
      for (let i = 0; i < 8; i++) g.append(s('line', { x1: 0, y1: -7, x2: 0, y2: -10, stroke: ink, 'stroke-width': 1.4, 'stroke-linecap': 'round', transform: `rotate(${i * 45})` }));
      return g;
    }
    case 'D': return s('path', { d: 'M3 -9 A9 9 0 1 0 3 9 A7 7 0 1 1 3 -9 Z', fill: '#e6d9ff', stroke: ink, 'stroke-width': 0.6 });
    default: return null;
  }
}

function token(letter, r = 21, extra = {}) {
  const e = EL[letter];
  return s('g', { class: 'mc-token', ...extra },
    s('circle', { class: 'halo', r: r + 4 }),
    s('circle', { r, fill: e.fill, stroke: e.dark, 'stroke-width': 2 }),
    s('circle', { r, fill: 'url(#mc-gloss)' }),
    s('g', { transform: `scale(${r / 21})` }, glyph(letter)),
    s('text', { class: 'mc-token-letter', y: r * 0.72, fill: letter === 'A' || letter === 'L' ? e.dark : '#fff', 'font-size': r * 0.4 }, letter));
}

function lady(extra = {}) {
  return s('g', { ...extra, 'aria-label': t('mc.lady') },
    s('path', { d: 'M-9 14 L-4 -1 L4 -1 L9 14 Z', fill: '#b48cff', stroke: '#4a2f8a', 'stroke-width': 1 }),
    s('circle', { cy: -5, r: 4.5, fill: '#ffe3c2', stroke: '#4a2f8a', 'stroke-width': 1 }),
    s('path', { d: 'M-4.5 -9 L-4 -13 L-2 -10.5 L0 -14 L2 -10.5 L4 -13 L4.5 -9 Z', fill: '#f5c451', stroke: '#8a5a10', 'stroke-width': 0.6 }));
}

function miniCard(arr) {
  const svg = s('svg', { viewBox: '-50 -50 100 100', 'aria-label': t('mc.cardLabel', { card: arr, places: [...arr].map((l, i) => `${i + 1} ${EL[l].name}`).join(', ') }) });
  svg.append(s('circle', { r: 34, fill: 'none', stroke: '#b49a62', 'stroke-width': 2 }), lady({ transform: 'translate(0 -36) scale(.7)' }));
  [...arr].forEach((l, i) => {
    const [x, y] = placeXY(i + 1, 34);
    svg.append(s('g', { transform: `translate(${x} ${y})` }, token(l, 12)));
  });
  return svg;
}

function hourglass(frac, running) {
  const top = Math.max(0, Math.min(1, frac));
  const sandTop = 26 * top;
  const sandBottom = 26 * (1 - top);
  return s('svg', { viewBox: '0 0 44 64', 'aria-hidden': 'true' },
    s('rect', { x: 4, y: 1, width: 36, height: 5, rx: 2, fill: '#8a5a2b' }),
    s('rect', { x: 4, y: 58, width: 36, height: 5, rx: 2, fill: '#8a5a2b' }),
    s('path', { d: 'M9 6 C9 22 20 26 20 32 C20 38 9 42 9 58 H35 C35 42 24 38 24 32 C24 26 35 22 35 6 Z', fill: 'rgba(200,230,255,.15)', stroke: '#cfe6ff', 'stroke-width': 1.5 }),
    s('path', { d: `M${22 - sandTop * 0.45} ${32 - sandTop} H${22 + sandTop * 0.45} L22 32 Z`, fill: '#f5c451' }),
    s('path', { d: `M${22 - 12} 57 H${22 + 12} L${22 + sandBottom * 0.4} ${57 - sandBottom} H${22 - sandBottom * 0.4} Z`, fill: '#f5c451' }),
    running ? s('line', { x1: 22, y1: 32, x2: 22, y2: 57, stroke: '#f5c451', 'stroke-width': 1, 'stroke-dasharray': '2 2' }) : null);
}

function paths(state) {
  const out = [];
  for (const a of state.legal) {
    let m;
    if (a === 'claim') out.push({ action: a, steps: [{ v: 'claim', kind: 'claim', button: true, primary: true, big: true, label: t('mc.claimButton') }] });
    else if (a === 'vote') out.push({ action: a, steps: [{ v: 'vote', kind: 'vote', button: true, label: t('mc.voteButton') }] });
    else if ((m = /^play:(\d)(\d)?$/.exec(a))) {
      const [, x, y] = m;
      const go = { v: `go:${x}${y || ''}`, kind: 'go', button: true, primary: true, label: y ? t('mc.playTwo', { x, y, n: Number(x) + Number(y) }) : t('mc.playOne', { x, n: Number(x) }) };
      if (y) {
        out.push({ action: a, steps: [{ v: `card:${x}`, kind: 'card', t: `card:${x}` }, { v: `card:${y}`, kind: 'card2', t: `card:${y}` }, go] });
        out.push({ action: a, steps: [{ v: `card:${y}`, kind: 'card', t: `card:${y}` }, { v: `card:${x}`, kind: 'card2', t: `card:${x}` }, go] });
      } else {
        out.push({ action: a, steps: [{ v: `card:${x}`, kind: 'card', t: `card:${x}` }, go] });
      }
    } else if ((m = /^swap:(\d)(\d)$/.exec(a))) {
      const [, p, q] = m;
      out.push({ action: a, steps: [{ v: `place:${p}`, kind: 'place', t: `place:${p}` }, { v: `with:${q}`, kind: 'with', t: `place:${q}` }] });
      out.push({ action: a, steps: [{ v: `place:${q}`, kind: 'place', t: `place:${q}` }, { v: `with:${p}`, kind: 'with', t: `place:${p}` }] });
    }
  }
  return out;
}

function prompt(kinds, chosen, state) {
  const at = state.view.attempt;
  if (kinds.has('claim')) return t('mc.p.claim');
  if (kinds.has('vote')) return t('mc.p.vote');
  if (kinds.has('card') && chosen.length === 0) return t('mc.p.card');
  if (kinds.has('card2') || kinds.has('go')) return t('mc.p.card2');
  if (kinds.has('place')) return t('mc.p.place', { i: at ? at.swaps_done + 1 : '', k: at ? at.k : '' });
  if (kinds.has('with')) return t('mc.p.with');
  return '';
}

export default {
  name: 'magical-circle',
  seatLabel: (state, n) => seatName(n),
  realTime: true,
  seatColour: (state, n) => SEAT[(n - 1) % SEAT.length],
  seatStats(state, n) {
    const seat = state.view.seats[n - 1];
    if (!seat) return null;
    return h('span', { class: 'mc-won stat' }, h('i', { 'aria-hidden': 'true' }), ` ${t('mc.stat.cards', { n: seat.cards, target: state.view.target })}`);
  },
  paths,
  prompt,
  turnText(state) {
    const v = state.view;
    if (state.status.over) return null;
    const me = v.seats[(state.you || 0) - 1];
    if (v.phase === 'race') {
      if (me?.excluded) return t('mc.turn.excluded');
      if (me?.voted) return t('mc.turn.voted');
      return state.you ? t('mc.turn.race') : t('mc.turn.raceWatch');
    }
    if (v.attempt) {
      const a = v.attempt;
      if (a.seat === state.you) return v.phase === 'play' ? t('mc.turn.youHold') : t('mc.turn.swapLeft', { n: a.k - a.swaps_done });
      const bot = state.seats[a.seat - 1]?.kind === 'bot';
      return t('mc.turn.holds', { seat: seatName(a.seat) }) + (bot ? '…' : '');
    }
    if (v.chance_pending) return t('mc.turn.revealing');
    return null;
  },
  resultDetail(state) {
    const w = state.view.winner;
    return w ? t('mc.reason.first', { n: state.view.target }) : '';
  },
  winReason: () => t('mc.reason.win'),
  describe(entry, state, { who }) {
    const a = entry.action || '';
    if (a === 'claim') return t('mc.m.claim', { who });
    if (a === 'vote') return t('mc.m.vote', { who });
    if (a.startsWith('swap:')) return t('mc.m.swap', { who, p: a[5], q: a[6] });
    if (a.startsWith('play:')) {
      const cards = a.slice(5).split('');
      return t('mc.m.play', { who, cards: cards.join(' + '), n: cards.reduce((x, c) => x + Number(c), 0) });
    }
    return t('moves.generic', { who, action: a });
  },
  describeHost: (entry) => (entry.action === 'timeout' ? t('mc.m.timeout') : t('moves.host')),
  describeChance: () => t('mc.m.reveal'),

  create(root, ctx) {
    const circleSvg = s('svg', { viewBox: '-125 -125 250 250', class: 'board-svg', role: 'group', 'aria-label': t('mc.board') });
    circleSvg.append(s('defs', {},
      s('radialGradient', { id: 'mc-gloss', cx: '35%', cy: '30%', r: '75%' },
        s('stop', { offset: 0, 'stop-color': '#fff', 'stop-opacity': 0.45 }),
        s('stop', { offset: 0.5, 'stop-color': '#fff', 'stop-opacity': 0 }),
        s('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': 0.3 })),
      s('radialGradient', { id: 'mc-bg', cx: '50%', cy: '50%', r: '60%' },
        s('stop', { offset: 0, 'stop-color': '#3b2a78' }),
        s('stop', { offset: 1, 'stop-color': '#1a1238' }))));
    circleSvg.append(s('rect', { x: -125, y: -125, width: 250, height: 250, rx: 18, fill: 'url(#mc-bg)' }),
      s('circle', { r: RC + 26, fill: 'none', stroke: '#8d7ee0', 'stroke-opacity': 0.25, 'stroke-width': 1 }),
      s('circle', { r: RC, fill: 'none', stroke: '#b8a9ff', 'stroke-width': 3, 'stroke-opacity': 0.7 }),
      s('circle', { r: RC - 30, fill: 'none', stroke: '#8d7ee0', 'stroke-opacity': 0.3, 'stroke-width': 1, 'stroke-dasharray': '3 4' }));
    const star = [];
    for (let i = 0; i < 6; i++) star.push(placeXY(i + 1, RC - 30).join(','));
    circleSvg.append(s('polygon', { points: [0, 2, 4, 1, 3, 5].map((i) => star[i]).join(' '), fill: 'none', stroke: '#8d7ee0', 'stroke-opacity': 0.25 }),
      lady({ transform: `translate(0 ${-RC - 4}) scale(1.25)` }));
    const places = new Map();
    const placesG = s('g', {});
    for (let p = 1; p <= 6; p++) {
      const [x, y] = placeXY(p);
      const [nx, ny] = placeXY(p, RC + 34);
      const g = s('g', { class: 'mc-place', dataset: { place: p }, transform: `translate(${x} ${y})`, 'aria-label': t('mc.place', { p }) },
        s('circle', { class: 'halo', r: 28 }),
        s('circle', { r: 24, fill: '#140d2c', stroke: '#8d7ee0', 'stroke-opacity': 0.5 }));
      placesG.append(g, s('text', { class: 'mc-place-n', x: nx, y: ny }, p));
      places.set(`place:${p}`, g);
    }
    const marks = s('g', {});
    const tokensG = s('g', {});
    circleSvg.append(placesG, marks, tokensG);
    const layer = new PieceLayer(tokensG);

    const clock = h('div', { class: 'mc-clock', role: 'timer' });
    const cards = h('div', { class: 'mc-cards', role: 'group', 'aria-label': t('mc.revealed') });
    const seatsBox = h('div', { class: 'mc-seats' });
    root.replaceChildren(h('div', { class: 'mc-table' },
      h('div', { class: 'mc-circle' }, circleSvg),
      h('div', { class: 'mc-side' }, clock, cards, seatsBox)));

    // Space claims the hourglass: in a race, every moment counts.
    document.addEventListener('keydown', (e) => {
      if (e.key !== ' ' || e.repeat || !state || !state.legal.includes('claim')) return;
      if (e.target.closest?.('button, input, select, textarea, a, [role="button"]')) return;
      e.preventDefault();
      ctx.act('claim');
    });

    let state = null;
    let deadline = null; // performance.now() time the hourglass runs out
    let raf = null;
    let cardTargets = new Map();
    let hintEl = null;
    let presses = 0; // Hint presses at the state shown

    function tick() {
      raf = null;
      if (!state) return;
      const total = state.view.hourglass_seconds * 1000;
      const left = deadline ? Math.max(0, deadline - performance.now()) : null;
      const a = state.view.attempt;
      const what = state.status.over ? t('mc.clock.over')
        : a ? (a.k ? t('mc.clock.played', { seat: seatName(a.seat), cards: a.played.join(' + '), i: Math.min(a.swaps_done + 1, a.k), k: a.k }) : t('mc.turn.holds', { seat: seatName(a.seat) }))
          : state.view.phase === 'race' ? t('mc.clock.waits') : t('mc.clock.revealing');
      clock.className = `mc-clock${left !== null ? ' running' : ''}${left !== null && left < 10000 ? ' low' : ''}`;
      fill(clock, hourglass(left === null ? 1 : left / total, left !== null),
        h('div', {}, h('div', { class: 'secs', 'aria-label': left === null ? t('mc.clock.notRunning') : t('mc.clock.left', { n: Math.ceil(left / 1000) }) }, left === null ? `${state.view.hourglass_seconds}s` : `${Math.ceil(left / 1000)}s`),
          h('div', { class: 'what' }, what)));
      if (left !== null && left > 0) raf = setTimeout(tick, 200);
    }

    function drawSeats(v) {
      cardTargets = new Map();
      fill(seatsBox, ...v.seats.map((seat) => {
        const mine = seat.seat === state.you;
        const tags = [];
        if (v.first_player === seat.seat) tags.push(h('span', { class: 'tag' }, t('mc.tag.first')));
        if (seat.active) tags.push(h('span', { class: 'tag hot' }, t('mc.tag.hourglass')));
        if (seat.excluded) tags.push(h('span', { class: 'tag' }, t('mc.tag.excluded')));
        if (seat.voted) tags.push(h('span', { class: 'tag' }, t('mc.tag.voted')));
        const played = new Set(seat.active && v.attempt ? v.attempt.played : []);
        const handEls = seat.hand.map((val) => {
          const b = h('button', { type: 'button', class: 'mc-swap', disabled: !mine, 'aria-label': mine ? t('mc.swapCard', { v: val }) : t('mc.swapCardOf', { v: val, seat: seatName(seat.seat) }), dataset: { card: val } }, String(val));
          if (mine) cardTargets.set(`card:${val}`, b);
          return b;
        });
        const playedEls = [...played].map((val) => h('span', { class: 'mc-swap played', title: t('mc.playedNow') }, String(val)));
        return h('div', { class: `mc-seat${seat.active ? ' active' : ''}${seat.excluded ? ' excluded' : ''}` },
          h('div', { class: 'mc-seat-head' }, h('span', { class: 'seat-dot', style: { background: SEAT[(seat.seat - 1) % SEAT.length] } }),
            mine ? t('mc.yourCards') : seatName(seat.seat), ...tags),
          h('div', { class: 'mc-hand' }, ...handEls, ...playedEls,
            ...seat.face_up.map((val) => h('span', { class: 'mc-swap face-up', title: t('mc.faceUp') }, String(val))),
            h('span', { class: 'mc-won' }, ...seat.won.map(() => h('i', { 'aria-hidden': 'true' })), ` ${t('mc.stat.cards', { n: seat.cards, target: v.target })}`)));
      }));
    }

    function showHint() {
      if (!state || !hintsAllowed(state)) return;
      presses += 1;
      const { text } = hintFor(state, presses);
      hintEl = h('p', { class: 'mc-hint', role: 'status' }, t('mc.hint', { text }));
      ctx.redrawChoice();
    }

    return {
      update(st, prev, { animate }) {
        const v = st.view;
        if (!prev || st.ply !== prev.ply) {
          hintEl = null;
          presses = 0;
        }
        state = st;
        deadline = st.clock ? performance.now() + st.clock.remaining_ms : null;
        const pieces = (v.places || []).map((l, i) => {
          const [x, y] = placeXY(i + 1);
          return { key: l, slot: String(i + 1), x, y, draw: () => token(l, 21, { 'aria-label': t('mc.placeEl', { p: i + 1, el: EL[l].name }) }) };
        });
        layer.sync(pieces, { animate, lift: 1.1 });
        marks.replaceChildren();
        const last = st.last?.action || '';
        const m = /^swap:(\d)(\d)$/.exec(last);
        if (m) {
          const [x1, y1] = placeXY(Number(m[1]));
          const [x2, y2] = placeXY(Number(m[2]));
          marks.append(s('line', { class: 'last-path', x1, y1, x2, y2 }),
            s('circle', { class: 'last-ring', cx: x1, cy: y1, r: 28 }), s('circle', { class: 'last-ring', cx: x2, cy: y2, r: 28 }));
        }
        // At the end the winner's last card takes the middle place.
        const shownCards = v.revealed.length || !v.winner ? v.revealed : [null, v.seats[v.winner - 1].won.slice(-1)[0], null];
        fill(cards, ...[0, 1, 2].map((i) => {
          const arr = shownCards[i];
          if (!arr) return h('div', { class: 'mc-card empty' });
          const made = v.arrangement === arr;
          return h('div', { class: `mc-card${made ? ' won' : ''}`, dataset: { card: arr } }, h('span', { class: 'mc-card-n' }, v.revealed.length ? `#${i + 1}` : t('mc.won')), miniCard(arr));
        }));
        drawSeats(v);
        clearTimeout(raf);
        tick();
      },
      mark(chooser) {
        markBoard(chooser, new Map([...places, ...cardTargets]), (step) => step.t);
      },
      controls() {
        if (!state || !state.you || state.status.over || !hintsAllowed(state)) return null;
        const useful = state.legal.some((a) => a === 'claim' || a.startsWith('play:') || a.startsWith('swap:'));
        if (!useful) return null;
        return [h('button', { type: 'button', class: 'ghost small', onclick: showHint, dataset: { hint: '1' } }, t('mc.hintButton')), hintEl];
      },
    };
  },
};

const THUMB_TAU = Math.PI * 2;
/** The picture on the home page's game card (plain SVG parts, not a position). */
export function thumb() {
  const out = [s('rect', { width: 160, height: 100, fill: '#211a3d' })];
  out.push(s('circle', { cx: 80, cy: 52, r: 34, fill: 'none', stroke: '#8d7ee0', 'stroke-width': 2 }));
  const els = ['#ff7a3d', '#3fa9f5', '#8b6b3e', '#cfe9ff', '#ffd84d', '#6b3fa0'];
  els.forEach((c, i) => {
    const a = -Math.PI / 2 + Math.PI / 6 + (i * THUMB_TAU) / 6;
    out.push(s('circle', { cx: 80 + 34 * Math.cos(a), cy: 52 + 34 * Math.sin(a), r: 8, fill: c, stroke: '#fff8', 'stroke-width': 1.2 }));
  });
  out.push(s('circle', { cx: 80, cy: 15, r: 5, fill: '#f5c451' }));
  out.push(s('path', { d: 'M70 62 L90 62 L82 52 L90 42 L70 42 L78 52 Z', fill: '#f5c451', opacity: .8 }));
  return out;
}

/** The home page offers "hints allowed" (the Hint button, when everyone at the table agreed). */
export const offersHints = true;
