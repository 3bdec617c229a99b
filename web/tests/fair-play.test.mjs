// fair-play.test.mjs — fair play in a real browser: the seat key leaves the address bar at once
// (kept in this browser), so a shared page address never grants the seat; spectators get a
// link with no seat key; a live match between people who did not agree to analysis offers no
// Analyse (and says why), one whose players agreed does; a private match is not in the lobby.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, api } from './lib/env.mjs';
import { state, storedToken } from './lib/ui.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A live Connect Four match between two people, made through the API. */
async function betweenPeople(extra = {}) {
  const { status, body } = await api('/api/matches', json({ game: 'connect-four', seats: [{ human: true }, { human: true }], ...extra }));
  assert.equal(status, 201);
  return { id: body.id, tokens: Object.fromEntries(body.seats.map((s) => [s.seat, s.token])) };
}

test('the seat key leaves the address bar at once and a shared address grants no seat', async () => {
  const m = await betweenPeople();
  const a = await newPage(browser);
  await a.page.goto(`/match/${m.id}?token=${m.tokens[1]}`);
  assert.equal((await state(a.page)).you, 1, 'the invite link seats its holder');
  await a.page.waitForFunction(() => !location.search.includes('token'));
  const shared = a.page.url();
  assert.ok(!shared.includes(m.tokens[1]), shared);
  assert.equal(await storedToken(a.page, m.id), m.tokens[1], 'the browser keeps the seat');
  // A reload keeps the seat: it comes from storage.
  await a.page.reload();
  assert.equal((await state(a.page)).you, 1);
  // Anyone given the page's address watches.
  const b = await newPage(browser);
  await b.page.goto(shared);
  assert.equal((await state(b.page)).you, null, 'the shared address grants no seat');
  await b.page.waitForSelector('#watching:not([hidden])');
  for (const x of [a, b]) {
    assert.deepEqual(x.errors, []);
    await x.context.close();
  }
});

test('the spectator link carries no seat key', async () => {
  const { page, context, errors } = await newPage(browser);
  await page.goto('/?game=connect-four');
  await page.waitForSelector('#start');
  await page.selectOption('select[data-seat="1"]', 'you');
  await page.selectOption('select[data-seat="2"]', 'friend');
  await page.click('#start');
  const watch = await page.locator('#created .invite-link[data-watch]').inputValue();
  const invite = await page.locator('#created .invite-link[data-seat="2"]').inputValue();
  assert.match(invite, /\?token=[0-9a-f]+$/, 'the invite link holds the seat');
  assert.match(watch, /\/match\/[0-9a-f]+$/, 'the spectator link holds none');
  await page.click('#open-match');
  await page.waitForURL(/\/match\/[0-9a-f]+$/);
  assert.equal((await state(page)).you, 1, 'the creator sits without a token in the address');
  // The table's invite panel offers the same spectator link.
  assert.equal(await page.locator('#invites .invite-link[data-watch]').inputValue(), watch);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a live match between people offers Analyse only when all agreed at creation', async () => {
  const refused = await betweenPeople();
  const { page, context, errors } = await newPage(browser);
  for (const token of [refused.tokens[1], null]) {
    await page.goto(`/match/${refused.id}${token ? `?token=${token}` : ''}`);
    await page.waitForSelector('#analysis-off');
    assert.equal(await page.locator('#analyse').count(), 0, 'no Analyse for a seat or a spectator');
  }
  const answer = await api(`/api/matches/${refused.id}/analysis`, { method: 'POST' });
  assert.equal(answer.status, 403);
  assert.match(answer.body.error, /analysis_allowed/);
  const agreed = await betweenPeople({ analysis_allowed: true });
  await page.goto(`/match/${agreed.id}?token=${agreed.tokens[2]}`);
  await page.waitForSelector('#analyse');
  assert.equal(await page.locator('#analysis-agreed').count(), 1, 'the agreement is shown');
  assert.equal((await state(page)).analysis_allowed, true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a private match is not in the lobby; a match with a lobby seat is', async () => {
  const hidden = await betweenPeople();
  const { status, body } = await api('/api/matches', json({ game: 'connect-four', seats: [{ human: true }, { human: true, open: true }] }));
  assert.equal(status, 201);
  const { page, context, errors } = await newPage(browser);
  await page.goto('/');
  await page.waitForSelector(`.lobby-item[data-match="${body.id}"]`);
  assert.equal(await page.locator(`.lobby-item[data-match="${hidden.id}"]`).count(), 0);
  const list = await api('/api/matches');
  assert.ok(!list.body.matches.some((x) => x.id === hidden.id));
  assert.deepEqual(errors, []);
  await context.close();
});
