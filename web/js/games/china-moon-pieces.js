// games/china-moon-pieces.js — China Moon's pieces as drawings, shared by the pond and the
// prompts: the lily pad's outline, the seats' colours and names, the flowers (drawn and as
// small icons for buttons), a frog seen from above, and the icons of the pads' kinds.

import { s } from '../dom.js';
import { t } from '../i18n.js';

export const R = 22;
// A lily pad: a disc with a notch cut from the centre (between -75° and -45°).
export const PAD_PATH = (() => {
  const pt = (deg) => `${(R * Math.cos((deg * Math.PI) / 180)).toFixed(2)} ${(R * Math.sin((deg * Math.PI) / 180)).toFixed(2)}`;
  return `M0 0 L${pt(-45)} A${R} ${R} 0 1 1 ${pt(-75)} Z`;
})();
export const SEAT = ['#e5534b', '#4c8dff', '#f2c14e', '#a371f7', '#3fb9a6'];
const SEAT_KEY = ['red', 'blue', 'yellow', 'purple', 'teal'];
export const SEAT_NAME = new Proxy([], { get: (_, i) => (SEAT_KEY[i] ? t(`colour.${SEAT_KEY[i]}`) : undefined) });
/** A seat's name as the owner of a piece (Czech declines it: "žabičku Modrého"). */
export const SEAT_OF = new Proxy([], { get: (_, i) => (SEAT_KEY[i] ? t(`colour.of.${SEAT_KEY[i]}`) : undefined) });
export const FLOWER = {
  y: { fill: '#f7d44c', edge: '#a8850f', key: 'yellow' },
  p: { fill: '#f49ac1', edge: '#b0527c', key: 'pink' },
  w: { fill: '#fbfbf6', edge: '#9a9a90', key: 'white' },
  k: { fill: '#26232b', edge: '#8d8799', key: 'black' },
  u: { fill: '#4aa8ff', edge: '#1d5fa3', key: 'blue' },
};
for (const f of Object.values(FLOWER)) Object.defineProperty(f, 'name', { get: () => t(`cm.flower.${f.key}`) });
export const LETTER = { yellow: 'y', pink: 'p', white: 'w', black: 'k', blue: 'u' };
export const KIND_NAME = new Proxy({}, { get: (_, k) => (typeof k === 'string' ? t(`cm.kind.${k}`) : undefined) });

/** A flower drawn around (0, 0). */
export function flower(letter, size = 1) {
  const f = FLOWER[letter];
  const g = s('g', { transform: size !== 1 ? `scale(${size})` : null });
  for (let i = 0; i < 5; i++) {
    g.append(s('ellipse', { cx: 0, cy: -5, rx: 3.4, ry: 5.2, fill: f.fill, stroke: f.edge, 'stroke-width': 0.7, transform: `rotate(${i * 72})` }));
  }
  g.append(s('circle', { r: 2.6, fill: letter === 'k' ? '#8d8799' : '#f5a623', stroke: f.edge, 'stroke-width': 0.5 }));
  return g;
}

export function flowerIcon(letter, px = 18) {
  return s('svg', { viewBox: '-11 -11 22 22', width: px, height: px, 'aria-hidden': 'true' }, flower(letter)).outerHTML;
}

/** A frog seen from above, around (0, 0). */
export function frog(seat, extra = {}) {
  const c = SEAT[(seat - 1) % SEAT.length];
  return s('g', { class: 'cm-frog', ...extra },
    s('circle', { class: 'halo', r: 14 }),
    s('ellipse', { cx: -8, cy: 6, rx: 3.5, ry: 6, fill: c, stroke: '#0008', 'stroke-width': 0.8, transform: 'rotate(-35 -8 6)' }),
    s('ellipse', { cx: 8, cy: 6, rx: 3.5, ry: 6, fill: c, stroke: '#0008', 'stroke-width': 0.8, transform: 'rotate(35 8 6)' }),
    s('ellipse', { cx: 0, cy: 2, rx: 8.5, ry: 9.5, fill: c, stroke: '#0009', 'stroke-width': 1 }),
    s('ellipse', { cx: 0, cy: 0, rx: 4.5, ry: 5, fill: '#fff', 'fill-opacity': 0.18 }),
    s('circle', { cx: -4.2, cy: -6.5, r: 3.3, fill: '#fff', stroke: '#0008', 'stroke-width': 0.7 }),
    s('circle', { cx: 4.2, cy: -6.5, r: 3.3, fill: '#fff', stroke: '#0008', 'stroke-width': 0.7 }),
    s('circle', { cx: -4.2, cy: -7, r: 1.5, fill: '#111' }),
    s('circle', { cx: 4.2, cy: -7, r: 1.5, fill: '#111' }));
}

export function kindIcon(kind) {
  switch (kind) {
    case 'spring':
      return s('path', { d: 'M-7 7 L7 4 L-7 1 L7 -2 L-7 -5 L7 -8', fill: 'none', stroke: '#e8f7ff', 'stroke-width': 1.8, 'stroke-linejoin': 'round', opacity: 0.9 });
    case 'butterfly':
      return s('g', { opacity: 0.95 },
        s('path', { d: 'M0 0 C-4 -10 -12 -9 -10 -2 C-12 4 -5 7 0 1 Z', fill: '#ffb86b', stroke: '#7a4a12', 'stroke-width': 0.7 }),
        s('path', { d: 'M0 0 C4 -10 12 -9 10 -2 C12 4 5 7 0 1 Z', fill: '#ffb86b', stroke: '#7a4a12', 'stroke-width': 0.7 }),
        s('line', { x1: 0, y1: -5, x2: 0, y2: 5, stroke: '#3b2208', 'stroke-width': 1.4 }));
    case 'stupid-frog':
      return s('g', {},
        s('circle', { cx: -4.5, cy: -2, r: 4, fill: '#fff', stroke: '#234', 'stroke-width': 0.7 }),
        s('circle', { cx: 4.5, cy: -2, r: 4, fill: '#fff', stroke: '#234', 'stroke-width': 0.7 }),
        s('circle', { cx: -3, cy: -1, r: 1.7, fill: '#111' }),
        s('circle', { cx: 3, cy: -3, r: 1.7, fill: '#111' }),
        s('path', { d: 'M-5 5 Q0 9 5 5', fill: 'none', stroke: '#123', 'stroke-width': 1.2 }));
    case 'lotus':
      return s('g', { opacity: 0.45 }, flower('p', 0.8));
    case 'black-lotus':
      return s('g', { opacity: 0.55 }, flower('k', 0.8));
    default:
      return null;
  }
}
