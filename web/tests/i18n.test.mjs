// i18n.test.mjs — the three language files (no browser): the same keys, the same
// {placeholders} per key, no empty string, plural forms complete (Czech: one/few/other), no
// French or Czech string left in English (names and words both languages share aside), every
// key the UI's code names exists, and the plural rule and language choice behave. Only the last
// test asks a server (TABULA_URL); the others run with `node --test web/tests/i18n.test.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../js/i18n/en.js';
import fr from '../js/i18n/fr.js';
import cs from '../js/i18n/cs.js';
import { pickLang, pluralForm, translate } from '../js/i18n.js';

const LANGS = { en, fr, cs };
const holes = (v) => new Set((typeof v === 'object' ? Object.values(v).join(' ') : v).match(/\{\w+\}/g) || []);

test('the three languages have exactly the same keys', () => {
  const keys = Object.keys(en).sort();
  for (const [code, dict] of Object.entries(LANGS)) assert.deepEqual(Object.keys(dict).sort(), keys, code);
});

test('every key has the same placeholders in every language, and no string is empty', () => {
  for (const key of Object.keys(en)) {
    const want = [...holes(en[key])].sort();
    for (const [code, dict] of Object.entries(LANGS)) {
      const v = dict[key];
      assert.deepEqual([...holes(v)].sort(), want, `${code} ${key}`);
      for (const s of typeof v === 'object' ? Object.values(v) : [v]) assert.ok(typeof s === 'string' && s.trim(), `${code} ${key} is empty`);
      if (typeof v === 'object') {
        const forms = code === 'cs' ? ['few', 'one', 'other'] : ['one', 'other'];
        assert.deepEqual(Object.keys(v).sort(), forms, `${code} ${key} plural forms`);
      }
    }
  }
});

/** Strings that are rightly the same in English and in the language: names (colours of the
 * seats) and words both languages write alike. Anything else equal to the English is a string
 * left untranslated. */
const SAME_AS_ENGLISH = {
  fr: new Set(['colour.orange', 'colour.of.orange', 'level.expert', 'lobby.bot', 'seat.bot', 'seat.botRated', 'home.options',
    'home.setupPlacement', 'kt.double', 'kt.triple', 'cm.kind.lotus', 'mc.el.air']),
  cs: new Set(['level.expert', 'lobby.bot', 'seat.bot', 'seat.botRated', 'home.botLevel', 'cm.startMark']),
};
// English words that neither French nor Czech uses (each checked as a whole word).
const ENGLISH_WORDS = ['the', 'your', 'you', 'and', 'with', 'from', 'is', 'are', 'has', 'have', 'this', 'that', 'of', 'its', 'their', 'cannot', 'choose', 'seat', 'move', 'wins', 'player', 'players'];
const forms = (v) => (typeof v === 'object' ? Object.values(v) : [v]);

test('no French or Czech string is left in English, names aside', () => {
  const english = new RegExp(`(?<!\\p{L})(${ENGLISH_WORDS.join('|')})(?!\\p{L})`, 'iu');
  const left = [];
  for (const [code, dict] of Object.entries({ fr, cs })) {
    for (const key of Object.keys(en)) {
      if (JSON.stringify(dict[key]) === JSON.stringify(en[key]) && !SAME_AS_ENGLISH[code].has(key)) left.push(`${code} ${key}: ${JSON.stringify(dict[key])}`);
      for (const s of forms(dict[key])) {
        const word = english.exec(s.replace(/\{\w+\}/g, ''));
        if (word) left.push(`${code} ${key}: English "${word[1]}" in ${JSON.stringify(s)}`);
      }
    }
  }
  assert.deepEqual(left, []);
});

test('the allowed same-as-English strings are still the same (the allow-list does not go stale)', () => {
  for (const [code, keys] of Object.entries(SAME_AS_ENGLISH)) {
    const dict = { fr, cs }[code];
    for (const key of keys) assert.equal(JSON.stringify(dict[key]), JSON.stringify(en[key]), `${code} ${key}`);
  }
});

