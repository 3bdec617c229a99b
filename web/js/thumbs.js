// thumbs.js — the small picture on a game's card on the home page: the game module's own
// (`thumb()` in js/games/<name>.js), or, for a game drawn plainly, a tile with its initials
// and a disc per seat in the colours its description gives.

import { s } from './dom.js';

/** The initials of a title: the first letter of its first three words (a hyphen parts words:
 * "Tic-Tac-Toe" is TTT). */
function initials(title) {
  return (title || '?').split(/[\s-]+/).filter(Boolean).slice(0, 3).map((w) => [...w][0]).join('').toUpperCase();
}

/** A plain game's tile: its initials, and its seats' colours. */
function plainTile(info) {
  const colours = (info?.seats || []).map((seat) => seat.colour).filter(Boolean).slice(0, 6);
  const discs = colours.map((fill, i) => s('circle', { cx: 80 + (i - (colours.length - 1) / 2) * 18, cy: 80, r: 7, fill }));
  return [
    s('rect', { width: 160, height: 100, fill: '#222' }),
    s('text', { x: 80, y: 56, 'text-anchor': 'middle', 'font-size': 34, 'font-weight': 700, fill: '#ddd', 'font-family': 'sans-serif' }, initials(info?.title)),
    ...discs,
  ];
}

/** The card picture of a game, from its module, else a plain tile from its description. */
export function thumb(module, info) {
  const parts = module?.thumb ? module.thumb() : plainTile(info);
  return s('svg', { viewBox: '0 0 160 100', 'aria-hidden': 'true', preserveAspectRatio: 'xMidYMid slice' }, ...parts);
}
