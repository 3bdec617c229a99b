// review.js — analysing a match (POST/GET /api/matches/{id}/analysis, docs/api.md): the
// Analyse button (finished matches, and live ones of games without hidden information against
// bots, or between people who all agreed to analysis when the match was made),
// progress while the server searches, an evaluation bar for the position on the board (one
// bar shared by two seats, a small bar per seat for three or more), the best move of that
// position in words and drawn on the board (the game's `bestMoveMarks(action, state)`, when it
// has one), and every move of the list marked good, inaccuracy (?!) or mistake (?) with a
// legend; a finished match's record and animation can be saved from it. The evaluation and
// the best move sit right above the board (`evalSlot`), in sight while the player steps
// through the match; the rest is in the panel under it. The match page calls `update` after
// each drawing.

import { api } from './api.js';
import { h, s, fill } from './dom.js';
import { t, currentLang } from './i18n.js';
import * as shell from './shell.js';

const POLL_MS = 400;
const SYMBOL = { good: '✓', inaccuracy: '?!', mistake: '?' };

/** Percentages of a value in [0, 1]. */
const pct = (v) => Math.round(Math.max(0, Math.min(1, v)) * 100);

export class Review {
  /**
   * @param {{id: string, panel: HTMLElement, moves: HTMLElement, board: HTMLElement, evalSlot?: HTMLElement, saveAnimation?: (button: HTMLElement) => void}} parts
   */
  constructor({ id, panel, moves, board, evalSlot, saveAnimation }) {
    this.saveAnimation = saveAnimation || null;
    this.id = id;
    this.panel = panel;
    this.evalSlot = evalSlot || panel;
    this.moves = moves;
    this.board = board;
    this.result = null; // the last progress answered
    this.started = false;
    this.asking = false;
    this.timer = null;
    this.hidden = null; // whether the game has hidden information (from /api/games)
    this.game = null;
    this.shown = null;
    this.displayed = null;
  }

  /** Draws the panel for `shown` (the live state) and `displayed` (the state on the board). */
  update(game, shown, displayed) {
    this.game = game;
    this.shown = shown;
    this.displayed = displayed || shown;
    if (this.hidden === null) {
      this.hidden = 'unknown';
      api.games().then((games) => {
        const info = (games.games || games).find?.((g) => g.name === shown.game);
        this.hidden = !!info?.hidden_information;
        this.render();
      }).catch(() => {
        this.hidden = true;
      });
    }
    // A live match moved on (or took moves back): the analysis follows it.
    if (this.started && this.result && this.result.ply !== shown.ply && !this.asking && this.allowed()) this.start();
    this.render();
  }

  /** Whether this match may be analysed now: once it is over; while it goes on, when the game
   * hides nothing and the match is against bots only or everyone agreed at its creation
   * (`analysis_allowed`; the server refuses it otherwise). */
  allowed() {
    if (!this.shown) return false;
    if (this.shown.status.over) return true;
    const people = this.shown.seats.filter((s) => s.kind === 'human').length;
    return this.hidden === false && (people < 2 || this.shown.analysis_allowed === true);
  }

  async start() {
    this.started = true;
    this.asking = true;
    // The progress shows at once, before the server answers.
    this.render();
    try {
      this.result = await api.analyse(this.id);
      this.error = null;
    } catch (e) {
      this.error = e.message;
    } finally {
      this.asking = false;
    }
    this.render();
    this.poll();
  }

  poll() {
    clearTimeout(this.timer);
    if (!this.result || this.result.complete) return;
    this.timer = setTimeout(async () => {
      try {
        this.result = await api.analysis(this.id);
        this.error = null;
      } catch (e) {
        this.error = e.message;
        this.render();
        return;
      }
      this.render();
      this.poll();
    }, POLL_MS);
  }

  /** Whether analysis waits for the end of this live match between people (not agreed). */
  waitsForTheEnd() {
    return !!this.shown && !this.shown.status.over && this.hidden === false && !this.allowed();
  }

