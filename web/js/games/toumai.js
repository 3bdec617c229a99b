// games/toumai.js — Toumaï: the star in the centre and its nine lines a…i (clockwise from the
// top) of six squares, square 1 at the edge; pawns stacked on them by colour and strength;
// each player's wands in a corner. Play: click one of your pawns — a top pawn to fly (its
// destination lines light up) or any of your pawns to swap (the pawns it may swap with light
// up); then, only when needed, how many pawns fly and where a completed line splits. During
// the setup: a pawn from your hand (buttons) and a line. Everything comes from the legal list.

import { s, h } from '../dom.js';
import { PieceLayer } from '../anim.js';
import { markBoard } from '../chooser.js';
import { t } from '../i18n.js';

const LINES = 'abcdefghi';
const COL = {
  Y: { fill: '#f4c430', stroke: '#8f6a00', ink: '#3b2a00', key: 'yellow' },
  R: { fill: '#e0474c', stroke: '#7e1a1e', ink: '#fff', key: 'red' },
  B: { fill: '#3f7fe0', stroke: '#173f86', ink: '#fff', key: 'blue' },
};
for (const c of Object.values(COL)) Object.defineProperty(c, 'name', { get: () => t(`colour.${c.key}`) });
const NEUTRAL = { Y: '#6f6434', R: '#6a3a3e', B: '#34476d' };
const KIND_KEY = { 1: 'tm.bird1', 2: 'tm.bird2', 3: 'tm.bird3', M: 'tm.magician' };
const kindName = (k) => t(KIND_KEY[k]);
const R_PAWN = 7.4;

const angle = (i) => (-90 + 40 * i) * (Math.PI / 180);
const radius = (sq) => 106 - (sq - 1) * 15.2;
function at(line, sq) {
  const a = angle(LINES.indexOf(line));
  const r = radius(sq);
  return [r * Math.cos(a), r * Math.sin(a)];
}

function pips(kind, ink) {
  const dot = (x, y) => s('circle', { cx: x, cy: y, r: 1.15, fill: ink });
  if (kind === '1') return [dot(0, 0)];
  if (kind === '2') return [dot(-1.9, 0), dot(1.9, 0)];
  if (kind === '3') return [dot(0, -1.9), dot(-2, 1.3), dot(2, 1.3)];
  if (kind === 'M') {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? 1.6 : 3.9;
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      pts.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
    }
    return [s('polygon', { points: pts.join(' '), fill: ink, stroke: 'rgba(0,0,0,.25)', 'stroke-width': 0.3 })];
  }
  return [];
}

/** A pawn drawn around (0, 0). */
function pawn(p, extra = {}) {
  const c = COL[p.colour];
  const body = p.neutral
    ? [s('circle', { r: R_PAWN, fill: NEUTRAL[p.colour], stroke: '#0009', 'stroke-width': 0.8 }),
      s('circle', { r: R_PAWN - 2.2, fill: 'none', stroke: 'rgba(255,255,255,.18)', 'stroke-width': 0.7, 'stroke-dasharray': '1.2 1.2' })]
    : [s('circle', { r: R_PAWN, fill: c.fill, stroke: c.stroke, 'stroke-width': 0.9 }),
      s('circle', { r: R_PAWN, fill: 'url(#tm-gloss)' }),
      ...pips(p.kind, c.ink)];
  return s('g', { class: 'tm-pawn', ...extra }, s('circle', { class: 'halo', r: R_PAWN + 2.2 }), ...body);
}

/** The same pawn as an inline SVG string (for buttons and player chips). */
function pawnIcon(colour, kind) {
  const g = pawn({ colour, kind, neutral: false });
  g.querySelector('.halo').remove();
  const svg = s('svg', { viewBox: '-8 -8 16 16', width: 22, height: 22, 'aria-hidden': 'true' },
    s('defs', {}, gloss()), g);
  return svg.outerHTML;
}

