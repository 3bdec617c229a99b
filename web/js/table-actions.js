// table-actions.js — what a player does at the table besides moving (docs/api.md, "At the
// table"): resign (asked twice), offer a draw where the rules have draws and answer the
// other's offer, take a move back against bots, ask for a rematch from the end card (or go to
// the one someone else asked for), and the automatic play of a forced move: when your seat
// has exactly one legal action, a notice says so and plays it after a short countdown, unless
// you cancel it or switch it off (remembered in this browser).

import { api, seats } from './api.js';
import { h, fill, toast } from './dom.js';
import { t } from './i18n.js';
import { label } from './shell.js';

const AUTOPLAY_KEY = 'tabula.autoplay';
const DELAY_KEY = 'tabula.autoplayDelay';

/** How long a forced move waits, in seconds, before it is played: 1, unless this browser
 * stored another whole number (1–60) under `tabula.autoplayDelay`. */
export function forcedDelay() {
  try {
    const n = Number(localStorage.getItem(DELAY_KEY));
    return Number.isInteger(n) && n >= 1 && n <= 60 ? n : 1;
  } catch {
    return 1;
  }
}

/** Whether forced moves are played automatically (on unless switched off). */
export function autoplayOn() {
  try {
    return localStorage.getItem(AUTOPLAY_KEY) !== 'off';
  } catch {
    return true;
  }
}