  render() {
    const el = this.panel;
    if (this.waitsForTheEnd()) {
      el.hidden = false;
      const off = `off:${currentLang()}`;
      if (el.dataset.view === off) return;
      el.dataset.view = off;
      fill(el, h('h2', {}, t('review.title')), h('p', { class: 'muted', id: 'analysis-off' }, t('review.offLive')));
      this.clearBoard();
      return;
    }
    if (!this.shown || !this.allowed()) {
      el.hidden = true;
      if (this.evalSlot !== el) this.evalSlot.hidden = true;
      this.clearBoard();
      return;
    }
    el.hidden = false;
    const r = this.result;
    document.body.dataset.review = !this.started ? '' : r?.complete ? 'complete' : 'running';
    if (!this.started) {
      // Redrawn only when its words change, so that a focused Analyse button keeps the focus
      // when a push or the list of games redraws the page.
      const offer = `offer:${currentLang()}`;
      if (el.dataset.view === offer && el.querySelector('#analyse')) return;
      el.dataset.view = offer;
      if (this.evalSlot !== el) this.evalSlot.hidden = true;
      const agreed = !this.shown.status.over && this.shown.analysis_allowed === true
        && this.shown.seats.filter((s) => s.kind === 'human').length > 1;
      fill(el, h('h2', {}, t('review.title')),
        h('p', { class: 'muted' }, t('review.help')),
        agreed ? h('p', { class: 'muted', id: 'analysis-agreed' }, t('review.agreed')) : null,
        h('button', { type: 'button', class: 'primary', id: 'analyse', onclick: () => this.start() }, t('review.analyse')),
        this.exports());
      return;
    }
    const ply = this.displayed.ply;
    const pos = r?.positions?.[ply] || null;
    el.dataset.view = 'review';
    const here = [this.evalBar(pos, ply), this.best(pos, ply)];
    fill(el, h('h2', {}, t('review.title')),
      this.progress(r),
      this.error ? h('p', { class: 'error', role: 'alert' }, this.error) : null,
      this.evalSlot === el ? here : null,
      this.legend(),
      this.exports());
    if (this.evalSlot !== el) {
      fill(this.evalSlot, here);
      this.evalSlot.hidden = false;
    }
    this.markMoves();
    this.drawBest(pos);
  }

  progress(r) {
    if (!r) return h('p', { class: 'review-status', role: 'status' }, t('review.starting'));
    const text = r.complete ? t('review.done', { n: r.total }) : t('review.progress', { done: r.done, total: r.total });
    return h('div', { class: 'review-progress' },
      h('p', { class: 'review-status', role: 'status', dataset: { done: r.done, total: r.total } }, text),
      r.complete ? null : h('progress', { max: Math.max(1, r.total), value: r.done, 'aria-label': text }));
  }

  evalBar(pos, ply) {
    const seats = this.shown.seats.map((x) => x.seat);
    const value = pos?.value;
    const box = h('div', { class: 'review-eval', dataset: { ply, state: pos?.state || 'none' } });
    if (!value) {
      box.append(h('p', { class: 'muted' }, pos?.state === 'none' ? t('review.noSeat') : t('review.waiting')));
      return box;
    }
    const name = (n) => shell.label(this.game, this.shown, n);
    const colour = (n) => this.game.seatColour(this.shown, n);
    const words = seats.map((n) => t('review.seatValue', { seat: name(n), pct: pct(value[n - 1]) })).join(', ');
    if (seats.length === 2) {
      const a = pct(value[0]);
      box.append(h('div', { class: 'eval-bar', role: 'img', 'aria-label': `${t('review.evalLabel')}: ${words}`, dataset: { value: a } },
        h('span', { class: 'eval-fill', style: { width: `${a}%`, background: colour(1) } }),
        h('span', { class: 'eval-rest', style: { width: `${100 - a}%`, background: colour(2) } })),
      h('p', { class: 'eval-words' }, words));
    } else {
      box.append(h('ul', { class: 'eval-seats', 'aria-label': t('review.evalLabel') }, ...seats.map((n) => h('li', {},
        h('span', { class: 'eval-name' }, name(n)),
        h('span', { class: 'eval-bar small', role: 'img', 'aria-label': t('review.seatValue', { seat: name(n), pct: pct(value[n - 1]) }), dataset: { value: pct(value[n - 1]) } },
          h('span', { class: 'eval-fill', style: { width: `${pct(value[n - 1])}%`, background: colour(n) } })),
        h('span', { class: 'eval-pct' }, `${pct(value[n - 1])}%`)))));
    }
    return box;
  }

