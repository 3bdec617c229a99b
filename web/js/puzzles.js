// puzzles.js — the puzzle trainer (/puzzles, /puzzles/<id>): a puzzle drawn by its game's own
// renderer (js/games/<game>.js), played by clicking as in a match (js/chooser.js,
// js/board-input.js). Each move goes to the server, which keeps the solution: right (the
// opponent's reply is played after the move's animation), wrong, or solved. The first result
// of a puzzle rates the player (Glicko-2, on the server): a guest's rating is kept in this
// browser, an account's on the server. Filters (game, theme) pick the next puzzle, nearest
// the player's rating among those not yet tried here.

import { h, fill, toast } from './dom.js';
import { Chooser } from './chooser.js';
import { wireChoices, keepFocus } from './board-input.js';
import * as shell from './shell.js';
import { t } from './i18n.js';
import { puzzlesApi, guestRating, tried } from './puzzles-api.js';

const $ = (id) => document.getElementById(id);
const REPLY_MS = 600; // the solver's move is seen before the reply is drawn

const query = new URLSearchParams(location.search);
let id = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] || '');
let game = null;
let renderer = null;
let start = null; // the puzzle's state before any move
let shown = null; // the state on the board
let line = []; // the moves played so far
let outcome = null; // 'solved' | 'failed' once the first result is known
let account = false;
let busy = false;

const chooser = new Chooser(() => drawChoice(), (action) => play(action));

