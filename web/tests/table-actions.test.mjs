// table-actions.test.mjs — the table's requests in a real browser: resigning (in French, at
// phone size), a draw offered and declined then offered and accepted between two people (one
// of them in Czech), a takeback against a bot and one asked of another person, a rematch from the end card (seats swapped, the
// other person sent to it), and a forced move played automatically after its notice (or
// cancelled). Screenshots go to $TABLE_SHOTS (default web/tests/screenshots/table).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, api, piecesLanded, BASE, SHOTS, PHONE, DESKTOP } from './lib/env.mjs';
import { perform } from './lib/ui.mjs';

const OUT = process.env.TABLE_SHOTS || path.join(SHOTS, 'table');

let browser;
before(async () => {
  browser = await launch();
  fs.mkdirSync(OUT, { recursive: true });
});
after(async () => {
  await browser?.close();
});

async function snap(page, name) {
  await piecesLanded(page);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
}

/** Creates a match through the API: {id, tokens by seat number}. */
async function create(body) {
  const { status, body: made } = await api('/api/matches', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(status, 201, JSON.stringify(made));
  const tokens = {};
  for (const s of made.seats) if (s.token) tokens[s.seat] = s.token;
  return { id: made.id, tokens };
}

async function open(page, id, token) {
  await page.goto(`/match/${id}?token=${token}`);
  await page.waitForFunction(() => window.tabula && window.tabula.state());
}

/** A page in `locale` (a fresh context: its own storage). */
async function pageIn(locale, { phone = false, autoplay = false, delay = null } = {}) {
  const context = await browser.newContext(phone
    ? { viewport: PHONE, baseURL: BASE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale }
    : { viewport: DESKTOP, baseURL: BASE, locale });
  if (!autoplay) await context.addInitScript(() => localStorage.setItem('tabula.autoplay', 'off'));
  // A long countdown, so that the test clicks Cancel before it runs out however slow the machine.
  if (delay) await context.addInitScript((d) => localStorage.setItem('tabula.autoplayDelay', String(d)), delay);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  page.setDefaultTimeout(15000);
  return { page, context, errors };
}

const stateOf = (page) => page.evaluate(() => window.tabula.state());

test('resigning in French on a phone: the end card says so, and a rematch swaps the seats', async () => {
  const m = await create({ game: 'toumai', seats: [{ human: true }, { bot: 'random' }] });
  const { page, context, errors } = await pageIn('fr-FR', { phone: true });
  await open(page, m.id, m.tokens[1]);
  await page.click('[data-table="resign"]');
  await page.click('[data-table="resign-sure"]');
  await page.waitForFunction(() => document.body.dataset.over === '1');
  const st = await stateOf(page);
  assert.equal(st.status.result.reason, 'resigned');
  assert.equal(st.status.result.by, 1);
  await page.waitForSelector('#result .result-card');
  assert.match(await page.textContent('#result'), /Vous avez abandonné/);
  await snap(page, 'resign-fr-phone');
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith(m.id)), page.click('#result [data-table="rematch"]')]);
  await page.waitForFunction(() => window.tabula && window.tabula.state());
  const next = await stateOf(page);
  assert.notEqual(next.id, m.id);
  assert.equal(next.you, 2, 'seat 1 moved on to seat 2');
  assert.equal(next.seats[0].kind, 'bot');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a draw is offered and declined, then offered again and accepted (one player in Czech)', async () => {
  const m = await create({ game: 'connect-four', seats: [{ human: true }, { human: true }], mine: [1, 2] });
  const a = await pageIn('en-GB');
  const b = await pageIn('cs-CZ');
  await open(a.page, m.id, m.tokens[1]);
  await open(b.page, m.id, m.tokens[2]);
  await a.page.click('[data-table="offer-draw"]');
  await a.page.waitForSelector('[data-notice="offered"]');
  await b.page.waitForSelector('[data-notice="offer"]');
  assert.match(await b.page.textContent('[data-notice="offer"]'), /nabízí remízu/);
  await snap(b.page, 'draw-offer-cs');
  await b.page.click('[data-table="decline-draw"]');
  await a.page.waitForSelector('[data-notice="offered"]', { state: 'detached' });
  await b.page.waitForSelector('[data-notice="offer"]', { state: 'detached' });
  // A move each, then the offer again: this time accepted.
  await perform(a.page, 'connect-four', '4', await stateOf(a.page));
  await b.page.waitForFunction(() => document.body.dataset.turn === 'you');
  await perform(b.page, 'connect-four', '3', await stateOf(b.page));
  await a.page.waitForFunction(() => document.body.dataset.turn === 'you');
  await a.page.click('[data-table="offer-draw"]');
  await b.page.waitForSelector('[data-notice="offer"]');
  await b.page.click('[data-table="accept-draw"]');
  for (const p of [a.page, b.page]) {
    await p.waitForFunction(() => document.body.dataset.over === '1');
    await p.waitForSelector('#result .result-card');
  }
  assert.match(await a.page.textContent('#result'), /Draw by agreement/);
  assert.match(await b.page.textContent('#result'), /Remíza dohodou/);
  await snap(a.page, 'draw-agreed-end-card');
  // A rematch asked by one is offered to the other, who is sent to the seat swapped with theirs.
  await Promise.all([a.page.waitForURL((u) => !u.pathname.endsWith(m.id)), a.page.click('#result [data-table="rematch"]')]);
  await b.page.waitForSelector('[data-notice="rematch"]');
  await snap(b.page, 'rematch-notice');
  await Promise.all([b.page.waitForURL((u) => !u.pathname.endsWith(m.id)), b.page.click('[data-notice="rematch"] [data-table="rematch"]')]);
  await b.page.waitForFunction(() => window.tabula && window.tabula.state());
  await a.page.waitForFunction(() => window.tabula && window.tabula.state());
  const [sa, sb] = [await stateOf(a.page), await stateOf(b.page)];
  assert.equal(sa.id, sb.id, 'both at the same rematch');
  assert.equal(sa.you, 2);
  assert.equal(sb.you, 1);
  assert.deepEqual([...a.errors, ...b.errors], []);
  await a.context.close();
  await b.context.close();
});