  best(pos, ply) {
    if (!pos?.best) return h('p', { class: 'review-best', dataset: { ply } }, pos?.state === 'over' ? t('review.over') : '');
    const entry = { ply, actor: pos.seat, action: pos.best };
    // Told from the position it is played in, in the move list's words.
    const words = shell.describe(this.game, this.displayed, entry, { [ply]: this.displayed.view });
    return h('p', { class: 'review-best', dataset: { ply, action: pos.best } },
      h('span', { class: 'review-best-label' }, t('review.best')), ' ',
      h('span', { class: 'words' }, words), ' ', h('code', { class: 'notation' }, pos.best));
  }

  /** A finished match saved as a file: its text record and its animation. */
  exports() {
    if (!this.shown?.status.over) return null;
    return h('p', { class: 'review-export' },
      h('a', { href: `/api/matches/${encodeURIComponent(this.id)}/record.txt`, download: '' }, t('result.record')), ' ',
      this.saveAnimation ? h('button', { type: 'button', class: 'small', id: 'review-download-animation', onclick: (e) => this.saveAnimation(e.currentTarget) }, t('result.animation')) : null);
  }

  legend() {
    const r = this.result;
    const th = r?.thresholds || { inaccuracy: 0.05, mistake: 0.15 };
    return h('ul', { class: 'review-legend', 'aria-label': t('review.legend') },
      ...['good', 'inaccuracy', 'mistake'].map((m) => h('li', {},
        h('span', { class: `review-mark mark-${m}`, 'aria-hidden': 'true' }, SYMBOL[m]), ' ',
        t(`review.legend.${m}`, { pct: pct(m === 'mistake' ? th.mistake : th.inaccuracy) }))));
  }

  /** Adds each move's mark to the move list drawn by shell.renderMoves. */
  markMoves() {
    const byPly = new Map((this.result?.moves || []).map((m) => [m.ply, m]));
    for (const li of this.moves.querySelectorAll('li[data-ply]')) {
      li.querySelector('.review-mark')?.remove();
      delete li.dataset.mark;
      const m = byPly.get(Number(li.dataset.ply));
      if (!m?.mark) continue;
      li.dataset.mark = m.mark;
      // Inside the words, so that the list keeps its columns.
      (li.querySelector('.words') || li).append(h('span', { class: `review-mark mark-${m.mark}`, title: t(`review.mark.${m.mark}`) },
        h('span', { 'aria-hidden': 'true' }, SYMBOL[m.mark]),
        h('span', { class: 'sr-only' }, t(`review.mark.${m.mark}`))));
    }
    if (!this.displayed?.past) shell.followMoves(this.moves);
  }

  clearBoard() {
    this.board.querySelector('svg .review-best-marks')?.remove();
  }

  /** Rings (and arrows) on the board where the best move goes, from the game's hook. */
  drawBest(pos) {
    this.clearBoard();
    const svg = this.board.querySelector('svg.board-svg') || this.board.querySelector('svg');
    const marks = pos?.best && this.game.bestMoveMarks ? this.game.bestMoveMarks(pos.best, this.displayed) : null;
    if (!svg || !marks?.length) return;
    // Strokes in proportion to the board's own units.
    const unit = (svg.viewBox?.baseVal?.width || 740) / 100;
    const g = s('g', { class: 'review-best-marks', 'aria-hidden': 'true', dataset: { action: pos.best } });
    for (const m of marks) {
      if (m.from) {
        g.append(s('line', { class: 'best-arrow', x1: m.from.x, y1: m.from.y, x2: m.x, y2: m.y, 'stroke-width': unit }));
      }
      g.append(s('circle', { class: 'best-ring', cx: m.x, cy: m.y, r: m.r || 4 * unit, 'stroke-width': unit, 'stroke-dasharray': `${2 * unit} ${unit}` }));
    }
    svg.append(g);
  }
}
