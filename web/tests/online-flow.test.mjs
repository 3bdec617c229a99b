// online-flow.test.mjs — the whole online flow in real browsers: two people sign up in two
// browsers (one on a desktop, one on a phone), are paired by quick pairing for a rated game
// of Connect Four, chat (each sees the other's message at once, pushed by the match's
// WebSocket; markup written in the chat shows as text and runs nothing), play the game to the
// end, and both see their ratings move on their player pages; one blocks the other from the
// chat, then unblocks from the "You" panel. Then the operator's reports
// page: refused with a wrong token, then it lists a reported message, hides one and dismisses
// another, translated.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, api, PHONE, SHOTS } from './lib/env.mjs';
import { state, playToEnd } from './lib/ui.mjs';
import { graveViolations, listViolations } from './lib/audit.mjs';

const OPERATOR = process.env.TABULA_OPERATOR_TOKEN;
const ATTACK = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A new account `name`, signed up on the home page's "You" panel of a fresh browser. */
async function signUp(name, phone = false) {
  const p = phone ? await newPage(browser, PHONE, { phone: true }) : await newPage(browser);
  await p.page.goto('/');
  await p.page.fill('#you input[autocomplete="username"]', name);
  await p.page.fill('#you input[type="password"]', 'a long password');
  await p.page.click('#you button:has-text("Create an account")');
  await p.page.waitForSelector(`#you [data-you="account"]:has-text("${name}")`);
  return p;
}

/** Asks for a rated game of Connect Four, 15+10, on the home page. */
async function ask(page) {
  await page.selectOption('#pair-game', 'connect-four');
  await page.selectOption('#pair-speed', '15+10');
  await page.check('#pair-rated');
  await page.click('#pair-find');
}

/** The rating shown for Connect Four on `name`'s player page. */
async function rating(page, name) {
  await page.goto(`/player.html?name=${encodeURIComponent(name)}`);
  await page.waitForSelector(`[data-player="${name}"]`);
  const m = /Connect Four: (\d+)/.exec(await page.textContent('#player'));
  return m ? Number(m[1]) : null;
}

