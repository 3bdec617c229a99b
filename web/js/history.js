// history.js — looking back through a match without leaving it: every position of the match
// as this seat may see it (GET /api/matches/{id}/positions, fetched again only when the
// match has moved past what is held), and the state of a past ply built from the live state,
// with nothing to play. The match page keeps following the live game meanwhile.

import { api } from './api.js';

export class History {
  /**
   * @param {string} id match id
   * @param {string|null} token seat token, or null to watch
   */
  constructor(id, token) {
    this.id = id;
    this.token = token;
    this.positions = null; // [{ply, view, status}]
    this.pending = null;
  }

  /** The views by ply held now (for words about past moves), or null. */
  views() {
    return this.positions ? this.positions.map((p) => p.view) : null;
  }

  /** Every position up to `ply` at least (fetched when missing). */
  async load(ply) {
    if (this.positions && this.positions.length > ply) return this.positions;
    if (!this.pending) {
      this.pending = api.positions(this.id, this.token)
        .then((r) => {
          if (!this.positions || r.positions.length > this.positions.length) this.positions = r.positions;
          return this.positions;
        })
        .finally(() => {
          this.pending = null;
        });
    }
    return this.pending;
  }

  /** The state at ply `k` of the live state `live`: its view, status, log and last move, no
   * legal action, no clock. Null when that position is not held. */
  at(live, k) {
    const p = this.positions?.[k];
    if (!p) return null;
    const log = (live.log || []).filter((e) => e.ply < k);
    return {
      ...live,
      ply: k,
      view: p.view,
      status: p.status,
      // A plainly drawn game's board of that ply (not the live one).
      board_text: p.board_text,
      legal: [],
      log,
      last: log[log.length - 1] || null,
      clock: null,
      past: true,
    };
  }
}
