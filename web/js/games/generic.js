// games/generic.js — the fallback for a game registered on the server without a renderer of
// its own: the position (or the view) as text, and one button per legal action, so that any
// game can still be followed and played in the browser.

import { h } from '../dom.js';
import { t } from '../i18n.js';

export default {
  name: 'generic',
  seatLabel: (state, n) => state.seats[n - 1]?.name || t('seat.n', { n }),
  seatColour: (state, n) => ['#e5484d', '#4c8dff', '#f5c451', '#a371f7', '#3fb9a6', '#ff8a5c'][(n - 1) % 6],
  paths(state) {
    return state.legal.map((a) => ({ action: a, steps: [{ v: `act:${a}`, kind: 'act', button: true, label: a }] }));
  },
  prompt: () => t('generic.prompt'),
  create(root) {
    const pre = h('pre', { class: 'generic-view', 'aria-label': t('generic.position') });
    root.replaceChildren(pre);
    return {
      update(state) {
        pre.textContent = state.position || JSON.stringify(state.view, null, 2);
      },
      mark() {},
    };
  },
};