function gloss() {
  return s('radialGradient', { id: 'tm-gloss', cx: '35%', cy: '30%', r: '75%' },
    s('stop', { offset: 0, 'stop-color': '#fff', 'stop-opacity': 0.55 }),
    s('stop', { offset: 0.45, 'stop-color': '#fff', 'stop-opacity': 0 }),
    s('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': 0.28 }));
}

function wand(x, y, won, colour) {
  return s('g', { transform: `translate(${x} ${y}) rotate(25)` },
    s('rect', { x: -0.9, y: -7, width: 1.8, height: 13, rx: 0.9, fill: won ? '#8a5a2b' : 'none', stroke: won ? '#4a2d10' : 'rgba(255,255,255,.25)', 'stroke-width': 0.5 }),
    s('polygon', { points: '0,-11 1.3,-8.2 4.2,-8 2,-6.1 2.7,-3.2 0,-4.8 -2.7,-3.2 -2,-6.1 -4.2,-8 -1.3,-8.2', fill: won ? colour : 'none', stroke: won ? '#0006' : 'rgba(255,255,255,.25)', 'stroke-width': 0.5 }));
}

function heights(view) {
  return Object.fromEntries(view.lines.map((l) => [l.name, l.pawns.length]));
}

/** Where the analysis' best move goes (rings in the board's units): a flight as an arrow from
 * the top of its line to where it lands, a swap as its two squares, a setup move as the square
 * the pawn goes to. */
function bestMoveMarks(action, state) {
  const hs = state.view?.lines ? heights(state.view) : null;
  if (!hs) return [];
  const sq = (k) => Math.max(1, Math.min(6, k));
  const ring = (l, k) => {
    const [x, y] = at(l, sq(k));
    return { x, y, r: R_PAWN + 3 };
  };
  let m;
  if ((m = /^([a-i]):\d>([a-i])/.exec(action))) {
    const from = ring(m[1], hs[m[1]]);
    return [{ ...ring(m[2], hs[m[2]] + 1), from: { x: from.x, y: from.y } }];
  }
  if ((m = /^([a-i])([1-6])=([a-i])([1-6])$/.exec(action))) return [ring(m[1], Number(m[2])), ring(m[3], Number(m[4]))];
  if ((m = /^[123M]@([a-i])$/.exec(action))) return [ring(m[1], hs[m[1]] + 1)];
  return [];
}

/** The paths of the chooser for each legal action. */
function paths(state) {
  const v = state.view;
  const hgt = heights(v);
  const colour = v.to_move;
  const out = [];
  for (const a of state.legal) {
    let m;
    if (a === 'pass') {
      out.push({ action: a, steps: [{ v: 'pass', kind: 'pass', button: true, primary: true, label: t('tm.passButton') }] });
    } else if ((m = /^([123M])@([a-i])$/.exec(a))) {
      const [, k, l] = m;
      const hand = { v: `hand:${k}`, kind: 'hand', button: true, label: kindName(k), icon: pawnIcon(colour, k) };
      const line = { v: `line:${l}`, t: `line:${l}` };
      out.push({ action: a, steps: [hand, { ...line, kind: 'place' }] });
      out.push({ action: a, steps: [{ ...line, kind: 'placeline' }, { ...hand, auto: true }] });
    } else if ((m = /^([a-i]):(\d)>([a-i])(?:\/([a-i]),([a-i]))?$/.exec(a))) {
      const [, from, n, to, pair, third] = m;
      const steps = [
        { v: `pawn:${from}${hgt[from]}`, kind: 'pawn', t: `pawn:${from}${hgt[from]}` },
        { v: `line:${to}`, kind: 'dest', t: `line:${to}` },
        { v: `count:${n}`, kind: 'count', button: true, auto: true, label: t('tm.count', { n: Number(n) }) },
      ];
      if (pair) {
        steps.push({ v: `pair:${pair}`, kind: 'pair', t: `line:${pair}`, auto: true });
        steps.push({ v: `third:${third}`, kind: 'third', t: `line:${third}`, auto: true });
      }
      out.push({ action: a, steps });
    } else if ((m = /^([a-i][1-6])=([a-i][1-6])$/.exec(a))) {
      const [, p, q] = m;
      out.push({ action: a, steps: [{ v: `pawn:${p}`, kind: 'pawn', t: `pawn:${p}` }, { v: `swap:${q}`, kind: 'swap', t: `pawn:${q}` }] });
      out.push({ action: a, steps: [{ v: `pawn:${q}`, kind: 'pawn', t: `pawn:${q}` }, { v: `swap:${p}`, kind: 'swap', t: `pawn:${p}` }] });
    }
  }
  return out;
}

