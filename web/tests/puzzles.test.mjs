// puzzles.test.mjs — the puzzle trainer in the browser: the first puzzle of every game that
// ships a set (Connect Four at least) solved by clicking on its board at desktop size and by
// tapping at phone size (the opponent's replies are played by the page); every game's in
// French and Czech at both sizes, its themes by name; a wrong move by keyboard, a retry and the guest's rating kept in the browser; the daily
// puzzle's card on the home page. Screenshots: puzzle-<game>-desktop.png and -phone.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, shoot, api, DESKTOP } from './lib/env.mjs';
import { state, perform } from './lib/ui.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const { body: all } = await api('/api/puzzles?limit=1');
const GAMES = all?.games || [];
const firsts = {};
for (const game of GAMES) firsts[game] = (await api(`/api/puzzles?game=${game}&limit=1`)).body.puzzles[0];
// A Connect Four puzzle with a reply in its line (the first one else), and a theme of two
// puzzles or more: whatever the shipped set holds.
const C4_LIST = (await api('/api/puzzles?game=connect-four&limit=100')).body;
const C4_LONG = (C4_LIST?.puzzles || []).find((p) => p.moves >= 2) || firsts['connect-four'];
const C4_THEME = (C4_LIST?.themes || []).find((th) => C4_LIST.puzzles.filter((p) => p.themes.includes(th)).length >= 2);

const post = (pathname, body) => api(pathname, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A legal first move of puzzle `id` that the server calls wrong. */
async function wrongMove(id) {
  const { body } = await api(`/api/puzzles/${encodeURIComponent(id)}`);
  for (const m of body.legal) {
    if ((await post(`/api/puzzles/${encodeURIComponent(id)}/moves`, { moves: [m] })).body.result === 'wrong') return m;
  }
  throw new Error(`every move of ${id} is right`);
}

test('the server offers puzzles, Connect Four among them', () => {
  assert.ok(GAMES.includes('connect-four'), `games with puzzles: ${GAMES.join(', ')}`);
});

/** The puzzle's page, ready to play. */
async function open(page, id) {
  await page.goto(`/puzzles/${encodeURIComponent(id)}`);
  await page.waitForFunction(() => document.body.dataset.puzzle === 'ready');
}

/** Plays the puzzle's solution by clicks (taps with `tap`), each reply awaited on the page;
 * ends when the page says it is solved. */
async function playLine(page, game, id, { tap = false } = {}) {
  const { body } = await api(`/api/puzzles/${encodeURIComponent(id)}/solution`, { method: 'POST' });
  const line = body.solution;
  const start = await state(page);
  const step = start.puzzle.goal === 'fewest-moves' ? 1 : 2;
  for (let i = 0; i < line.length; i += step) {
    const st = await state(page);
    assert.equal(st.ply, i, `the board shows ply ${i}`);
    await perform(page, game, line[i], st, { tap });
    const last = i + 1 === line.length;
    if (!last && step === 2) {
      await page.waitForFunction((ply) => Number(document.body.dataset.ply) === ply && document.body.dataset.puzzle === 'reply', i + 2);
      assert.equal((await state(page)).log[i + 1].action, line[i + 1], 'the reply of the line was played');
    }
  }
  await page.waitForFunction(() => document.body.dataset.puzzle === 'solved');
}

/** Solves the puzzle as a guest trying it first: the rating rises and is kept. */
async function solve(page, game, id, options) {
  await playLine(page, game, id, options);
  // The guest's first result of the puzzle raised its rating, kept in this browser.
  await page.waitForFunction(() => document.getElementById('my-change').textContent.startsWith('+'));
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('tabula.puzzleRating')));
  assert.ok(kept.rating > 1500 && kept.deviation < 350, JSON.stringify(kept));
}

