// match.js — the match page (/match/<id>[?token=…]): loads the match, follows it live, draws
// it with the game's renderer (js/games/<game>.js) and the shared shell, and sends the actions
// the player builds by clicking (js/chooser.js) to the server. Without a token (and no seat
// remembered in this browser) you watch as a spectator.

import { api, seats } from './api.js';
import { h, fill, toast } from './dom.js';
import { Live } from './live.js';
import { Chooser } from './chooser.js';
import * as shell from './shell.js';

const $ = (id) => document.getElementById(id);
const GAP_MS = 560; // time given to each move's animation before the next one is drawn

const id = location.pathname.split('/').filter(Boolean)[1] || '';
const params = new URLSearchParams(location.search);
let token = params.get('token') || seats.get(id)?.token || null;

let game = null;
let renderer = null;
let shown = null;
let pending = null;
let timer = null;
let lastDraw = 0;
let resultClosed = false;
let live = null;

const chooser = new Chooser(() => drawChoice(), (action) => send(action));

function setConn(status) {
  document.body.dataset.conn = status;
  const el = $('conn');
  el.className = `conn conn-${status}`;
  el.textContent = { live: 'Live', connecting: 'Connecting…', reconnecting: 'Reconnecting…' }[status] || status;
  el.title = status === 'live' ? 'Following the match live' : 'The connection was lost: trying again';
}

function drawChoice() {
  if (!shown || !renderer) return;
  renderer.mark(chooser);
  shell.renderPrompt($('prompt'), game, shown, chooser, renderer.controls?.(chooser));
}

async function send(action) {
  const st = shown;
  try {
    await api.act(id, token, action, st.ply);
    // The socket brings the new state; fetch it too if the socket is down.
    if (live.status !== 'live') live.refresh();
  } catch (e) {
    const late = action === 'claim' ? 'Too late: another player claimed the hourglass first.' : 'The game moved on: here it is now.';
    toast(e.status === 409 ? late : e.message, e.status === 409 ? 'info' : 'error');
    chooser.unlock();
    live.refresh();
  }
}

function onState(state) {
  if (!state || state.id !== id) return;
  if (shown && state.ply < shown.ply) return;
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
        if (shown && !chooser.locked && shown.legal.includes(a)) {
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
  if (shown && state.ply < shown.ply) return;
  const prev = shown;
  const moved = prev && state.ply > prev.ply;
  shown = state;
  if (moved) lastDraw = performance.now();
  if (!prev && state.you && token) seats.put(id, { game: state.game, title: state.title, seat: state.you, token });

  $('game-title').textContent = state.title;
  $('match-id').textContent = `match ${state.id}`;
  $('rules-link').href = `/rules/${state.game}`;
  document.body.dataset.ply = String(state.ply);
  document.body.dataset.over = state.status.over ? '1' : '0';
  const myTurn = state.legal.length > 0 && !state.status.over;
  document.body.dataset.turn = state.status.over ? 'over' : myTurn ? 'you' : 'other';
  const turn = shell.turnText(game, state);
  const turnEl = $('turn');
  turnEl.textContent = turn;
  turnEl.className = `turn${myTurn ? ' mine' : ''}${state.status.over ? ' over' : ''}`;
  document.title = `${myTurn ? '● ' : ''}${state.title} — Tabula`;
  $('watching').hidden = !!state.you;

  renderer.update(state, prev, { animate: !!moved });
  shell.renderPlayers($('players'), game, state);
  shell.renderMoves($('moves'), game, state);
  shell.renderInvites($('invites'), game, state, seats.get(id));
  renderJoin(state);
  if (state.status.over && !resultClosed) {
    shell.renderResult($('result'), game, state, () => {
      resultClosed = true;
      $('result').hidden = true;
    });
  } else {
    $('result').hidden = true;
  }
  const paths = myTurn ? game.paths(state) : [];
  chooser.setPaths(paths, { keep: !moved && !!prev && prev.ply === state.ply });
  if (pending) schedule();
}

function renderJoin(state) {
  const el = $('join');
  // Only lobby seats may be joined; an invited seat is reached through its link alone.
  const open = state.seats.filter((s) => s.kind === 'human' && s.open && !s.joined);
  el.hidden = !!state.you || state.status.over || open.length === 0;
  if (el.hidden) return;
  fill(el, h('span', {}, 'A seat is open to anyone in this match.'), ' ', h('button', {
    type: 'button', class: 'primary small', onclick: async () => {
      try {
        const r = await api.join(id); // a fresh token, for this browser only
        seats.put(id, { game: state.game, title: state.title, seat: r.seat, token: r.token });
        location.href = `/match/${id}?token=${r.token}`;
      } catch (e) {
        toast(e.message, 'error');
      }
    },
  }, 'Take a seat'));
}

function wire() {
  const board = $('board');
  const pick = (target) => {
    const el = target.closest('[data-choice]');
    if (el && board.contains(el) || el && $('prompt').contains(el)) {
      chooser.choose(el.dataset.choice);
      return true;
    }
    return false;
  };
  board.addEventListener('click', (e) => {
    if (!pick(e.target) && chooser.chosen.length && !chooser.locked) chooser.reset();
  });
  $('prompt').addEventListener('click', (e) => {
    if (e.target.closest('[data-back]')) chooser.back();
    else pick(e.target);
  });
  board.addEventListener('keydown', (e) => {
    if ((e.key === 'Enter' || e.key === ' ') && e.target.dataset?.choice) {
      e.preventDefault();
      chooser.choose(e.target.dataset.choice);
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') chooser.back();
  });
}

async function main() {
  if (!id) {
    fill($('board'), h('p', { class: 'error' }, 'No match id in the address.'));
    return;
  }
  wire();
  let first;
  try {
    first = await api.state(id, token);
  } catch (e) {
    if (e.status === 403 && token) {
      toast('This seat link is not valid for this match: you are watching.', 'error');
      seats.forget(id);
      token = null;
      first = await api.state(id, null).catch((e2) => e2);
    } else {
      first = e;
    }
  }
  if (first instanceof Error || !first) {
    fill($('board'), h('div', { class: 'error-box' },
      h('h2', {}, first?.status === 404 ? 'No such match' : 'The match cannot be loaded'),
      h('p', {}, first?.message || ''), h('a', { href: '/', class: 'button' }, 'Back to the games')));
    setConn('offline');
    return;
  }
  onState(first);
  live = new Live(id, token, {
    onState,
    onStatus: setConn,
    onError: (e) => {
      if (e.status === 404) toast('This match no longer exists.', 'error');
    },
  });
  live.start();
  window.tabula = { state: () => shown, live, chooser };
}

main();
