// game-names.test.mjs — everything the UI knows about a game sits in its module,
// js/games/<name>.js (or comes from /api/games): no other file of the UI names a game (no
// browser). The games are the modules in js/games/ (helpers named `<game>-….js` and the
// generic renderer apart); a name counts however it is written: `khan-tsin`, `Khan Tsin`,
// `khanTsin`, `Toumaï`. The language files are exempt: every string of the UI lives there
// (i18n.test.mjs checks them), game titles and blurbs included.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const gamesDir = path.join(web, 'js', 'games');

/** The games the UI has a module for. */
export function gameNames() {
  const stems = fs.readdirSync(gamesDir).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3));
  return stems.filter((n) => n !== 'generic' && !stems.some((o) => o !== n && n.startsWith(`${o}-`)));
}

/** Lower case, accents dropped, and separators removed: how a name is searched for. */
const fold = (text) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[-_\s]/g, '');

/** The UI's files outside js/games/, js/i18n/ and the tests. */
function uiFiles(dir = web) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(web, full);
    if (entry.name.startsWith('.') || ['tests', 'node_modules', path.join('js', 'games'), path.join('js', 'i18n')].includes(rel)) continue;
    if (entry.isDirectory()) out.push(...uiFiles(full));
    else if (/\.(js|mjs|html)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The games `text` names. */
export function namedGames(text, names) {
  const folded = fold(text);
  return names.filter((n) => folded.includes(fold(n)));
}

test('the games are found from their modules', () => {
  const names = gameNames();
  assert.ok(names.length >= 5, `games: ${names}`);
  assert.ok(!names.includes('generic'));
  assert.ok(names.every((n) => fs.existsSync(path.join(gamesDir, `${n}.js`))));
});

test('a name is found however it is written', () => {
  const names = ['khan-tsin', 'toumai', 'connect-four'];
  assert.deepEqual(namedGames("const DRAW = { khanTsin };", names), ['khan-tsin']);
  assert.deepEqual(namedGames('<a href="/rules/toumai">', names), ['toumai']);
  assert.deepEqual(namedGames('Toumaï and Connect Four', names), ['toumai', 'connect-four']);
  assert.deepEqual(namedGames('a generic board', names), []);
});

test('no file outside js/games/ names a game', () => {
  const names = gameNames();
  const files = uiFiles();
  assert.ok(files.some((f) => f.endsWith('home.js')) && files.some((f) => f.endsWith('index.html')), 'the UI files are scanned');
  const found = files.flatMap((f) => namedGames(fs.readFileSync(f, 'utf8'), names).map((n) => `${path.relative(web, f)}: ${n}`));
  assert.deepEqual(found, []);
});