function prompt(kinds, chosen, state) {
  const sq = state.view.phase === 'placement_round1' ? 1 : 2;
  if (kinds.has('hand') && kinds.has('placeline')) return t('tm.p.place', { sq });
  if (kinds.has('place')) return t('tm.p.placeLine', { sq });
  if (kinds.has('hand')) return t('tm.p.which');
  if (kinds.has('pawn')) return t('tm.p.pawn');
  if (kinds.has('dest') && kinds.has('swap')) return t('tm.p.destOrSwap');
  if (kinds.has('dest')) return t('tm.p.dest');
  if (kinds.has('swap')) return t('tm.p.swap');
  if (kinds.has('count')) return t('tm.p.count');
  if (kinds.has('pair')) return t('tm.p.pair');
  if (kinds.has('third')) return t('tm.p.third');
  if (kinds.has('pass')) return t('tm.p.pass');
  return '';
}

/** A move in words: who moved which pawn where, and what it won (from the positions before
 * and after it when they are known). */
function describe(entry, state, { who, before, after }) {
  const a = entry.action || '';
  const seatNo = entry.actor;
  const wandsWon = before && after ? (after.seats[seatNo - 1]?.wands || 0) - (before.seats[seatNo - 1]?.wands || 0) : 0;
  const wand = wandsWon > 0 ? t('tm.m.wand') : '';
  let m;
  if (a === 'pass') return t('tm.m.pass', { who });
  if ((m = /^([123M])@([a-i])$/.exec(a))) return t('tm.m.place', { who, kind: kindName(m[1]), line: m[2] });
  if ((m = /^([a-i])([1-6])=([a-i])([1-6])$/.exec(a))) return t('tm.m.swap', { who, p: `${m[1]}${m[2]}`, q: `${m[3]}${m[4]}` });
  if ((m = /^([a-i]):(\d)>([a-i])(?:\/([a-i]),([a-i]))?$/.exec(a))) {
    const [, from, n, to, pair] = m;
    const line = before?.lines.find((l) => l.name === from);
    const top = line?.pawns[line.pawns.length - 1];
    const piece = top && !top.neutral ? t(`tm.m.piece${top.kind}`, { colour: COL[top.colour].name }) : t('tm.m.pieceOf', { who });
    const carried = Number(n) > 1 ? t('tm.m.carrying', { n: Number(n) - 1 }) : '';
    const split = pair ? t('tm.m.star') : '';
    return `${t('tm.m.fly', { piece, from, to })}${carried}${split}${wand}`;
  }
  return a;
}

