// phone.test.mjs — the boards on a phone held upright (390×844, touch): the track games turn
// to their tall shapes, and a player plays them with taps; the prompt stays in sight.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, SHOTS } from './lib/env.mjs';
import { startMatch, playToEnd } from './lib/ui.mjs';
import { POLICIES, rng } from './lib/policies.mjs';
import path from 'node:path';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

for (const { game, seats, setup } of [
  { game: 'china-moon', seats: ['you', 'bot:random', 'bot:random'] },
  { game: 'khan-tsin', seats: ['you', 'bot:random'], setup: 'random' },
]) {
  test(`${game} on a phone: a tall board, played with taps`, async () => {
    const { page, context, errors } = await newPage(browser, undefined, { phone: true });
    await startMatch(page, game, { seats, setup });
    const svg = await page.locator('#board svg').first().boundingBox();
    assert.ok(svg.height > svg.width, `the ${game} board is taller than wide on a phone`);
    assert.ok(svg.width >= 360, 'the board uses the width of the screen');
    const rnd = rng(9);
    const { actions } = await playToEnd(page, game, (st) => POLICIES[game](st, rnd), { tap: true, stopAfter: 6 });
    assert.equal(actions, 6);
    await page.waitForTimeout(700);
    await page.screenshot({ path: path.join(SHOTS, `${game}-phone-play.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}
