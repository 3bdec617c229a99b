// review.test.mjs — the analysis of a finished match in a real browser: a Connect Four game
// between random bots is analysed (Analyse pressed from the keyboard), the evaluation bar, the
// best move (in words and as a ring on the board) and the marks of the move list appear, and
// stepping through the history moves the bar and the best move to the position shown, on a
// desktop and on a phone; every other game shows the analysis screen of a finished match
// without errors. Waits are on the page's and the API's state, never on time.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, newPage, api, SHOTS, PHONE, DESKTOP, piecesLanded } from './lib/env.mjs';
import { graveViolations, listViolations } from './lib/audit.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Polls the API until the match is over (each answer is the match's state). */
async function untilOver(id) {
  for (;;) {
    const { status, body } = await api(`/api/matches/${id}`);
    assert.equal(status, 200, JSON.stringify(body));
    if (body.status.over) return body;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A finished match of `game`: random bots play it out; Magical Circle (real time, paced
 * bots) ends by a resignation of its human seat instead. */
async function finishedMatch(game, { seed = 7, players = 2 } = {}) {
  const realTime = game === 'magical-circle';
  const seats = realTime ? [{ human: true }, { bot: 'random' }] : Array.from({ length: players }, () => ({ bot: 'random' }));
  const { status, body } = await api('/api/matches', json({ game, seed, seats, ...(realTime ? { params: { target: 2 } } : {}) }));
  assert.equal(status, 201, JSON.stringify(body));
  if (realTime) {
    const token = body.seats[0].token;
    const r = await api(`/api/matches/${body.id}/table`, json({ token, request: 'resign' }));
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  return { id: body.id, state: await untilOver(body.id) };
}

async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await piecesLanded(page);
  await page.locator('#review').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Opens the match and presses Analyse with the keyboard. */
async function analyse(page, id) {
  await page.goto(`/match/${id}`);
  await page.waitForFunction(() => window.tabula?.state()?.status.over);
  const button = page.locator('#analyse');
  await button.waitFor();
  await button.focus();
  // The page redraws the panel when a push or the list of games arrives: the focused button
  // must survive that (it once was replaced, and the Enter went nowhere).
  await page.evaluate(() => window.tabula.review.render());
  await page.keyboard.press('Enter');
  await page.waitForSelector('#review .review-status');
}

for (const size of ['desktop', 'phone']) {
  test(`connect four (${size}): the analysis marks the moves and follows the history`, async () => {
    const { id, state } = await finishedMatch('connect-four', { seed: size === 'phone' ? 21 : 5 });
    const { page, context, errors } = await newPage(browser, size === 'phone' ? PHONE : DESKTOP, { phone: size === 'phone' });
    await analyse(page, id);
    await page.waitForFunction(() => document.body.dataset.review === 'complete', null, { timeout: 120000 });
    const result = (await api(`/api/matches/${id}/analysis`)).body;
    assert.equal(result.complete, true);
    assert.equal(result.ply, state.log.length);
    // Every move shown in the list has its mark, as the API gives it.
    const marks = await page.$$eval('#moves li[data-ply]', (lis) => lis.map((li) => [Number(li.dataset.ply), li.dataset.mark || null]));
    assert.ok(marks.length > 0);
    for (const [ply, mark] of marks) assert.equal(mark, result.moves[ply].mark, `move ${ply}`);
    assert.ok(await page.locator('#moves .review-mark').count() >= marks.length);
    assert.equal(await page.locator('.review-legend li').count(), 3);
    // The present position is over: its bar shows the result.
    await page.waitForSelector(`.review-eval[data-ply="${state.log.length}"] .eval-bar`);

    // Back to the start: the bar and the best move are position 0's, and the best move is
    // ringed on the board.
    await page.locator('#moves').focus();
    await page.keyboard.press('Home');
    await page.waitForSelector('.review-eval[data-ply="0"] .eval-bar');
    const first = result.positions[0];
    assert.equal(await page.locator('.review-best').getAttribute('data-action'), first.best);
    assert.equal(Number(await page.locator('.review-eval .eval-bar').getAttribute('data-value')), Math.round(first.value[0] * 100));
    await page.waitForSelector(`#board svg .review-best-marks[data-action="${first.best}"] .best-ring`);
    assert.match(await page.locator('.review-best .words').textContent(), new RegExp(`column ${first.best}`));
    // One step on: the bar and the best move follow.
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('.review-eval[data-ply="1"] .eval-bar');
    const second = result.positions[1];
    assert.equal(await page.locator('.review-best').getAttribute('data-action'), second.best);
    assert.equal(Number(await page.locator('.review-eval .eval-bar').getAttribute('data-value')), Math.round(second.value[0] * 100));
    await page.waitForSelector(`#board svg .review-best-marks[data-action="${second.best}"]`);

    const grave = await graveViolations(page);
    assert.deepEqual(grave, [], listViolations(grave.map((v) => ({ ...v, where: `review ${size}` }))));
    await shot(page, `review-connect-four-${size}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** China Moon: the first analysed position whose best move is a frog's, shown from the move
 * list, has that move's landings ringed on the board. */
async function frogMoveRinged(page, id) {
  let ply = -1;
  let best = null;
  while (ply < 0) {
    const { body } = await api(`/api/matches/${id}/analysis`);
    ply = (body.positions || []).findIndex((p) => /^\d@/.test(p?.best || ''));
    if (ply >= 0) best = body.positions[ply].best;
    else if (body.complete) assert.fail('no position of the match has a frog move as its best');
    else await new Promise((r) => setTimeout(r, 100));
  }
  await page.locator('#moves').focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < ply; i++) await page.keyboard.press('ArrowRight');
  // The page polls the analysis on its own, so it may show this position's best move a poll
  // after the API gave it.
  await page.waitForSelector(`.review-best[data-ply="${ply}"][data-action]`);
  assert.equal(await page.locator('.review-best').getAttribute('data-action'), best);
  const rings = await page.locator(`#board svg .review-best-marks[data-action="${best}"] .best-ring`).count();
  assert.equal(rings, best.split('>').length - 1, `one ring per landing of ${best}`);
}

for (const [game, players] of [['toumai', 2], ['khan-tsin', 2], ['china-moon', 3], ['magical-circle', 2]]) {
  test(`${game}: a finished match shows the analysis screen`, async () => {
    const { id } = await finishedMatch(game, { players });
    for (const size of ['desktop', 'phone']) {
      const { page, context, errors } = await newPage(browser, size === 'phone' ? PHONE : DESKTOP, { phone: size === 'phone' });
      await analyse(page, id);
      // The progress counts the positions; the panel has its legend and a box for the
      // evaluation of the position shown.
      const total = Number(await page.locator('#review .review-status').getAttribute('data-total'));
      assert.ok(total >= 0);
      await page.waitForSelector('.review-eval');
      assert.equal(await page.locator('.review-legend li').count(), 3);
      if (game === 'china-moon') await frogMoveRinged(page, id);
      const grave = await graveViolations(page);
      assert.deepEqual(grave, [], listViolations(grave.map((v) => ({ ...v, where: `review ${game} ${size}` }))));
      await shot(page, `review-${game}-${size}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
}

test('a live match of a game with hidden information offers no Analyse', async () => {
  const { status, body } = await api('/api/matches', json({ game: 'magical-circle', seats: [{ human: true }, { human: true }] }));
  assert.equal(status, 201);
  const { page, context, errors } = await newPage(browser);
  await page.goto(`/match/${body.id}?token=${body.seats[0].token}`);
  await page.waitForFunction(() => window.tabula?.state() && window.tabula.review.hidden === true);
  assert.equal(await page.locator('#review').isHidden(), true);
  assert.equal(await page.locator('#analyse').count(), 0);
  const refused = await api(`/api/matches/${body.id}/analysis`, { method: 'POST' });
  assert.equal(refused.status, 409);
  assert.match(refused.body.error, /hidden information/);
  assert.deepEqual(errors, []);
  await context.close();
});