test('a takeback asked of another person (in French): declined, then asked again and allowed', async () => {
  const m = await create({ game: 'connect-four', seats: [{ human: true }, { human: true }], mine: [1, 2] });
  const a = await pageIn('en-GB');
  const b = await pageIn('fr-FR', { phone: true });
  await open(a.page, m.id, m.tokens[1]);
  await open(b.page, m.id, m.tokens[2]);
  await perform(a.page, 'connect-four', '4', await stateOf(a.page));
  await b.page.waitForFunction(() => document.body.dataset.turn === 'you');
  await perform(b.page, 'connect-four', '3', await stateOf(b.page));
  await a.page.waitForFunction(() => document.body.dataset.turn === 'you');
  assert.equal(await a.page.getAttribute('[data-table="takeback"]', 'title'), 'Ask your opponent to undo your last move');
  await a.page.click('[data-table="takeback"]');
  await a.page.waitForSelector('[data-notice="takeback-asked"]');
  await b.page.waitForSelector('[data-notice="takeback"]');
  assert.match(await b.page.textContent('[data-notice="takeback"]'), /demande à reprendre son dernier coup/);
  await snap(b.page, 'takeback-asked-fr-phone');
  await b.page.click('[data-table="decline-takeback"]');
  await a.page.waitForSelector('[data-notice="takeback-asked"]', { state: 'detached' });
  assert.equal(await a.page.locator('[data-table="takeback"]').count(), 0, 'one request per position');
  // A move each, then asked again: allowed. Seat 1's move and the reply are undone.
  await perform(a.page, 'connect-four', '5', await stateOf(a.page));
  await b.page.waitForFunction(() => document.body.dataset.turn === 'you');
  await perform(b.page, 'connect-four', '3', await stateOf(b.page));
  await a.page.waitForFunction(() => document.body.dataset.turn === 'you');
  await a.page.click('[data-table="takeback"]');
  await b.page.waitForSelector('[data-notice="takeback"]');
  await b.page.click('[data-table="accept-takeback"]');
  for (const p of [a.page, b.page]) await p.waitForFunction(() => window.tabula.state().ply === 2);
  const st = await stateOf(a.page);
  assert.deepEqual(st.log.map((e) => e.action), ['4', '3']);
  assert.equal(st.table.takeback_ask, null);
  await a.page.waitForFunction(() => document.body.dataset.turn === 'you');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await a.context.close();
  await b.context.close();
});

