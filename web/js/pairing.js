// pairing.js — quick pairing on the home page (docs/api.md "Finding an opponent"): pick a
// game, the number of players, a speed and rated or casual, and wait to be seated with whoever
// asks for the same; the open seeks of everyone waiting, each joinable with one click. While
// a seek waits, its heartbeat (every 2 s) keeps it alive and tells when the table is ready;
// the match page then opens with the seat's token kept in this browser (api.js `seats`).

import { call, seats } from './api.js';
import { h, fill, toast } from './dom.js';
import { t, gameTitle } from './i18n.js';
import { account, nickname } from './people.js';

const BEAT_MS = 2000;
const LIST_MS = 5000;
const $ = (id) => document.getElementById(id);

let games = [];
let signedIn = false;
let waiting = null; // {id, secret, …} of this browser's seek
let beating = null;
let listing = null;
let lastList = []; // the waiting seeks, as last listed

const speedName = (s) => {
  if (s === 'untimed') return t('pairing.untimed');
  const days = /^(\d+)d$/.exec(s);
  return days ? t('pairing.days', { n: Number(days[1]) }) : s;
};

function speedsOf(game) {
  return game?.real_time ? ['untimed'] : ['3+2', '5+5', '15+10', '1d', '2d', '3d', '7d', '14d', 'untimed'];
}

function option(value, text, selected) {
  const o = h('option', { value }, text);
  if (selected) o.selected = true;
  return o;
}

/** The form's game, players and speed selects agree with the chosen game. */
function refreshChoices() {
  const game = games.find((g) => g.name === $('pair-game').value) || games[0];
  const players = $('pair-players');
  const wanted = Number(players.value) || game.default_players;
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  fill(players, ...counts.map((n) => option(String(n), t('home.players', { n }), n === (counts.includes(wanted) ? wanted : game.default_players))));
  const speed = $('pair-speed');
  const before = speed.value || '5+5';
  const offered = speedsOf(game);
  fill(speed, ...offered.map((s) => option(s, speedName(s), s === (offered.includes(before) ? before : offered[0]))));
  const rated = $('pair-rated');
  rated.disabled = !signedIn;
  if (rated.disabled) rated.checked = false;
  $('pair-rated-note').textContent = signedIn ? '' : t('pairing.ratedSignIn');
}

function describe(s) {
  const title = games.find((g) => g.name === s.game)?.title || s.game;
  const what = `${gameTitle(s.game, title)} · ${t('home.players', { n: s.players })} · ${speedName(s.speed)} · ${s.rated ? t('pairing.rated') : t('pairing.casual')}`;
  return what;
}

/** How many people wait for the same table as this browser's seek (itself included). */
function atMyTable() {
  const same = (s) => s.game === waiting.game && s.players === waiting.players && s.speed === waiting.speed && s.rated === waiting.rated;
  return Math.max(1, lastList.filter((s) => same(s) && s.id !== waiting.id).length + 1);
}

function renderWaiting() {
  const box = $('pair-waiting');
  if (!waiting) {
    box.hidden = true;
    $('pair-find').disabled = false;
    return;
  }
  box.hidden = false;
  $('pair-find').disabled = true;
  const children = [
    h('p', { class: 'pair-status', role: 'status' }, t('pairing.waiting', { what: describe(waiting), s: waiting.waited_s ?? 0, range: waiting.range ?? 100 })),
    waiting.players > 2 ? h('p', { class: 'muted', id: 'pair-table' }, t('pairing.table', { n: atMyTable(), of: waiting.players })) : null,
    h('button', { type: 'button', class: 'small', id: 'pair-cancel', onclick: cancel }, t('pairing.cancel')),
  ];
  if (waiting.players > 2 && !waiting.rated) {
    children.push(h('button', { type: 'button', class: 'small', id: 'pair-bots', onclick: withBots }, t('pairing.bots')));
  }
  fill(box, ...children);
}

/** Opens the match of a paired seek. */
function seated(answer) {
  stopBeating();
  const game = games.find((g) => g.name === answer.game);
  seats.put(answer.match, { game: answer.game, title: game?.title || answer.game, seat: answer.seat, token: answer.token, invites: {} });
  location.href = `/match/${answer.match}`;
}

function stopBeating() {
  if (beating) clearInterval(beating);
  beating = null;
}