export default {
  name: 'toumai',
  bestMoveMarks,
  seatLabel: (state, n) => COL[state.view.seats[n - 1]?.colour]?.name || t('seat.n', { n }),
  seatColour: (state, n) => COL[state.view.seats[n - 1]?.colour]?.fill || '#888',
  seatIcon(state, n) {
    const c = state.view.seats[n - 1]?.colour || 'Y';
    return h('span', { class: 'player-icon', html: pawnIcon(c, 'M') });
  },
  seatStats(state, n) {
    const seat = state.view.seats[n - 1];
    if (!seat) return null;
    const out = [h('span', { class: 'stat' }, h('span', { 'aria-hidden': 'true' }, '✦'.repeat(seat.wands) || '—'), ` ${t('tm.stat.wands', { n: seat.wands })}`)];
    if (seat.in_hand.length) out.unshift(h('span', { class: 'stat muted' }, t('tm.stat.toPlace', { n: seat.in_hand.length })));
    if (seat.swapped_last_turn) out.push(h('span', { class: 'stat muted' }, h('span', { 'aria-hidden': 'true' }, '⇄ '), t('tm.stat.swapped')));
    return out;
  },
  paths,
  prompt,
  describe,
  winReason: (state) => t('tm.reason.win', { seat: COL[state.view.seats[(state.status.result?.winners?.[0] || 1) - 1]?.colour]?.name || '' }),

  create(root) {
    const svg = s('svg', { viewBox: '-128 -128 256 256', class: 'board-svg tm', role: 'group', 'aria-label': t('tm.board') });
    const defs = s('defs', {}, gloss(),
      s('radialGradient', { id: 'tm-sky', cx: '50%', cy: '50%', r: '65%' },
        s('stop', { offset: 0, 'stop-color': '#3a2f78' }),
        s('stop', { offset: 0.55, 'stop-color': '#221c4a' }),
        s('stop', { offset: 1, 'stop-color': '#15122e' })),
      s('radialGradient', { id: 'tm-star', cx: '50%', cy: '50%', r: '50%' },
        s('stop', { offset: 0, 'stop-color': '#fff6cf' }),
        s('stop', { offset: 0.6, 'stop-color': '#f5c451' }),
        s('stop', { offset: 1, 'stop-color': '#c98a1c' })),
      s('radialGradient', { id: 'tm-glow', cx: '50%', cy: '50%', r: '50%' },
        s('stop', { offset: 0, 'stop-color': '#f5c451', 'stop-opacity': 0.45 }),
        s('stop', { offset: 1, 'stop-color': '#f5c451', 'stop-opacity': 0 })));
    svg.append(defs, s('rect', { x: -128, y: -128, width: 256, height: 256, rx: 14, fill: 'url(#tm-sky)' }));
    // A few fixed background stars.
    const sky = s('g', { opacity: 0.5 });
    for (let i = 0; i < 40; i++) {
      const x = ((i * 97) % 251) - 125;
      const y = ((i * 61 + 17) % 251) - 125;
      if (Math.hypot(x, y) < 112) continue;
      sky.append(s('circle', { cx: x, cy: y, r: (i % 3) * 0.3 + 0.3, fill: '#fff' }));
    }
    svg.append(sky, s('circle', { r: 48, fill: 'url(#tm-glow)' }));
    const linesG = s('g', {});
    const targets = new Map();
    const lineEls = {};
    LINES.split('').forEach((l, i) => {
      const deg = -90 + 40 * i;
      const g = s('g', { class: 'tm-line', 'aria-label': t('tm.line', { line: l }), dataset: { line: l } });
      const strip = s('g', { transform: `rotate(${deg})` },
        s('rect', { class: 'halo', x: 20, y: -10.5, width: 96, height: 21, rx: 10.5 }),
        s('rect', { class: 'tm-line-strip', x: 20, y: -10.5, width: 96, height: 21, rx: 10.5 }));
      g.append(strip);
      for (let sq = 1; sq <= 6; sq++) {
        const [x, y] = at(l, sq);
        g.append(s('rect', { class: 'tm-square', x: x - 7.1, y: y - 7.1, width: 14.2, height: 14.2, rx: 3.3, transform: `rotate(${deg + 45} ${x} ${y})` }));
      }
      const ghost = s('circle', { class: 'tm-ghost', r: R_PAWN });
      g.append(ghost);
      const a = angle(i);
      g.append(s('text', { class: 'tm-letter', x: 122.5 * Math.cos(a), y: 122.5 * Math.sin(a) }, l));
      linesG.append(g);
      lineEls[l] = { g, ghost };
      targets.set(`line:${l}`, g);
    });
    // The star: nine points, one on each line.
    const pts = [];
    for (let i = 0; i < 18; i++) {
      const r = i % 2 ? 8.5 : 19;
      const a = -Math.PI / 2 + (i * Math.PI) / 9;
      pts.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
    }
    const star = s('g', { 'aria-label': t('tm.star') },
      s('polygon', { points: pts.join(' '), fill: 'url(#tm-star)', stroke: '#8a5a10', 'stroke-width': 0.8 }),
      s('circle', { r: 4, fill: '#fff6cf' }));
    const trays = s('g', {});
    const marks = s('g', {});
    const piecesG = s('g', {});
    svg.append(linesG, star, trays, marks, piecesG);
    root.replaceChildren(svg);
    const layer = new PieceLayer(piecesG);
    let pawnTargets = new Map();

    function drawTrays(v) {
      trays.replaceChildren();
      const corners = [[-124, -124, 'start'], [124, -124, 'end'], [-124, 116, 'start']];
      v.seats.forEach((seat, i) => {
        const [x, y, anchor] = corners[i];
        const c = COL[seat.colour];
        const dir = anchor === 'start' ? 1 : -1;
        const g = s('g', { 'aria-label': `${c.name}: ${t('tm.stat.wands', { n: seat.wands })}` },
          s('circle', { cx: x + dir * 5, cy: y + 6, r: 3.2, fill: c.fill, stroke: c.stroke, 'stroke-width': 0.6 }),
          s('text', { x: x + dir * 11, y: y + 6.5, fill: '#e8e4ff', 'font-size': 6.5, 'font-weight': 700, 'text-anchor': anchor, 'dominant-baseline': 'central' }, c.name));
        for (let k = 0; k < 3; k++) g.append(wand(x + dir * (7 + k * 8), y + 21, k < seat.wands, '#f5c451'));
        trays.append(g);
      });
      const left = s('g', { 'aria-label': t('tm.wandsBeside', { n: v.wands_left }) },
        s('text', { x: 124, y: 118, fill: '#b9b3e6', 'font-size': 6, 'text-anchor': 'end' }, t('tm.wandsLeft', { n: v.wands_left })));
      for (let k = 0; k < Math.min(v.wands_left, 7); k++) left.append(wand(120 - k * 5, 104, true, '#f5c451'));
      trays.append(left);
    }

    function drawLast(state) {
      marks.replaceChildren();
      for (const l of LINES) lineEls[l].g.classList.remove('last');
      const a = state.last?.action;
      if (!a || typeof state.last.actor !== 'number') return;
      const v = state.view;
      const ringAt = (l, sq) => {
        const [x, y] = at(l, sq);
        marks.append(s('circle', { class: 'last-ring', cx: x, cy: y, r: R_PAWN + 2.4 }));
      };
      let m;
      if ((m = /^([a-i]):(\d)>([a-i])(?:\/([a-i]),([a-i]))?$/.exec(a))) {
        const [, from, n, to, pair, third] = m;
        lineEls[from].g.classList.add('last');
        lineEls[to].g.classList.add('last');
        const line = (l) => v.lines.find((x) => x.name === l);
        if (pair) {
          ringAt(pair, 1);
          ringAt(pair, 2);
          ringAt(third, line(third).pawns.length);
        } else {
          const hgt = line(to).pawns.length;
          for (let k = 0; k < Number(n) && hgt - k >= 1; k++) ringAt(to, hgt - k);
        }
      } else if ((m = /^([a-i])([1-6])=([a-i])([1-6])$/.exec(a))) {
        ringAt(m[1], Number(m[2]));
        ringAt(m[3], Number(m[4]));
      } else if ((m = /^[123M]@([a-i])$/.exec(a))) {
        lineEls[m[1]].g.classList.add('last');
      }
    }

    return {
      update(state, prev, { animate }) {
        const v = state.view;
        const pieces = [];
        for (const line of v.lines) {
          for (const p of line.pawns) {
            const [x, y] = at(line.name, p.square);
            const label = p.neutral ? t('tm.pawnNeutral', { line: line.name, sq: p.square }) : t(p.top ? 'tm.pawnTop' : 'tm.pawn', { colour: COL[p.colour].name, kind: kindName(p.kind), line: line.name, sq: p.square });
            pieces.push({
              key: p.code, slot: `${line.name}${p.square}`, x, y, z: p.square,
              sig: label,
              draw: () => pawn(p, { 'aria-label': label, dataset: { pawn: `${line.name}${p.square}` } }),
            });
          }
        }
        const items = layer.sync(pieces, { animate });
        pawnTargets = new Map(items.map((it) => [`pawn:${it.slot}`, it.el]));
        const hgt = heights(v);
        for (const l of LINES) {
          const [x, y] = at(l, Math.min(hgt[l] + 1, 6));
          lineEls[l].ghost.setAttribute('cx', x);
          lineEls[l].ghost.setAttribute('cy', y);
          lineEls[l].ghost.style.display = hgt[l] >= 6 ? 'none' : '';
        }
        drawTrays(v);
        drawLast(state);
      },
      mark(chooser) {
        const all = new Map([...targets, ...pawnTargets]);
        markBoard(chooser, all, (step) => step.t);
        // Show which pawns would fly for each possible count.
        for (const el of pawnTargets.values()) el.classList.remove('carried');
        const chosen = chooser.chosenSteps();
        const origin = chosen.find((st) => st.kind === 'pawn');
        const count = chosen.find((st) => st.kind === 'count');
        if (origin && count && chosen.some((st) => st.kind === 'dest')) {
          const l = origin.t.slice(5, 6);
          const top = Number(origin.t.slice(6));
          for (let k = 0; k < Number(count.v.slice(6)); k++) pawnTargets.get(`pawn:${l}${top - k}`)?.classList.add('carried');
        }
      },
    };
  },
};

