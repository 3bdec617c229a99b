// analyze-report.test.mjs — the HTML report of `tabula analyze` in a real browser. For every
// game, a small but real analysis (cheap bots and a skill ladder, then the same with two or
// three variants side by side) is written with --out and opened in Chromium at desktop width.
// Every plot of both pages is checked: no two text labels overlap, no label runs across the
// edge of a bar or board space, no text runs outside its SVG; the page does not overflow
// sideways (nor does the text report); the report is self-contained (nothing loaded from
// elsewhere, every link an in-page anchor or, on the comparison page, a variant's own report
// in the same folder) with a table of contents. The comparison page overlays each plot that
// makes sense per variant, a series per variant named by it. Full-page screenshots go to
// $ANALYZE_SHOTS (default web/tests/screenshots/analyze): <game>.png, <game>-variants.png,
// <game>-variants-<variant>.png (each variant's own report, checked the same way), and each
// plot of the first two alone in <game>/<n>.png, <game>-variants/<n>.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, newPage, SHOTS, DESKTOP } from './lib/env.mjs';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// scripts/e2e.sh builds the binary and passes its path.
const TABULA = process.env.TABULA_BIN || path.join(ROOT, 'target', 'debug', 'tabula');
const OUT = process.env.ANALYZE_SHOTS || path.join(SHOTS, 'analyze');

// Cheap but real: a few games, small searches (MCTS values every ply, so the dynamics and the
// uncertainty plot appear), a two-step ladder, and two variants that change a rule.
const MCTS = 'mcts:iterations=12';
const GAMES = [
  // Connect Four has no parameter but the number of players (two): the same rules twice.
  { game: 'connect-four', games: 12, variants: ['red:', 'again:'] },
  { game: 'toumai', games: 4, variants: ['two:', 'three:players=3'] },
  { game: 'khan-tsin', games: 6, variants: ['plain:', 'short:max_plies=60'] },
  { game: 'china-moon', games: 4, variants: ['take:', 'leave:butterfly_pickup=leave'] },
  // Three variants here: three series in every legend, a table wider than two.
  { game: 'magical-circle', games: 6, variants: ['two:target=2', 'three:target=3', 'four:target=4'] },
];

let browser;
let tmp;
before(async () => {
  assert.ok(fs.existsSync(TABULA), `no tabula binary at ${TABULA} (scripts/e2e.sh builds it)`);
  browser = await launch();
  fs.mkdirSync(OUT, { recursive: true });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-analyze-report-'));
});
after(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function analyze(game, args) {
  await run(TABULA, ['analyze', game, '--threads', '2', '--seed', '3', ...args], {
    timeout: 120000,
    maxBuffer: 1 << 24,
    env: { ...process.env, LANG: 'C' },
  });
}

/** Every layout problem of the open page, as sentences naming the plot and the labels. */
async function layoutProblems(page) {
  return page.evaluate(() => {
    const out = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      out.push(`the page overflows sideways: ${root.scrollWidth}px wide in ${root.clientWidth}px`);
    }
    const body = document.body.getBoundingClientRect();
    for (const el of document.querySelectorAll('body > *')) {
      const r = el.getBoundingClientRect();
      if (r.right > body.right + 1) out.push(`<${el.localName}> runs past the page's right edge by ${Math.round(r.right - body.right)}px`);
    }
    for (const pre of document.querySelectorAll('pre')) {
      if (pre.scrollWidth > pre.clientWidth) out.push(`the text report is wider than its box (${pre.scrollWidth}px in ${pre.clientWidth}px)`);
    }
    const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    document.querySelectorAll('svg').forEach((svg, k) => {
      const name = svg.querySelector(':scope > title')?.textContent || `plot ${k + 1}`;
      const box = svg.getBoundingClientRect();
      const labels = [...svg.querySelectorAll('text')]
        .filter((t) => t.textContent.trim() !== '')
        .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }));
      for (const { text, r } of labels) {
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
          out.push(`${name}: "${text}" runs outside the plot`);
        }
      }
      // A label over a bar or a space stands wholly inside it (a share written in its bar)
      // or wholly outside: never across an edge.
      const marks = [...svg.querySelectorAll('rect.bar, rect.outcome, rect.space')].map((m) => m.getBoundingClientRect());
      const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
      for (const { text, r } of labels) {
        if (marks.some((m) => overlap(r, m) && !inside(r, m))) out.push(`${name}: "${text}" runs across the edge of a bar`);
      }
      for (let i = 0; i < labels.length; i++) {
        for (let j = i + 1; j < labels.length; j++) {
          if (overlap(labels[i].r, labels[j].r)) out.push(`${name}: "${labels[i].text}" overlaps "${labels[j].text}"`);
        }
      }
    });
    return out;
  });
}