function settle(answer, secret) {
  if (answer.status === 'paired') {
    seated(answer);
    return;
  }
  waiting = { ...answer, secret };
  renderWaiting();
  if (!beating) beating = setInterval(beat, BEAT_MS);
}

async function beat() {
  if (!waiting) return;
  try {
    const answer = await call('POST', `/api/seeks/${waiting.id}/wait`, { secret: waiting.secret });
    settle(answer, waiting.secret);
  } catch (e) {
    if (e.status === 404) {
      stopBeating();
      waiting = null;
      renderWaiting();
      toast(t('pairing.expired'), 'error');
    }
  }
}

async function seek(body) {
  $('pair-msg').textContent = '';
  try {
    if (!signedIn) body.name = nickname();
    const answer = await call('POST', '/api/seeks', body);
    settle(answer, answer.secret);
    refreshList();
  } catch (e) {
    $('pair-msg').textContent = e.message;
  }
}

function find() {
  seek({
    game: $('pair-game').value,
    players: Number($('pair-players').value),
    speed: $('pair-speed').value,
    rated: $('pair-rated').checked,
  });
}

async function cancel() {
  if (!waiting) return;
  try {
    await call('POST', `/api/seeks/${waiting.id}/cancel`, { secret: waiting.secret });
    stopBeating();
    waiting = null;
    renderWaiting();
    refreshList();
  } catch (e) {
    toast(e.message, 'error');
    beat();
  }
}

async function withBots() {
  if (!waiting) return;
  try {
    seated(await call('POST', `/api/seeks/${waiting.id}/bots`, { secret: waiting.secret }));
  } catch (e) {
    toast(e.message, 'error');
  }
}

async function refreshList() {
  const el = $('seeks');
  let list;
  try {
    list = (await call('GET', '/api/seeks')).seeks || [];
  } catch (e) {
    fill(el, h('p', { class: 'lobby-empty' }, t('lobby.cannotLoad', { reason: e.message })));
    return;
  }
  lastList = list;
  if (waiting) renderWaiting();
  const others = list.filter((s) => s.id !== waiting?.id);
  if (!others.length) {
    fill(el, h('p', { class: 'lobby-empty' }, t('pairing.none')));
    return;
  }
  fill(el, ...others.map((s) => h('div', { class: 'lobby-item', dataset: { seek: s.id } },
    h('div', {},
      h('div', { class: 'what' }, describe(s)),
      h('div', { class: 'who' }, t('pairing.who', { name: s.name, rating: s.rating, s: s.waited_s }))),
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'primary small', dataset: { accept: s.id }, onclick: () => seek({ accept: s.id }) }, t('pairing.join'))))));
}

/** Draws the quick-pairing panel in `el` and the open seeks in `listEl`, for `allGames`. */
export async function renderPairing(el, allGames) {
  games = allGames;
  signedIn = Boolean(await account());
  fill(el,
    h('h2', { id: 'pairing-title' }, t('pairing.title')),
    h('p', { class: 'muted' }, t('pairing.intro')),
    h('div', { class: 'pair-form' },
      h('label', {}, t('pairing.game'), ' ',
        h('select', { id: 'pair-game', onchange: refreshChoices }, ...games.map((g) => option(g.name, gameTitle(g.name, g.title))))),
      h('label', {}, t('pairing.players'), ' ', h('select', { id: 'pair-players', onchange: refreshChoices })),
      h('label', {}, t('pairing.speed'), ' ', h('select', { id: 'pair-speed' })),
      h('label', {}, h('input', { type: 'checkbox', id: 'pair-rated' }), ' ', t('pairing.rated')),
      h('span', { class: 'muted', id: 'pair-rated-note' }),
      h('button', { type: 'button', class: 'primary', id: 'pair-find', onclick: find }, t('pairing.find'))),
    h('p', { class: 'error', id: 'pair-msg', role: 'alert' }),
    h('div', { id: 'pair-waiting', hidden: true }),
    h('h3', {}, t('pairing.open')),
    h('div', { id: 'seeks', class: 'lobby', 'aria-live': 'polite' }));
  refreshChoices();
  refreshList();
  if (!listing) listing = setInterval(() => document.visibilityState === 'visible' && refreshList(), LIST_MS);
}