const THUMB_TAU = Math.PI * 2;
const thumbPol = (r, a) => [r * Math.cos(a), r * Math.sin(a)];
/** The picture on the home page's game card (plain SVG parts, not a position). */
export function thumb() {
  const g = s('g', { transform: 'translate(80 50)' });
  const cols = ['#f4c430', '#e0474c', '#3f7fe0'];
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + (i * THUMB_TAU) / 9;
    const [x1, y1] = thumbPol(12, a);
    const [x2, y2] = thumbPol(44, a);
    g.append(s('line', { x1, y1, x2, y2, stroke: '#4b4190', 'stroke-width': 7, 'stroke-linecap': 'round' }));
    const n = 1 + ((i * 5) % 4);
    for (let k = 0; k < n; k++) {
      const [x, y] = thumbPol(42 - k * 7, a);
      g.append(s('circle', { cx: x, cy: y, r: 3.2, fill: cols[(i + k) % 3], stroke: '#0008', 'stroke-width': .6 }));
    }
  }
  const pts = [];
  for (let i = 0; i < 18; i++) {
    const [x, y] = thumbPol(i % 2 ? 5 : 12, -Math.PI / 2 + (i * THUMB_TAU) / 18);
    pts.push(`${x},${y}`);
  }
  g.append(s('polygon', { points: pts.join(' '), fill: '#f5c451' }));
  return [s('rect', { width: 160, height: 100, fill: '#1b1740' }), g];
}

/**
 * The colour of seat `i` (0-based) at a table of `players` being set up with `params`, as a
 * `colour.<name>` string's name: with 2 players the chosen `colours` (default YR), with 3 all
 * of them.
 */
export function seatColourName(i, params, players) {
  const letters = players === 3 ? 'YRB' : (params.colours || 'YR').toUpperCase();
  return { Y: 'yellow', R: 'red', B: 'blue' }[letters[i]];
}
