// home.js — the home page: pick a game, the number of players and who sits where (you, a
// friend with a private invite link, anyone from the lobby, a bot and its level), whether
// hints are allowed, optional rule parameters, then Start (POST /api/matches); the invite
// links of friends' seats; the lobby of matches with a lobby seat to join (join issues a fresh
// token) and the matches this browser holds a seat in. Quick pairing is pairing.js's.

import { api, seats, inviteLink, watchLink } from './api.js';
import { h, fill, ago, toast } from './dom.js';
import { thumb } from './thumbs.js';
import { t, list, gameTitle } from './i18n.js';
import { levelName } from './shell.js';
import { clockField, clockRequest } from './clock.js';
import { renderYou } from './people.js';
import { renderTurns } from './turns.js';
import { renderDaily } from './daily.js';
import { renderPairing } from './pairing.js';
import { offerLessons } from './learn-progress.js';

const $ = (id) => document.getElementById(id);
let games = [];
let chosen = null; // the game info
let players = 2;
let seatChoices = []; // 'you' | 'friend' | 'lobby' | 'bot:<level>'
// Each game's module (js/games/<name>.js), by name: its card picture, how its seats are
// named while a table is set up, whether it offers hints.
let modules = {};

/** The colour seat `i` (0-based) is drawn in: that of its colour's name where the game's
 * module names it from the parameters, else the game's description's. */
function seatColour(i, params = {}) {
  const name = modules[chosen.name]?.seatColourName?.(i, params, players);
  const seat = (name && chosen.seats?.find((x) => x.name === name)) || chosen.seats?.[i];
  return seat?.colour || '#888';
}

/** A game parameter's label or help in the page's language; the game's own English words
 * (its description) where no translation is given. */
function paramText(game, param, part, fallback) {
  const key = `param.${game}.${param.name}.${part}`;
  const text = t(key);
  return text === key ? fallback : text;
}

/** A parameter that is a choice among words: a list of their translations, the default first
 * chosen; the default is not sent (`data-default`), as an empty field is not. */
function paramChoice(game, p) {
  const sel = h('select', { dataset: { param: p.name, kind: p.kind, default: p.default ?? '' }, onchange: () => renderSeats() },
    ...p.values.map((v) => h('option', { value: v },
      paramText(game, p, `value.${v}`, v) + (v === p.default ? ` (${t('home.paramDefault')})` : ''))));
  if (p.default) sel.value = p.default;
  return sel;
}

function seatName(i, params) {
  const module = modules[chosen.name];
  const colour = module?.seatColourName ? module.seatColourName(i, params, players) : chosen.seats?.[i]?.name;
  return colour ? t(`colour.${colour}`) : t('seat.n', { n: i + 1 });
}

/** The modules of `list`'s games (an empty one for a game the UI has no module for). */
async function loadModules(list) {
  const pairs = await Promise.all(list.map(async (g) => {
    try {
      return [g.name, await import(`./games/${encodeURIComponent(g.name)}.js`)];
    } catch {
      return [g.name, {}];
    }
  }));
  return Object.fromEntries(pairs);
}

function renderGames() {
  fill($('games'), ...games.map((g) => h('button', {
    type: 'button',
    class: 'game-card',
    'aria-pressed': String(chosen?.name === g.name),
    dataset: { game: g.name },
    onclick: () => choose(g.name, true),
  },
  h('span', { class: 'thumb' }, thumb(modules[g.name], g)),
  h('span', { class: 'info' },
    h('span', { class: 'name' }, gameTitle(g.name, g.title)),
    h('span', { class: 'meta' }, g.min_players === g.max_players ? t('home.players', { n: g.min_players }) : t('home.playersRange', { min: g.min_players, max: g.max_players, n: g.max_players }), g.real_time ? t('home.realTime') : ''),
    h('span', { class: 'meta' }, t(`blurb.${g.name}`) === `blurb.${g.name}` ? '' : t(`blurb.${g.name}`))))));
  offerLessons($('games'), games);
}

