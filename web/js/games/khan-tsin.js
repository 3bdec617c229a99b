// games/khan-tsin.js — Khan-Tsin: the 36-square dragon track (a closed loop; the dragon's head
// bites its tail between squares 36 and 1), each square coloured and dotted by its value
// (single, double, triple), stacks of tokens drawn as piles of discs, Khans crowned.
// Play: click a stack you control, then a highlighted destination, then (only when several
// heights may go there) how many tokens move. Setup: click an empty square of the value being
// filled, and say token or Khan when both are allowed. Every choice comes from the legal list.

import { s, h, narrow, labelledGroup } from '../dom.js';
import { PieceLayer } from '../anim.js';
import { markBoard } from '../chooser.js';
import { t } from '../i18n.js';

const TOKEN = {
  white: { fill: '#f3eee2', side: '#bdb39b', stroke: '#6f6650', key: 'colour.white' },
  green: { fill: '#43a862', side: '#2a7342', stroke: '#163d23', key: 'colour.green' },
  blue: { fill: '#3f72d6', side: '#274c97', stroke: '#132b5c', key: 'colour.blue' },
};
const TILE = {
  1: { fill: '#2c8a7a', edge: '#17574c', key: 'kt.single' },
  2: { fill: '#c8952b', edge: '#7f5a12', key: 'kt.double' },
  3: { fill: '#b5412f', edge: '#6e2217', key: 'kt.triple' },
};
for (const c of [...Object.values(TOKEN), ...Object.values(TILE)]) Object.defineProperty(c, 'name', { get: () => t(c.key) });
const STEP = 3.2; // height of one token in a pile

/** The board's shape: landscape for wide screens, portrait for phones. */
const SHAPES = {
  wide: { W: 500, H: 360, rx: 205, ry: 118, wave: 16, start: Math.PI, title: 30 },
  tall: { W: 360, H: 540, rx: 128, ry: 222, wave: 14, start: -Math.PI / 2, title: 22 },
};

/** The 36 squares' centres and directions along a wavy closed loop, with a gap for the head. */
function track(shape) {
  const { W, H, rx, ry, wave, start } = shape;
  const tall = H > W;
  const N = 720;
  const pts = [];
  for (let i = 0; i <= N; i++) {
    const t = start + (i / N) * Math.PI * 2; // clockwise from the head
    let x = W / 2 + rx * Math.cos(t) * (1 + 0.04 * Math.cos(2 * t));
    let y = H / 2 + (tall ? 0 : 4) + ry * Math.sin(t);
    if (tall) x += wave * Math.sin(3 * t + 0.6) * Math.abs(Math.cos(t));
    else y += wave * Math.sin(3 * t + 0.6) * Math.abs(Math.sin(t));
    pts.push([x, y]);
  }
  const len = [0];
  for (let i = 1; i < pts.length; i++) len.push(len[i - 1] + Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]));
  const total = len[len.length - 1];
  const gap = 1.6; // tiles' worth of room for the dragon's head
  const unit = total / (36 + gap);
  const at = (d) => {
    let i = len.findIndex((l) => l >= d);
    if (i <= 0) i = 1;
    const f = (d - len[i - 1]) / (len[i] - len[i - 1] || 1);
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    return { x: x0 + (x1 - x0) * f, y: y0 + (y1 - y0) * f, a: Math.atan2(y1 - y0, x1 - x0) };
  };
  const squares = [];
  for (let k = 0; k < 36; k++) squares.push(at(unit * (gap / 2 + 0.5 + k)));
  return { ...shape, squares, unit, head: at(0.001), path: pts };
}

