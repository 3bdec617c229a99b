// lessons.test.mjs — the tutorials (/learn/<game>) in a real browser. For every game one lesson
// is played through by clicking on the board: first a tempting move, refused with its reason
// and rule, then the scripted moves, each followed by its explanation, until the lesson is
// complete. In English, French and Czech, each at desktop and phone sizes
// (the page's texts are the server's texts in that language). Screenshots
// lesson-<game>-desktop.png and lesson-<game>-phone.png. Also: progress survives a reload, and
// the home page offers the tutorial for a game this browser has not played, and not once it
// has played it; a lesson can be played from the keyboard.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, api, piecesLanded, shoot, DESKTOP } from './lib/env.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The lesson played per game: one whose steps include a move the rules forbid, with its rule.
const LESSONS = {
  'connect-four': 'full-column',
  toumai: 'flight',
  'khan-tsin': 'placement',
  'china-moon': 'stupid-frog',
  'magical-circle': 'no-repeat',
};

/** The page's state for the test: the lesson, its step, what the chooser has chosen. */
function where(page) {
  return page.evaluate(() => ({
    lesson: document.body.dataset.lesson,
    step: document.body.dataset.step,
    chosen: [...window.tabula.chooser.chosen],
    say: document.getElementById('lesson-say').textContent,
    kind: document.getElementById('lesson-say').dataset.kind || '',
  }));
}

/** Makes `action` by clicking, one choice after another, on what the page offers (board or
 * action bar), until the chooser submits it. */
async function make(page, action) {
  for (let i = 0; i < 12; i++) {
    const next = await page.evaluate((a) => {
      const c = window.tabula.chooser;
      if (c.locked) return { done: true };
      const path = c.matching().find((p) => p.action === a);
      if (!path) return { done: true, lost: c.chosen.length === 0 };
      return { v: path.steps[c.chosen.length]?.v };
    }, action);
    if (next.lost) throw new Error(`${action} cannot be chosen on the page`);
    if (next.done || !next.v) return;
    await piecesLanded(page);
    const target = page.locator(`#board [data-choice="${next.v}"], #prompt [data-choice="${next.v}"]`).last();
    await target.scrollIntoViewIfNeeded();
    await target.click();
    // A refused move resets the choice; a scripted one moves the step on.
    const after = await where(page);
    if (after.chosen.length === 0) return;
  }
  throw new Error(`${action}: too many choices`);
}

/** Plays lesson `id` of `game` on `page`: the first illegal tempting move (refused with its
 * rule), then every scripted move. `expected` is the lesson as the API gives it. */
async function playLesson(page, game, expected) {
  const lesson = expected.lessons.find((l) => l.id === LESSONS[game]);
  await page.goto(`/learn/${game}`);
  await page.waitForSelector('body[data-ready="1"]');
  await page.locator(`.lesson-link[data-lesson="${lesson.id}"]`).click();
  await page.waitForFunction((id) => document.body.dataset.lesson === id && document.body.dataset.step === '0', lesson.id);
  assert.equal(await page.locator('#lesson-title').textContent(), lesson.title);
  let refused = false;
  for (const [k, step] of lesson.steps.entries()) {
    const illegal = step.tempting.find((x) => x.kind === 'illegal');
    if (illegal && !refused) {
      await make(page, illegal.move);
      const w = await where(page);
      assert.equal(w.kind, 'illegal', `${game}: ${illegal.move} refused`);
      assert.ok(w.say.includes(illegal.why), `${game}: the reason is shown: ${w.say}`);
      assert.equal(w.step, String(k), 'a refused move leaves the lesson where it was');
      if (illegal.rule) {
        const rule = page.locator('#lesson-say .lesson-rule');
        assert.equal(await rule.getAttribute('data-rule'), illegal.rule);
        assert.equal(await rule.getAttribute('href'), `/rules/${game}`);
      }
      refused = true;
    }
    await make(page, step.move);
    await page.waitForFunction((n) => document.body.dataset.step === n, k + 1 === lesson.steps.length ? 'done' : String(k + 1));
    const w = await where(page);
    assert.equal(w.kind, 'right');
    assert.ok(w.say.includes(step.say), `${game}: the explanation of ${step.move}: ${w.say}`);
  }
  assert.ok(refused, `${game}: the lesson shows a refused move`);
  assert.equal(await page.locator(`.lesson-list li.done .lesson-link[data-lesson="${lesson.id}"]`).count(), 1);
}