function choose(name, scroll) {
  chosen = games.find((g) => g.name === name) || games[0];
  players = chosen.default_players;
  seatChoices = Array.from({ length: chosen.max_players }, (_, i) => (i === 0 ? 'you' : 'bot:casual'));
  renderGames();
  renderSetup();
  history.replaceState(null, '', `/?game=${chosen.name}`);
  if (scroll) $('setup').scrollIntoView({ behavior: 'smooth', block: 'start' });
}

function currentParams() {
  const out = {};
  for (const input of $('setup').querySelectorAll('[data-param]')) {
    const v = input.value.trim();
    if (!v || v === input.dataset.default) continue;
    const kind = input.dataset.kind;
    if (kind === 'integer') out[input.dataset.param] = Number(v);
    else if (kind === 'integers') out[input.dataset.param] = v.replace(/[[\]\s]/g, '').split(',').filter(Boolean).map(Number);
    else out[input.dataset.param] = v;
  }
  return out;
}

function seatSelect(i) {
  const levels = chosen.levels || [];
  const sel = h('select', {
    'aria-label': t('home.whoPlays', { n: i + 1 }),
    dataset: { seat: i + 1 },
    onchange: (e) => {
      seatChoices[i] = e.target.value;
      if (e.target.value === 'you') {
        // One seat is yours; another "you" becomes a friend's seat.
        seatChoices = seatChoices.map((c, j) => (j !== i && c === 'you' ? 'friend' : c));
      }
      renderSeats();
    },
  },
  h('option', { value: 'you' }, t('home.you')),
  h('option', { value: 'friend' }, t('home.friend')),
  h('option', { value: 'lobby' }, t('home.lobbySeat')),
  ...levels.map((l) => {
    // A level's estimated rating beside its name, where the game's ladder was measured.
    const rating = chosen.level_ratings?.[l];
    const name = t('home.botLevel', { level: levelName(l) });
    return h('option', { value: `bot:${l}` }, rating ? `${name} · ≈${Math.round(rating)}` : name);
  }));
  sel.value = seatChoices[i];
  return sel;
}

function renderSeats() {
  const params = currentParams();
  fill($('seats'), ...Array.from({ length: players }, (_, i) => h('div', { class: 'seat-row' },
    h('span', { class: 'seat-name' }, h('span', { class: 'seat-dot', style: { background: seatColour(i, params) } }), seatName(i, params)),
    seatSelect(i))));
}

function renderSetup() {
  const g = chosen;
  const counts = [];
  for (let n = g.min_players; n <= g.max_players; n++) counts.push(n);
  const params = g.params.filter((p) => p.name !== 'max_plies');
  fill($('setup'),
    h('div', { class: 'row', style: { justifyContent: 'space-between' } },
      h('h2', {}, gameTitle(g.name, g.title)),
      h('a', { href: `/rules/${g.name}` }, t('home.readRules'))),
    counts.length > 1 ? h('div', { class: 'row' }, h('strong', {}, t('home.playersLabel')),
      h('div', { class: 'seg', role: 'group', 'aria-label': t('home.numberOfPlayers') }, ...counts.map((n) => h('button', {
        type: 'button',
        'aria-pressed': String(n === players),
        dataset: { players: n },
        onclick: () => {
          players = n;
          renderSetup();
        },
      }, String(n))))) : null,
    h('div', { class: 'seats-list', id: 'seats' }),
    // One flag for hints and engine analysis while the match goes on (`analysis_allowed`).
    h('label', { class: 'row hints-row' },
      h('input', { type: 'checkbox', id: 'hints' }),
      ` ${t(modules[g.name]?.offersHints ? 'home.hints' : 'home.analysisAllowed')}`),
    // Rated: people with accounts in every seat, rated when the match ends (docs/playing.md).
    h('label', { class: 'row rated-row' },
      h('input', { type: 'checkbox', id: 'rated' }),
      ` ${t('home.rated')}`),
    clockField(g.real_time),
    h('details', { class: 'advanced' },
      h('summary', {}, t('home.options')),
      h('div', { class: 'params' },
        h('label', { class: 'field' }, t('home.setup'),
          h('select', { id: 'setup-kind' },
            h('option', { value: '' }, t('home.setupDefault')),
            h('option', { value: 'placement' }, t('home.setupPlacement')),
            h('option', { value: 'random' }, t('home.setupRandom')))),
        ...params.map((p) => h('label', { class: 'field' }, paramText(g.name, p, 'label', p.name.replace(/_/g, ' ')),
          p.values?.length
            ? paramChoice(g.name, p)
            : p.kind === 'text'
            ? h('textarea', { rows: 3, dataset: { param: p.name, kind: p.kind }, placeholder: p.default ?? '' })
            : h('input', { dataset: { param: p.name, kind: p.kind }, placeholder: p.default ?? '', inputmode: p.kind === 'integer' ? 'numeric' : null, oninput: () => renderSeats() }),
          h('small', {}, paramText(g.name, p, 'help', p.help)))))),
    h('div', { class: 'start-row' },
      h('button', { type: 'button', class: 'primary', id: 'start', onclick: start }, t('home.start', { game: gameTitle(g.name, g.title) })),
      h('span', { id: 'start-msg', class: 'error', role: 'alert' })),
    h('div', { id: 'created', class: 'created', hidden: true }));
  renderSeats();
}

