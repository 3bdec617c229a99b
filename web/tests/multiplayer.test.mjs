// multiplayer.test.mjs — people playing each other and coming back: two browser contexts play
// a whole game through a private invite link (never offered in the lobby; a spectator watches
// live), a friend takes a seat marked "anyone can join" from the lobby with a fresh token, the
// "hints allowed" choice reaches the match, and a reload or a dropped connection in the middle
// of a match brings it back as it is, seat included.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, shoot } from './lib/env.mjs';
import { startMatch, waitTurn, perform, state, storedToken } from './lib/ui.mjs';
import { POLICIES, rng } from './lib/policies.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('two browsers play a whole game of Connect Four through an invite link, watched live', async () => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  const c = await newPage(browser);
  const { id, invites } = await startMatch(a.page, 'connect-four', { seats: ['you', 'friend'] });
  assert.ok(invites['2'], 'an invite link for seat 2 is shown');
  assert.match(invites['2'], new RegExp(`/match/${id}\\?token=[0-9a-f]+$`));
  // The creator's page shows the link too, until the friend arrives.
  await a.page.waitForSelector('#invites:not([hidden]) .invite-link[data-seat="2"]');
  // A match between invited people is private: a stranger finds it nowhere in the lobby.
  await c.page.goto('/');
  await c.page.waitForSelector('#lobby .lobby-item, #lobby .lobby-empty');
  assert.equal(await c.page.$(`.lobby-item[data-match="${id}"]`), null, 'a private match is not in the lobby');
  await c.page.goto(`/match/${id}`);
  await c.page.waitForSelector('#watching:not([hidden])');
  assert.ok(await c.page.isHidden('#join'), 'a spectator is not offered the invited seat');
  await b.page.goto(invites['2']);
  assert.equal((await state(b.page)).you, 2, 'the invite link seats the friend');
  // Both see the friend arrive: the creator live, the friend at once.
  await a.page.waitForFunction(() => window.tabula.state().seats[1].joined);
  await a.page.waitForSelector('#invites', { state: 'hidden' });
  await c.page.goto(`/match/${id}`);
  await c.page.waitForSelector('#watching:not([hidden])');
  assert.equal((await state(c.page)).you, null, 'without a token you watch');

  const rnd = rng(11);
  const players = { 1: a.page, 2: b.page };
  let moves = 0;
  for (;;) {
    const sa = await state(a.page);
    if (sa.status.over) break;
    const seat = sa.status.to_act[0];
    const page = players[seat];
    const st = await waitTurn(page);
    if (st.status.over) break;
    const before = st.ply;
    await perform(page, 'connect-four', POLICIES['connect-four'](st, rnd), st);
    moves++;
    // The other player and the spectator see the move without reloading.
    for (const other of [players[3 - seat], c.page]) {
      await other.waitForFunction((ply) => Number(document.body.dataset.ply) > ply, before);
    }
    assert.equal(await c.page.$$eval('#board [data-choice]', (els) => els.length), 0, 'a spectator has nothing to click');
  }
  const final = await state(a.page);
  const winners = final.status.result.winners;
  for (const [seat, page] of Object.entries(players)) {
    await page.waitForSelector('#result:not([hidden]) #result-title');
    const title = await page.textContent('#result-title');
    if (winners.length === 1) assert.match(title, winners[0] === Number(seat) ? /You win/ : /wins/);
  }
  await c.page.waitForSelector('#result:not([hidden])');
  await shoot(b.page, 'connect-four-friend');
  console.log(`# connect-four between two browsers: ${moves} moves, ${await a.page.textContent('#result-title')}`);
  for (const x of [a, b, c]) {
    assert.deepEqual(x.errors, []);
    await x.context.close();
  }
});

