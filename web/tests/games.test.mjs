// games.test.mjs — for every game, a person plays a whole game against the random bot by
// clicking the board in a real browser (Debian's chromium), from the home page's Start button
// until the result banner; the board is saved as screenshots mid-game and at the end, at
// desktop and phone sizes. Pieces move visibly in the shorter games; in the two longest the
// browser asks for reduced motion, as some players' do, and no piece may animate.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, shoot, api } from './lib/env.mjs';
import { startMatch, playToEnd } from './lib/ui.mjs';
import { POLICIES, rng } from './lib/policies.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const GAMES = [
  { game: 'connect-four', seats: ['you', 'bot:random'], mid: 3, motion: true },
  { game: 'toumai', seats: ['you', 'bot:random'], mid: 9, motion: true },
  { game: 'khan-tsin', seats: ['you', 'bot:random'], mid: 18 },
  { game: 'china-moon', seats: ['you', 'bot:random', 'bot:random'], mid: 12 },
  { game: 'magical-circle', seats: ['you', 'bot:random'], params: { target: 2 }, mid: 3, racy: true, motion: true },
];

for (const { game, seats, params, mid, racy, motion = false } of GAMES) {
  test(`${game}: a person plays a whole game against the random bot by clicks`, async () => {
    const { page, context, errors } = await newPage(browser, undefined, { motion });
    const { id, token } = await startMatch(page, game, { seats, params });
    assert.ok(token, 'the creator holds a seat token');
    const rnd = rng(7);
    let decisions = 0;
    const { final, actions } = await playToEnd(page, game, (st) => {
      const a = POLICIES[game](st, rnd);
      if (a && /^(x\d|drop:)/.test(a)) decisions++;
      return a;
    }, {
      racy,
      each: async (n) => {
        if (n === mid) await shoot(page, `${game}-mid`);
      },
    });
    assert.ok(actions >= 1, 'we made moves');
    assert.ok(final.status.over, 'the game is over');
    // The result banner and the server agree.
    await page.waitForSelector('#result:not([hidden]) #result-title');
    const title = await page.textContent('#result-title');
    const server = await api(`/api/matches/${id}`);
    assert.equal(server.body.status.over, true);
    const winners = server.body.status.result.winners;
    if (winners.length === 1 && winners[0] === final.you) assert.match(title, /You win/);
    else if (winners.length === 1) assert.match(title, /wins/);
    // The move list holds every action (the most recent 300), in notation.
    const listed = await page.$$eval('#moves li[data-ply] .notation', (els) => els.map((e) => e.textContent));
    const log = server.body.log.slice(-300);
    assert.deepEqual(listed, log.map((e) => e.action ?? '(hidden)'));
    // The end card offers the match's text record, which names the game and replays it.
    const href = await page.getAttribute('#result .result-export a', 'href');
    assert.equal(href, `/api/matches/${id}/record.txt`);
    const record = await page.evaluate(async (u) => (await fetch(u)).text(), href);
    assert.match(record, new RegExp(`^# Tabula match record`));
    assert.match(record, new RegExp(`# Replay: tabula engine ${game} `));
    assert.match(record, /\nposition \S/);
    await shoot(page, `${game}-end`);
    const animations = await page.evaluate(() => window.tabulaAnimations);
    if (motion) assert.ok(animations > 0, 'the pieces moved visibly');
    else assert.equal(animations, 0, 'under reduced motion no piece animates');
    assert.deepEqual(errors, []);
    if (game === 'china-moon') console.log(`# china-moon: ${decisions} owner decision(s) made by clicks`);
    console.log(`# ${game}: ${actions} actions by clicks, ${final.ply} plies, ${title}`);
    await context.close();
  });
}
