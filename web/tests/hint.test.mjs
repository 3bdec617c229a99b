// hint.test.mjs — Magical Circle's Hint button in a real browser: a race between people has
// none, and against bots each press tells one more step of a plan (first the card and the
// swap cards, then one swap), never the whole solution.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage } from './lib/env.mjs';
import { startMatch } from './lib/ui.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const swapsNamed = (text) => (text.match(/\d↔\d/g) || []).length;

test('magical circle: a race against another person offers no Hint', async () => {
  const { page, context, errors } = await newPage(browser);
  await startMatch(page, 'magical-circle', { seats: ['you', 'friend'] });
  await page.waitForSelector('#prompt [data-choice="claim"]', { timeout: 20000 });
  assert.equal(await page.locator('#prompt [data-hint]').count(), 0, 'no Hint button');
  assert.equal(await page.locator('.mc-hint').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('magical circle against a bot: each Hint press tells one step, first the card and the swap cards', async () => {
  const { page, context, errors } = await newPage(browser);
  await startMatch(page, 'magical-circle', { seats: ['you', 'bot:beginner'] });
  const ply = () => page.evaluate(() => Number(document.body.dataset.ply));
  // A race where a card can be made: read both hints at that one state (a bot may claim
  // first; then the next race is tried).
  let told = null;
  for (let tries = 0; tries < 12 && !told; tries++) {
    await page.waitForSelector('#prompt [data-choice="claim"]', { timeout: 30000 });
    const at = await ply();
    await page.click('#prompt [data-hint]').catch(() => {});
    const first = await page.locator('.mc-hint').textContent({ timeout: 3000 }).catch(() => null);
    if (first && !/No card/.test(first)) {
      await page.click('#prompt [data-hint]').catch(() => {});
      const second = await page.locator('.mc-hint').textContent({ timeout: 3000 }).catch(() => null);
      if (second && (await ply()) === at) told = { first, second };
    } else if (first) {
      // Nothing to make: vote, so that new cards come.
      await page.click('#prompt [data-choice="vote"]', { timeout: 3000 }).catch(() => {});
    }
    if (!told) await page.waitForFunction((p) => Number(document.body.dataset.ply) > p, at, { timeout: 60000 });
  }
  assert.ok(told, 'a race with a card within reach came, and both hints were read in it');
  assert.match(told.first, /Card #\d .*swap card/, `the first hint names the card and the swap cards: ${told.first}`);
  assert.equal(swapsNamed(told.first), 0, `the first hint names no swap: ${told.first}`);
  assert.equal(swapsNamed(told.second), 1, `the second hint names one swap only: ${told.second}`);
  assert.deepEqual(errors, []);
  await context.close();
});
