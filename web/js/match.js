// match.js — the match page (/match/<id>[?token=…]; the token moves into storage at once): loads the match, follows it live, draws
// it with the game's renderer (js/games/<game>.js) and the shared shell, and sends the actions
// the player builds by clicking (js/chooser.js) to the server. Without a token (and no seat
// remembered in this browser) you watch as a spectator.

import { api, seats } from './api.js';
import * as people from './people.js';
import { startChat } from './chat.js';
import { h, fill, toast } from './dom.js';
import { Live } from './live.js';
import { Chooser } from './chooser.js';
import { wireChoices, keepFocus } from './board-input.js';
import * as shell from './shell.js';
import { t } from './i18n.js';
import { History } from './history.js';
import { TableActions } from './table-actions.js';
import { Review } from './review.js';
import * as clocks from './clock.js';
import { Sounds } from './sounds.js';
import { downloadAnimation } from './export-anim.js';

const $ = (id) => document.getElementById(id);
const GAP_MS = 560; // time given to each move's animation before the next one is drawn

const id = location.pathname.split('/').filter(Boolean)[1] || '';
const params = new URLSearchParams(location.search);
// The seat key leaves the address bar at once: kept in this browser (api.js's seats), so that
// the page's address, shared or bookmarked, never grants the seat.
const linkToken = params.get('token');
if (linkToken) {
  seats.put(id, { token: linkToken });
  params.delete('token');
  const rest = params.toString();
  window.history.replaceState(window.history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
}
let token = linkToken || seats.get(id)?.token || null;

let game = null;
let renderer = null;
let shown = null;
let pending = null;
let timer = null;
let lastDraw = 0;
let resultClosed = false;
let live = null;
const history = new History(id, token);
let viewing = null; // the ply shown while looking back, or null for the live game
let displayed = null; // the state the board shows (live or past)

const sounds = new Sounds($('sound'));
const review = new Review({ id, panel: $('review'), moves: $('moves'), board: $('board'), evalSlot: $('review-eval'), saveAnimation: (b) => saveAnimation(b) });
const chooser = new Chooser(() => drawChoice(), (action) => send(action));
/** A state's place in the match's log: grows with every change, a takeback included. */
const rev = (state) => state.rev ?? state.ply;
const table = new TableActions({
  id, token, bar: $('table-bar'), notice: $('table-notice'),
  play: (a) => {
    if (!shown || viewing !== null || chooser.locked || !shown.legal.includes(a)) return false;
    chooser.locked = true;
    drawChoice();
    send(a);
    return true;
  },
  refresh: () => live?.refresh(),
  // The end card, while open, holds the one Rematch button.
  cardOpen: () => !resultClosed && !!shown?.status.over && viewing === null,
});

function setConn(status) {
  document.body.dataset.conn = status;
  const el = $('conn');
  el.className = `conn conn-${status}`;
  el.textContent = { live: t('conn.live'), connecting: t('conn.connecting'), reconnecting: t('conn.reconnecting'), offline: t('conn.offline') }[status] || status;
  el.title = status === 'live' ? t('conn.liveTitle') : t('conn.lostTitle');
}

function drawChoice() {
  if (!shown || !renderer || viewing !== null) return;
  renderer.mark(chooser);
  shell.renderPrompt($('prompt'), game, shown, chooser, renderer.controls?.(chooser));
  if (byKeyboard) keepFocus($('board'), $('prompt'));
}

let byKeyboard = false; // whether the last choice was made from the keyboard



async function send(action) {
  const st = shown;
  try {
    await api.act(id, token, action, st.ply);
    // The socket brings the new state; fetch it too if the socket is down.
    if (live.status !== 'live') live.refresh();
  } catch (e) {
    const late = action === 'claim' ? t('toast.lateClaim') : t('toast.movedOn');
    toast(e.status === 409 ? late : e.message, e.status === 409 ? 'info' : 'error');
    chooser.unlock();
    live.refresh();
  }
}

function onState(state) {
  if (!state || state.id !== id) return;
  clocks.stamp(state);
  if (shown && rev(state) < rev(shown)) return;
  pending = state;
  schedule();
}

function schedule() {
  if (timer) return;
  const wait = Math.max(0, lastDraw + GAP_MS - performance.now());
  timer = setTimeout(() => {
    timer = null;
    const next = pending;
    pending = null;
    if (next) draw(next);
  }, shown && pending && pending.ply > shown.ply ? wait : 0);
}

async function loadGame(name) {
  try {
    return (await import(`./games/${encodeURIComponent(name)}.js`)).default;
  } catch {
    return (await import('./games/generic.js')).default;
  }
}

let ready = null;

/** Loads the game's renderer once, however many states arrive meanwhile. */
function init(state) {
  ready = ready || loadGame(state.game).then((mod) => {
    game = mod;
    document.body.dataset.game = state.game;
    $('board').dataset.game = state.game;
    renderer = game.create($('board'), {
      choose: (v) => chooser.choose(v),
      act: (a) => {
        if (shown && viewing === null && !chooser.locked && shown.legal.includes(a)) {
          chooser.locked = true;
          send(a);
        }
      },
      redrawChoice: () => drawChoice(),
    });
  });
  return ready;
}

async function draw(state) {
  if (!renderer) await init(state);
  if (shown && rev(state) < rev(shown)) return;
  const prev = shown;
  const moved = prev && rev(state) > rev(prev);
  const tookBack = prev && state.ply < prev.ply;
  if (tookBack) {
    // Moves were taken back: what was held of the history is no longer this match's.
    history.positions = null;
    viewing = null;
    document.body.dataset.viewing = '';
  }
  shown = state;
  sounds.onState(prev, state, state.you);
  if (moved) lastDraw = performance.now();
  if (!prev && state.you && token) seats.put(id, { game: state.game, title: state.title, seat: state.you, token });

  $('game-title').textContent = game.title?.() || state.title;
  $('match-id').textContent = t('match.id', { id: state.id });
  $('rules-link').href = `/rules/${state.game}`;
  document.body.dataset.ply = String(state.ply);
  document.body.dataset.over = state.status.over ? '1' : '0';
  const myTurn = state.legal.length > 0 && !state.status.over;
  document.body.dataset.turn = state.status.over ? 'over' : myTurn ? 'you' : 'other';
  const turn = shell.turnText(game, state);
  const turnEl = $('turn');
  turnEl.textContent = turn;
  turnEl.className = `turn${myTurn ? ' mine' : ''}${state.status.over ? ' over' : ''}`;
  document.title = `${myTurn ? '● ' : ''}${game.title?.() || state.title} — Tabula`;
  $('watching').hidden = !!state.you;

  shell.renderInvites($('invites'), game, state, seats.get(id));
  renderJoin(state);
  if ((!prev || moved) && !game.realTime) history.load(state.ply).then(() => viewing === null && refreshWords()).catch(() => {});
  table.render(game, state, viewing);
  if (viewing !== null) {
    // Looking back: the board stays where the viewer is; the banner counts the new moves.
    chooser.setPaths([]);
    showPast(viewing, false);
    if (pending) schedule();
    return;
  }
  renderer.update(state, tookBack || displayed === state ? null : displayed || prev, { animate: !!moved && !tookBack && displayed === prev });
  displayed = state;
  if (joinedKey(state) !== namesFor) refreshNames(state);
  shell.renderPlayers($('players'), game, state, names);
  clocks.renderCards($('players'), state);
  shell.renderMoves($('moves'), game, state, { positions: history.views() });
  shell.renderCaption($('caption'), game, state, history.views());
  $('history').hidden = true;
  if (state.status.over && !resultClosed) {
    shell.renderResult($('result'), game, state, () => {
      resultClosed = true;
      $('result').hidden = true;
      table.render(game, shown, viewing);
    });
    // A rematch someone asked for is offered by its notice, with its own button.
    if (state.you && !state.table?.rematch) $('result').querySelector('.result-actions')?.prepend(table.rematchButton(state));
    // The match as a text record that `tabula engine` replays (docs/playing.md).
    $('result').querySelector('.result-card')?.append(h('p', { class: 'result-export' },
      h('a', { href: `/api/matches/${encodeURIComponent(id)}/record.txt`, download: '' }, t('result.record')), ' ',
      h('button', { type: 'button', class: 'small', id: 'download-animation', onclick: (e) => saveAnimation(e.currentTarget) }, t('result.animation'))));
  } else {
    $('result').hidden = true;
  }
  const paths = myTurn ? game.paths(state) : [];
  chooser.setPaths(paths, { keep: !moved && !!prev && rev(prev) === rev(state) });
  review.update(game, state, displayed);
  if (pending) schedule();
}

/** Saves the finished match as an animated SVG, every position drawn by the game's renderer. */
async function saveAnimation(button) {
  button.disabled = true;
  try {
    const views = (await history.load(shown.ply)).map((p) => p.view);
    downloadAnimation(game, shown, (k) => history.at(shown, k), views);
  } catch (e) {
    toast(e.message);
  } finally {
    button.disabled = false;
  }
}

/** Redraws the words of the move list and caption once past positions have arrived. */
function refreshWords() {
  if (!shown) return;
  shell.renderMoves($('moves'), game, shown, { viewing, positions: history.views() });
  shell.renderCaption($('caption'), game, displayed || shown, history.views());
  review.update(game, shown, displayed);
}

/** Shows ply `k` of the match: the live game when `k` is the present ply, else the past
 * position with every action disabled until the viewer comes back. */
async function goTo(k) {
  if (!shown || !renderer) return;
  const target = Math.max(0, Math.min(k, shown.ply));
  if (target === shown.ply) {
    if (viewing === null) return;
    viewing = null;
    document.body.dataset.viewing = '';
    await draw(shown);
    return;
  }
  table.stopForced();
  try {
    await history.load(shown.ply);
  } catch (e) {
    toast(e.message, 'error');
    return;
  }
  const step = viewing === null ? null : target - viewing;
  viewing = target;
  chooser.setPaths([]);
  showPast(target, step === 1);
}

/** Draws the past position `k` (already loaded) and the banner saying so. */
function showPast(k, animate) {
  const past = history.at(shown, k);
  if (!past) return;
  document.body.dataset.viewing = String(k);
  if (displayed?.ply !== past.ply || displayed?.past !== true) {
    renderer.update(past, displayed && Math.abs(displayed.ply - k) === 1 ? displayed : null, { animate });
  }
  displayed = past;
  shell.renderPlayers($('players'), game, past, names);
  clocks.renderCards($('players'), shown);
  shell.renderMoves($('moves'), game, shown, { viewing: k, positions: history.views() });
  shell.renderCaption($('caption'), game, past, history.views());
  $('prompt').hidden = true;
  $('result').hidden = true;
  table.render(game, shown, k);
  review.update(game, shown, past);
  const banner = $('history');
  banner.hidden = false;
  fill(banner,
    h('span', { class: 'history-text', role: 'status' }, t('history.viewing', { k, n: shown.ply })),
    h('span', { class: 'history-buttons' },
      h('button', { type: 'button', class: 'ghost small', dataset: { go: 'back' }, disabled: k === 0, 'aria-label': t('history.backLabel') }, '◀'),
      h('button', { type: 'button', class: 'ghost small', dataset: { go: 'next' }, 'aria-label': t('history.nextLabel') }, '▶'),
      h('button', { type: 'button', class: 'primary small', dataset: { go: 'live' } }, t('history.live'))));
}

// The names at the table (people.js), fetched again when a seat is taken.
let names = {};
let namesFor = null;
const joinedKey = (state) => state.seats.map((s) => (s.joined ? 1 : 0)).join('');

async function refreshNames(state) {
  namesFor = joinedKey(state);
  try {
    names = await people.players(id);
    if (shown && viewing === null) {
      shell.renderPlayers($('players'), game, shown, names);
      clocks.renderCards($('players'), shown);
    }
  } finally {
    // The cards above the board have their final height: what is drawn stays put.
    document.body.dataset.names = namesFor;
  }
}

function renderJoin(state) {
  const el = $('join');
  // Only lobby seats may be joined; an invited seat is reached through its link alone.
  const open = state.seats.filter((s) => s.kind === 'human' && s.open && !s.joined);
  el.hidden = !!state.you || state.status.over || open.length === 0;
  if (el.hidden) return;
  fill(el, h('span', {}, t('join.open')), ' ', h('button', {
    type: 'button', class: 'primary small', onclick: async () => {
      try {
        const r = await api.join(id); // a fresh token, for this browser only
        seats.put(id, { game: state.game, title: state.title, seat: r.seat, token: r.token });
        location.href = `/match/${id}`;
      } catch (e) {
        toast(e.message, 'error');
      }
    },
  }, t('join.take')));
}

function wire() {
  wireChoices({ board: $('board'), prompt: $('prompt'), chooser, onInput: (key) => { byKeyboard = key; } });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') chooser.back();
    if (!shown || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest?.('input, select, textarea, .cm-pan')) return;
    const now = viewing ?? shown.ply;
    const to = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: shown.ply }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    goTo(to);
  });
  $('moves').addEventListener('click', (e) => {
    const li = e.target.closest('li[data-ply]');
    if (li) goTo(Number(li.dataset.ply) + 1);
  });
  $('history').addEventListener('click', (e) => {
    const b = e.target.closest('[data-go]');
    if (!b || !shown) return;
    const now = viewing ?? shown.ply;
    goTo({ live: shown.ply, back: now - 1, next: now + 1, start: 0 }[b.dataset.go]);
  });
}

