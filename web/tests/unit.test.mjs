// unit.test.mjs — the UI's pure modules, without a browser: the Markdown renderer of the
// rules pages, the step-by-step chooser that turns legal actions into clicks, and the Magical
// Circle solver behind the Hint button.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markdown, slug } from '../js/markdown.js';
import { Chooser } from '../js/chooser.js';
import { plans, swapsTo, swap } from '../js/mc-solver.js';

test('markdown: headings get GitHub ids, lists nest, tables, code and emphasis render', () => {
  const heads = [];
  const html = markdown([
    '# Title', '', 'Some **bold**, *italic* and `code <b>`.', '',
    '## Board files', '- one', '  - nested', '- two with [a link](#board-files)', '',
    '| a | b |', '|---|:-:|', '| 1 | `x\\|y` |', '', '```', '<raw> & text', '```', '',
    '3. three', '4. four',
  ].join('\n'), heads);
  assert.deepEqual(heads.map((x) => x.id), ['title', 'board-files']);
  assert.match(html, /<strong>bold<\/strong>, <em>italic<\/em> and <code>code &lt;b&gt;<\/code>/);
  assert.match(html, /<ul><li>one\s*<ul><li>nested<\/li><\/ul><\/li><li>two with <a href="#board-files">a link<\/a><\/li><\/ul>/);
  assert.match(html, /<td style="text-align:center"><code>x\|y<\/code><\/td>/, 'an escaped pipe stays in its cell');
  assert.match(html, /<table><thead><tr><th>a<\/th><th style="text-align:center">b<\/th><\/tr><\/thead>/);
  assert.match(html, /<pre><code>&lt;raw&gt; &amp; text<\/code><\/pre>/);
  assert.match(html, /<ol start="3"><li>three<\/li><li>four<\/li><\/ol>/);
  assert.ok(!html.includes('<raw>'), 'text never becomes markup');
  assert.equal(slug('A move is chosen whole (ruling R9)'), 'a-move-is-chosen-whole-ruling-r9');
});

test('markdown: a wrapped line starting with a number stays in its paragraph', () => {
  const html = markdown('at most one seat with\n3. A seat with 3 wands has won.');
  assert.equal(html, '<p>at most one seat with 3. A seat with 3 wands has won.</p>');
});

test('chooser: shared steps are asked once, single auto steps are taken, then the action is sent', () => {
  const sent = [];
  const c = new Chooser(() => {}, (a) => sent.push(a));
  const flight = (a, from, to, n) => ({
    action: a,
    steps: [{ v: `pawn:${from}`, kind: 'pawn' }, { v: `line:${to}`, kind: 'dest' }, { v: `count:${n}`, kind: 'count', button: true, auto: true }],
  });
  c.setPaths([flight('c:1>g', 'c2', 'g', 1), flight('c:2>g', 'c2', 'g', 2), flight('c:1>e', 'c2', 'e', 1)]);
  assert.deepEqual([...c.options().keys()], ['pawn:c2']);
  assert.equal(c.choose('line:e'), false, 'a step that is not offered is refused');
  c.choose('pawn:c2');
  assert.deepEqual([...c.options().keys()], ['line:g', 'line:e']);
  c.choose('line:g');
  assert.deepEqual([...c.options().keys()], ['count:1', 'count:2'], 'two counts reach g: ask');
  c.back();
  c.choose('line:e');
  assert.deepEqual(sent, ['c:1>e'], 'one count reaches e: sent at once');
  assert.equal(c.locked, true);
});

test('chooser: a single auto step is taken before any click but never completes an action alone', () => {
  const sent = [];
  const c = new Chooser(() => {}, (a) => sent.push(a));
  const ex = (a, seat, give, take) => ({
    action: a,
    steps: [{ v: `with:${seat}`, kind: 'with', button: true, auto: true }, { v: `give:${give}`, kind: 'give', button: true, auto: true }, { v: `take:${take}`, kind: 'take', button: true, auto: true }],
  });
  c.setPaths([ex('x3:w/p', 3, 'w', 'p'), ex('x3:w/y', 3, 'w', 'y')]);
  assert.deepEqual(c.chosen, ['with:3', 'give:w']);
  assert.equal(c.canBack(), false);
  c.setPaths([ex('x3:w/p', 3, 'w', 'p')]);
  assert.deepEqual(sent, [], 'nothing is sent without a click');
  c.choose('take:p');
  assert.deepEqual(sent, ['x3:w/p']);
});

test('magical circle solver: exact swap counts, no pair twice in a row', () => {
  assert.equal(swap('FWEALD', '12'), 'WFEALD');
  assert.deepEqual(swapsTo('FWEALD', ['WFEALD'], 1), ['12']);
  assert.equal(swapsTo('FWEALD', ['FWEALD'], 2), null, 'distance 0 with 2 swaps is impossible');
  assert.equal(swapsTo('FWEALD', ['WFEALD'], 2), null, 'parity');
  const seq = swapsTo('FWEALD', ['WFEALD'], 3, '12');
  assert.notEqual(seq[0], '12');
  assert.equal(seq.reduce(swap, 'FWEALD'), 'WFEALD');
  const p = plans('FWEALD', ['WFEALD', 'FLEAWD', 'DFWEAL'], [1, 2, 3, 4]);
  assert.deepEqual(p[0], { play: [1], k: 1, swaps: ['12'], card: 'WFEALD' });
  for (const x of p) assert.equal(x.swaps.reduce(swap, 'FWEALD'), x.card);
});
