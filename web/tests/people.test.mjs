// people.test.mjs — names and chat in a real browser: each person at the table sees the
// other's nickname instead of "Player"; a script written in the chat or as a spectator's
// message shows as text for everyone and runs nowhere; a rated game between two accounts moves
// both ratings and shows on the leaderboard.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, api, PHONE, SHOTS } from './lib/env.mjs';
import { state } from './lib/ui.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const ATTACK = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';

test('everyone at the table sees the names, and a script in the chat stays text', async () => {
  const { body } = await api('/api/matches', json({ game: 'connect-four', seats: [{ human: true }, { human: true }] }));
  const tokens = Object.fromEntries(body.seats.map((s) => [s.seat, s.token]));
  const people = [];
  for (const [seat, nick] of [[1, 'Ada'], [2, 'Bea']]) {
    const p = await newPage(browser);
    await p.context.addInitScript((n) => localStorage.setItem('tabula.nickname', n), nick);
    await p.page.goto(`/match/${body.id}?token=${tokens[seat]}`);
    assert.equal((await state(p.page)).you, seat);
    people.push(p);
  }
  const [ada, bea] = people;
  // Bea's name reaches Ada's table (fetched when a seat is taken, or on a reload).
  await ada.page.reload();
  await ada.page.waitForSelector('.player[data-seat="2"] .player-kind[data-name="Bea"]');
  assert.match(await ada.page.locator('.player[data-seat="1"] .player-kind').innerText(), /Ada/);

  await ada.page.fill('.chat-send input', ATTACK);
  await ada.page.click('.chat-send button');
  await bea.page.waitForSelector('.chat-text', { timeout: 10000 });
  assert.equal(await bea.page.locator('.chat-text').first().innerText(), ATTACK);
  assert.equal(await bea.page.locator('.chat-list img, .chat-list script').count(), 0);
  // A spectator's message, written through the API with a script for a name's neighbour.
  const watcher = await newPage(browser);
  await watcher.page.goto(`/match/${body.id}`);
  await watcher.page.fill('.chat-send input', ATTACK);
  await watcher.page.click('.chat-send button');
  await watcher.page.waitForSelector('.chat-text');
  assert.equal(await watcher.page.locator('.chat-text').first().innerText(), ATTACK);
  for (const p of [ada, bea, watcher]) {
    assert.equal(await p.page.evaluate(() => window.__pwned), undefined, 'no script ran');
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test('a rated game between two accounts: both ratings change, and the leaderboard lists both, best first, linking to their pages', async () => {
  const suffix = Date.now().toString(36);
  const names = [`Winner${suffix}`, `Loser${suffix}`];
  const pages = [];
  for (const name of names) {
    const { page, context, errors } = await newPage(browser);
    await page.goto('/');
    const status = await page.evaluate(async (n) => (await fetch('/api/account', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: n, password: 'a long password' }) })).status, name);
    assert.equal(status, 201, `${name} signs up`);
    pages.push({ page, context, errors });
  }
  const { status, body: m } = await api('/api/matches', json({ game: 'connect-four', seats: [{ human: true }, { human: true }], mine: [1, 2], rated: true }));
  assert.equal(status, 201, JSON.stringify(m));
  const tokens = Object.fromEntries(m.seats.map((s) => [s.seat, s.token]));
  for (const [i, { page }] of pages.entries()) {
    const named = await page.evaluate(async ([id, token]) => (await fetch(`/api/matches/${id}/name`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) })).status, [m.id, tokens[i + 1]]);
    assert.equal(named, 200);
  }
  const resigned = await api(`/api/matches/${m.id}/table`, json({ token: tokens[2], request: 'resign' }));
  assert.equal(resigned.status, 200);
  const { page } = pages[0];
  await page.goto('/leaderboard.html?game=connect-four');
  await page.waitForSelector(`#leaders tr[data-player="${names[0]}"]`);
  const rows = await page.$$eval('#leaders tbody tr', (trs) => trs.map((tr) => ({ name: tr.dataset.player, rating: parseInt(tr.children[2].textContent, 10) })));
  const [w, l] = names.map((n) => rows.findIndex((r) => r.name === n));
  assert.ok(w >= 0 && l >= 0, JSON.stringify(rows));
  assert.ok(w < l, 'the winner above the loser');
  assert.ok(rows[w].rating > 1500 && rows[l].rating < 1500, JSON.stringify([rows[w], rows[l]]));
  assert.equal(await page.inputValue('#leaders-game'), 'connect-four');
  await page.click(`#leaders tr[data-player="${names[1]}"] a`);
  await page.waitForSelector(`[data-player="${names[1]}"]`);
  assert.match(await page.textContent('#player'), /Connect Four: \d+\?/);
  // In French, on a phone: translated, and another game's empty board says so.
  const fr = await newPage(browser, PHONE, { phone: true, locale: 'fr-FR' });
  await fr.page.goto('/leaderboard.html?game=connect-four');
  await fr.page.waitForSelector(`#leaders tr[data-player="${names[0]}"]`);
  assert.equal(await fr.page.textContent('h1'), 'Classements');
  await fr.page.selectOption('#leaders-game', 'magical-circle');
  await fr.page.waitForSelector('#leaders [data-empty]');
  assert.match(await fr.page.textContent('#leaders'), /Pas encore de partie classée de Magical Circle/);
  assert.match(fr.page.url(), /game=magical-circle/);
  await fr.page.screenshot({ path: `${SHOTS}/leaderboard-fr-phone.png` });
  for (const p of [...pages, fr]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});
