// player.js — a player's page (/player.html?name=<name>): the account's name, its ratings per
// game (titles in the page's language, a link to each game's leaderboard) and its recent games, each linking to the match (its replay once over). Every name
// and title is put in the page as text.

import { h, fill, ago } from './dom.js';
import { t, setupPage, gameTitle } from './i18n.js';

async function main() {
  setupPage();
  const el = document.getElementById('player');
  const name = new URLSearchParams(location.search).get('name') || '';
  const res = await fetch(`/api/players/${encodeURIComponent(name)}`).catch(() => null);
  const page = res && res.ok ? await res.json() : null;
  if (!page) {
    fill(el, h('h1', {}, t('people.noSuchPlayer')), h('a', { href: '/', class: 'button' }, t('common.backToGames')));
    return;
  }
  document.title = `${page.name} — Tabula`;
  fill(el,
    h('h1', { dataset: { player: page.name } }, page.name),
    h('h2', {}, t('people.ratings')),
    page.ratings.length
      ? h('ul', { class: 'ratings' }, page.ratings.map((r) => h('li', {}, `${gameTitle(r.game, r.title || r.game)}: ${Math.round(r.rating)}${r.provisional ? '?' : ''} `, h('a', { href: `/leaderboard.html?game=${encodeURIComponent(r.game)}` }, t('leaders.link')))))
      : h('p', { class: 'muted' }, t('people.noRatings')),
    h('h2', {}, t('people.recentGames')),
    page.games.length
      ? h('ul', { class: 'recent-games' }, page.games.map((g) => h('li', {},
        h('a', { href: `/match/${encodeURIComponent(g.id)}` }, gameTitle(g.game, g.title || g.game || g.id)),
        ' ', h('span', { class: 'muted' }, `${g.over ? t('people.finished') : t('people.playing')} · ${ago(g.at)}`))))
      : h('p', { class: 'muted' }, t('people.noGames')));
}

main();