function setAutoplay(on) {
  try {
    localStorage.setItem(AUTOPLAY_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts as long as the page.
  }
}

export class TableActions {
  /**
   * @param {object} o
   * @param {string} o.id match id
   * @param {string|null} o.token seat token
   * @param {HTMLElement} o.bar the buttons (resign, draw, takeback, the autoplay switch)
   * @param {HTMLElement} o.notice the draw offer, the takeback request, the rematch and the forced move notices
   * @param {(action: string) => boolean} o.play plays an action as a click would; false if it cannot now
   * @param {() => void} o.refresh fetches the state again
   * @param {() => boolean} [o.cardOpen] whether the end card (with its Rematch button) is shown
   */
  constructor({ id, token, bar, notice, play, refresh, cardOpen = () => false }) {
    Object.assign(this, { id, token, bar, notice, play, refresh, cardOpen });
    this.confirming = false;
    this.busy = false;
    this.forced = null; // {rev, action, timer, left}
    this.cancelledRev = null;
    this.state = null;
    this.game = null;
  }

  /** Draws the bar and notices for `state` (`viewing` a past ply: nothing to ask for). */
  render(game, state, viewing) {
    this.game = game;
    this.state = state;
    const you = state.you;
    const tb = state.table || {};
    const over = state.status.over;
    if (!you || viewing !== null) {
      this.bar.hidden = true;
      this.notice.hidden = true;
      this.stopForced();
      return;
    }
    this.renderBar(game, state, tb, over);
    this.considerForced(game, state);
    this.renderNotice(game, state, tb, over);
  }

  async request(request) {
    if (this.busy) return;
    this.busy = true;
    try {
      await api.table(this.id, this.token, request);
      this.refresh();
    } catch (e) {
      toast(e.message, e.status === 409 ? 'info' : 'error');
    } finally {
      this.busy = false;
    }
  }

  renderBar(game, state, tb, over) {
    const buttons = [];
    if (!over) {
      if (this.confirming) {
        buttons.push(
          h('button', { type: 'button', class: 'danger small', dataset: { table: 'resign-sure' }, onclick: () => { this.confirming = false; this.request('resign'); } }, t('table.resignSure')),
          h('button', { type: 'button', class: 'ghost small', dataset: { table: 'resign-cancel' }, onclick: () => { this.confirming = false; this.render(game, this.state, null); } }, t('table.cancel')));
      } else {
        buttons.push(h('button', { type: 'button', class: 'ghost small', dataset: { table: 'resign' }, onclick: () => { this.confirming = true; this.render(game, this.state, null); } }, t('table.resign')));
      }
      // Bots decline every offer at once (docs/api.md): no offer is proposed to them.
      const people = state.seats.some((x) => x.seat !== state.you && x.kind !== 'bot');
      if (tb.draws && tb.may_offer !== false && !tb.offer && people) {
        buttons.push(h('button', { type: 'button', class: 'ghost small', dataset: { table: 'offer-draw' }, onclick: () => this.request('offer_draw') }, t('table.offerDraw')));
      }
      if (tb.takeback) {
        // Against bots the move is undone at once; another person is asked first.
        const title = people ? t('table.takebackAskTitle') : t('table.takebackTitle');
        buttons.push(h('button', { type: 'button', class: 'ghost small', dataset: { table: 'takeback' }, title, onclick: () => this.request('takeback') }, t('table.takeback')));
      }
    } else if (!tb.rematch && !this.cardOpen()) {
      // One Rematch button at a time: the end card's, the rematch notice's, or this one.
      buttons.push(this.rematchButton(state));
    }
    const toggle = over ? null : h('label', { class: 'autoplay' },
      h('input', { type: 'checkbox', id: 'autoplay', checked: autoplayOn(), onchange: (e) => { setAutoplay(e.target.checked); if (!e.target.checked) this.stopForced(); else this.considerForced(game, this.state); } }),
      ' ', t('table.autoplay'));
    fill(this.bar, h('h2', { class: 'sr-only' }, t('table.label')), h('div', { class: 'table-buttons' }, buttons), toggle);
    this.bar.hidden = !buttons.length && !toggle;
  }

  /** The end card's rematch button (in the bar instead once the card is closed). */
  rematchButton(state) {
    const ready = state.table?.rematch;
    return h('button', {
      type: 'button', class: 'primary small', dataset: { table: 'rematch' },
      onclick: () => (ready ? this.goTo(ready) : this.rematch()),
    }, ready ? t('table.rematchJoin') : t('table.rematch'));
  }

  async rematch() {
    if (this.busy) return;
    this.busy = true;
    try {
      this.goTo(await api.rematch(this.id, this.token));
    } catch (e) {
      toast(e.message, 'error');
    } finally {
      this.busy = false;
    }
  }

  goTo(r) {
    seats.put(r.id, { game: this.state.game, title: this.state.title, seat: r.seat, token: r.token });
    location.href = `/match/${r.id}`;
  }

  renderNotice(game, state, tb, over) {
    const parts = [];
    if (!over && tb.offer && tb.offer !== state.you) {
      parts.push(h('div', { class: 'notice offer', role: 'status', dataset: { notice: 'offer' } },
        h('span', {}, t('table.offerFrom', { seat: label(game, state, tb.offer) })), ' ',
        h('button', { type: 'button', class: 'primary small', dataset: { table: 'accept-draw' }, onclick: () => this.request('accept_draw') }, t('table.accept')),
        h('button', { type: 'button', class: 'ghost small', dataset: { table: 'decline-draw' }, onclick: () => this.request('decline_draw') }, t('table.decline'))));
    } else if (!over && tb.offer === state.you) {
      parts.push(h('div', { class: 'notice offer', role: 'status', dataset: { notice: 'offered' } }, t('table.offered')));
    }
    if (!over && tb.takeback_ask && tb.takeback_ask !== state.you) {
      parts.push(h('div', { class: 'notice offer', role: 'status', dataset: { notice: 'takeback' } },
        h('span', {}, t('table.takebackFrom', { seat: label(game, state, tb.takeback_ask) })), ' ',
        h('button', { type: 'button', class: 'primary small', dataset: { table: 'accept-takeback' }, onclick: () => this.request('accept_takeback') }, t('table.takebackAccept')),
        h('button', { type: 'button', class: 'ghost small', dataset: { table: 'decline-takeback' }, onclick: () => this.request('decline_takeback') }, t('table.decline'))));
    } else if (!over && tb.takeback_ask === state.you) {
      parts.push(h('div', { class: 'notice offer', role: 'status', dataset: { notice: 'takeback-asked' } }, t('table.takebackAsked')));
    }
    if (over && tb.rematch) {
      parts.push(h('div', { class: 'notice rematch', role: 'status', dataset: { notice: 'rematch' } },
        h('span', {}, t('table.rematchReady')), ' ', this.rematchButton(state)));
    }
    const forced = this.forced && h('div', { class: 'notice forced', role: 'status', dataset: { notice: 'forced' } },
      h('span', {}, t('table.forced', { move: this.forced.action, n: this.forced.left })), ' ',
      h('button', { type: 'button', class: 'ghost small', dataset: { table: 'forced-cancel' }, onclick: () => this.cancelForced() }, t('table.forcedCancel')));
    fill(this.notice, parts, forced);
    this.notice.hidden = !parts.length && !forced;
  }

  /** Starts the countdown of a forced move when the seat has exactly one legal action. */
  considerForced(game, state) {
    const one = state.legal.length === 1 && !state.status.over && !game.realTime;
    const rev = state.rev ?? state.ply;
    if (!one || !autoplayOn() || this.cancelledRev === rev) {
      this.stopForced();
      return;
    }
    if (this.forced?.rev === rev) return;
    this.stopForced();
    this.forced = { rev, action: state.legal[0], left: forcedDelay(), timer: null };
    const tick = () => {
      const f = this.forced;
      if (!f || f.rev !== rev) return;
      if (f.left <= 0) {
        this.forced = null;
        this.renderNotice(game, this.state, this.state.table || {}, false);
        if (!this.play(f.action)) this.cancelledRev = rev;
        return;
      }
      f.timer = setTimeout(() => {
        f.left -= 1;
        tick();
      }, 1000);
      this.renderNotice(game, this.state, this.state.table || {}, false);
    };
    tick();
  }

  cancelForced() {
    if (this.forced) this.cancelledRev = this.forced.rev;
    this.stopForced();
    if (this.state && this.game) this.renderNotice(this.game, this.state, this.state.table || {}, this.state.status.over);
  }

  stopForced() {
    if (this.forced?.timer) clearTimeout(this.forced.timer);
    this.forced = null;
  }
}
