// rules.js — the rules page (/rules/<game>): the rules for players, rulings and the digital
// edition's choices included, fetched as Markdown (GET /api/games/<game>/rules?lang=<the
// chosen language>, English when the server has no such page) and drawn with
// js/markdown.js; a row of links to the other games' rules and a button to play.

import { api } from './api.js';
import { h, fill } from './dom.js';
import { markdown } from './markdown.js';
import { t, currentLang } from './i18n.js';

const $ = (id) => document.getElementById(id);
/** A game's title in the page's language (`game.<name>`, as the home page shows it), else its own. */
const titleOf = (g) => (t(`game.${g.name}`) === `game.${g.name}` ? g.title : t(`game.${g.name}`));
let name = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] || '');

async function main() {
  let games = [];
  try {
    games = await api.games();
  } catch {
    /* the list of games is only for the links */
  }
  if (!name && games.length) {
    // `/rules/` alone: the first game's rules.
    name = games[0].name;
    history.replaceState(null, '', `/rules/${encodeURIComponent(name)}${location.hash}`);
  }
  const game = games.find((g) => g.name === name);
  fill($('rules-nav'), ...games.map((g) => h('a', { href: `/rules/${g.name}`, 'aria-current': g.name === name ? 'page' : null }, titleOf(g))));
  let text;
  try {
    text = await api.rules(name, currentLang());
  } catch (e) {
    fill($('rules'), h('h1', {}, t('rules.notFound')), h('p', {}, e.message), h('p', {}, h('a', { href: '/' }, t('common.backToGames'))));
    return;
  }
  const headings = [];
  $('rules').innerHTML = markdown(text, headings);
  document.title = `${headings[0]?.text || (game && titleOf(game)) || name} — Tabula`;
  const toc = headings.filter((x) => x.level === 2);
  if (toc.length > 3) {
    const first = $('rules').querySelector('h2');
    first.before(h('nav', { class: 'toc', 'aria-label': t('rules.contents') },
      h('details', {}, h('summary', {}, t('rules.contents')),
        h('ol', {}, ...toc.map((x) => h('li', {}, h('a', { href: `#${x.id}` }, x.text)))))));
  }
  $('play').href = `/?game=${encodeURIComponent(name)}`;
  $('play').textContent = t('rules.playGame', { game: game ? titleOf(game) : name });
  $('play').hidden = !game;
  if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
}

main();