function coin(colour, khan, neutral) {
  const c = TOKEN[colour];
  const g = s('g', {},
    s('ellipse', { cx: 0, cy: STEP * 0.55, rx: 10, ry: 4.6, fill: c.side, stroke: c.stroke, 'stroke-width': 0.6 }),
    s('rect', { x: -10, y: 0, width: 20, height: STEP * 0.55, fill: c.side }),
    s('ellipse', { cx: 0, cy: 0, rx: 10, ry: 4.6, fill: c.fill, stroke: c.stroke, 'stroke-width': 0.6 }));
  if (neutral) g.append(s('ellipse', { cx: 0, cy: 0, rx: 6, ry: 2.6, fill: 'none', stroke: c.stroke, 'stroke-opacity': 0.45, 'stroke-width': 0.6, 'stroke-dasharray': '1.2 1' }));
  if (khan) {
    g.append(s('path', { d: 'M-6 1 L-6.5 -6 L-3.2 -3 L0 -8 L3.2 -3 L6.5 -6 L6 1 Z', fill: '#f5c451', stroke: '#7a5208', 'stroke-width': 0.7, 'stroke-linejoin': 'round' }),
      s('circle', { cx: 0, cy: -8.3, r: 1.2, fill: '#fff3c4' }));
  }
  return g;
}

/** An invisible box over the whole of a token, drawn last: a tap anywhere in the token picks
 * it. A phone's browser moves a finger's tap into the box of one of the shapes under the
 * finger; without this, a point between the spikes of a Khan's crown or at a coin's rim went
 * through to the square behind. */
function hitBox(khan, high) {
  const top = khan ? -9.8 : high ? -9.4 : -5;
  const bottom = STEP * 0.55 + 5;
  return s('rect', { class: 'kt-hit', x: -10.4, y: top, width: high ? 27.8 : 20.8, height: bottom - top, fill: 'transparent' });
}

function dragonHead(T) {
  const { x, y, a } = T.head;
  // A stylised head at the start of the loop, its jaws facing back onto its tail.
  const out = a - Math.PI / 2;
  const deg = (a * 180) / Math.PI + 180;
  const flip = Math.cos((deg * Math.PI) / 180) < 0 ? ' scale(1 -1)' : '';
  return s('g', { transform: `translate(${x + 8 * Math.cos(out)} ${y + 8 * Math.sin(out)}) rotate(${deg})${flip}`, 'aria-hidden': 'true' },
    s('path', { d: 'M-16 6 C-18 -8 -8 -20 6 -20 C18 -20 26 -12 28 -2 L20 2 L28 8 C24 16 12 20 2 18 C-8 17 -14 13 -16 6 Z', fill: '#3b8a4a', stroke: '#1d4d27', 'stroke-width': 1.4 }),
    s('path', { d: 'M-6 -18 L-14 -30 L-1 -20 M6 -20 L4 -33 L12 -20', fill: 'none', stroke: '#d9a441', 'stroke-width': 2.2, 'stroke-linecap': 'round' }),
    s('circle', { cx: 8, cy: -9, r: 3.4, fill: '#f5c451', stroke: '#1d4d27' }),
    s('circle', { cx: 8.6, cy: -9, r: 1.4, fill: '#111' }),
    s('path', { d: 'M21 2 L15 4 L21 6', fill: '#fff', stroke: '#fff', 'stroke-width': 1 }),
    s('path', { d: 'M-12 10 C-20 16 -26 14 -30 20', fill: 'none', stroke: '#d9a441', 'stroke-width': 1.5 }));
}

function tileShape(sq, value) {
  const c = TILE[value];
  const pips = [];
  for (let k = 0; k < value; k++) pips.push(s('circle', { cx: (k - (value - 1) / 2) * 5.2, cy: 11, r: 1.7, fill: '#fff', 'fill-opacity': 0.85 }));
  return [
    s('rect', { class: 'halo', x: -15, y: -19, width: 30, height: 38, rx: 9 }),
    s('rect', { class: 'kt-tile-shape', x: -13, y: -17, width: 26, height: 34, rx: 8, fill: c.fill, stroke: c.edge, 'stroke-width': 1.2 }),
    s('rect', { x: -10, y: -14, width: 20, height: 16, rx: 6, fill: '#fff', 'fill-opacity': 0.08 }),
    ...pips,
  ];
}

