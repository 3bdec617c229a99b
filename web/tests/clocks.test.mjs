// clocks.test.mjs — chess clocks and presence in a real browser: a clocked match between two
// people (one on a desktop in English, one on a phone in French) shows both clocks, each
// counting down while its seat is to move; each card says whether its player is online or
// away; when a flag falls with nobody moving, both end cards say who ran out of time. The home
// page offers a clock choice (not for a game played in real time) that the match gets. No
// serious or critical accessibility violation on the clocked match page. Screenshots go to
// $CLOCK_SHOTS (default web/tests/screenshots/clocks).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, newPage, api, piecesLanded, SHOTS, PHONE, DESKTOP } from './lib/env.mjs';
import { graveViolations, listViolations } from './lib/audit.mjs';

const OUT = process.env.CLOCK_SHOTS || path.join(SHOTS, 'clocks');

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

async function post(pathname, body) {
  return api(pathname, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function pageIn(locale, { phone = false } = {}) {
  const opened = await newPage(browser, phone ? PHONE : DESKTOP, { phone, locale });
  opened.page.setDefaultTimeout(20000);
  return opened;
}

async function open(page, id, token) {
  await page.goto(`/match/${id}?token=${token}`);
  await page.waitForFunction(() => window.tabula && window.tabula.state());
}

/** Waits until seat `n`'s clock on `page` runs and has counted down below `below` ms. */
async function countsDown(page, n, below) {
  await page.waitForFunction(([seat, ms]) => {
    const el = document.querySelector(`.player[data-seat="${seat}"] .clock`);
    return el && el.classList.contains('running') && Number(el.dataset.ms) < ms;
  }, [n, below]);
}

const clockText = (page, n) => page.textContent(`.player[data-seat="${n}"] .clock .clock-time`);

test('a clocked match: both clocks count down in turn, presence shows, a flag falls and the end cards say why', async () => {
  const initial = 10;
  const made = await post('/api/matches', {
    game: 'connect-four', seats: [{ human: true }, { human: true }], mine: [1, 2],
    clock: { initial_s: initial, increment_s: 0 },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.id;
  const token = Object.fromEntries(made.body.seats.map((s) => [s.seat, s.token]));
  const one = await pageIn('en-GB');
  const two = await pageIn('fr-FR', { phone: true });
  await open(one.page, id, token[1]);
  await open(two.page, id, token[2]);

  // Both clocks, full, before the first move; both players online.
  for (const n of [1, 2]) assert.equal(await clockText(one.page, n), '0:10');
  await one.page.waitForSelector('.player[data-seat="2"] .presence[data-presence="online"]');
  assert.match(await one.page.textContent('.player[data-seat="2"] .presence'), /online/);
  assert.match(await two.page.textContent('.player[data-seat="1"] .presence'), /en ligne/);

  // Seat 1 moves: seat 2's clock runs, on both pages; seat 1's does not.
  assert.equal((await post(`/api/matches/${id}/actions`, { token: token[1], action: '4', ply: 0 })).status, 200);
  await countsDown(one.page, 2, initial * 1000);
  await countsDown(two.page, 2, initial * 1000);
  assert.equal(await one.page.$eval('.player[data-seat="1"] .clock', (el) => el.classList.contains('running')), false);
  await snap(one.page, 'running-desktop');
  await snap(two.page, 'running-phone');

  // Seat 2 moves: now seat 1's clock counts down.
  assert.equal((await post(`/api/matches/${id}/actions`, { token: token[2], action: '3', ply: 1 })).status, 200);
  await countsDown(one.page, 1, initial * 1000);
  assert.equal(await one.page.$eval('.player[data-seat="2"] .clock', (el) => el.classList.contains('running')), false);

  // Seat 2 leaves: after the grace its card says away.
  await two.context.close();
  await one.page.waitForSelector('.player[data-seat="2"] .presence[data-presence="away"]');
  assert.match(await one.page.textContent('.player[data-seat="2"] .presence'), /away/);

  // Low time is marked in words for screen readers and with a sign, then the flag falls.
  await one.page.waitForSelector('.player[data-seat="1"] .clock.low .clock-low:not([hidden])');
  assert.match(await one.page.getAttribute('.player[data-seat="1"] .clock', 'aria-label'), /low time/);
  await one.page.waitForFunction(() => document.body.dataset.over === '1');
  const st = await one.page.evaluate(() => window.tabula.state());
  assert.equal(st.status.result.reason, 'timeout');
  assert.equal(st.status.result.by, 1);
  await one.page.waitForSelector('#result .result-card');
  assert.match(await one.page.textContent('#result'), /You ran out of time/);
  assert.equal(await clockText(one.page, 1), '0:00.0');
  await snap(one.page, 'timeout-desktop');

  // The other player, back on the phone in French, finds the end card saying who ran out.
  const back = await pageIn('fr-FR', { phone: true });
  await open(back.page, id, token[2]);
  await back.page.waitForSelector('#result .result-card');
  assert.match(await back.page.textContent('#result'), /n’a plus de temps à la pendule/);
  await snap(back.page, 'timeout-phone');
  assert.deepEqual([...one.errors, ...two.errors, ...back.errors], []);
  await one.context.close();
  await back.context.close();
});

test('the home page offers clocks (none for a real-time game) and the match gets the one chosen', async () => {
  const { page, context, errors } = await pageIn('en-GB');
  await page.goto('/?game=magical-circle');
  await page.waitForSelector('#start');
  assert.equal(await page.$('#clock-choice'), null, 'no clock in real time');
  await page.goto('/?game=connect-four');
  await page.waitForSelector('#clock-choice');
  assert.match(await page.textContent('#clock-choice'), /No clock/);
  await page.selectOption('#clock-choice', '180+2');
  await Promise.all([page.waitForURL(/\/match\//), page.click('#start')]);
  await page.waitForFunction(() => window.tabula && window.tabula.state());
  const st = await page.evaluate(() => window.tabula.state());
  assert.equal(st.clocks.initial_s, 180);
  assert.equal(st.clocks.increment_s, 2);
  assert.equal(await clockText(page, 1), '3:00');
  await page.waitForSelector('.player[data-seat="1"] .presence[data-presence="online"]');
  const found = await graveViolations(page);
  assert.equal(found.length, 0, `serious or critical violations:\n${listViolations(found)}`);
  await page.setViewportSize(PHONE);
  const onPhone = await graveViolations(page);
  assert.equal(onPhone.length, 0, `serious or critical violations at phone size:\n${listViolations(onPhone)}`);
  await snap(page, 'home-clock-match');
  assert.deepEqual(errors, []);
  await context.close();
});