test('two accounts are paired, chat live, play a rated game to the end, and both ratings move', async () => {
  const suffix = Date.now().toString(36).slice(-5);
  const names = [`Ada${suffix}`, `Bea${suffix}`];
  const ada = await signUp(names[0]);
  const bea = await signUp(names[1], true);
  await ask(ada.page);
  await ada.page.waitForSelector('#pair-waiting:not([hidden]) #pair-cancel');
  await ask(bea.page);
  await bea.page.waitForURL(/\/match\//);
  await ada.page.waitForURL(/\/match\//, { timeout: 10000 });
  const matchPath = new URL(ada.page.url()).pathname;
  assert.equal(matchPath, new URL(bea.page.url()).pathname);
  const [sa, sb] = [await state(ada.page), await state(bea.page)];
  assert.ok(sa.rated, 'a rated match');
  assert.deepEqual([sa.you, sb.you].sort(), [1, 2]);
  for (const p of [ada, bea]) await p.page.waitForFunction(() => window.tabula.live.status === 'live');

  // Chat: each sees the other's message without reloading (the page does not poll).
  await ada.page.fill('.chat-send input', `hello from ${names[0]}`);
  await ada.page.click('.chat-send button');
  await bea.page.waitForSelector(`.chat-text:has-text("hello from ${names[0]}")`);
  await bea.page.fill('.chat-send input', ATTACK);
  await bea.page.click('.chat-send button');
  const attack = ada.page.locator('.chat-text', { hasText: 'onerror' });
  await attack.waitFor();
  assert.equal(await attack.innerText(), ATTACK);
  for (const p of [ada, bea]) {
    assert.equal(await p.page.locator('.chat-list img, .chat-list script').count(), 0);
    assert.equal(await p.page.evaluate(() => window.__pwned), undefined, 'no script ran');
  }
  await ada.page.screenshot({ path: `${SHOTS}/online-chat-desktop.png` });
  await bea.page.screenshot({ path: `${SHOTS}/online-chat-phone.png` });

  // The game: Ada plays the first open column, Bea the last; whoever moves first wins by
  // four in a column, so the game is decided.
  const first = (st) => st.legal[0];
  const last = (st) => st.legal[st.legal.length - 1];
  const [ra, rb] = await Promise.all([
    playToEnd(ada.page, 'connect-four', first),
    playToEnd(bea.page, 'connect-four', last, { tap: true }),
  ]);
  assert.ok(ra.final.status.over && rb.final.status.over);
  const after = [await rating(ada.page, names[0]), await rating(bea.page, names[1])];
  assert.ok(after.every((r) => r !== null && r !== 1500), `both ratings moved: ${after}`);
  assert.ok((after[0] > 1500) !== (after[1] > 1500), `one up, one down: ${after}`);
  await bea.page.screenshot({ path: `${SHOTS}/online-rating-phone.png` });

  // Ada blocks Bea from the chat: Bea's messages leave Ada's chat; the block list of the
  // "You" panel lists her, and Unblock takes her off it.
  await ada.page.goto(matchPath);
  await ada.page.locator('.chat-msg', { hasText: 'onerror' }).locator('.chat-block').click();
  await ada.page.locator('.chat-text', { hasText: 'onerror' }).waitFor({ state: 'detached' });
  await ada.page.locator('.chat-text', { hasText: `hello from ${names[0]}` }).waitFor();
  await ada.page.goto('/');
  await ada.page.click('.blocks summary');
  const blocked = ada.page.locator(`.blocks-list [data-blocked="${names[1]}"]`);
  await blocked.waitFor();
  await blocked.locator('button').click();
  await blocked.waitFor({ state: 'detached' });
  for (const p of [ada, bea]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test('the operator reviews reported messages: a wrong token is refused, hide and dismiss take them off', async () => {
  assert.ok(OPERATOR, 'TABULA_OPERATOR_TOKEN names the server\'s operator token (scripts/e2e.sh sets it)');
  const { body: m } = await api('/api/matches', json({ game: 'connect-four', seats: [{ human: true }, { human: true }] }));
  const token = m.seats.find((s) => s.seat === 1).token;
  const said = [];
  for (const text of [ATTACK, `keep me ${Date.now()}`]) {
    const r = await api(`/api/matches/${m.id}/chat`, json({ token, text }));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    said.push(r.body.id);
    assert.equal((await api(`/api/matches/${m.id}/chat/${r.body.id}/report`, json({ reason: 'rude <b>words</b>' }))).status, 200);
  }
  const op = await newPage(browser, PHONE, { phone: true, locale: 'fr-FR' });
  await op.page.goto('/reports.html');
  assert.equal(await op.page.textContent('h1'), 'Messages signalés');
  await op.page.fill('#reports-token-input', 'not the token');
  await op.page.click('#reports-token button[type="submit"]');
  await op.page.waitForSelector('#reports [data-refused]');
  await op.page.fill('#reports-token-input', OPERATOR);
  await op.page.click('#reports-token button[type="submit"]');
  const item = (id) => op.page.locator(`.report[data-id="${id}"]`);
  await item(said[0]).waitFor();
  assert.equal(await item(said[0]).locator('.report-text').innerText(), ATTACK);
  assert.equal(await item(said[0]).locator('.report-reason').first().innerText(), 'rude <b>words</b>');
  assert.match(await item(said[0]).locator('.report-count').innerText(), /Signalé 1 fois/);
  assert.equal(await item(said[0]).locator('.report-match').getAttribute('href'), `/match/${m.id}`);
  assert.equal(await op.page.locator('#reports img, #reports script, .report-text *, .report-reason *').count(), 0);
  await op.page.screenshot({ path: `${SHOTS}/reports-fr-phone.png`, fullPage: true });
  const grave = (await graveViolations(op.page)).map((v) => ({ ...v, where: 'reports' }));
  assert.deepEqual(grave, [], listViolations(grave));
  await item(said[0]).locator('.report-hide').click();
  await item(said[0]).waitFor({ state: 'detached' });
  await item(said[1]).locator('.report-dismiss').click();
  await item(said[1]).waitFor({ state: 'detached' });
  // The token stays for this tab: a reload lists again without asking.
  await op.page.reload();
  await op.page.waitForSelector('#reports [data-empty], #reports .report');
  assert.equal(await op.page.locator(`.report[data-id="${said[0]}"], .report[data-id="${said[1]}"]`).count(), 0);
  const read = await api(`/api/matches/${m.id}/chat?token=${token}`);
  assert.deepEqual(read.body.messages.map((x) => x.id), [said[1]], 'the hidden one is gone, the dismissed one stays');
  assert.equal(await op.page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(op.errors, []);
  await op.context.close();
});