/** Where the analysis' best move goes (in the board's units, for the shape drawn now): a move
 * as an arrow from its stack to its square, a setup placement as a ring on its square. */
function bestMoveMarks(action) {
  const tall = !!document.querySelector('#board svg.kt-tall');
  const T = track(SHAPES[tall ? 'tall' : 'wide']);
  const sq = (n) => T.squares[Number(n) - 1];
  const ring = (n) => (sq(n) ? { x: sq(n).x, y: sq(n).y, r: T.unit * 0.55 } : null);
  let m;
  if ((m = /^(\d+):\d+>(\d+)$/.exec(action)) && sq(m[1]) && sq(m[2])) {
    return [{ ...ring(m[2]), from: { x: sq(m[1]).x, y: sq(m[1]).y } }];
  }
  if ((m = /^[KT]@(\d+)$/.exec(action)) && sq(m[1])) return [ring(m[1])];
  return [];
}

function paths(state) {
  const out = [];
  for (const a of state.legal) {
    let m;
    if (a === 'pass') {
      out.push({ action: a, steps: [{ v: 'pass', kind: 'pass', button: true, primary: true, label: t('kt.passButton') }] });
    } else if ((m = /^([KT])@(\d+)$/.exec(a))) {
      const [, k, sq] = m;
      const label = k === 'K' ? t('kt.yourKhan') : t('kt.ordinary');
      out.push({ action: a, steps: [{ v: `place:${sq}`, kind: 'place', t: `sq:${sq}` }, { v: `kind:${k}`, kind: 'kind', button: true, auto: true, label }] });
      out.push({ action: a, steps: [{ v: `kind:${k}`, kind: 'kind0', button: true, label: k === 'K' ? t('kt.placeKhan') : t('kt.placeToken') }, { v: `place:${sq}`, kind: 'place', t: `sq:${sq}` }] });
    } else if ((m = /^(\d+):(\d+)>(\d+)$/.exec(a))) {
      const [, from, n, to] = m;
      out.push({
        action: a,
        steps: [
          { v: `from:${from}`, kind: 'from', t: `sq:${from}` },
          { v: `to:${to}`, kind: 'to', t: `sq:${to}` },
          { v: `n:${n}`, kind: 'count', button: true, auto: true, label: t('kt.count', { n: Number(n) }) },
        ],
      });
    }
  }
  return out;
}

function prompt(kinds, chosen, state) {
  const p = state.view.placement;
  const val = p ? TILE[p.value].name : '';
  if (kinds.has('kind0')) return t('kt.p.kind0', { value: val });
  if (kinds.has('place')) return t('kt.p.place', { value: val });
  if (kinds.has('kind')) return t('kt.p.kind');
  if (kinds.has('from')) return t('kt.p.from');
  if (kinds.has('to')) return t('kt.p.to');
  if (kinds.has('count')) return t('kt.p.count');
  if (kinds.has('pass')) return t('kt.p.pass');
  return '';
}

function shortWay(a, b) {
  const fwd = (b - a + 36) % 36;
  const back = (a - b + 36) % 36;
  const out = [];
  if (fwd <= back) for (let k = 1; k < fwd; k++) out.push(((a - 1 + k) % 36) + 1);
  else for (let k = 1; k < back; k++) out.push(((a - 1 - k + 72) % 36) + 1);
  return out;
}