test('a friend takes the lobby seat from the lobby and both see it', async () => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  const { id, token } = await startMatch(a.page, 'toumai', { seats: ['you', 'lobby'] });
  const sa0 = await state(a.page);
  assert.equal(sa0.you, 1);
  assert.deepEqual([sa0.seats[0].joined, sa0.seats[1].open, sa0.seats[1].joined], [true, true, false]);
  await b.page.goto('/');
  await b.page.click(`[data-join="${id}"]`);
  await b.page.waitForURL(new RegExp(`/match/${id}$`));
  const sb = await state(b.page);
  assert.equal(sb.you, 2, 'the lobby gave seat 2');
  const fresh = await storedToken(b.page, id);
  assert.ok(fresh, 'the fresh token is kept in the browser, not in the address');
  assert.notEqual(fresh, token, 'the friend holds a fresh token of their own');
  // The creator's page learns that seat 2 is taken, live.
  await a.page.waitForFunction(() => window.tabula.state().seats[1].joined);
  await a.page.waitForSelector('#invites', { state: 'hidden' });
  // The friend plays in turn: Yellow (seat 1) places first.
  const rnd = rng(5);
  for (let i = 0; i < 4; i++) {
    const sa = await state(a.page);
    const page = sa.status.to_act[0] === 1 ? a.page : b.page;
    const st = await waitTurn(page);
    await perform(page, 'toumai', POLICIES.toumai(st, rnd), st);
  }
  // Back on the home page, the match is under "Resume" for the friend, and no longer open.
  await b.page.goto('/');
  await b.page.waitForSelector(`.lobby-item[data-match="${id}"] a.button.primary`);
  assert.equal(await b.page.$(`[data-join="${id}"]`), null);
  for (const x of [a, b]) {
    assert.deepEqual(x.errors, []);
    await x.context.close();
  }
});

test('"hints allowed" at creation is stored with the match', async () => {
  const { page, context, errors } = await newPage(browser);
  await page.goto('/?game=magical-circle');
  await page.waitForSelector('#start');
  await page.check('#hints');
  await page.click('#start');
  await page.waitForURL(/\/match\//);
  assert.equal((await state(page)).hints, true);
  await page.goto('/?game=magical-circle');
  await page.waitForSelector('#start');
  assert.equal(await page.isChecked('#hints'), false, 'hints are off unless chosen');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a reload or a lost connection in the middle of a match brings it back as it is', async () => {
  const { page, context, errors } = await newPage(browser);
  const { id, token } = await startMatch(page, 'khan-tsin', { seats: ['you', 'bot:random'], setup: 'random' });
  const rnd = rng(3);
  for (let i = 0; i < 3; i++) {
    const st = await waitTurn(page);
    await perform(page, 'khan-tsin', POLICIES['khan-tsin'](st, rnd), st);
  }
  const before = await waitTurn(page);
  const tokensBefore = await page.$$eval('#board .piece', (els) => els.length);
  const movesBefore = await page.$$eval('#moves li[data-ply]', (els) => els.length);

  // Reload: same address, same seat, same board, same moves.
  await page.reload();
  const after = await waitTurn(page);
  assert.equal(after.you, before.you);
  assert.equal(after.ply, before.ply);
  assert.equal(after.position, before.position);
  assert.equal(await page.$$eval('#board .piece', (els) => els.length), tokensBefore);
  assert.equal(await page.$$eval('#moves li[data-ply]', (els) => els.length), movesBefore);
  await shoot(page, 'khan-tsin-reloaded');

  // Coming back without the token in the address: this browser remembers the seat.
  await page.goto(`/match/${id}`);
  assert.equal((await waitTurn(page)).you, before.you);
  assert.ok(page.url().endsWith(`/match/${id}`));

  // The connection drops: the page says so, reconnects and goes on.
  await page.waitForSelector('body[data-conn="live"]');
  await page.evaluate(() => window.tabula.live.drop());
  await page.waitForSelector('body[data-conn="reconnecting"]');
  await page.waitForSelector('body[data-conn="live"]');
  for (let i = 0; i < 2; i++) {
    const st = await waitTurn(page);
    await perform(page, 'khan-tsin', POLICIES['khan-tsin'](st, rnd), st);
  }
  assert.ok((await state(page)).ply > after.ply, 'the match went on after reconnecting');
  assert.ok(token);
  assert.deepEqual(errors, []);
  await context.close();
});
