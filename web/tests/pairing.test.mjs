// pairing.test.mjs — quick pairing in a real browser: two people ask for the same game and
// speed on the home page and land at the same match, one seat each; a person waiting is listed
// on another's home page, who joins with one click; a waiting seek is cancelled.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, api } from './lib/env.mjs';
import { state } from './lib/ui.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A person on the home page with the nickname `nick`. */
async function person(nick) {
  const p = await newPage(browser);
  await p.context.addInitScript((n) => localStorage.setItem('tabula.nickname', n), nick);
  await p.page.goto('/');
  await p.page.waitForSelector('#pair-find');
  return p;
}

/** Chooses a game and speed in the quick-pairing form and asks for an opponent. */
async function ask(page, game, speed) {
  await page.selectOption('#pair-game', game);
  await page.selectOption('#pair-speed', speed);
  await page.click('#pair-find');
}

const matchId = (page) => new URL(page.url()).pathname.split('/')[2];

test('two people asking for the same game and speed land at the same match', async () => {
  const suffix = Date.now().toString(36).slice(-4);
  const ada = await person(`Ada${suffix}`);
  const bea = await person(`Bea${suffix}`);
  await ask(ada.page, 'connect-four', '15+10');
  await ada.page.waitForSelector('#pair-waiting:not([hidden]) #pair-cancel');
  const { body } = await api('/api/seeks?game=connect-four');
  assert.ok(body.seeks.some((s) => s.name === `Ada${suffix}` && s.speed === '15+10'), JSON.stringify(body));
  await ask(bea.page, 'connect-four', '15+10');
  await bea.page.waitForURL(/\/match\//);
  // Ada's page learns it at its next heartbeat.
  await ada.page.waitForURL(/\/match\//, { timeout: 10000 });
  assert.equal(matchId(ada.page), matchId(bea.page));
  const seats = [(await state(ada.page)).you, (await state(bea.page)).you].sort();
  assert.deepEqual(seats, [1, 2]);
  for (const p of [ada, bea]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test('a person waiting is listed on the home page and joined with one click; a seek can be cancelled', async () => {
  const suffix = Date.now().toString(36).slice(-4);
  const cid = await person(`Cid${suffix}`);
  await ask(cid.page, 'connect-four', '3+2');
  await cid.page.waitForSelector('#pair-cancel');
  await cid.page.click('#pair-cancel');
  await cid.page.waitForSelector('#pair-waiting', { state: 'hidden' });
  const { body } = await api('/api/seeks?game=connect-four');
  assert.ok(!body.seeks.some((s) => s.name === `Cid${suffix}`), 'cancelled');

  await ask(cid.page, 'connect-four', '3+2');
  await cid.page.waitForSelector('#pair-cancel');
  const dee = await person(`Dee${suffix}`);
  const line = dee.page.locator('.lobby-item[data-seek]', { hasText: `Cid${suffix}` });
  await line.waitFor({ timeout: 10000 });
  await line.locator('button[data-accept]').click();
  await dee.page.waitForURL(/\/match\//);
  await cid.page.waitForURL(/\/match\//, { timeout: 10000 });
  assert.equal(matchId(cid.page), matchId(dee.page));
  for (const p of [cid, dee]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test('a three-player table fills as people arrive, shows how many sit at it, and starts when full', async () => {
  const { body: games } = await api('/api/games');
  const game = games.find((g) => g.max_players >= 3 && g.min_players <= 3 && !g.real_time);
  assert.ok(game, 'a turn-based game for three');
  const suffix = Date.now().toString(36).slice(-4);
  const people = [];
  for (const nick of ['Eve', 'Fay', 'Gus']) {
    const p = await person(`${nick}${suffix}`);
    await p.page.selectOption('#pair-game', game.name);
    await p.page.selectOption('#pair-players', '3');
    await p.page.selectOption('#pair-speed', 'untimed');
    await p.page.click('#pair-find');
    people.push(p);
    if (people.length === 1) await p.page.waitForSelector('#pair-table');
    // The first to wait sees the second arrive (the list is read again every few seconds).
    if (people.length === 2) {
      await people[0].page.waitForFunction(() => /^2\D.*3/.test(document.querySelector('#pair-table')?.textContent || ''), null, { timeout: 10000 });
    }
  }
  for (const p of people) await p.page.waitForURL(/\/match\//, { timeout: 10000 });
  const ids = new Set(people.map((p) => matchId(p.page)));
  assert.equal(ids.size, 1);
  const seats = [];
  for (const p of people) seats.push((await state(p.page)).you);
  assert.deepEqual(seats.sort(), [1, 2, 3]);
  for (const p of people) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});
