// games/generic.js — the table of a game registered on the server without a renderer of its
// own (and whose registry entry ships none): the board as the game writes it as text
// (`board_text`, sent while the whole position may be shown; else what the viewer may see of
// the position), the seats in the colours the game's description gives, and one button per
// legal action, so that any game can be followed and played in the browser.

import { h } from '../dom.js';
import { t } from '../i18n.js';

const FALLBACK = ['#e5484d', '#4c8dff', '#f5c451', '#a371f7', '#3fb9a6', '#ff8a5c'];

/** What the board shows: the game's own text, else the viewer's view written out. */
export function boardText(state) {
  if (typeof state.board_text === 'string' && state.board_text) return state.board_text.replace(/\n$/, '');
  if (state.view !== undefined && state.view !== null) return JSON.stringify(state.view, null, 2);
  return state.position || '';
}

export default {
  name: 'generic',
  seatLabel: (state, n) => state.seats[n - 1]?.name || t('seat.n', { n }),
  seatColour: (state, n) => state.seats?.[n - 1]?.colour || FALLBACK[(n - 1) % FALLBACK.length],
  paths(state) {
    return state.legal.map((a) => ({ action: a, steps: [{ v: `act:${a}`, kind: 'act', button: true, label: a }] }));
  },
  prompt: () => t('generic.prompt'),
  create(root) {
    const pre = h('pre', { class: 'generic-view', 'aria-label': t('generic.position') });
    root.replaceChildren(pre);
    return {
      update(state) {
        pre.textContent = boardText(state);
      },
      mark() {},
    };
  },
};