export default {
  name: 'khan-tsin',
  bestMoveMarks,
  seatLabel: (state, n) => TOKEN[state.view.seats[n - 1]?.colour]?.name || t('seat.n', { n }),
  seatColour: (state, n) => TOKEN[state.view.seats[n - 1]?.colour]?.fill || '#888',
  seatStats(state, n) {
    const seat = state.view.seats[n - 1];
    if (!seat) return null;
    if (state.view.phase === 'placement') return h('span', { class: 'stat muted' }, t('kt.stat.placed', { n: seat.tokens_placed }));
    return [
      h('span', { class: 'stat' }, t('kt.stat.stacks', { n: seat.stacks_controlled })),
      seat.khan_square ? h('span', { class: 'stat muted' }, h('span', { 'aria-hidden': 'true' }, '♛ '), t('kt.stat.khan', { sq: seat.khan_square })) : null,
    ];
  },
  winReason: (state) => t('kt.reason.win', { seat: TOKEN[state.view.seats[(state.status.result?.winners?.[0] || 1) - 1]?.colour]?.name || '' }),
  paths,
  prompt,
  describe(entry, state, { who, before, after }) {
    const a = entry.action || '';
    if (a === 'pass') return t('kt.m.pass', { who });
    const m = /^(\d+):(\d+)>(\d+)$/.exec(a);
    if (m) {
      const height = after?.squares[Number(m[3]) - 1]?.tokens.length;
      const src = before?.squares[Number(m[1]) - 1]?.tokens;
      const khan = src?.[src.length - 1]?.khan;
      const base = t(khan ? 'kt.m.moveKhan' : 'kt.m.move', { who, n: Number(m[2]), from: m[1], to: m[3] });
      return height ? `${base}${t('kt.m.height', { n: height })}` : base;
    }
    if (a.startsWith('K@')) return t('kt.m.placeKhan', { who, sq: a.slice(2) });
    if (a.startsWith('T@')) return t('kt.m.placeToken', { who, sq: a.slice(2) });
    return a;
  },

  create(root, ctx) {
    let T = null;
    let svg;
    let tiles = [];
    let marks;
    let info;
    let layer;
    let layoutDrawn = '';
    let tokenEls = new Map();
    let shown = null;

    function build(shape) {
      T = track(SHAPES[shape]);
      const { W, H } = T;
      svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: `board-svg kt kt-${shape}`, role: 'group', 'aria-label': t('kt.board') });
      svg.append(s('defs', {},
        s('radialGradient', { id: 'kt-bg', cx: '50%', cy: '45%', r: '70%' },
          s('stop', { offset: 0, 'stop-color': '#4a2e1c' }),
          s('stop', { offset: 1, 'stop-color': '#24150d' }))));
      svg.append(s('rect', { width: W, height: H, rx: 16, fill: 'url(#kt-bg)' }));
      // The dragon's body under the tiles.
      const body = T.path.filter((_, i) => i % 6 === 0).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
      svg.append(s('polyline', { points: body, fill: 'none', stroke: '#1b3b22', 'stroke-width': 46, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }),
        s('polyline', { points: body, fill: 'none', stroke: '#2f6b3a', 'stroke-width': 40, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }));
      svg.append(s('text', { x: W / 2, y: H / 2 - 6, 'text-anchor': 'middle', 'font-size': T.title, 'font-family': 'Georgia, serif', 'font-weight': 700, fill: '#d9a441', 'fill-opacity': 0.22, 'letter-spacing': T.title / 5, 'aria-hidden': 'true' }, 'KHAN-TSIN'));
      info = s('text', { x: W / 2, y: H / 2 + 22, 'text-anchor': 'middle', 'font-size': 11, fill: '#e9d9b5', 'fill-opacity': 0.8 });
      // One swatch per row: a name of any length ("jednoduché 1") never runs into the next.
      const legend = s('g', { transform: `translate(${W / 2 - 34} ${H / 2 + 32})`, 'aria-hidden': 'true' });
      [1, 2, 3].forEach((v, i) => {
        legend.append(s('rect', { x: 0, y: i * 13, width: 10, height: 11, rx: 3, fill: TILE[v].fill }),
          s('text', { x: 14, y: i * 13 + 9, 'font-size': 9, fill: '#e9d9b5', 'fill-opacity': 0.7 }, `${TILE[v].name} ${v}`));
      });
      svg.append(info, legend);
      const tilesG = s('g', {});
      tiles = [];
      for (let k = 0; k < 36; k++) {
        const { x, y, a } = T.squares[k];
        const deg = (a * 180) / Math.PI;
        const g = s('g', { class: 'kt-tile', dataset: { square: k + 1 }, transform: `translate(${x.toFixed(2)} ${y.toFixed(2)}) rotate(${(deg + 90).toFixed(1)})` });
        tilesG.append(g);
        tiles.push(g);
        // The square's number, outside the loop.
        const nx = x + Math.cos(a - Math.PI / 2) * 27;
        const ny = y + Math.sin(a - Math.PI / 2) * 27;
        tilesG.append(s('text', { class: 'kt-num', x: nx.toFixed(1), y: ny.toFixed(1) }, k + 1));
      }
      marks = s('g', {});
      const tokensG = s('g', {});
      svg.append(dragonHead(T), tilesG, marks, tokensG);
      root.replaceChildren(svg);
      layer = new PieceLayer(tokensG);
      layoutDrawn = '';
    }

    let shape = null;
    const fit = () => {
      const want = narrow(root) ? 'tall' : 'wide';
      if (want === shape) return false;
      shape = want;
      build(shape);
      return true;
    };
    fit();
    new ResizeObserver(() => {
      if (shown && fit()) {
        api.update(shown, null, { animate: false });
        ctx.redrawChoice();
      }
    }).observe(root);

    const api = {
      update(state, prev, { animate }) {
        shown = state;
        const v = state.view;
        if (layoutDrawn !== v.layout) {
          layoutDrawn = v.layout;
          v.squares.forEach((sq, i) => {
            tiles[i].replaceChildren(...tileShape(sq.square, sq.value));
            tiles[i].setAttribute('aria-label', t('kt.square', { sq: sq.square, value: TILE[sq.value].name }));
            labelledGroup(tiles[i]);
          });
        }
        const playing = new Set(v.seats.map((x) => x.colour));
        const pieces = [];
        for (const sq of v.squares) {
          const { x, y } = T.squares[sq.square - 1];
          sq.tokens.forEach((tk, lvl) => {
            const top = lvl === sq.tokens.length - 1;
            pieces.push({
              key: `${tk.colour}${tk.khan ? 'K' : ''}`,
              slot: `${sq.square}:${lvl}`,
              x, y: y + 3 - lvl * STEP,
              z: y * 10 + lvl,
              sig: `${tk.colour}${tk.khan}${top ? sq.tokens.length : ''}`,
              draw: () => {
                const g = coin(tk.colour, tk.khan, !playing.has(tk.colour));
                // The height drawn on a tall stack's top is part of the top's name.
                const high = top && sq.tokens.length >= 3;
                const name = { colour: TOKEN[tk.colour].name, sq: sq.square, n: sq.tokens.length };
                g.setAttribute('aria-label', t(`kt.${tk.khan ? 'khan' : 'token'}On${high ? 'Stack' : ''}`, name));
                labelledGroup(g);
                g.dataset.secondary = '1';
                g.dataset.square = sq.square;
                if (high) {
                  g.append(s('circle', { cx: 12, cy: -4, r: 5, fill: '#1c1208', stroke: '#e9d9b5', 'stroke-width': 0.8 }),
                    s('text', { class: 'kt-height', x: 12, y: -4 }, sq.tokens.length));
                }
                g.append(hitBox(tk.khan, high));
                return g;
              },
            });
          });
        }
        const items = layer.sync(pieces, {
          animate,
          duration: 320,
          route: (from, to, piece) => {
            const a = Number(from.split(':')[0]);
            const b = Number(to.split(':')[0]);
            if (a === b) return [];
            const lift = piece.y - T.squares[b - 1].y - 14;
            return shortWay(a, b).map((q) => [T.squares[q - 1].x, T.squares[q - 1].y + lift]);
          },
        });
        tokenEls = new Map();
        for (const it of items) {
          const key = `sq:${it.slot.split(':')[0]}`;
          if (!tokenEls.has(key)) tokenEls.set(key, []);
          tokenEls.get(key).push(it.el);
        }
        // The last move.
        marks.replaceChildren();
        tiles.forEach((g) => g.classList.remove('last-from', 'last-to'));
        const last = state.last?.action || '';
        let m;
        if ((m = /^(\d+):(\d+)>(\d+)$/.exec(last))) {
          tiles[Number(m[1]) - 1].classList.add('last-from');
          tiles[Number(m[3]) - 1].classList.add('last-to');
        } else if ((m = /^[KT]@(\d+)$/.exec(last))) {
          tiles[Number(m[1]) - 1].classList.add('last-to');
        }
        if (v.phase === 'placement' && v.placement) {
          info.textContent = t('kt.info.setup', { value: TILE[v.placement.value].name });
        } else if (v.neutral) {
          info.textContent = t('kt.info.neutral', { colour: TOKEN[v.neutral].name });
        } else {
          info.textContent = '';
        }
      },
      mark(chooser) {
        const all = new Map();
        tiles.forEach((g, i) => all.set(`sq:${i + 1}`, [g, ...(tokenEls.get(`sq:${i + 1}`) || [])]));
        markBoard(chooser, all, (step) => step.t);
      },
    };
    return api;
  },
};

