// leaderboard.js — the leaderboards (/leaderboard.html?game=<name>): a game chosen from the
// server's games, its 50 best ratings (GET /api/leaderboard/<game>), each name linking to the
// player's page. The choice of game stays in the address, so a board can be linked to.

import { h, fill } from './dom.js';
import { t, setupPage, gameTitle } from './i18n.js';

const $ = (id) => document.getElementById(id);

async function json(url) {
  const res = await fetch(url).catch(() => null);
  return res && res.ok ? res.json() : null;
}

async function show(game) {
  const el = $('leaders');
  const board = await json(`/api/leaderboard/${encodeURIComponent(game.name)}`);
  if (!board) {
    fill(el, h('p', { class: 'error' }, t('leaders.cannotLoad')));
    return;
  }
  if (!board.leaders.length) {
    fill(el, h('p', { class: 'muted', dataset: { empty: '1' } }, t('leaders.none', { game: gameTitle(game.name, game.title) })));
    return;
  }
  fill(el, h('table', { class: 'leaders-table' },
    h('caption', { class: 'sr-only' }, t('leaders.caption', { game: gameTitle(game.name, game.title) })),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('leaders.rank')),
      h('th', { scope: 'col' }, t('leaders.player')),
      h('th', { scope: 'col' }, t('leaders.rating')),
      h('th', { scope: 'col' }, t('leaders.games')))),
    h('tbody', {}, board.leaders.map((p, i) => h('tr', { dataset: { player: p.name } },
      h('td', {}, String(i + 1)),
      h('td', {}, h('a', { href: `/player.html?name=${encodeURIComponent(p.name)}` }, p.name)),
      h('td', { title: p.provisional ? t('leaders.provisional') : '' }, `${p.rating}${p.provisional ? '?' : ''}`),
      h('td', {}, String(p.games)))))));
}

async function main() {
  setupPage();
  const games = (await json('/api/games')) || [];
  const select = $('leaders-game');
  const wanted = new URLSearchParams(location.search).get('game');
  const first = games.find((g) => g.name === wanted) || games[0];
  fill(select, games.map((g) => h('option', { value: g.name, selected: g === first }, gameTitle(g.name, g.title))));
  select.addEventListener('change', () => {
    const game = games.find((g) => g.name === select.value);
    history.replaceState(null, '', `?game=${encodeURIComponent(game.name)}`);
    show(game);
  });
  if (first) show(first);
  else fill($('leaders'), h('p', { class: 'error' }, t('leaders.cannotLoad')));
}

main();
