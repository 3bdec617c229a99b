// learn-progress.js — what this browser remembers of the tutorials (localStorage
// `tabula.lessons`: per game the lessons completed and the lesson last opened), and whether it
// has played a game: "played" means this browser holds a seat of its own in a match of that
// game (api.js's `tabula.matches`, which keeps the 40 most recent), whatever the result. The
// home page offers the tutorial on the card of every game not played yet.

import { seats } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';

const KEY = 'tabula.lessons';

function load() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

function update(game, change) {
  const all = load();
  const entry = all[game] && typeof all[game] === 'object' ? all[game] : {};
  all[game] = change({ done: Array.isArray(entry.done) ? entry.done : [], at: entry.at || null });
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* private mode: progress lasts as long as the page */
  }
}

export const progress = {
  /** The ids of the lessons of `game` completed in this browser. */
  doneOf: (game) => {
    const done = load()[game]?.done;
    return Array.isArray(done) ? done : [];
  },
  /** The id of the lesson of `game` last opened, or null. */
  atOf: (game) => load()[game]?.at || null,
  done: (game, id) => update(game, (e) => ({ ...e, done: e.done.includes(id) ? e.done : [...e.done, id] })),
  at: (game, id) => update(game, (e) => ({ ...e, at: id })),
};

/** Whether this browser has played `game`: a seat of its own in one of its matches. */
export function hasPlayed(game) {
  return Object.values(seats.all()).some((m) => m && m.game === game && m.seat);
}

/** On the home page: a "Learn to play" link under the card of every game that ships a tutorial
 * (`lessons` in /api/games), worded as an offer for a game this browser has not played. The
 * card stays a button of its own; the link sits beside it in the card's slot. */
export function offerLessons(container, games) {
  for (const g of games) {
    const card = container.querySelector(`.game-card[data-game="${CSS.escape(g.name)}"]`);
    if (!g.lessons || !card) continue;
    const title = card.querySelector('.name')?.textContent || g.title;
    const fresh = !hasPlayed(g.name);
    const slot = h('div', { class: `game-slot${fresh ? ' unplayed' : ''}`, dataset: { game: g.name } });
    card.replaceWith(slot);
    slot.append(card, h('a', {
      class: `learn-link${fresh ? ' offer' : ''}`,
      href: `/learn/${encodeURIComponent(g.name)}`,
      title: t('home.learnGame', { game: title }),
      dataset: { learn: g.name },
    }, fresh ? t('home.learnOffer') : t('home.learn')));
  }
}
