// i18n.test.mjs — the three language files (no browser): the same keys, the same
// {placeholders} per key, no empty string, plural forms complete (Czech: one/few/other), every
// key the UI's code names exists, and the plural rule and language choice behave.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../js/i18n/en.js';
import fr from '../js/i18n/fr.js';
import cs from '../js/i18n/cs.js';
import { pickLang, pluralForm, translate } from '../js/i18n.js';
import { api } from './lib/env.mjs';

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

test('every game parameter the setup form shows has its label and help in every language', async () => {
  const { status, body: games } = await api('/api/games');
  assert.equal(status, 200);
  const missing = [];
  for (const g of games) {
    for (const p of g.params.filter((q) => q.name !== 'max_plies')) {
      for (const [code, strings] of Object.entries(LANGS)) {
        for (const part of ['label', 'help']) {
          if (!strings[`param.${g.name}.${p.name}.${part}`]) missing.push(`${code}: param.${g.name}.${p.name}.${part}`);
        }
      }
    }
  }
  assert.deepEqual(missing, []);
});