for (const game of GAMES) {
  test(`${game}: the first puzzle solved by clicking at desktop size`, async () => {
    const { page, context, errors } = await newPage(browser, DESKTOP);
    const { id } = firsts[game];
    await open(page, id);
    const task = await page.textContent('#task');
    assert.ok(task.length > 10 && !task.includes('puzzles.'), task);
    assert.equal(await page.inputValue('#link'), `${new URL(page.url()).origin}/puzzles/${id}`);
    await solve(page, game, id);
    assert.equal(await page.textContent('#feedback'), 'Solved!');
    await shoot(page, `puzzle-${game}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${game}: the first puzzle solved by tapping at phone size`, async () => {
    const { page, context, errors } = await newPage(browser, undefined, { phone: true });
    await open(page, firsts[game].id);
    await solve(page, game, firsts[game].id, { tap: true });
    // The board's box fits the phone (a board wider than that, China Moon's pond, pans inside
    // it, as on the match page); the page itself never scrolls sideways.
    const fit = await page.evaluate(() => ({ board: document.getElementById('board').getBoundingClientRect().width, page: document.documentElement.scrollWidth, screen: innerWidth }));
    assert.ok(fit.board <= fit.screen && fit.page <= fit.screen, `the board fits the phone's width: ${JSON.stringify(fit)}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const [locale, task, solved] of [['fr-FR', /^(Trouvez|Atteignez) /, 'Résolu !'], ['cs-CZ', /^(Najděte|Dosáhněte) /, 'Vyřešeno!']]) {
  for (const game of GAMES) {
    test(`${game} puzzle in ${locale} at both sizes: the page speaks the language, themes by name`, async () => {
      for (const phone of [false, true]) {
        const { page, context, errors } = await newPage(browser, phone ? undefined : DESKTOP, { phone, locale });
        const { id } = firsts[game];
        await open(page, id);
        assert.match(await page.textContent('#task'), task);
        const themes = await page.$$eval('#puzzle-themes li', (els) => els.map((e) => e.textContent));
        assert.ok(themes.length && themes.every((x) => !/-/.test(x)), `theme names are words: ${themes}`);
        await solve(page, game, id, { tap: phone });
        assert.equal(await page.textContent('#feedback'), solved);
        assert.deepEqual(errors, []);
        await context.close();
      }
    });
  }
}

test('a wrong move made by keyboard fails the puzzle and lowers the rating; retry starts again', async () => {
  const { page, context, errors } = await newPage(browser, DESKTOP);
  const { id } = C4_LONG;
  const wrong = await wrongMove(id);
  await open(page, id);
  // By keyboard: the column takes the focus and Enter drops the disc.
  await page.focus(`#board [data-choice="col:${wrong}"]`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.puzzle === 'wrong');
  assert.equal((await state(page)).log[0].action, wrong);
  await page.waitForFunction(() => document.getElementById('my-change').textContent.startsWith('−'));
  await page.click('#retry');
  await page.waitForFunction(() => document.body.dataset.ply === '0' && document.body.dataset.puzzle === 'retry');
  // Solved on a second try: no second rating.
  const before = await page.textContent('#my-rating');
  await playLine(page, 'connect-four', id);
  assert.equal(await page.textContent('#my-rating'), before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the home page shows the daily puzzle and leads to it', async () => {
  const { page, context, errors } = await newPage(browser, DESKTOP);
  const { body: daily } = await api('/api/puzzles/daily');
  await page.goto('/');
  await page.waitForSelector('#daily-link');
  await page.click('#daily-link');
  await page.waitForFunction(() => document.body.dataset.puzzle === 'ready');
  assert.equal(new URL(page.url()).pathname, `/puzzles/${daily.id}`);
  assert.equal(await page.getAttribute('header a[href="/puzzles"]', 'aria-current'), 'page');
  assert.deepEqual(errors, []);
  await context.close();
});

test('/puzzles with filters opens a puzzle of that game and theme, the filters kept', async () => {
  const { page, context, errors } = await newPage(browser, DESKTOP);
  assert.ok(C4_THEME, 'a Connect Four theme has two puzzles or more');
  await page.goto(`/puzzles?game=connect-four&theme=${C4_THEME}`);
  await page.waitForFunction(() => document.body.dataset.puzzle === 'ready');
  assert.match(new URL(page.url()).pathname, /^\/puzzles\/./);
  const { body } = await api(`/api/puzzles/${new URL(page.url()).pathname.split('/')[2]}`);
  assert.ok(body.puzzle.themes.includes(C4_THEME), JSON.stringify(body.puzzle));
  await page.waitForFunction((th) => document.getElementById('filter-theme').value === th, C4_THEME);
  assert.equal(await page.inputValue('#filter-game'), 'connect-four');
  // Next: another puzzle under the same filters.
  const first = new URL(page.url()).pathname;
  await page.click('#next');
  await page.waitForFunction((p) => location.pathname !== p && document.body.dataset.puzzle === 'ready', first);
  assert.ok(new URL(page.url()).searchParams.get('theme') === C4_THEME, page.url());
  assert.deepEqual(errors, []);
  await context.close();
});

test('a puzzle solved from the keyboard alone: after each reply the focus is on the board', async () => {
  const { page, context, errors } = await newPage(browser, DESKTOP);
  const { id } = C4_LONG;
  const { body } = await post(`/api/puzzles/${encodeURIComponent(id)}/solution`, {});
  await open(page, id);
  for (let i = 0; i < body.solution.length; i += 2) {
    await page.focus(`#board [data-choice="col:${body.solution[i]}"]`);
    await page.keyboard.press('Enter');
    if (i + 1 === body.solution.length) break;
    await page.waitForFunction((ply) => Number(document.body.dataset.ply) === ply && document.body.dataset.puzzle === 'reply', i + 2);
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('#board [data-choice]')), 'the focus is on a column');
  }
  await page.waitForFunction(() => document.body.dataset.puzzle === 'solved');
  assert.deepEqual(errors, []);
  await context.close();
});

test('show the solution: the line is played on the board and the puzzle counts as failed', async () => {
  const { page, context, errors } = await newPage(browser, DESKTOP);
  const { id } = C4_LONG;
  await open(page, id);
  await page.click('#show-solution');
  await page.waitForFunction(() => document.body.dataset.puzzle === 'shown');
  const { body } = await post(`/api/puzzles/${encodeURIComponent(id)}/solution`, {});
  assert.deepEqual((await state(page)).log.map((e) => e.action), body.solution);
  assert.ok((await page.textContent('#feedback')).includes(body.solution.join(' ')));
  assert.match(await page.textContent('#my-change'), /^−/);
  assert.deepEqual(errors, []);
  await context.close();
});