test('a takeback against a bot undoes the move and the reply', async () => {
  const m = await create({ game: 'connect-four', seats: [{ human: true }, { bot: 'random' }] });
  const { page, context, errors } = await pageIn('en-GB');
  await open(page, m.id, m.tokens[1]);
  assert.equal(await page.$('[data-table="takeback"]'), null, 'nothing to take back yet');
  await perform(page, 'connect-four', '4', await stateOf(page));
  await page.waitForFunction(() => window.tabula.state().ply >= 2 && document.body.dataset.turn === 'you');
  await page.waitForSelector('[data-table="takeback"]');
  await snap(page, 'takeback-before');
  const before = await stateOf(page);
  await page.click('[data-table="takeback"]');
  await page.waitForFunction(() => window.tabula.state().ply === 0);
  const after = await stateOf(page);
  assert.ok(after.rev > before.rev);
  assert.deepEqual(after.log, []);
  assert.equal(await page.$$eval('#moves li[data-ply]', (l) => l.length), 0, 'the move list is empty again');
  assert.equal(await page.$('[data-table="takeback"]'), null);
  // And the game goes on from there.
  await perform(page, 'connect-four', '1', await stateOf(page));
  await page.waitForFunction(() => window.tabula.state().ply >= 2);
  assert.equal((await stateOf(page)).log[0].action, '1');
  await snap(page, 'takeback-after');
  assert.deepEqual(errors, []);
  await context.close();
});

// Every column full but the last: the only move is 7 (for x, then for o), and then the board is full.
const ONE_COLUMN_LEFT = 'oooxxx./xxooox./xooxxoo/oxxoxxo/oxoxxox/ooxooxx x';

test('a forced move is shown, then played by itself; or cancelled and played by hand', async () => {
  const m = await create({ game: 'connect-four', seats: [{ human: true }, { bot: 'random' }], position: ONE_COLUMN_LEFT });
  const { page, context, errors } = await pageIn('en-GB', { autoplay: true });
  await open(page, m.id, m.tokens[1]);
  // Read as it appears, in one look: a second later the move is played and the notice gone.
  const notice = await page.waitForFunction(() => document.querySelector('[data-notice="forced"]')?.textContent || null);
  assert.match(await notice.jsonValue(), /Only move: 7 — playing in 1 s/);
  await page.waitForFunction(() => window.tabula.state().ply >= 1);
  const played = (await stateOf(page)).log[0];
  assert.deepEqual([played.actor, played.action], [1, '7']);
  await page.waitForFunction(() => document.body.dataset.over === '1');
  await context.close();

  const m2 = await create({ game: 'connect-four', seats: [{ human: true }, { bot: 'random' }], position: ONE_COLUMN_LEFT });
  const c = await pageIn('en-GB', { autoplay: true, delay: 30 });
  await open(c.page, m2.id, m2.tokens[1]);
  // Read in one look as it appears: a busy machine may take a second to read it again.
  const first = await c.page.waitForFunction(() => document.querySelector('[data-notice="forced"]')?.textContent || null);
  assert.match(await first.jsonValue(), /playing in 30 s/);
  await snap(c.page, 'forced-move-notice');
  await c.page.click('[data-table="forced-cancel"]');
  await c.page.waitForSelector('[data-notice="forced"]', { state: 'detached' });
  assert.equal((await stateOf(c.page)).ply, 0, 'not played after the cancel');
  // Switched off: no notice on the next visit.
  await c.page.uncheck('#autoplay');
  await c.page.reload();
  await c.page.waitForFunction(() => window.tabula && window.tabula.state() && document.body.dataset.turn === 'you');
  assert.equal(await c.page.$('[data-notice="forced"]'), null);
  await perform(c.page, 'connect-four', '7', await stateOf(c.page));
  assert.deepEqual([...errors, ...c.errors], []);
  await c.context.close();
});
