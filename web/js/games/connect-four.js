// games/connect-four.js — Connect Four: a blue frame of 7 columns × 6 rows, discs falling
// behind it. Play: click (or tap) a column; the legal actions are the column numbers.

import { s, reducedMotion } from '../dom.js';
import { PieceLayer } from '../anim.js';
import { markBoard } from '../chooser.js';
import { t } from '../i18n.js';

const COLOURS = { 1: '#e5484d', 2: '#f5c451' };
const NAMES = { get 1() { return t('colour.red'); }, get 2() { return t('colour.yellow'); } };
const X0 = 20;
const Y0 = 70;
const CELL = 100;
const cx = (c) => X0 + CELL * (c - 1) + CELL / 2;
const cy = (r) => Y0 + CELL * (6 - r) + CELL / 2;

function disc(seat, extra = {}) {
  const c = COLOURS[seat];
  return s('g', extra,
    s('circle', { r: 41, fill: c }),
    s('circle', { r: 41, fill: 'url(#c4-shine)' }),
    s('circle', { r: 30, fill: 'none', stroke: 'rgba(0,0,0,.18)', 'stroke-width': 3 }));
}

export default {
  name: 'connect-four',
  seatLabel: (state, n) => NAMES[n] || t('seat.n', { n }),
  title: () => t('game.connect-four'),
  seatColour: (state, n) => COLOURS[n] || '#888',

  paths(state) {
    return state.legal.map((a) => ({ action: a, steps: [{ v: `col:${a}`, kind: 'col' }] }));
  },

  prompt() {
    return t('c4.prompt');
  },

  describe(entry, state, { who }) {
    return entry.action ? t('c4.m.drop', { who, col: entry.action }) : '';
  },
  /** Where the analysis' best move goes: a ring on the cell the disc would land in. */
  bestMoveMarks(action, state) {
    const c = Number(action);
    const heights = state.view?.heights;
    if (!/^[1-7]$/.test(action) || !heights || heights[c - 1] >= 6) return [];
    return [{ x: cx(c), y: cy(heights[c - 1] + 1), r: 46 }];
  },
  winReason: (state) => t('c4.reason.win', { seat: NAMES[state.status.result?.winners?.[0]] || '' }),

  create(root) {
    const defs = s('defs', {},
      s('radialGradient', { id: 'c4-shine', cx: '35%', cy: '30%', r: '70%' },
        s('stop', { offset: '0', 'stop-color': '#fff', 'stop-opacity': '.45' }),
        s('stop', { offset: '.5', 'stop-color': '#fff', 'stop-opacity': '0' }),
        s('stop', { offset: '1', 'stop-color': '#000', 'stop-opacity': '.25' })),
      s('linearGradient', { id: 'c4-frame', x1: 0, y1: 0, x2: 0, y2: 1 },
        s('stop', { offset: 0, 'stop-color': '#3d6fe0' }),
        s('stop', { offset: 1, 'stop-color': '#2649a8' })),
      s('mask', { id: 'c4-holes' },
        s('rect', { x: 0, y: 0, width: 740, height: 700, fill: '#fff' }),
        ...[1, 2, 3, 4, 5, 6, 7].flatMap((c) => [1, 2, 3, 4, 5, 6].map((r) => s('circle', { cx: cx(c), cy: cy(r), r: 42, fill: '#000' })))));
    const svg = s('svg', { viewBox: '0 0 740 700', class: 'board-svg c4', role: 'group', 'aria-label': t('c4.board') }, defs);
    const back = s('rect', { x: X0, y: Y0, width: 700, height: 600, rx: 18, fill: '#0d1430' });
    const discs = s('g', {});
    const frame = s('g', {},
      s('rect', { x: X0 - 6, y: Y0 - 6, width: 712, height: 612, rx: 22, fill: 'url(#c4-frame)', mask: 'url(#c4-holes)' }),
      s('rect', { x: X0 - 6, y: Y0 - 6, width: 712, height: 612, rx: 22, fill: 'none', stroke: '#1b3680', 'stroke-width': 3 }),
      s('rect', { x: X0 - 16, y: Y0 + 600, width: 732, height: 20, rx: 8, fill: '#1b3680' }));
    const marks = s('g', {});
    const cols = s('g', {});
    const targets = new Map();
    const previews = [];
    for (let c = 1; c <= 7; c++) {
      const preview = disc(1, { class: 'preview', transform: `translate(${cx(c)} 36) scale(.7)` });
      previews.push(preview);
      const g = s('g', { class: 'c4-col', 'aria-label': t('c4.column', { col: c }), dataset: { column: c } },
        s('rect', { class: 'halo', x: X0 + CELL * (c - 1) + 4, y: Y0 - 4, width: CELL - 8, height: 608, rx: 14 }),
        s('rect', { x: X0 + CELL * (c - 1), y: 0, width: CELL, height: 690, fill: 'transparent' }),
        preview);
      cols.append(g);
      targets.set(`col:${c}`, g);
    }
    svg.append(back, discs, frame, marks, cols);
    root.replaceChildren(svg);
    const layer = new PieceLayer(discs);

    return {
      update(state, prev, { animate }) {
        const v = state.view;
        const pieces = [];
        v.rows.forEach((row, i) => {
          const r = 6 - i;
          [...row].forEach((ch, j) => {
            if (ch === '.') return;
            const seat = ch === 'x' ? 1 : 2;
            pieces.push({ key: ch, slot: `${j + 1},${r}`, x: cx(j + 1), y: cy(r), draw: () => disc(seat, { 'aria-label': t('c4.disc', { colour: NAMES[seat], col: j + 1, row: r }) }) });
          });
        });
        layer.sync(pieces, { animate: false });
        const last = state.last?.action;
        marks.replaceChildren();
        if (last && /^[1-7]$/.test(last)) {
          const c = Number(last);
          const r = v.heights[c - 1];
          const el = layer.at(`${c},${r}`);
          if (animate && el && !reducedMotion()) {
            const y = cy(r);
            el.animate([
              { transform: `translate(${cx(c)}px, 36px)` },
              { transform: `translate(${cx(c)}px, ${y}px)`, offset: 0.7, easing: 'ease-out' },
              { transform: `translate(${cx(c)}px, ${y - 18}px)`, offset: 0.85, easing: 'ease-in' },
              { transform: `translate(${cx(c)}px, ${y}px)` },
            ], { duration: 260 + 60 * (6 - r), easing: 'ease-in' });
          }
          if (!v.winning_cells.length) marks.append(s('circle', { class: 'last-ring', cx: cx(c), cy: cy(r), r: 46 }));
        }
        for (const [c, r] of v.winning_cells) {
          marks.append(s('circle', { cx: cx(c), cy: cy(r), r: 44, fill: 'none', stroke: '#fff', 'stroke-width': 6, class: 'c4-win' }));
        }
        const me = state.you || v.to_move || 1;
        for (const p of previews) p.querySelector('circle').setAttribute('fill', COLOURS[me]);
        this.targets = targets;
      },
      mark(chooser) {
        markBoard(chooser, targets, (step) => step.v);
      },
    };
  },
};

/** The picture on the home page's game card (plain SVG parts, not a position). */
export function thumb() {
  const out = [s('rect', { width: 160, height: 100, fill: '#111a3a' }), s('rect', { x: 38, y: 12, width: 84, height: 74, rx: 6, fill: '#3461d1' })];
  const board = ['.......', '...o...', '..xx...', '..ox.o.', '.oxxo..', 'xoxoxo.'];
  board.forEach((row, r) => [...row].forEach((ch, c) => {
    out.push(s('circle', { cx: 44 + c * 12, cy: 18 + r * 12, r: 4.6, fill: ch === 'x' ? '#e5484d' : ch === 'o' ? '#f5c451' : '#0d1430' }));
  }));
  return out;
}
