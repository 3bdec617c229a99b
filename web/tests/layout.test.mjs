// layout.test.mjs — the match page of every game laid out at desktop (1280×800) and phone
// (390×844) sizes, in English, French and Czech: no two visible text boxes of the header, the
// action bar, the table's buttons, the players' cards, the clocks and the board overlap (a
// text box is the box of a run of text as drawn: the client rects of an HTML text node, the
// box of an SVG text, a clock's frame; it is hidden only under a bar kept in sight),
// no header text runs out of the screen, and on a phone the clocks are in sight, above the
// Analysis panel, as the page opens. The screens are saved as layout/<game>-<size>-<lang>.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, newPage, api, piecesLanded, SHOTS, DESKTOP, PHONE } from './lib/env.mjs';

const OUT = path.join(SHOTS, 'layout');
let browser;
before(async () => {
  browser = await launch();
  fs.mkdirSync(OUT, { recursive: true });
});
after(async () => {
  await browser?.close();
});

const GAMES = [
  { game: 'connect-four', seats: [{ human: true }, { bot: 'random' }] },
  { game: 'toumai', seats: [{ human: true }, { bot: 'random' }] },
  { game: 'khan-tsin', seats: [{ human: true }, { bot: 'random' }] },
  { game: 'china-moon', seats: [{ human: true }, { bot: 'random' }, { bot: 'random' }] },
  // Played in real time: no clocks.
  { game: 'magical-circle', seats: [{ human: true }, { bot: 'random' }], clockless: true },
];
const LANGS = { en: 'en-GB', fr: 'fr-FR', cs: 'cs-CZ' };
const SIZES = [{ size: 'desktop', viewport: DESKTOP, phone: false }, { size: 'phone', viewport: PHONE, phone: true }];

/** The visible text boxes of the page's parts, and the pairs of them that overlap. */
function overlaps() {
  // A clock counts as one box (its frame); the players' cards around the clocks are checked
  // against them.
  const PARTS = [['header', '.topbar'], ['action bar', '#prompt'], ['table', '#table-bar'], ['notice', '#table-notice'], ['clock', '.clock'], ['player', '.player'], ['board', '#board']];
  const partOf = (el) => {
    for (const [name, sel] of PARTS) {
      const p = el?.closest?.(sel);
      if (p) return `${name}:${[...document.querySelectorAll(sel)].indexOf(p)}`;
    }
    return null;
  };
  const shown = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.visibility === 'hidden' || cs.display === 'none' || Number(cs.opacity) === 0) return false;
    }
    return true;
  };
  /** Whether an element stays put on the screen (the top bar, the action bar kept in sight). */
  const stuck = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      if (['sticky', 'fixed'].includes(getComputedStyle(e).position)) return true;
    }
    return false;
  };
  const boxes = [];
  const clocks = new Set();
  for (const [, sel] of PARTS) {
    for (const root of document.querySelectorAll(sel)) {
      if (root.closest('[hidden]')) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent.trim();
        const el = n.parentElement;
        if (!text || !el || !shown(el) || el.closest('.sr-only, title, desc, style, script, option, select')) continue;
        const svgText = el.closest('text');
        const clock = el.closest('.clock');
        if (clock && clocks.has(clock)) continue;
        if (clock) clocks.add(clock);
        const rects = clock ? [clock.getBoundingClientRect()] : svgText ? [svgText.getBoundingClientRect()] : (() => {
          const r = document.createRange();
          r.selectNodeContents(n);
          return [...r.getClientRects()];
        })();
        for (const r of rects) {
          if (r.width < 1 || r.height < 1) continue;
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
          // Drawn under a bar kept in sight (the action bar over the board): not visible.
          const top = document.elementFromPoint(x, y);
          if (partOf(top) !== partOf(el) && stuck(top)) continue;
          boxes.push({ el: clock || svgText || el, text: text.slice(0, 30), part: partOf(el), r: { l: r.left, t: r.top, r: r.right, b: r.bottom } });
        }
      }
    }
  }
  const out = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.r.r, b.r.r) - Math.max(a.r.l, b.r.l);
      const h = Math.min(a.r.b, b.r.b) - Math.max(a.r.t, b.r.t);
      if (w > 1.5 && h > 1.5) out.push(`"${a.text}" (${a.part}) × "${b.text}" (${b.part}): ${w.toFixed(1)}×${h.toFixed(1)} px`);
    }
  }
  // Header texts whole on the screen.
  const cut = [...document.querySelectorAll('.topbar h1, .topbar a, .topbar .conn')].filter((e) => e.getClientRects().length && shown(e))
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.right > innerWidth + 0.5 || r.left < -0.5 || e.scrollWidth > e.clientWidth + 1;
    }).map((e) => e.textContent.trim());
  // A seat's name (one word: "Červený") on one line, never broken inside the word.
  const broken = [];
  for (const el of document.querySelectorAll('.player-name')) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const word = node.textContent.trim();
      if (!word || /\s/.test(word)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(word);
    }
  }
  return { count: boxes.length, overlapping: out, cut, broken };
}