async function start() {
  const btn = $('start');
  btn.disabled = true;
  $('start-msg').textContent = '';
  const choices = seatChoices.slice(0, players);
  const seatOf = (c) => {
    if (c.startsWith('bot:')) return { bot: c.slice(4) };
    return c === 'lobby' ? { human: true, open: true } : { human: true };
  };
  const body = {
    game: chosen.name,
    players,
    seats: choices.map(seatOf),
    // Your seat is yours from the start; every other person's seat is an invite or a lobby seat.
    mine: choices.includes('you') ? [choices.indexOf('you') + 1] : [],
  };
  if ($('hints')?.checked) body.analysis_allowed = true;
  if ($('rated')?.checked) body.rated = true;
  const clock = clockRequest();
  if (clock) body.clock = clock;
  const params = currentParams();
  if (Object.keys(params).length) body.params = params;
  const setupKind = $('setup-kind')?.value;
  if (setupKind) body.setup = setupKind;
  try {
    const r = await api.create(body);
    const tokens = Object.fromEntries(r.seats.filter((x) => x.token).map((x) => [x.seat, x.token]));
    const mine = r.seats.find((x) => x.role === 'mine')?.seat || 0;
    const invites = {};
    for (const x of r.seats) if (x.role === 'invited' && x.token) invites[x.seat] = x.token;
    const lobbySeats = r.seats.filter((x) => x.role === 'lobby').map((x) => x.seat);
    seats.put(r.id, { game: chosen.name, title: chosen.title, seat: mine || null, token: mine ? tokens[mine] : null, invites });
    // The token is kept in this browser (seats): the address carries none.
    const url = `/match/${r.id}`;
    if (Object.keys(invites).length === 0) {
      location.href = url;
      return;
    }
    const created = $('created');
    created.hidden = false;
    fill(created,
      h('h3', {}, t('home.ready')),
      ...Object.entries(invites).map(([seat, tok]) => h('div', { class: 'invite' },
        h('span', { class: 'invite-label' }, h('span', { class: 'seat-dot', style: { background: seatColour(seat - 1, params) } }), seatName(seat - 1, params)),
        h('input', { class: 'invite-link', readonly: true, value: inviteLink(r.id, tok), 'aria-label': t('invite.linkFor', { seat: seatName(seat - 1, params) }), dataset: { seat }, onfocus: (e) => e.target.select() }),
        h('button', {
          type: 'button', class: 'small', onclick: async (e) => {
            try {
              await navigator.clipboard.writeText(inviteLink(r.id, tok));
              e.target.textContent = t('invite.copied');
            } catch {
              e.target.previousSibling.select();
            }
          },
        }, t('invite.copy')))),
      // The spectators' link: it carries no seat key.
      h('div', { class: 'invite' }, h('span', { class: 'invite-label' }, t('home.watchMatch')),
        h('input', { class: 'invite-link', readonly: true, value: watchLink(r.id), 'aria-label': t('home.watchMatch'), dataset: { watch: '1' }, onfocus: (e) => e.target.select() })),
      lobbySeats.length ? h('p', { class: 'muted' }, t('home.lobbySeats', { seats: list(lobbySeats.map((n) => seatName(n - 1, params))) })) : null,
      h('div', {}, h('a', { class: 'button primary', href: url, id: 'open-match' }, mine ? t('home.goToTable') : t('home.watchMatch'))));
    btn.disabled = false;
  } catch (e) {
    $('start-msg').textContent = e.message;
    btn.disabled = false;
  }
}

