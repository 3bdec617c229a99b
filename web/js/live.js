// live.js — follows a match: one WebSocket (/api/matches/{id}/ws) pushing the full state on
// connect, then deltas (what changed since the last push: new moves, view, status, legal
// actions, clocks) that applyPush turns back into full states; a delta that does not follow
// what is held asks the server to resynchronise. The socket reconnects with exponential
// backoff; after a reconnection (or when the socket stays down) the state is fetched over
// HTTP, so the page always comes back to the match as it is. The socket also carries the
// match's chat, handed to `onChat` (chat.js).

import { api } from './api.js';

/**
 * The state after a push (docs/api.md, "WebSocket"): a `state` push is the state itself; a
 * `delta` keeps the first `from_ply` moves of `held` (fewer than it has after a takeback),
 * appends `entries` and takes every other field it carries; `last` is the last entry of the
 * log that makes (a delta does not repeat it). Null when the delta does not
 * follow `held` (nothing held, or moves missing before `from_ply`): then ask for a resync.
 */
export function applyPush(held, msg) {
  if (!msg || typeof msg !== 'object') return null;
  if (msg.type === 'state') return msg;
  if (msg.type !== 'delta' || !held || !Array.isArray(held.log)) return null;
  const from = msg.from_ply;
  if (!Number.isInteger(from) || from < 0 || from > held.log.length || !Array.isArray(msg.entries)) return null;
  const { type: _type, from_ply: _from, entries, ...changed } = msg;
  const log = held.log.slice(0, from).concat(entries);
  return { ...held, ...changed, type: 'state', log, last: log.length ? log[log.length - 1] : null };
}

export class Live {
  /**
   * @param {string} id match id
   * @param {string|null} token seat token, or null to watch
   * @param {{onState: (state) => void, onStatus: (status: string) => void, onError: (e) => void,
   *   onChat?: (msg) => void, onOpen?: () => void}} handlers `onChat`: the chat's pushes
   *   (`chat`, `chat_hidden`, `chat_resync`); `onOpen`: each time the socket opens (what
   *   was pushed while it was down is to be read again)
   */
  constructor(id, token, handlers) {
    this.id = id;
    this.token = token;
    this.h = handlers;
    this.ws = null;
    this.held = null; // the state the socket's pushes build on
    this.resyncing = false; // a resync was asked for and its state has not come yet
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
      this.h.onOpen?.();
    };
    this.held = null;
    this.resyncing = false;
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg && typeof msg.type === 'string' && msg.type.startsWith('chat')) {
        this.h.onChat?.(msg);
        return;
      }
      if (!msg || (msg.type !== 'state' && msg.type !== 'delta')) return;
      const state = applyPush(this.held, msg);
      if (!state) {
        // A gap: drop what is held and ask (once) for the full state.
        this.held = null;
        if (!this.resyncing && ws.readyState === 1) {
          this.resyncing = true;
          ws.send(JSON.stringify({ type: 'resync' }));
        }
        return;
      }
      this.resyncing = false;
      this.held = state;
      this.h.onState(state);
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
