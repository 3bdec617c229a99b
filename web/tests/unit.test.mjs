// unit.test.mjs — the UI's pure modules, without a browser: the Markdown renderer of the
// rules pages, the step-by-step chooser that turns legal actions into clicks, and the Magical
// Circle solver behind the Hint button, with who gets hints and how much each press tells;
// the WebSocket's deltas applied to the state the match page holds; which sounds a new state
// brings, and the mute switch remembered.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markdown, slug } from '../js/markdown.js';
import { Chooser } from '../js/chooser.js';
import { plans, swapsTo, swap, hintsAllowed, hintFor } from '../js/games/magical-circle-solver.js';
import { applyPush } from '../js/live.js';
import { dueSounds, lowTimeDue, Sounds } from '../js/sounds.js';

test('markdown: headings get GitHub ids, lists nest, tables, code and emphasis render, wide blocks take the keyboard focus', () => {
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
  assert.match(html, /<table tabindex="0"><thead><tr><th>a<\/th><th style="text-align:center">b<\/th><\/tr><\/thead>/);
  assert.match(html, /<pre tabindex="0"><code>&lt;raw&gt; &amp; text<\/code><\/pre>/);
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

/** A Magical Circle match seen by seat 1, racing: one card (#2) is 1 swap away. */
function race({ seats = ['bot'], hints, hand = [3, 4], phase = 'race', attempt = null, legal = ['claim', 'vote'] } = {}) {
  return {
    you: 1,
    ...(hints === undefined ? {} : { hints }),
    seats: [{ seat: 1, kind: 'human' }, ...seats.map((kind, i) => ({ seat: i + 2, kind }))],
    legal,
    view: {
      phase,
      attempt,
      arrangement: 'FWEALD',
      revealed: ['WFAELD', 'WFEALD', 'EWFLAD'],
      seats: [{ seat: 1, hand }, ...seats.map((_, i) => ({ seat: i + 2, hand: [1, 2] }))],
    },
  };
}
const swapsNamed = (text) => (text.match(/\d↔\d/g) || []).length;

test('magical circle hints: only for a seat whose opponents are all bots, or when the match allows them', () => {
  assert.equal(hintsAllowed(race({ seats: ['bot', 'bot'] })), true);
  assert.equal(hintsAllowed(race({ seats: ['human'] })), false, 'a race between people has no hints');
  assert.equal(hintsAllowed(race({ seats: ['bot', 'human'] })), false);
  assert.equal(hintsAllowed(race({ seats: ['human'], hints: true })), true, '"hints": true allows them');
  assert.equal(hintsAllowed(race({ seats: ['human'], hints: false })), false);
  assert.equal(hintsAllowed({ ...race(), you: null }), false, 'a spectator gets none');
});

test('magical circle hints: one step per press, never the whole plan at once', () => {
  const st = race();
  const first = hintFor(st, 1);
  assert.match(first.text, /Card #2 .*swap card 3\b/, 'first the card and the swap cards');
  assert.equal(swapsNamed(first.text), 0, 'no swap yet');
  assert.equal(first.next, 'claim');
  for (const presses of [2, 3, 9]) {
    const again = hintFor(st, presses);
    assert.equal(swapsNamed(again.text), 1, `press ${presses} names one swap only`);
  }
  const playing = hintFor(race({ phase: 'play', legal: ['play:3', 'play:4', 'play:34'] }), 1);
  assert.equal(playing.next, 'play:3');
  assert.equal(swapsNamed(playing.text), 0);
  // Swapping: the next swap only, and it is legal.
  const pairs = ['12', '13', '14', '15', '16', '23', '24', '25', '26', '34', '35', '36', '45', '46', '56'];
  const swapping = race({ phase: 'swap', attempt: { seat: 1, k: 3, swaps_done: 1, last_pair: '12' }, legal: pairs.filter((p) => p !== '12').map((p) => `swap:${p}`) });
  swapping.view.arrangement = 'WFEADL'; // 2 swaps from card #1
  const h = hintFor(swapping, 1);
  assert.equal(swapsNamed(h.text), 1);
  assert.ok(swapping.legal.includes(h.next), `${h.next} is legal`);
  const seq = swapsTo(swapping.view.arrangement, swapping.view.revealed, 2, '12');
  assert.equal(h.next, `swap:${seq[0]}`);
  assert.equal(hintFor(race({ hand: [] }), 1).next, 'vote', 'no card within reach: the vote');
});

test('pushes: a delta appends its entries and replaces what it carries, the last move is the log\'s last, a takeback drops moves, a gap asks for the full state', () => {
  const e = (ply, action) => ({ ply, actor: 1 + (ply % 2), action, at: ply });
  const held = { type: 'state', id: 'm1', game: 'connect-four', ply: 2, rev: 2, log: [e(0, '4'), e(1, '3')], view: { v: 2 }, legal: ['1'], position: undefined };
  assert.equal(applyPush(null, held), held, 'a full state is taken as it is');
  const next = applyPush(held, { type: 'delta', from_ply: 2, entries: [e(2, '5')], ply: 3, rev: 3, view: { v: 3 }, legal: [] });
  assert.deepEqual(next.log.map((x) => x.action), ['4', '3', '5']);
  assert.equal(next.id, 'm1', 'fields a delta leaves out are kept');
  assert.equal(next.type, 'state');
  assert.deepEqual([next.ply, next.rev, next.view, next.legal], [3, 3, { v: 3 }, []]);
  assert.equal(next.from_ply, undefined);
  assert.equal(next.entries, undefined);
  assert.deepEqual(next.last, e(2, '5'), 'the last move is the last entry of the log');
  assert.deepEqual(held.log.length, 2, 'the held state is not changed');
  const back = applyPush(next, { type: 'delta', from_ply: 0, entries: [], ply: 0, rev: 4, view: { v: 0 }, legal: ['1'] });
  assert.deepEqual([back.log, back.ply, back.last], [[], 0, null], 'a takeback to the start');
  const presence = applyPush(next, { type: 'delta', from_ply: 3, entries: [], ply: 3, rev: 3, seats: [{ presence: 'away' }] });
  assert.equal(presence.log.length, 3);
  assert.deepEqual(presence.seats, [{ presence: 'away' }]);
  assert.equal(applyPush(held, { type: 'delta', from_ply: 3, entries: [e(3, '1')], ply: 4 }), null, 'moves missing: a gap');
  assert.equal(applyPush(null, { type: 'delta', from_ply: 0, entries: [] }), null, 'nothing held');
  assert.equal(applyPush(held, { type: 'delta', from_ply: 1 }), null, 'no entries: not a delta');
  assert.equal(applyPush(held, { type: 'ack', ply: 3 }), null);
});

test('sounds: a move, your turn when it comes to you, the end once; nothing on the first draw or a takeback', () => {
  // The log's actors alternate 1, 2, 1, …; `mover` overrides the last entry's.
  const st = (ply, toAct, over = false, mover = null) => ({
    ply, status: { over, to_act: toAct },
    log: Array.from({ length: ply }, (_, i) => ({ ply: i, actor: i === ply - 1 && mover ? mover : (i % 2) + 1 })),
  });
  assert.deepEqual(dueSounds(null, st(3, [1]), 1), [], 'the page opening is silent');
  assert.deepEqual(dueSounds(st(3, [1]), st(4, [2]), 1), ['move'], 'my move');
  assert.deepEqual(dueSounds(st(4, [2]), st(5, [1]), 1), ['turn'], "the opponent's move gives me the turn");
  assert.deepEqual(dueSounds(st(4, [2]), st(5, [1]), null), ['move'], 'a spectator hears moves only');
  assert.deepEqual(dueSounds(st(4, [1]), st(5, [1], false, 1), 1), ['move'], 'a second action of the same turn is a move');
  assert.deepEqual(dueSounds(st(2, [1]), st(4, [1]), 1), ['turn'], 'my move and the reply drawn at once: the turn came back');
  assert.deepEqual(dueSounds(st(5, [1]), st(5, [1]), 1), [], 'the same state again');
  assert.deepEqual(dueSounds(st(5, [1]), st(6, [], true), 1), ['end']);
  assert.deepEqual(dueSounds(st(6, [], true), st(6, [], true), 1), [], 'the end is heard once');
  assert.deepEqual(dueSounds(st(5, [2]), st(5, [], true), 1), ['end'], 'a resignation ends the game without a move');
  assert.deepEqual(dueSounds(st(6, [2]), st(4, [1]), 1), [], 'a takeback is silent');
});

test('sounds: low time once a turn, only on my running clock', () => {
  const clocks = (running) => ({ ply: 9, status: { over: false }, clocks: { running, left_ms: [10_000, 10_000] } });
  assert.equal(lowTimeDue(clocks([1]), 1, 10_000, null), true);
  assert.equal(lowTimeDue(clocks([1]), 1, 10_000, 9), false, 'already warned at this ply');
  assert.equal(lowTimeDue(clocks([1]), 1, 25_000, null), false, 'time enough');
  assert.equal(lowTimeDue(clocks([2]), 1, 10_000, null), false, "the opponent's clock runs");
  assert.equal(lowTimeDue(clocks([1]), null, 10_000, null), false, 'a spectator');
  assert.equal(lowTimeDue({ ply: 9, status: { over: false } }, 1, 0, null), false, 'no clocks');
});

test('sounds: muted nothing plays, and the choice is remembered', () => {
  const kept = new Map();
  const storage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v), removeItem: (k) => kept.delete(k) };
  const a = new Sounds(null, { storage });
  a.play('move');
  assert.deepEqual(a.played, ['move']);
  a.setMuted(true);
  a.play('turn');
  assert.deepEqual(a.played, ['move'], 'muted: nothing played');
  const b = new Sounds(null, { storage });
  assert.equal(b.muted, true, 'a new page keeps the choice');
  b.setMuted(false);
  assert.equal(new Sounds(null, { storage }).muted, false);
});