function seatSummary(m) {
  const who = (st) => {
    if (st.kind === 'bot') return t('lobby.bot', { level: levelName(st.level) });
    if (st.joined) return t('lobby.player');
    return st.open ? t('lobby.open') : t('lobby.invited');
  };
  return m.seats.map(who).join(' · ');
}

async function refreshLobby() {
  let list = [];
  try {
    list = (await api.matches()).matches || [];
  } catch (e) {
    fill($('lobby'), h('p', { class: 'lobby-empty' }, t('lobby.cannotLoad', { reason: e.message })));
    return;
  }
  const mine = seats.all();
  // open_seats lists lobby seats only: an invited seat is reached through its link alone.
  const open = list.filter((m) => !m.over && m.open_seats.length && !(mine[m.id]?.token));
  const yours = list.filter((m) => mine[m.id]?.token && !m.over);
  const watch = list.filter((m) => !m.over && !open.includes(m) && !yours.includes(m)).slice(0, 8);
  const item = (m, actions) => h('div', { class: 'lobby-item', dataset: { match: m.id } },
    h('div', {},
      h('div', { class: 'what' }, `${gameTitle(m.game, m.title)} · ${t('home.players', { n: m.players })}`),
      h('div', { class: 'who' }, `${seatSummary(m)} — ${t('lobby.move', { n: m.ply })} · ${ago(m.created_at)}`)),
    h('div', { class: 'actions' }, actions));
  fill($('lobby'),
    ...yours.map((m) => item(m, h('a', { class: 'button primary small', href: `/match/${m.id}` }, t('lobby.resume')))),
    ...open.map((m) => item(m, [
      h('button', { type: 'button', class: 'primary small', dataset: { join: m.id }, onclick: () => join(m) }, t('lobby.join')),
      h('a', { class: 'button small', href: `/match/${m.id}` }, t('lobby.watch'))])),
    ...watch.map((m) => item(m, h('a', { class: 'button small', href: `/match/${m.id}` }, t('lobby.watch')))));
  if (!yours.length && !open.length && !watch.length) {
    $('lobby').append(h('p', { class: 'lobby-empty' }, t('lobby.empty')));
  }
}

async function join(m) {
  try {
    // The token comes fresh from join: nobody else holds it.
    const r = await api.join(m.id);
    seats.put(m.id, { game: m.game, title: m.title, seat: r.seat, token: r.token });
    location.href = `/match/${m.id}`;
  } catch (e) {
    toast(e.message, 'error');
    refreshLobby();
  }
}

async function main() {
  renderYou($('you'));
  renderTurns($('turns'));
  renderDaily($('daily'));
  try {
    games = await api.games();
  } catch (e) {
    fill($('games'), h('p', { class: 'error' }, t('home.cannotLoad', { reason: e.message })));
    return;
  }
  modules = await loadModules(games);
  renderPairing($('pairing'), games);
  const want = new URLSearchParams(location.search).get('game');
  choose(games.some((g) => g.name === want) ? want : games[0].name, false);
  refreshLobby();
  setInterval(() => document.visibilityState === 'visible' && refreshLobby(), 5000);
}

main();
