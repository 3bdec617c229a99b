// live.js — follows a match: one WebSocket (/api/matches/{id}/ws) pushing full state objects,
// reconnecting with exponential backoff; after a reconnection (or when the socket stays down)
// the state is fetched over HTTP, so the page always comes back to the match as it is.

import { api } from './api.js';

export class Live {
  /**
   * @param {string} id match id
   * @param {string|null} token seat token, or null to watch
   * @param {{onState: (state) => void, onStatus: (status: string) => void, onError: (e) => void}} handlers
   */
  constructor(id, token, handlers) {
    this.id = id;
    this.token = token;
    this.h = handlers;
    this.ws = null;
    this.delay = 500;
    this.closed = false;
    this.timer = null;
    this.poll = null;
    this.status = 'connecting';
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.h.onStatus(status);
  }

  /** Fetches the state over HTTP (used on start, after reconnecting and while offline). */
  async refresh() {
    try {
      const state = await api.state(this.id, this.token);
      this.h.onState(state);
      return state;
    } catch (e) {
      this.h.onError(e);
      return null;
    }
  }

  start() {
    this.h.onStatus(this.status);
    this.connect();
    window.addEventListener('online', () => this.reconnectNow());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && this.status !== 'live') this.reconnectNow();
    });
  }

  connect() {
    if (this.closed) return;
    clearTimeout(this.timer);
    let ws;
    try {
      ws = new WebSocket(api.wsUrl(this.id, this.token));
    } catch (e) {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.setStatus('live');
      clearInterval(this.poll);
      this.poll = null;
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg && msg.type === 'state') this.h.onState(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      this.setStatus('reconnecting');
      this.scheduleReconnect();
    };
    ws.onerror = () => ws.close();
  }

  scheduleReconnect() {
    clearTimeout(this.timer);
    const wait = this.delay * (0.8 + Math.random() * 0.4);
    this.delay = Math.min(this.delay * 2, 10000);
    this.timer = setTimeout(async () => {
      await this.refresh();
      this.connect();
    }, wait);
    // While the socket is down, keep the page fresh every few seconds.
    if (!this.poll) this.poll = setInterval(() => this.refresh(), 4000);
  }

  /** Reconnects at once (the browser came back online, the tab became visible). */
  reconnectNow() {
    if (this.closed) return;
    if (this.ws && this.ws.readyState <= 1) return;
    this.delay = 500;
    this.refresh().then(() => this.connect());
  }

  /** Drops the connection as a network failure would (used by tests and on page exit). */
  drop() {
    if (this.ws) this.ws.close();
  }

  stop() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.poll);
    if (this.ws) this.ws.close();
  }
}