async function lessons(game, lang) {
  const { status, body } = await api(`/api/games/${game}/lessons?lang=${lang}`);
  assert.equal(status, 200, JSON.stringify(body));
  return body;
}

for (const game of Object.keys(LESSONS)) {
  test(`${game}: a lesson played by clicks in English, French and Czech, each at both sizes`, async () => {
    const en = await lessons(game, 'en');
    for (const phone of [false, true]) {
      const { page, context, errors } = await newPage(browser, DESKTOP, { phone, locale: 'en-GB' });
      await playLesson(page, game, en);
      if (!phone) await shoot(page, `lesson-${game}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
    for (const lang of ['fr', 'cs']) {
      const texts = await lessons(game, lang);
      assert.notEqual(texts.lessons[0].title, en.lessons[0].title, `${game} ${lang} is translated`);
      for (const phone of [false, true]) {
        const { page, context, errors } = await newPage(browser, DESKTOP, { phone, locale: lang });
        await playLesson(page, game, texts);
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        assert.deepEqual(errors, []);
        await context.close();
      }
    }
  });
}

test('progress is remembered after a reload, and the last lesson offers a first game', async () => {
  const en = await lessons('connect-four', 'en');
  const { page, context, errors } = await newPage(browser, DESKTOP, { locale: 'en-GB' });
  await playLesson(page, 'connect-four', en);
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.evaluate(() => document.body.dataset.lesson), LESSONS['connect-four'], 'the lesson last opened');
  assert.deepEqual(await page.$$eval('.lesson-list li.done .lesson-link', (l) => l.map((b) => b.dataset.lesson)), [LESSONS['connect-four']]);
  // The last lesson, played to its end, leads to a first game against the beginner bot.
  const last = en.lessons[en.lessons.length - 1];
  await page.locator(`.lesson-link[data-lesson="${last.id}"]`).click();
  await page.waitForFunction((id) => document.body.dataset.lesson === id, last.id);
  for (const [k, step] of last.steps.entries()) {
    await make(page, step.move);
    await page.waitForFunction((n) => document.body.dataset.step === n, k + 1 === last.steps.length ? 'done' : String(k + 1));
  }
  await page.locator('#play-first').click();
  await page.waitForURL(/\/match\//);
  const id = new URL(page.url()).pathname.split('/')[2];
  const { body } = await api(`/api/matches/${id}`);
  assert.equal(body.hints, true);
  assert.equal(body.seats[1].level, 'beginner');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a lesson can be played from the keyboard', async () => {
  const { page, context, errors } = await newPage(browser, DESKTOP, { locale: 'en-GB' });
  await page.goto('/learn/connect-four');
  await page.waitForSelector('body[data-ready="1"]');
  await page.locator('.lesson-link[data-lesson="drop"]').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.lesson === 'drop' && document.body.dataset.step === '0');
  // Only the scripted column is offered: one choice, reached with Tab, played with Enter.
  assert.deepEqual(await page.$$eval('#board [data-choice]', (l) => l.map((e) => e.dataset.choice)), ['col:4']);
  await page.locator('#board [data-choice="col:4"]').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.step === 'done');
  assert.equal(await page.locator('#lesson-say').getAttribute('data-kind'), 'right');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the home page offers the tutorial of a game this browser has not played', async () => {
  const { page, context, errors } = await newPage(browser, DESKTOP, { locale: 'en-GB' });
  await page.goto('/');
  await page.waitForSelector('.learn-link[data-learn="toumai"]');
  assert.equal(await page.locator('.learn-link.offer[data-learn="toumai"]').count(), 1, 'an offer for an unplayed game');
  assert.equal(await page.locator('.learn-link[data-learn="toumai"]').getAttribute('href'), '/learn/toumai');
  // Once this browser holds a seat in a Toumaï match, the link stays but is no longer an offer.
  await page.evaluate(() => localStorage.setItem('tabula.matches', JSON.stringify({ m1: { game: 'toumai', seat: 1, token: 'x', at: 1 } })));
  await page.reload();
  await page.waitForSelector('.learn-link[data-learn="toumai"]');
  assert.equal(await page.locator('.learn-link.offer[data-learn="toumai"]').count(), 0);
  assert.equal(await page.locator('.learn-link.offer[data-learn="connect-four"]').count(), 1);
  await page.locator('.learn-link[data-learn="connect-four"]').click();
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.evaluate(() => document.body.dataset.game), 'connect-four');
  assert.deepEqual(errors, []);
  await context.close();
});