const THUMB_TAU = Math.PI * 2;
/** The picture on the home page's game card (plain SVG parts, not a position). */
export function thumb() {
  const out = [s('rect', { width: 160, height: 100, fill: '#2a1d14' })];
  const vals = '123231312132213321123231312132213321';
  const tile = { 1: '#2f8f83', 2: '#d09a2c', 3: '#b8432f' };
  const tok = ['#f3efe6', '#3fa35b', '#3566c8'];
  for (let i = 0; i < 36; i++) {
    const t = (i / 36) * THUMB_TAU;
    const x = 80 + 62 * Math.cos(t);
    const y = 52 + 34 * Math.sin(t) + 5 * Math.sin(4 * t);
    out.push(s('circle', { cx: x, cy: y, r: 5.4, fill: tile[vals[i]], stroke: '#0006' }));
    const h = (i * 7) % 4;
    for (let k = 0; k < h; k++) out.push(s('ellipse', { cx: x, cy: y - 2 - k * 2.4, rx: 3.6, ry: 1.8, fill: tok[(i + k) % 3], stroke: '#0007', 'stroke-width': .4 }));
  }
  out.push(s('path', { d: 'M12 48 l-6 -9 l9 5 M14 47 l-1 -11 l5 9', fill: 'none', stroke: '#d9a441', 'stroke-width': 1.6, 'stroke-linecap': 'round' }),
    s('ellipse', { cx: 14, cy: 54, rx: 7, ry: 9, fill: '#3b8a4a', stroke: '#1d4d27' }),
    s('circle', { cx: 16, cy: 51, r: 1.6, fill: '#f5c451' }),
    s('text', { x: 80, y: 57, 'text-anchor': 'middle', 'font-size': 11, fill: '#d9a441', 'fill-opacity': 0.5, 'font-family': 'Georgia, serif', 'font-weight': 700, 'letter-spacing': 2 }, 'KHAN-TSIN'));
  return out;
}

/**
 * The colour of seat `i` (0-based) at a table of `players` being set up with `params`, as a
 * `colour.<name>` string's name: with 2 players the chosen `colours` (default wg), with 3 all
 * of them.
 */
export function seatColourName(i, params, players) {
  const letters = players === 3 ? 'wgb' : (params.colours || 'wg').toLowerCase();
  return { w: 'white', g: 'green', b: 'blue' }[letters[i]];
}