test('seat colours agree with the pieces they name: no "Le oiseau", no "grenouille Bleu", no "mág (Žlutý)"', () => {
  assert.equal(translate('fr', 'tm.m.piece1', { colour: 'Jaune' }), 'L’oiseau de force 1 de Jaune');
  assert.equal(translate('fr', 'cm.m.frogOf', { seat: translate('fr', 'colour.of.blue') }), 'la grenouille de Bleu');
  assert.equal(translate('cs', 'tm.m.pieceM', { colour: translate('cs', 'colour.yellow') }), 'Žlutý mág');
  assert.equal(translate('cs', 'cm.m.frogOf', { seat: translate('cs', 'colour.of.blue') }), 'žabičku Modrého');
  assert.equal(translate('cs', 'home.playersRange', { min: 2, max: 3, n: 3 }), '2–3 hráči');
  assert.equal(translate('cs', 'home.playersRange', { min: 2, max: 5, n: 5 }), '2–5 hráčů');
  assert.equal(translate('fr', 'mc.turn.swapLeft', { n: 4 }), 'À vous d’échanger : encore 4 échanges');
  for (const [code, dict] of Object.entries(LANGS)) {
    for (const key of Object.keys(dict)) assert.ok(!/(?<![\p{L}'’])(le [aeiouéèô]|de le|de les)(?!\p{L})/iu.test(forms(dict[key]).join(' ')), `${code} ${key}`);
  }
});

test('every literal key the UI code names exists in English', () => {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'js');
  const files = [...fs.readdirSync(root).filter((f) => f.endsWith('.js')).map((f) => path.join(root, f)),
    ...fs.readdirSync(path.join(root, 'games')).map((f) => path.join(root, 'games', f))];
  const html = fs.readdirSync(path.join(root, '..')).filter((f) => f.endsWith('.html')).map((f) => path.join(root, '..', f));
  const missing = [];
  for (const f of [...files, ...html]) {
    const text = fs.readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\bt\('([a-z0-9]+\.[a-zA-Z0-9.-]+)'/g)) if (!(m[1] in en)) missing.push(`${path.basename(f)}: ${m[1]}`);
    for (const m of text.matchAll(/data-i18n(?:-label|-content)?="([^"]+)"/g)) if (!(m[1] in en)) missing.push(`${path.basename(f)}: ${m[1]}`);
  }
  assert.deepEqual(missing, []);
});

test('Czech plurals: 1, 2–4 and 5 or more take three forms', () => {
  assert.equal(translate('cs', 'cm.stat.score', { n: 1 }), '1 bod');
  assert.equal(translate('cs', 'cm.stat.score', { n: 3 }), '3 body');
  assert.equal(translate('cs', 'cm.stat.score', { n: 5 }), '5 bodů');
  assert.equal(translate('cs', 'cm.stat.score', { n: 0 }), '0 bodů');
  assert.equal(pluralForm('fr', 0), 'one');
  assert.equal(pluralForm('en', 0), 'other');
  assert.equal(translate('en', 'home.players', { n: 1 }), '1 player');
  assert.equal(translate('fr', 'home.players', { n: 3 }), '3 joueurs');
});

test('the language comes from the stored choice, else the browser, else English', () => {
  assert.equal(pickLang('cs', ['fr-FR']), 'cs');
  assert.equal(pickLang(null, ['de-DE', 'fr-CA', 'en']), 'fr');
  assert.equal(pickLang('xx', ['cs']), 'cs');
  assert.equal(pickLang(null, ['de']), 'en');
  assert.equal(translate('fr', 'no.such.key'), 'no.such.key');
});

test('every game parameter the setup form shows has its label, help and values in every language', { skip: !process.env.TABULA_URL && 'asks a server: run by scripts/e2e.sh' }, async () => {
  const { api } = await import('./lib/env.mjs');
  const { status, body: games } = await api('/api/games');
  assert.equal(status, 200);
  const missing = [];
  for (const g of games) {
    for (const p of g.params.filter((q) => q.name !== 'max_plies')) {
      for (const [code, strings] of Object.entries(LANGS)) {
        // A choice among words is offered translated: every value has its words.
        for (const part of ['label', 'help', ...(p.values || []).map((v) => `value.${v}`)]) {
          if (!strings[`param.${g.name}.${p.name}.${part}`]) missing.push(`${code}: param.${g.name}.${p.name}.${part}`);
        }
      }
    }
  }
  assert.deepEqual(missing, []);
});