async function main() {
  if (!id) {
    fill($('board'), h('p', { class: 'error' }, t('match.noId')));
    return;
  }
  wire();
  let first;
  try {
    first = await api.state(id, token);
  } catch (e) {
    if (e.status === 403 && token) {
      toast(t('toast.badSeatLink'), 'error');
      seats.forget(id);
      token = null;
      first = await api.state(id, null).catch((e2) => e2);
    } else {
      first = e;
    }
  }
  if (first instanceof Error || !first) {
    fill($('board'), h('div', { class: 'error-box' },
      h('h2', {}, first?.status === 404 ? t('match.noSuch') : t('match.cannotLoad')),
      h('p', {}, first?.message || ''), h('a', { href: '/', class: 'button' }, t('common.backToGames'))));
    setConn('offline');
    return;
  }
  if (first.you && token) {
    // Everyone at the table sees this browser's name: the account's, or the guest's nickname.
    await people.nameSeat(id, token).catch((e) => toast(t('people.nameRefused', { reason: e.message }), 'error'));
  }
  onState(first);
  const chat = startChat($('chat'), id, token, () => shown);
  live = new Live(id, token, {
    onState: (state) => {
      onState(state);
      chat.onState(state);
    },
    onChat: (msg) => chat.push(msg),
    onOpen: () => chat.reload(),
    onStatus: setConn,
    onError: (e) => {
      if (e.status === 404) toast(t('toast.gone'), 'error');
    },
  });
  live.start();
  setInterval(() => sounds.tick(shown, shown?.you), 500);
  window.tabula = { state: () => shown, live, chooser, viewing: () => viewing, displayed: () => displayed, review, sounds: () => sounds.played };
}

main();
