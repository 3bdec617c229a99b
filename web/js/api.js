// api.js — the HTTP API of `tabula serve` (docs/api.md) and the seat tokens kept in
// localStorage, so that a reload (or coming back later) keeps your seat.

import { t } from './i18n.js';

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** One request: the JSON answer, or an ApiError with the server's reason. */
export async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, t('error.unreachable'));
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const reason = data && typeof data === 'object' && data.error ? data.error : `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, reason);
  }
  return data;
}

export const api = {
  games: () => call('GET', '/api/games'),
  /** The rules in Markdown, in `lang` when the server has them in it, else in English. */
  rules: async (name, lang) => {
    const url = `/api/games/${encodeURIComponent(name)}/rules`;
    if (lang && lang !== 'en') {
      const res = await fetch(`${url}?lang=${encodeURIComponent(lang)}`).catch(() => null);
      if (res && res.status === 200) return res.text();
    }
    const res = await fetch(url);
    if (!res.ok) throw new ApiError(res.status, res.status === 404 ? t('error.noGame', { name }) : res.statusText);
    return res.text();
  },
  matches: () => call('GET', '/api/matches'),
  /** Creates a match: body {game, players, seats: [{human, open?} | {bot}], mine, hints, …};
   * answers {id, seats: [{seat, role: mine|invited|lobby|bot, token?}]}. */
  create: (body) => call('POST', '/api/matches', body),
  /** Takes a lobby seat (the first open one, or `seat`): answers {seat, token}, a fresh token. */
  join: (id, seat) => call('POST', `/api/matches/${id}/join`, seat ? { seat } : {}),
  /** A request at the table: resign | offer_draw | accept_draw | decline_draw | takeback;
   * answers {ply, event}. */
  table: (id, token, request) => call('POST', `/api/matches/${id}/table`, { token, request }),
  /** The rematch of a finished match (made at the first request): answers {id, seat, token}. */
  rematch: (id, token) => call('POST', `/api/matches/${id}/rematch`, { token }),
  state: (id, token) => call('GET', `/api/matches/${id}${token ? `?token=${encodeURIComponent(token)}` : ''}`),
  /** Every position of the match as this seat sees it: {id, ply, positions: [{ply, view, status}]}. */
  positions: (id, token) => call('GET', `/api/matches/${id}/positions${token ? `?token=${encodeURIComponent(token)}` : ''}`),
  /** Starts or joins the analysis of a match; both answer its progress (docs/api.md). */
  analyse: (id) => call('POST', `/api/matches/${id}/analysis`),
  analysis: (id) => call('GET', `/api/matches/${id}/analysis`),
  act: (id, token, action, ply) => call('POST', `/api/matches/${id}/actions`, { token, action, ply }),
  wsUrl: (id, token) => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/matches/${id}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  },
};

const KEY = 'tabula.matches';

function load() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

function save(all) {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* private mode: seats are then kept by the URL only */
  }
}

/** What this browser knows of its matches: {id: {game, title, seat, token, invites, at}}. */
export const seats = {
  all: load,
  get: (id) => load()[id] || null,
  put(id, entry) {
    const all = load();
    all[id] = { ...(all[id] || {}), ...entry, at: Date.now() };
    // Keep the 40 most recent.
    const ids = Object.keys(all).sort((a, b) => (all[b].at || 0) - (all[a].at || 0));
    for (const old of ids.slice(40)) delete all[old];
    save(all);
  },
  forget(id) {
    const all = load();
    delete all[id];
    save(all);
  },
};

/** The spectator link of a match: it carries no seat key. */
export function watchLink(id) {
  return `${location.origin}/match/${id}`;
}

/** The invite link of a seat token. */
export function inviteLink(id, token) {
  return `${location.origin}/match/${id}?token=${token}`;
}
