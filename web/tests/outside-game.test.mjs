// outside-game.test.mjs — a game added from outside Tabula's workspace, as
// docs/adding-a-game.md tells (examples/tic-tac-toe, its own binary with Tabula's CLI and the
// game in its catalog), is offered and played in the browser: its home card (a tile with its
// initials and seat colours), its table drawn from its `board_text` with the seats in its
// colours, one button per legal action, a game against a bot played by clicks to its end.
// TABULA_OUTSIDE_BIN names that binary (scripts/e2e.sh builds it); the test starts it itself.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { launch, DESKTOP, PHONE, shoot } from './lib/env.mjs';
import { startMatch, playToEnd, state } from './lib/ui.mjs';

const BIN = process.env.TABULA_OUTSIDE_BIN;
let server;
let base;
let browser;

/** Starts `BIN serve` on a free port with an in-memory store; resolves to its address. */
function serve() {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--memory', '--creations-per-minute', '10000', '--creation-burst', '10000'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/[0-9.:]+/.exec(out);
      if (m) resolve({ child, url: m[0] });
    });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => reject(new Error(`${BIN} serve exited (${code}): ${err}`)));
  });
}

before(async () => {
  assert.ok(BIN, 'TABULA_OUTSIDE_BIN names the outside game\'s binary (scripts/e2e.sh builds examples/tic-tac-toe)');
  ({ child: server, url: base } = await serve());
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.kill();
});

async function page(viewport, phone = false) {
  const context = await browser.newContext(phone
    ? { viewport: PHONE, baseURL: base, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
    : { viewport, baseURL: base });
  await context.addInitScript(() => localStorage.setItem('tabula.autoplay', 'off'));
  const p = await context.newPage();
  p.errors = [];
  p.on('pageerror', (e) => p.errors.push(String(e)));
  return p;
}

for (const [size, viewport, phone] of [['desktop', DESKTOP, false], ['phone', PHONE, true]]) {
  test(`the outside game is offered and played to its end against a bot (${size})`, async () => {
    const p = await page(viewport, phone);
    await p.goto('/');
    const card = p.locator('.game-card[data-game="tic-tac-toe"]');
    await card.waitFor();
    assert.match(await card.textContent(), /Tic-Tac-Toe/);
    // The plain tile: the title's initials, and a dot in each seat's colour.
    const tile = await card.locator('.thumb').innerHTML();
    assert.match(tile, />TTT</);
    assert.match(tile.toLowerCase(), /#e5484d/);
    assert.match(tile.toLowerCase(), /#3f7fe0/);
    if (!phone) await shoot(p, 'outside/home');

    await startMatch(p, 'tic-tac-toe', { seats: ['you', 'bot:beginner'] });
    const first = await state(p);
    // The board is the game's own text, and the seats wear the description's colours.
    assert.equal((await p.textContent('.generic-view')).trim(), '...\n...\n...');
    assert.deepEqual(first.seats.map((s) => s.colour.toLowerCase()), ['#e5484d', '#3f7fe0']);
    // One button per legal action, the nine cells.
    const buttons = await p.$$eval('#prompt [data-choice]', (els) => els.map((e) => e.dataset.choice).sort());
    assert.deepEqual(buttons, ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((c) => `act:${c}`));
    if (!phone) await shoot(p, 'outside/table');

    // Mark the lowest free cell each turn, by clicks (taps on the phone).
    const { final } = await playToEnd(p, 'generic', (st) => st.legal.slice().sort()[0], { tap: phone });
    assert.ok(final.status.over, 'the game ended');
    const board = await p.textContent('.generic-view');
    assert.equal(board.trim().split('\n').length, 3, board);
    await p.waitForSelector('#result:not([hidden]) #result-title');
    if (!phone) await shoot(p, 'outside/end');
    assert.deepEqual(p.errors, []);
    await p.context().close();
  });
}