/** A theme's name in the page's language; an unknown id made readable. */
function themeName(theme) {
  const key = `puzzles.theme.${theme}`;
  const text = t(key);
  if (text !== key) return text;
  const words = theme.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function gameTitle(name, fallback) {
  const text = t(`game.${name}`);
  return text === `game.${name}` ? fallback || name : text;
}

let byKeyboard = false; // whether the last choice was made from the keyboard

function drawChoice() {
  if (!shown || !renderer) return;
  renderer.mark(chooser);
  shell.renderPrompt($('prompt'), game, shown, chooser);
  if (byKeyboard) keepFocus($('board'), $('prompt'));
}

function task(state) {
  const p = state.puzzle;
  const seat = shell.label(game, state, state.you);
  const key = { win: 'puzzles.task.win', draw: 'puzzles.task.draw', 'fewest-moves': 'puzzles.task.fewest' }[p.goal] || 'puzzles.task.best';
  return t(key, { seat, n: p.moves });
}

function feedback(kind, text) {
  const el = $('feedback');
  el.dataset.kind = kind;
  el.textContent = text;
  document.body.dataset.puzzle = kind;
}

function draw(state, prev, animate) {
  renderer.update(state, prev, { animate });
  shown = state;
  document.body.dataset.ply = String(state.ply);
  const mine = state.legal.length > 0 && !state.status.over && !outcome?.done;
  chooser.setPaths(mine ? game.paths(state) : []);
  if (!mine) $('prompt').hidden = true;
}

const wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

async function play(action) {
  if (busy) return;
  busy = true;
  const moves = [...line, action];
  try {
    const r = await puzzlesApi.move(id, moves);
    if (r.result === 'right') {
      draw(r.played, shown, true);
      feedback('right', r.reply ? t('puzzles.right') : t('puzzles.rightGoOn'));
      if (r.reply) {
        await wait(REPLY_MS);
        draw(r.state, r.played, true);
        feedback('reply', t('puzzles.rightReply', { move: r.reply }));
      }
      line = r.state.log.map((e) => e.action);
    } else if (r.result === 'solved') {
      line = moves;
      outcome = { done: true };
      draw(r.state, shown, true);
      feedback('solved', t('puzzles.solved'));
      await rate(true);
    } else {
      draw(r.state, shown, true);
      feedback('wrong', t('puzzles.wrong'));
      chooser.setPaths([]);
      await rate(false);
    }
  } catch (e) {
    toast(e.message, 'error');
    chooser.unlock();
  } finally {
    busy = false;
  }
}

/** Sends the first result of this puzzle and shows the rating it gives. */
async function rate(solved) {
  if (outcome?.rated) return;
  outcome = { ...outcome, rated: true, done: true };
  const here = tried.has(id);
  if (!account && here) return;
  try {
    const r = await puzzlesApi.result(id, { solved, moves: solved ? line : [], rating: account ? undefined : guestRating.get() });
    if (!account) {
      guestRating.put(r.rating);
      tried.add(id);
    }
    showRating(r.rating, r.rated ? r.change : null);
  } catch (e) {
    toast(e.message, 'error');
  }
}

function showRating(rating, change) {
  $('my-rating').textContent = String(Math.round(rating.rating));
  $('my-rating').title = t('puzzles.deviation', { n: Math.round(rating.deviation) });
  const c = $('my-change');
  if (change === null || change === undefined) {
    c.textContent = '';
    return;
  }
  const n = Math.round(change);
  c.textContent = n >= 0 ? `+${n}` : `−${-n}`;
  c.dataset.sign = n >= 0 ? 'up' : 'down';
}

function retry() {
  if (!start || busy) return;
  line = [];
  outcome = outcome ? { ...outcome, done: false } : null;
  draw(start, null, false);
  feedback('retry', task(start));
  $('my-change').textContent = '';
}

async function showSolution() {
  if (!start || busy) return;
  busy = true;
  try {
    const { solution } = await puzzlesApi.solution(id);
    if (!outcome?.rated) await rate(false);
    line = [];
    draw(start, null, false);
    // The line is played again through the server, solver's move by solver's move.
    const step = start.puzzle.goal === 'fewest-moves' ? 1 : 2;
    for (let i = 0; i < solution.length; i += step) {
      const r = await puzzlesApi.move(id, solution.slice(0, i + 1));
      await wait(REPLY_MS / 2);
      draw(r.result === 'right' ? r.played : r.state, shown, true);
      if (r.result === 'right' && r.reply) {
        await wait(REPLY_MS);
        draw(r.state, r.played, true);
      }
    }
    outcome = { ...outcome, done: true };
    chooser.setPaths([]);
    feedback('shown', t('puzzles.solutionShown', { line: solution.join(' ') }));
  } catch (e) {
    toast(e.message, 'error');
  } finally {
    busy = false;
  }
}

/** The next puzzle: nearest the player's rating among those the filters keep, one not tried
 * in this browser first. */
async function next() {
  const params = new URLSearchParams();
  const g = $('filter-game').value;
  const th = $('filter-theme').value;
  if (g) params.set('game', g);
  if (th) params.set('theme', th);
  params.set('rating', String(Math.round(Number($('my-rating').textContent) || 1500)));
  params.set('limit', '100');
  try {
    const list = await puzzlesApi.list(params);
    const fresh = list.puzzles.filter((p) => p.id !== id && !tried.has(p.id));
    const pick = fresh[0] || list.puzzles.find((p) => p.id !== id) || list.puzzles[0];
    if (!pick) {
      toast(t('puzzles.none'), 'info');
      return;
    }
    const keep = new URLSearchParams();
    if (g) keep.set('game', g);
    if (th) keep.set('theme', th);
    location.href = `/puzzles/${encodeURIComponent(pick.id)}${keep.toString() ? `?${keep}` : ''}`;
  } catch (e) {
    toast(e.message, 'error');
  }
}

async function fillFilters() {
  const gameSel = $('filter-game');
  const themeSel = $('filter-theme');
  const all = await puzzlesApi.list(new URLSearchParams({ limit: '1' }));
  const wanted = query.get('game') || '';
  fill(gameSel, h('option', { value: '' }, t('puzzles.allGames')),
    ...all.games.map((g) => h('option', { value: g, selected: g === wanted }, gameTitle(g))));
  const themesFor = async () => {
    const p = new URLSearchParams({ limit: '1' });
    if (gameSel.value) p.set('game', gameSel.value);
    const r = await puzzlesApi.list(p);
    const keep = themeSel.value || query.get('theme') || '';
    fill(themeSel, h('option', { value: '' }, t('puzzles.allThemes')),
      ...r.themes.map((th) => h('option', { value: th, selected: th === keep }, themeName(th))));
  };
  await themesFor();
  gameSel.addEventListener('change', () => { themeSel.value = ''; themesFor(); });
}

async function loadRating() {
  const me = await puzzlesApi.rating().catch(() => ({ account: false }));
  account = !!me.account;
  $('rating-where').textContent = account ? t('puzzles.ratingAccount') : t('puzzles.ratingGuest');
  showRating(account ? me.rating : guestRating.get(), null);
}

async function loadGame(name) {
  try {
    return (await import(`./games/${encodeURIComponent(name)}.js`)).default;
  } catch {
    return (await import('./games/generic.js')).default;
  }
}

function showPuzzle(state) {
  const p = state.puzzle;
  $('game-title').textContent = t('puzzles.titleOf', { game: game.title?.() || state.title });
  document.title = `${t('puzzles.titleOf', { game: game.title?.() || state.title })} — Tabula`;
  $('rules-link').href = `/rules/${state.game}`;
  $('task').textContent = task(state);
  fill($('puzzle-info'), t('puzzles.info', { rating: Math.round(p.rating), game: game.title?.() || state.title }));
  fill($('puzzle-themes'), ...p.themes.map((th) => h('li', { class: 'badge', dataset: { theme: th } }, themeName(th))));
  $('link').value = `${location.origin}/puzzles/${encodeURIComponent(state.id)}`;
  $('link').setAttribute('aria-label', t('puzzles.link'));
}

async function main() {
  wireChoices({ board: $('board'), prompt: $('prompt'), chooser, onInput: (key) => { byKeyboard = key; } });
  $('retry').addEventListener('click', retry);
  $('show-solution').addEventListener('click', showSolution);
  $('next').addEventListener('click', next);
  $('copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('link').value);
      toast(t('puzzles.copied'), 'info');
    } catch {
      $('link').select();
    }
  });
  await Promise.all([loadRating(), fillFilters().catch(() => {})]);
  if (!id) {
    await next();
    return;
  }
  let state;
  try {
    state = await puzzlesApi.show(id);
  } catch (e) {
    fill($('board'), h('div', { class: 'error-box' },
      h('h2', {}, e.status === 404 ? t('puzzles.noSuch') : t('puzzles.cannotLoad')),
      h('p', {}, e.message), h('button', { type: 'button', class: 'primary', onclick: next }, t('puzzles.next'))));
    $('task').textContent = '';
    document.body.dataset.puzzle = 'missing';
    return;
  }
  game = await loadGame(state.game);
  document.body.dataset.game = state.game;
  $('board').dataset.game = state.game;
  renderer = game.create($('board'), {
    choose: (v) => chooser.choose(v),
    act: (a) => {
      if (shown && !chooser.locked && shown.legal.includes(a)) {
        chooser.locked = true;
        play(a);
      }
    },
    redrawChoice: () => drawChoice(),
  });
  start = state;
  showPuzzle(state);
  draw(state, null, false);
  feedback('ready', '');
  document.body.dataset.puzzle = 'ready';
  window.tabula = { state: () => shown, chooser, line: () => line };
}

main();
