// puzzles-api.js — the puzzle trainer's side of the HTTP API (docs/api.md, "Puzzles"), and
// what a guest's browser keeps of it in localStorage: the Glicko-2 rating (rating, deviation,
// volatility) and the puzzles already rated here (each is rated once).

import { call } from './api.js';

const RATING_KEY = 'tabula.puzzleRating';
const TRIED_KEY = 'tabula.puzzlesTried';
const MAX_TRIED = 2000;

export const puzzlesApi = {
  list: (params) => call('GET', `/api/puzzles?${params}`),
  daily: () => call('GET', '/api/puzzles/daily'),
  show: (id) => call('GET', `/api/puzzles/${encodeURIComponent(id)}`),
  move: (id, moves) => call('POST', `/api/puzzles/${encodeURIComponent(id)}/moves`, { moves }),
  solution: (id) => call('POST', `/api/puzzles/${encodeURIComponent(id)}/solution`),
  result: (id, body) => call('POST', `/api/puzzles/${encodeURIComponent(id)}/result`, body),
  rating: () => call('GET', '/api/puzzles/rating'),
};

function read(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: the rating lasts for the page only */
  }
}

/** A new player's rating (as on the server). */
const FRESH = { rating: 1500, deviation: 350, volatility: 0.06 };

/** The guest's rating in this browser. */
export const guestRating = {
  get() {
    const r = read(RATING_KEY, null);
    const ok = r && [r.rating, r.deviation, r.volatility].every((x) => typeof x === 'number' && Number.isFinite(x));
    return ok ? { rating: r.rating, deviation: r.deviation, volatility: r.volatility } : { ...FRESH };
  },
  put(r) {
    write(RATING_KEY, { rating: r.rating, deviation: r.deviation, volatility: r.volatility });
  },
};

/** The puzzles rated in this browser. */
export const tried = {
  has: (id) => read(TRIED_KEY, []).includes(id),
  add(id) {
    const list = read(TRIED_KEY, []).filter((x) => x !== id);
    list.push(id);
    write(TRIED_KEY, list.slice(-MAX_TRIED));
  },
};
