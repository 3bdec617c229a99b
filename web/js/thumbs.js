// thumbs.js — the small pictures of each game on the home page's game cards (plain SVG,
// drawn once; not a position).

import { s } from './dom.js';

const TAU = Math.PI * 2;
const pol = (r, a) => [r * Math.cos(a), r * Math.sin(a)];

function toumai() {
  const g = s('g', { transform: 'translate(80 50)' });
  const cols = ['#f4c430', '#e0474c', '#3f7fe0'];
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + (i * TAU) / 9;
    const [x1, y1] = pol(12, a);
    const [x2, y2] = pol(44, a);
    g.append(s('line', { x1, y1, x2, y2, stroke: '#4b4190', 'stroke-width': 7, 'stroke-linecap': 'round' }));
    const n = 1 + ((i * 5) % 4);
    for (let k = 0; k < n; k++) {
      const [x, y] = pol(42 - k * 7, a);
      g.append(s('circle', { cx: x, cy: y, r: 3.2, fill: cols[(i + k) % 3], stroke: '#0008', 'stroke-width': .6 }));
    }
  }
  const pts = [];
  for (let i = 0; i < 18; i++) {
    const [x, y] = pol(i % 2 ? 5 : 12, -Math.PI / 2 + (i * TAU) / 18);
    pts.push(`${x},${y}`);
  }
  g.append(s('polygon', { points: pts.join(' '), fill: '#f5c451' }));
  return [s('rect', { width: 160, height: 100, fill: '#1b1740' }), g];
}

function khanTsin() {
  const out = [s('rect', { width: 160, height: 100, fill: '#2a1d14' })];
  const vals = '123231312132213321123231312132213321';
  const tile = { 1: '#2f8f83', 2: '#d09a2c', 3: '#b8432f' };
  const tok = ['#f3efe6', '#3fa35b', '#3566c8'];
  for (let i = 0; i < 36; i++) {
    const t = (i / 36) * TAU;
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

function chinaMoon() {
  const out = [s('rect', { width: 160, height: 100, fill: '#103a3a' })];
  const path = [[12, 86], [30, 86], [48, 86], [66, 86], [84, 86], [102, 86], [120, 80], [134, 66], [140, 50], [134, 34], [118, 22], [98, 16], [76, 18], [56, 24], [40, 36], [34, 52], [46, 62], [64, 60]];
  out.push(s('polyline', { points: path.map((p) => p.join(',')).join(' '), fill: 'none', stroke: '#2f7f6b', 'stroke-width': 3, 'stroke-dasharray': '2 3' }));
  path.forEach(([x, y], i) => out.push(s('circle', { cx: x, cy: y, r: 6, fill: i % 3 ? '#3c9a5f' : '#4fb36f', stroke: '#1f5e3a' })));
  out.push(s('ellipse', { cx: 82, cy: 52, rx: 16, ry: 11, fill: '#d8b36a', stroke: '#8a6a2c' }));
  const flowers = [[48, 86, '#f4d03f'], [102, 86, '#f49ac1'], [140, 50, '#fff'], [76, 18, '#f4d03f']];
  for (const [x, y, c] of flowers) out.push(s('circle', { cx: x, cy: y - 1, r: 2.8, fill: c }));
  for (const [x, y, c] of [[30, 86, '#e5534b'], [118, 22, '#4c8dff'], [34, 52, '#f2c14e']]) {
    out.push(s('ellipse', { cx: x, cy: y, rx: 4, ry: 5, fill: c, stroke: '#0008' }));
  }
  return out;
}

function magicalCircle() {
  const out = [s('rect', { width: 160, height: 100, fill: '#211a3d' })];
  out.push(s('circle', { cx: 80, cy: 52, r: 34, fill: 'none', stroke: '#8d7ee0', 'stroke-width': 2 }));
  const els = ['#ff7a3d', '#3fa9f5', '#8b6b3e', '#cfe9ff', '#ffd84d', '#6b3fa0'];
  els.forEach((c, i) => {
    const a = -Math.PI / 2 + Math.PI / 6 + (i * TAU) / 6;
    out.push(s('circle', { cx: 80 + 34 * Math.cos(a), cy: 52 + 34 * Math.sin(a), r: 8, fill: c, stroke: '#fff8', 'stroke-width': 1.2 }));
  });
  out.push(s('circle', { cx: 80, cy: 15, r: 5, fill: '#f5c451' }));
  out.push(s('path', { d: 'M70 62 L90 62 L82 52 L90 42 L70 42 L78 52 Z', fill: '#f5c451', opacity: .8 }));
  return out;
}

function connectFour() {
  const out = [s('rect', { width: 160, height: 100, fill: '#111a3a' }), s('rect', { x: 38, y: 12, width: 84, height: 74, rx: 6, fill: '#3461d1' })];
  const board = ['.......', '...o...', '..xx...', '..ox.o.', '.oxxo..', 'xoxoxo.'];
  board.forEach((row, r) => [...row].forEach((ch, c) => {
    out.push(s('circle', { cx: 44 + c * 12, cy: 18 + r * 12, r: 4.6, fill: ch === 'x' ? '#e5484d' : ch === 'o' ? '#f5c451' : '#0d1430' }));
  }));
  return out;
}

const DRAW = { toumai, 'khan-tsin': khanTsin, 'china-moon': chinaMoon, 'magical-circle': magicalCircle, 'connect-four': connectFour };

/** The card picture of a game (a plain tile for unknown games). */
export function thumb(name) {
  const parts = DRAW[name] ? DRAW[name]() : [s('rect', { width: 160, height: 100, fill: '#222' })];
  return s('svg', { viewBox: '0 0 160 100', 'aria-hidden': 'true', preserveAspectRatio: 'xMidYMid slice' }, ...parts);
}