for (const { game, seats, clockless } of GAMES) {
  for (const { size, viewport, phone } of SIZES) {
    test(`${game} (${size}): no two text boxes of the header, action bar, clocks and board overlap, in en, fr and cs${phone && !clockless ? '; the clocks are in sight' : ''}`, async () => {
      const { status, body } = await api('/api/matches', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game, seats, mine: [1], ...(clockless ? {} : { clock: { initial_s: 600, increment_s: 5 } }) }),
      });
      assert.equal(status, 201, JSON.stringify(body));
      const token = body.seats.find((s) => s.seat === 1).token;
      const faults = [];
      for (const [lang, locale] of Object.entries(LANGS)) {
        const { page, context, errors } = await newPage(browser, viewport, { phone, locale });
        await page.goto(`/match/${body.id}?token=${token}`);
        await page.waitForFunction(() => window.tabula && window.tabula.state() && document.body.dataset.conn === 'live');
        await page.waitForFunction(() => document.body.dataset.turn === 'you' || document.body.dataset.over === '1');
        await piecesLanded(page);
        const found = await page.evaluate(overlaps);
        assert.ok(found.count > 5, `${lang}: text boxes were measured (${found.count})`);
        for (const o of found.overlapping) faults.push(`${lang}: ${o}`);
        for (const c of found.cut) faults.push(`${lang}: header text "${c}" is cut`);
        for (const w of found.broken) faults.push(`${lang}: the name "${w}" breaks inside the word`);
        if (phone && !clockless) {
          const clocks = await page.evaluate(() => {
            const review = document.getElementById('review');
            const below = review.hidden ? Infinity : review.getBoundingClientRect().top;
            return [...document.querySelectorAll('.player .clock')].map((c) => {
              const r = c.getBoundingClientRect();
              return { top: r.top, bottom: r.bottom, inSight: r.top >= 0 && r.bottom <= innerHeight, aboveReview: r.bottom <= below };
            });
          });
          assert.equal(clocks.length, seats.length, `${lang}: a clock per seat`);
          for (const [i, c] of clocks.entries()) {
            if (!c.inSight) faults.push(`${lang}: clock ${i + 1} out of sight (y ${c.top.toFixed(0)}–${c.bottom.toFixed(0)})`);
            if (!c.aboveReview) faults.push(`${lang}: clock ${i + 1} below the Analysis panel`);
          }
        }
        await page.screenshot({ path: path.join(OUT, `${game}-${size}-${lang}.png`) });
        assert.deepEqual(errors, []);
        await context.close();
      }
      assert.deepEqual(faults, []);
    });
  }
}

test('the header of the home, leaderboard, tutorial, puzzle, player and reports pages on a phone: every link and the language choice on the screen, in en, fr and cs', async () => {
  const faults = [];
  for (const [lang, locale] of Object.entries(LANGS)) {
    const { page, context, errors } = await newPage(browser, PHONE, { phone: true, locale });
    for (const [where, ready] of [['/', '.game-card'], ['/leaderboard.html', '#leaders-game'], ['/learn/toumai', '#lang'], ['/puzzles', 'body[data-puzzle="ready"]'], ['/player.html?name=nobody', '#lang'], ['/reports.html', '#lang']]) {
      await page.goto(where);
      await page.waitForSelector(ready);
      // Against the phone's width: a page wider than the screen widens a phone's layout
      // viewport (innerWidth) instead.
      const out = await page.evaluate((width) => [...document.querySelectorAll('.topbar a, .topbar select, .topbar button')]
        .filter((e) => e.getClientRects().length)
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.right > width + 0.5 || r.left < -0.5;
        }).map((e) => e.textContent.trim() || e.id), PHONE.width);
      for (const o of out) faults.push(`${lang} ${where}: "${o}" is off the screen`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.deepEqual(faults, []);
});