/** Whatever the page would load from elsewhere or link out to (relative links to the
 * variants' own reports are returned apart, to be checked against the folder). */
async function outsideReferences(page) {
  return page.evaluate(() => {
    const external = [];
    const files = [];
    for (const el of document.querySelectorAll('[src], link, script, iframe, object, embed, img')) {
      external.push(el.outerHTML.slice(0, 120));
    }
    for (const el of document.querySelectorAll('[href], [*|href]')) {
      const href = el.getAttribute('href') ?? el.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
      if (href.startsWith('#')) {
        if (!document.getElementById(decodeURIComponent(href.slice(1)))) external.push(`${href}: no such anchor`);
      } else if (/^[\w.-]+\/index\.html$/.test(href)) {
        files.push(href);
      } else {
        external.push(href);
      }
    }
    for (const style of document.querySelectorAll('style')) {
      if (/url\(|@import/.test(style.textContent)) external.push('a style loads from elsewhere');
    }
    return { external, files };
  });
}

async function open(file) {
  const { page, context, errors } = await newPage(browser, DESKTOP);
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('h1');
  return { page, context, errors };
}

/** The names of the series of each plot: `data-series` of its groups, by plot file. */
async function seriesByPlot(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('svg[data-plot]')]
    .map((svg) => [svg.dataset.plot, [...svg.querySelectorAll('[data-series]')].map((g) => g.dataset.series)])));
}

for (const { game, games, args = [], variants } of GAMES) {
  test(`${game}: every plot of the report and of its variants side by side fits, labels apart`, async () => {
    const single = path.join(tmp, game);
    await analyze(game, ['--games', String(games), '--bot', MCTS, '--weaker', 'random',
      '--ladder', `random,${MCTS}`, ...args, '--out', single]);
    const pair = path.join(tmp, `${game}-variants`);
    await analyze(game, ['--games', String(games), '--bot', MCTS, '--weaker', 'random', ...args,
      ...variants.flatMap((v) => ['--variant', v]), '--out', pair]);

    const problems = [];
    const overlays = [];
    const names = variants.map((v) => v.split(':')[0]);
    // The report, the comparison page, and each variant's own report.
    const pages = [[single, game, 'single'], [pair, `${game}-variants`, 'pair'],
      ...names.map((n) => [path.join(pair, n), `${game}-variants-${n}`, 'variant'])];
    for (const [dir, shot, kind] of pages) {
      const { page, context, errors } = await open(path.join(dir, 'index.html'));
      const plots = await page.$$eval('svg', (svgs) => svgs.map((s) => s.querySelector(':scope > title')?.textContent));
      if (plots.length < 5) overlays.push(`${shot}: only ${plots.length} plots: ${plots.join(', ')}`);
      if (!(await page.$('nav a[href="#seat-balance"]'))) overlays.push(`${shot}: no table of contents`);
      problems.push(...(await layoutProblems(page)).map((p) => `${shot}: ${p}`));
      const refs = await outsideReferences(page);
      assert.deepEqual(refs.external, [], `${shot}: the report is self-contained`);
      for (const f of refs.files) assert.ok(fs.existsSync(path.join(dir, f)), `${shot}: ${f} exists`);
      if (kind === 'pair') {
        assert.deepEqual(refs.files.sort(), names.map((n) => `${n}/index.html`).sort());
        const series = await seriesByPlot(page);
        for (const plot of ['seat_win_rates.svg', 'outcomes.svg', 'game_length.svg', 'branching.svg',
          'skill.svg', 'uncertainty.svg', ...(game === 'magical-circle' ? [] : ['coverage.svg'])]) {
          const got = JSON.stringify(series[plot] ?? null);
          if (got !== JSON.stringify(names)) overlays.push(`${plot}: series ${got}, not one per variant ${JSON.stringify(names)}`);
        }
      } else if (kind === 'single') {
        assert.ok(plots.some((t) => /Skill ladder/.test(t)), `${game}: the ladder plot`);
      }
      await page.screenshot({ path: path.join(OUT, `${shot}.png`), fullPage: true });
      // Each plot on its own as well, to look at closely (a variant's own report has the
      // same plots as the single report).
      if (kind !== 'variant') {
        fs.mkdirSync(path.join(OUT, shot), { recursive: true });
        const svgs = await page.$$('body > svg');
        for (const [i, svg] of svgs.entries()) {
          await svg.screenshot({ path: path.join(OUT, shot, `${i + 1}.png`) });
        }
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
    assert.deepEqual(problems, [], 'every label fits and stands apart');
    assert.deepEqual(overlays, [], 'the variant page overlays each plot, a series per variant');
  });
}
