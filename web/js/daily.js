// daily.js — the home page's card of the daily puzzle (GET /api/puzzles/daily: the same
// puzzle all day, UTC): the game, the puzzle's rating and a link to solve it. The card stays
// hidden on a server without puzzles.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { puzzlesApi } from './puzzles-api.js';

/** Fills `el` with today's puzzle, or leaves it hidden. */
export async function renderDaily(el) {
  let p;
  try {
    p = await puzzlesApi.daily();
  } catch {
    return;
  }
  const key = `game.${p.game}`;
  const title = t(key) === key ? p.title : t(key);
  fill(el,
    h('div', { class: 'daily-text' },
      h('h2', { id: 'daily-title' }, t('puzzles.daily')),
      h('p', { class: 'muted' }, t('puzzles.info', { game: title, rating: Math.round(p.puzzle.rating) }))),
    h('div', { class: 'daily-links' },
      h('a', { class: 'button primary', href: `/puzzles/${encodeURIComponent(p.id)}`, id: 'daily-link' }, t('puzzles.solveDaily')),
      h('a', { class: 'button ghost', href: '/puzzles' }, t('puzzles.more'))));
  el.setAttribute('aria-labelledby', 'daily-title');
  el.hidden = false;
}
