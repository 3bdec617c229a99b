// export.test.mjs — a finished match saved as an animated SVG from its end card (and from the
// review panel once the card is closed), for every game and for a game drawn plainly (its
// module refused, so the page falls back to games/generic.js): the file parses as SVG, holds one frame per position with the move's
// caption, needs nothing from the page (its classes its own, no outside reference), and renders alone in
// Chromium, where SMIL shows exactly the frame of each moment (the animation is paused and set
// to chosen times, never waited for). Screenshots of each file are saved.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, newPage, api, SHOTS } from './lib/env.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Polls the API until the match is over. */
async function untilOver(id) {
  for (;;) {
    const { status, body } = await api(`/api/matches/${id}`);
    assert.equal(status, 200, JSON.stringify(body));
    if (body.status.over) return body;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A short finished match: random bots play it out (to a ply limit where the game has one);
 * Magical Circle (real time) is played a few moves by two people through the API, then the
 * first resigns. */
async function finishedMatch(game, players, params) {
  const realTime = game === 'magical-circle';
  const seats = realTime ? [{ human: true }, { human: true }] : Array.from({ length: players }, () => ({ bot: 'random' }));
  const { status, body } = await api('/api/matches', json({ game, seed: 3, seats, params }));
  assert.equal(status, 201, JSON.stringify(body));
  if (realTime) {
    for (let k = 0; k < 8; k++) {
      const turns = [];
      for (const seat of body.seats) {
        const { body: st } = await api(`/api/matches/${body.id}?token=${seat.token}`);
        if (!st.status.over && st.legal.length) turns.push({ token: seat.token, action: st.legal[0], ply: st.ply });
      }
      if (!turns.length) break;
      const r = await api(`/api/matches/${body.id}/actions`, json(turns[0]));
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const r = await api(`/api/matches/${body.id}/table`, json({ token: body.seats[0].token, request: 'resign' }));
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  return { id: body.id, state: await untilOver(body.id) };
}

const CASES = [
  { game: 'connect-four', players: 2 },
  { game: 'toumai', players: 2, params: { max_plies: 12 } },
  { game: 'khan-tsin', players: 2, params: { max_plies: 12 } },
  { game: 'china-moon', players: 3 },
  { game: 'magical-circle', players: 2, params: { target: 2 } },
  { game: 'connect-four', players: 2, plain: true },
];

for (const { game, players, params = {}, plain } of CASES) {
  const name = plain ? `${game}-plain` : game;
  test(`${name}: the end card saves the whole match as one animated SVG that renders alone`, async () => {
    const { id, state } = await finishedMatch(game, players, params);
    const { page, context, errors } = await newPage(browser);
    if (plain) await page.route(`**/js/games/${game}.js`, (route) => route.fulfill({ status: 404, body: 'not here' }));
    await page.goto(`/match/${id}`);
    await page.waitForFunction(() => window.tabula?.state()?.status.over);
    if (plain) await page.locator('.generic-view').waitFor();
    const button = page.locator('#download-animation');
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    assert.equal(download.suggestedFilename(), `${game}-${id}.svg`);
    // Saved under its own name, so that the browser opens it as an SVG image.
    fs.mkdirSync(SHOTS, { recursive: true });
    const file = path.join(SHOTS, `export-${name}.svg`);
    await download.saveAs(file);
    const text = fs.readFileSync(file, 'utf8');

    // It parses as SVG, one frame per position, each with a board and a caption.
    const parsed = await page.evaluate((svgText) => {
      const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
      const frames = [...doc.querySelectorAll('svg > g.frame')];
      return {
        error: doc.querySelector('parsererror')?.textContent || null,
        root: doc.documentElement.localName,
        plies: frames.map((g) => Number(g.dataset.ply)),
        captions: frames.map((g) => g.querySelector(':scope > text')?.textContent || ''),
        boards: frames.map((g) => g.querySelector(':scope > svg')?.querySelectorAll('*').length || 0),
        tspans: doc.querySelectorAll('tspan').length,
        // Every class is one of the file's own style sheet.
        undefinedClasses: [...new Set([...doc.querySelectorAll('[class]:not(g.frame)')].map((el) => el.getAttribute('class')))]
          .filter((c) => !(doc.querySelector('svg > style')?.textContent || '').includes(`.${c}{`)).length,
        styled: doc.querySelectorAll('[class]:not(g.frame)').length,
        outside: [...doc.querySelectorAll('*')].flatMap((el) => [...el.attributes])
          .filter((a) => /^(https?:|\/)/.test(a.value) && /href|src/.test(a.name)).length,
      };
    }, text);
    assert.equal(parsed.error, null);
    assert.equal(parsed.root, 'svg');
    assert.deepEqual(parsed.plies, Array.from({ length: state.ply + 1 }, (_, k) => k), 'one frame per position');
    assert.equal(parsed.captions[0], 'The start');
    for (let k = 1; k <= state.ply; k++) {
      assert.match(parsed.captions[k], new RegExp(`^${k}\\. .+`), `frame ${k}: ${parsed.captions[k]}`);
    }
    assert.ok(parsed.boards.every((n) => n > 0), `every frame has a board: ${parsed.boards}`);
    if (plain) assert.ok(parsed.tspans > 0, 'the plain board is written as text');
    assert.equal(parsed.undefinedClasses, 0, 'no element depends on the page\'s CSS');
    if (!plain) assert.ok(parsed.styled > 0, 'the board\'s styles are written into the file');
    assert.equal(parsed.outside, 0, 'nothing is loaded from outside the file');

    // Alone in the browser: at each chosen moment exactly the frame of that moment shows.
    // The review panel offers the same file, after the end card is closed too.
    await page.locator('#result button', { hasText: 'See the board' }).click();
    const again = page.locator('#review-download-animation');
    const [second] = await Promise.all([page.waitForEvent('download'), again.click()]);
    const secondText = fs.readFileSync(await second.path(), 'utf8');
    assert.equal(secondText.split('class="frame"').length, text.split('class="frame"').length);

    const viewer = await context.newPage();
    await viewer.goto(`file://${file}`);
    const total = await viewer.evaluate(() => {
      const svg = document.documentElement;
      svg.pauseAnimations();
      return svg.querySelectorAll('g.frame').length;
    });
    const moments = [...new Set([0, Math.floor(total / 2), total - 1])];
    for (const k of moments) {
      const visible = await viewer.evaluate((at) => {
        const svg = document.documentElement;
        svg.setCurrentTime(at + 0.5);
        // A frame shows when anything of it does: itself, its caption or any board in it.
        const shows = (g) => [g, ...g.querySelectorAll(':scope > *, :scope > svg > *, :scope > svg > svg > *')]
          .some((el) => getComputedStyle(el).visibility === 'visible');
        return [...svg.querySelectorAll('g.frame')].filter(shows).map((g) => Number(g.dataset.ply));
      }, k);
      assert.deepEqual(visible, [k], `at ${k + 0.5} s`);
    }
    await viewer.screenshot({ path: path.join(SHOTS, `export-${name}.png`) });
    const size = await viewer.evaluate(() => document.documentElement.getBoundingClientRect().width);
    assert.ok(size > 100, `the file has a size: ${size}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
