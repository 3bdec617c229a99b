// table.test.mjs — the player's table in a real browser, for every game at desktop and phone
// sizes: the UI in French and Czech (chosen from the browser, switched in the header,
// remembered, <html lang> set), moves described in words with their notation beside, the
// end reason, and stepping back through a match's history without leaving it.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, api, piecesLanded, DESKTOP, PHONE } from './lib/env.mjs';
import { graveViolations, listViolations } from './lib/audit.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const GAMES = [
  { game: 'connect-four', players: 2 },
  { game: 'toumai', players: 2 },
  { game: 'khan-tsin', players: 2 },
  { game: 'china-moon', players: 3 },
  { game: 'magical-circle', players: 2, params: { target: 1 } },
];

/** A match between random bots, watched: its id once it has at least `plies` log entries. */
async function botMatch(game, players, params, plies) {
  const body = { game, players, seats: Array.from({ length: players }, () => ({ bot: 'random' })), mine: [] };
  if (params) body.params = params;
  const { status, body: made } = await api('/api/matches', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(status, 201, JSON.stringify(made));
  for (let i = 0; i < 200; i++) {
    const { body: st } = await api(`/api/matches/${made.id}`);
    if (st.ply >= plies || st.status.over) return made.id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${game}: the bots did not play ${plies} plies`);
}

test('the language comes from the browser, is switched in the header and remembered', async () => {
  for (const [locale, lang, word] of [['fr-FR', 'fr', 'Choisissez un jeu'], ['cs-CZ', 'cs', 'Vyberte hru'], ['en-US', 'en', 'Choose a game']]) {
    const context = await browser.newContext({ viewport: DESKTOP, locale, baseURL: process.env.TABULA_URL });
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForSelector('#start');
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    assert.equal(await page.inputValue('#lang'), lang);
    assert.match(await page.textContent('main'), new RegExp(word));
    if (lang !== 'en') {
      // The rule parameters of the setup form speak the page's language too.
      await page.goto('/?game=toumai');
      await page.waitForSelector('#start');
      assert.match(await page.textContent('#setup'), lang === 'fr' ? /Jamais deux permutations de suite/ : /Nikdy dvě výměny po sobě/);
    }
    await context.close();
  }
  const { page, context, errors } = await newPage(browser);
  await page.goto('/');
  await page.waitForSelector('#start');
  await Promise.all([page.waitForEvent('load'), page.selectOption('#lang', 'cs')]);
  await page.waitForSelector('#start');
  assert.equal(await page.getAttribute('html', 'lang'), 'cs');
  assert.match(await page.textContent('#start'), /Začít hru/);
  await page.goto('/rules/toumai');
  await page.waitForSelector('#rules h1, #rules h2');
  assert.equal(await page.getAttribute('html', 'lang'), 'cs', 'the choice is remembered on the next page');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const { game, players, params } of GAMES) {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    test(`${game} (${size}): moves in words, and history from the move list and the keys`, async () => {
      const id = await botMatch(game, players, params, 4);
      const { page, context, errors } = await newPage(browser, viewport, { phone: size === 'phone' });
      await page.goto(`/match/${id}`);
      await page.waitForFunction(() => window.tabula?.state() && document.querySelectorAll('#moves li[data-ply]').length >= 3);
      const rows = await page.$$eval('#moves li[data-ply]', (els) => els.map((e) => ({ words: e.querySelector('.words').textContent, notation: e.querySelector('.notation').textContent })));
      for (const r of rows) {
        assert.ok(r.words.length > r.notation.length, `words for ${r.notation}: "${r.words}"`);
        assert.ok(!r.words.includes('undefined') && !/\{\w+\}/.test(r.words), r.words);
      }
      // Back to the start with Home: the banner, the past board, no action possible.
      await page.focus('body');
      await page.keyboard.press('Home');
      await page.waitForSelector('#history:not([hidden])');
      assert.equal(await page.evaluate(() => window.tabula.displayed().ply), 0);
      assert.match(await page.textContent('#history'), /Viewing move 0 of \d+/);
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => window.tabula.displayed().ply === 1);
      assert.ok(await page.isHidden('#prompt'), 'no action while looking back');
      // New moves do not yank the viewer back to the present.
      const liveBefore = await page.evaluate(() => window.tabula.state().ply);
      const over = await page.evaluate(() => window.tabula.state().status.over);
      if (!over) await page.waitForFunction((n) => window.tabula.state().ply > n || window.tabula.state().status.over, liveBefore, { timeout: 20000 });
      assert.equal(await page.evaluate(() => window.tabula.viewing()), 1, 'still on move 1');
      // A click on an entry shows the position after it. Random bots can play past the
      // list's window while the test runs, so the entry is one shown now and still far
      // from leaving it: the one before the last (its position is not the live one).
      const shown = await page.$$eval('#moves li[data-ply]', (els) => els.map((e) => Number(e.dataset.ply)));
      const pick = shown[shown.length - 2];
      await page.click(`#moves li[data-ply="${pick}"]`);
      await page.waitForFunction((k) => window.tabula.displayed().ply === k, pick + 1);
      assert.equal(await page.evaluate(() => window.tabula.viewing()), pick + 1);
      await page.click('#history [data-go="live"]');
      await page.waitForSelector('#history', { state: 'hidden' });
      assert.equal(await page.evaluate(() => window.tabula.viewing()), null);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('the match page in French and Czech: words, banner and end reason translated', async () => {
  const id = await botMatch('connect-four', 2, null, 50);
  for (const [locale, word, banner, reason] of [['fr-FR', /lâche un pion dans la colonne/, /Coup 0 sur/, /aligné quatre pions|nulle|limite/], ['cs-CZ', /vhazuje kámen do sloupce/, /Prohlížíte tah 0 z/, /čtyři kameny|remízou|limit/]]) {
    const context = await browser.newContext({ viewport: DESKTOP, locale, baseURL: process.env.TABULA_URL });
    const page = await context.newPage();
    await page.goto(`/match/${id}`);
    await page.waitForSelector('#result:not([hidden]) .result-reason');
    assert.match(await page.textContent('#result .result-reason'), reason);
    assert.match(await page.textContent('#moves'), word);
    assert.match(await page.textContent('#caption'), word);
    await page.click('#result .ghost');
    await page.keyboard.press('Home');
    await page.waitForSelector('#history:not([hidden])');
    assert.match(await page.textContent('#history'), banner);
    await context.close();
  }
});

test('axe-core in English, French and Czech: home, rules and every game live and looking back, desktop and phone', async () => {
  const ids = {};
  for (const { game, players, params } of GAMES) ids[game] = await botMatch(game, players, params, 4);
  const found = [];
  for (const locale of ['en-US', 'fr-FR', 'cs-CZ']) {
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
      const phone = size === 'phone';
      // Under reduced motion, as the other table tests: the bots' moves land at once.
      const context = await browser.newContext(phone
        ? { viewport, locale, baseURL: process.env.TABULA_URL, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' }
        : { viewport, locale, baseURL: process.env.TABULA_URL, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const audit = async (where) => found.push(...(await graveViolations(page)).map((v) => ({ ...v, where: `${locale} ${size} ${where}` })));
      await page.goto('/');
      await page.waitForSelector('.game-card');
      await audit('home');
      await page.goto('/rules/toumai');
      await page.waitForSelector('#rules h1, #rules h2');
      await audit('rules');
      for (const { game } of GAMES) {
        await page.goto(`/match/${ids[game]}`);
        await page.waitForFunction(() => document.querySelectorAll('#moves li[data-ply]').length >= 3);
        await piecesLanded(page);
        await audit(`${game} live`);
        await page.focus('body');
        await page.keyboard.press('Home');
        await page.keyboard.press('ArrowRight');
        await page.waitForSelector('#history:not([hidden])');
        await piecesLanded(page);
        await audit(`${game} looking back`);
      }
      await context.close();
    }
  }
  console.log(`# table audit: ${found.length} serious or critical violation(s) in 3 languages`);
  assert.equal(found.length, 0, `serious or critical violations:\n${listViolations(found)}`);
});
