// phone.test.mjs — the boards on a phone held upright (390×844, touch): the track games turn
// to their tall shapes, and a player plays them with taps; the prompt stays in sight; China
// Moon's pads are targets a finger can hit, with numbers one can read.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, piecesLanded, SHOTS } from './lib/env.mjs';
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
    // Taps while the pieces move, as on a real phone.
    const { page, context, errors } = await newPage(browser, undefined, { phone: true, motion: true });
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

test('china-moon on a phone: every pad is a tap target of at least 44 px, its number at least 12 px tall', async () => {
  const { page, context, errors } = await newPage(browser, undefined, { phone: true });
  await startMatch(page, 'china-moon', { seats: ['you', 'bot:random', 'bot:random'] });
  await page.waitForSelector('#board .cm-space');
  const pads = await page.$$eval('#board .cm-space', (els) => els.map((g) => {
    // The drawn pad: the shape after the halo (a lily pad, the start pad or the island).
    const shape = g.querySelector(':scope > :not(.halo)');
    const r = shape.getBoundingClientRect();
    const n = g.querySelector('.cm-id')?.getBoundingClientRect();
    return { space: g.dataset.space, w: r.width, h: r.height, number: n ? n.height : null };
  }));
  assert.ok(pads.length >= 30, `the pond's spaces are drawn (${pads.length})`);
  const small = pads.filter((p) => Math.min(p.w, p.h) < 44).map((p) => `${p.space}: ${p.w.toFixed(1)}×${p.h.toFixed(1)}`);
  assert.deepEqual(small, [], 'pads smaller than 44 px');
  const tiny = pads.filter((p) => p.number !== null && p.number < 12).map((p) => `${p.space}: ${p.number.toFixed(1)} px`);
  assert.deepEqual(tiny, [], 'pad numbers shorter than 12 px');
  const smallest = Math.min(...pads.map((p) => Math.min(p.w, p.h)));
  console.log(`# china-moon phone: smallest pad ${smallest.toFixed(1)} px, smallest number ${Math.min(...pads.filter((p) => p.number).map((p) => p.number)).toFixed(1)} px`);
  // The pond pans sideways in its box: its far side can be brought into view.
  const pan = await page.evaluate(() => {
    const b = document.getElementById('board');
    return { scroll: b.scrollWidth, box: b.clientWidth, page: document.documentElement.scrollWidth, screen: innerWidth };
  });
  assert.ok(pan.page <= pan.screen, 'the page itself does not scroll sideways');
  if (pan.scroll > pan.box) {
    await page.evaluate(() => { document.getElementById('board').scrollLeft = 1e6; });
    const far = await page.$$eval('#board .cm-space', (els) => Math.max(...els.map((g) => g.getBoundingClientRect().right)));
    assert.ok(far <= pan.screen + 1, 'the far side of the pond comes into view');
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// Chrome moves a finger's tap to a point of the nearest thing that answers to it, a point of
// the box of one of a piece's shapes: a point between the spikes of a Khan's crown is in that
// box but not in the crown, and the tap then went to the square behind it.
test('khan-tsin on a phone: every point of a piece that may be chosen picks that piece, crowns and rims too', async () => {
  const { page, context, errors } = await newPage(browser, undefined, { phone: true });
  await startMatch(page, 'khan-tsin', { seats: ['you', 'bot:random'], setup: 'random' });
  await page.waitForFunction(() => document.body.dataset.turn === 'you');
  await piecesLanded(page);
  const { tried, missed } = await page.evaluate(() => {
    const out = { tried: 0, missed: [] };
    for (const piece of document.querySelectorAll('#board .piece.choosable')) {
      // As a finger would after scrolling to it: the piece in the middle of the screen, clear
      // of the action bar held at the bottom (whichever squares the random setup filled).
      piece.scrollIntoView({ block: 'center', behavior: 'instant' });
      const r = piece.getBoundingClientRect();
      for (let fx = 0.05; fx < 1; fx += 0.1) {
        for (let fy = 0.05; fy < 1; fy += 0.1) {
          const x = r.left + r.width * fx;
          const y = r.top + r.height * fy;
          out.tried++;
          const hit = document.elementFromPoint(x, y);
          if (!hit?.closest('.piece.choosable')) {
            // What the finger would reach instead, to tell a covering panel from a gap.
            const what = hit ? `${hit.tagName.toLowerCase()}${hit.id ? `#${hit.id}` : ''}${hit.getAttribute('class') ? `.${hit.getAttribute('class').split(' ').join('.')}` : ''}` : 'nothing';
            out.missed.push(`${piece.getAttribute('aria-label')} at (${fx.toFixed(2)}, ${fy.toFixed(2)}): ${what}`);
          }
        }
      }
    }
    return out;
  });
  assert.ok(tried >= 100, `points of the pieces that may be chosen were tried (${tried})`);
  assert.deepEqual(missed.slice(0, 10), [], `${missed.length} points of a piece fall through to the board`);
  assert.deepEqual(errors, []);
  await context.close();
});
