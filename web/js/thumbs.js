// thumbs.js — the small picture on a game's card on the home page: the game module's own
// (`thumb()` in js/games/<name>.js), or a plain tile for a game without one.

import { s } from './dom.js';

/** The card picture of a game, from its module (a plain tile when it draws none). */
export function thumb(module) {
  const parts = module?.thumb ? module.thumb() : [s('rect', { width: 160, height: 100, fill: '#222' })];
  return s('svg', { viewBox: '0 0 160 100', 'aria-hidden': 'true', preserveAspectRatio: 'xMidYMid slice' }, ...parts);
}
