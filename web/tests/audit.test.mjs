// audit.test.mjs — every page a player sees, at desktop (1280×800) and phone (390×844)
// sizes: the home page (with its daily puzzle), the rules and the tutorial of every game, the
// leaderboard, the puzzle trainer (the first puzzle of each game that has some), and a match
// of each game from its opening through every kind of choice its action bar asks for in the first moves. On each of them
// axe-core finds no serious or critical violation (contrast below WCAG AA, unnamed
// controls…), and the action bar with all its choices lies inside the viewport without
// scrolling. The screen of each check is saved as audit-<game>-<size>-<choice>.png. A
// Khan-Tsin position with tall stacks is checked on its own, as random play may not reach one.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, piecesLanded, api, DESKTOP, SHOTS } from './lib/env.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { startMatch, playToEnd } from './lib/ui.mjs';
import { POLICIES, rng } from './lib/policies.mjs';
import { graveViolations, listViolations, barOutOfSight, promptInkFaults } from './lib/audit.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const GAMES = [
  { game: 'connect-four', seats: ['you', 'bot:random'], moves: 4 },
  { game: 'toumai', seats: ['you', 'bot:random'], moves: 12 },
  { game: 'khan-tsin', seats: ['you', 'bot:random'], moves: 20 },
  { game: 'china-moon', seats: ['you', 'bot:random', 'bot:random'], moves: 7 },
  { game: 'magical-circle', seats: ['you', 'bot:random'], params: { target: 2 }, moves: 4, racy: true },
];
// Khan-Tsin, white to move its Khan's stack of 7 (its tokens are buttons then), six stacks of
// 3 or more: the top of such a stack shows its height, which its name must carry.
const KHAN_TSIN_TALL = '123231312132213321123231312132213321 -/-/-/bbgwgwW/-/-/wwwgg/-/-/-/b/-/-/b/bwg/-/bbwg/-/-/wg/-/-/-/g/bgwbgG/bwbbgw/-/-/-/-/-/-/-/-/-/- wg w';
const SIZES = [{ size: 'desktop', phone: false }, { size: 'phone', phone: true }];

/** The page as a player sees it on arrival: pieces landed, scrolled to the top. */
async function settle(page) {
  await piecesLanded(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

for (const { size, phone } of SIZES) {
  test(`home, rules and leaderboard pages at ${size} size: no serious or critical accessibility violation`, async () => {
    const { page, context, errors } = await newPage(browser, DESKTOP, { phone });
    const found = [];
    await page.goto('/');
    await page.waitForSelector('.game-card');
    found.push(...(await graveViolations(page)).map((v) => ({ ...v, where: `home ${size}` })));
    await page.goto('/?game=toumai');
    await page.waitForSelector('#start');
    found.push(...(await graveViolations(page)).map((v) => ({ ...v, where: `home setup ${size}` })));
    for (const { game } of GAMES) {
      await page.goto(`/rules/${game}`);
      await page.waitForSelector('#rules h1');
      found.push(...(await graveViolations(page)).map((v) => ({ ...v, where: `rules ${game} ${size}` })));
      await page.goto(`/learn/${game}`);
      await page.waitForSelector('body[data-ready="1"]');
      await settle(page);
      found.push(...(await graveViolations(page)).map((v) => ({ ...v, where: `learn ${game} ${size}` })));
    }
    await page.goto('/leaderboard.html?game=connect-four');
    await page.waitForSelector('#leaders table, #leaders [data-empty]');
    found.push(...(await graveViolations(page)).map((v) => ({ ...v, where: `leaderboard ${size}` })));
    // The puzzle trainer, on the first puzzle of each game that has some, and its daily card.
    const { body: puzzles } = await api('/api/puzzles?limit=1');
    for (const game of puzzles.games) {
      const { body: first } = await api(`/api/puzzles?game=${game}&limit=1`);
      await page.goto(`/puzzles/${first.puzzles[0].id}`);
      await page.waitForFunction(() => document.body.dataset.puzzle === 'ready');
      await settle(page);
      found.push(...(await graveViolations(page)).map((v) => ({ ...v, where: `puzzle ${game} ${size}` })));
    }
    await page.goto('/');
    await page.waitForSelector('#daily-link');
    found.push(...(await graveViolations(page)).map((v) => ({ ...v, where: `home daily puzzle ${size}` })));
    console.log(`# pages at ${size}: ${found.length} serious or critical violation(s)`);
    assert.equal(found.length, 0, `serious or critical violations:\n${listViolations(found)}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`khan-tsin with tall stacks at ${size} size: every stack's height is in its top's name`, async () => {
    const { status, body } = await api('/api/matches', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'khan-tsin', seats: [{ human: true }, { bot: 'random' }], position: KHAN_TSIN_TALL }),
    });
    assert.equal(status, 201, JSON.stringify(body));
    const { page, context, errors } = await newPage(browser, DESKTOP, { phone });
    await page.goto(`/match/${body.id}?token=${body.seats.find((x) => x.token).token}`);
    await page.waitForFunction(() => window.tabula && window.tabula.state());
    await settle(page);
    const found = (await graveViolations(page)).map((v) => ({ ...v, where: `khan-tsin tall stacks ${size}` }));
    assert.equal(found.length, 0, `serious or critical violations:\n${listViolations(found)}`);
    const heights = await page.$$eval('.kt-height', (l) => l.map((x) => x.closest('[aria-label]').getAttribute('aria-label')));
    assert.equal(heights.length, 6, `six stacks of 3 or more: ${heights.join('; ')}`);
    assert.ok(heights.includes('White Khan on square 4, top of a stack of 7'), heights.join('; '));
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const { game, seats, params, moves, racy } of GAMES) {
    test(`${game} at ${size} size: readable, and the action bar in sight at every kind of choice`, async () => {
      const { page, context, errors } = await newPage(browser, DESKTOP, { phone });
      await startMatch(page, game, { seats, params });
      const found = [];
      const offSight = [];
      const unreadable = [];
      const seen = new Set();
      const check = async (when) => {
        await settle(page);
        const step = await page.evaluate(() => {
          const bar = document.getElementById('prompt');
          return bar.hidden ? 'hidden' : bar.dataset.step;
        });
        if (seen.has(step)) return;
        seen.add(step);
        const where = `${game} ${size} ${when} (${step})`;
        offSight.push(...(await barOutOfSight(page)).map((x) => `[${where}] ${x}`));
        unreadable.push(...(await promptInkFaults(page)).map((x) => `[${where}] ${x}`));
        found.push(...(await graveViolations(page)).map((v) => ({ ...v, where })));
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `audit-${game}-${size}-${step.replace(/\W+/g, '_')}.png`) });
      };
      await check('opening');
      const rnd = rng(5);
      let ply = 0;
      await playToEnd(page, game, (st) => {
        ply = st.ply;
        return POLICIES[game](st, rnd);
      }, {
        racy,
        tap: phone,
        stopAfter: moves,
        onStep: () => check(`ply ${ply}`),
      });
      await check('after our moves');
      console.log(`# ${game} at ${size}: ${seen.size} kinds of choice checked (${[...seen].join(', ')}); ${found.length} serious or critical violation(s), ${unreadable.length} unreadable button(s), ${offSight.length} part(s) of the action bar out of sight`);
      assert.equal(found.length, 0, `serious or critical violations:\n${listViolations(found)}`);
      assert.deepEqual(unreadable, [], 'the action bar\'s buttons are readable (WCAG AA) on every colour of their background');
      assert.deepEqual(offSight, [], 'the action bar and its choices lie inside the viewport');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}
