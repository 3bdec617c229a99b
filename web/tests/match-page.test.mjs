// match-page.test.mjs — the match page as a player meets it, at desktop (1280×800) and phone
// (390×844) sizes: an invited seat is named as its game names it, with its colour and a
// labelled link; a choice made from the keyboard leaves the focus on the next choice; the
// move list follows the game; no draw is offered to a bot (bots decline at once); a finished
// game shows one Rematch button and the loser's card no draw sign; the review's evaluation
// stays in sight beside the board while stepping, names the best move in the move list's
// words, and a past position shows no bot thinking; the table's sounds and their mute switch; China Moon's pond on a phone shows that it
// goes on sideways. Waits are on the page's state, never on time.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, newPage, api, piecesLanded, DESKTOP, PHONE, SHOTS } from './lib/env.mjs';
import { startMatch, playToEnd, waitTurn } from './lib/ui.mjs';
import { POLICIES, rng } from './lib/policies.mjs';
import { graveViolations, listViolations } from './lib/audit.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const SIZES = [{ size: 'desktop', viewport: DESKTOP, phone: false }, { size: 'phone', viewport: PHONE, phone: true }];
const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A match made through the API; its tokens by seat. */
async function create(body) {
  const { status, body: r } = await api('/api/matches', json(body));
  assert.equal(status, 201, JSON.stringify(r));
  return { id: r.id, tokens: Object.fromEntries(r.seats.filter((s) => s.token).map((s) => [s.seat, s.token])) };
}

async function open(page, id, token) {
  await page.goto(token ? `/match/${id}?token=${token}` : `/match/${id}`);
  await page.waitForFunction(() => window.tabula && window.tabula.state());
}

/** Polls the API until the match is over. */
async function untilOver(id) {
  for (;;) {
    const { body } = await api(`/api/matches/${id}`);
    if (body.status.over) return body;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** How many elements matching `sel` a player can see. */
const visibleCount = (page, sel) => page.$$eval(sel, (els) => els.filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden').length);

test('the side column on a desktop: a long three-player game keeps its move list clear of the chat, every entry clickable', async () => {
  // A seeded game of random bots: the same (long) game each run. Three players make the
  // players panel tall, which once squeezed the list under the chat.
  const m = await create({ game: 'china-moon', players: 3, seats: [{ bot: 'random' }, { bot: 'random' }, { bot: 'random' }], mine: [], seed: 5 });
  const over = await untilOver(m.id);
  assert.ok(over.ply >= 40, `a long game: ${over.ply} moves`);
  const { page, context, errors } = await newPage(browser, DESKTOP);
  await open(page, m.id);
  await page.waitForFunction((n) => document.querySelectorAll('#moves li[data-ply]').length >= n, over.ply);
  const boxes = await page.evaluate(() => {
    const rect = (sel) => document.querySelector(sel).getBoundingClientRect();
    return { list: rect('#moves').bottom, chat: rect('.chat-box').top, height: rect('#moves').height };
  });
  assert.ok(boxes.list <= boxes.chat + 0.5, `the move list ends at ${boxes.list}px, under the chat that starts at ${boxes.chat}px`);
  assert.ok(boxes.height >= 150, `the list keeps its room: ${boxes.height}px`);
  // The entry before the last (the last one's position is the live one), found by its ply:
  // the list is drawn again as the words of past moves arrive, and a click by selector
  // finds the entry anew (scrolling it into view) where a held element would be gone.
  const ply = over.ply - 2;
  await page.click(`#moves li[data-ply="${ply}"]`, { timeout: 5000 });
  await page.waitForFunction((k) => window.tabula.displayed().ply === k, ply + 1);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const { size, viewport, phone } of SIZES) {
  test(`inviting a friend (${size}): the invite names the seat as the game does, in its colour, and its link box is labelled`, async () => {
    const { page, context, errors } = await newPage(browser, viewport, { phone });
    await page.goto('/?game=toumai');
    await page.waitForSelector('#start');
    await page.selectOption('select[data-seat="2"]', 'friend');
    await page.click('#start');
    await page.waitForSelector('#created .invite-link');
    const games = (await api('/api/games')).body;
    const red = (games.games || games).find((g) => g.name === 'toumai').seats.find((s) => s.name === 'red');
    const row = await page.$eval('#created .invite', (el) => ({
      label: el.querySelector('.invite-label').textContent.trim(),
      dot: getComputedStyle(el.querySelector('.seat-dot')).backgroundColor,
      named: el.querySelector('.invite-link').getAttribute('aria-label') || '',
    }));
    assert.equal(row.label, 'Red', 'seat 2 of Toumaï is Red');
    const hex = red.colour.replace('#', '');
    const rgb = `rgb(${[0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    assert.equal(row.dot, rgb, "the dot is Red's colour");
    assert.match(row.named, /Red/, 'the link box is named after its seat');
    const grave = await graveViolations(page);
    assert.deepEqual(grave, [], listViolations(grave.map((v) => ({ ...v, where: `invite ${size}` }))));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`a Toumaï placement by keyboard (${size}): after each step the focus is on the next one`, async () => {
    const { page, context, errors } = await newPage(browser, viewport);
    await startMatch(page, 'toumai', { seats: ['you', 'bot:random'] });
    await waitTurn(page);
    await piecesLanded(page);
    const focused = () => page.evaluate(() => document.activeElement?.dataset?.choice || document.activeElement?.tagName || '');
    /** Tabs until the focus is on a choice of `kind`; the number of presses, or -1. */
    const tabTo = async (kind, most) => {
      for (let n = 0; n <= most; n++) {
        if ((await focused()).startsWith(`${kind}:`)) return n;
        await page.keyboard.press('Tab');
      }
      return -1;
    };
    // The line first (a board target), then the pawn (a button of the action bar).
    assert.ok(await tabTo('line', 80) >= 0, 'a line can be reached from the top of the page');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.getElementById('prompt').dataset.chosen || '').startsWith('line:'));
    assert.notEqual(await focused(), 'BODY', 'the focus stays at the table, not at the top of the page');
    const toHand = await tabTo('hand', 2);
    assert.ok(toHand >= 0, `the pawn to place is at most 2 Tab presses away (focus on ${await focused()})`);
    // Back, then the pawn first (a button) and the line second (a board target).
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.getElementById('prompt').dataset.chosen);
    await page.focus('#prompt button[data-choice^="hand:"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.getElementById('prompt').dataset.chosen || '').startsWith('hand:'));
    assert.notEqual(await focused(), 'BODY', 'the focus stays at the table, not at the top of the page');
    const toLine = await tabTo('line', 2);
    assert.ok(toLine >= 0, `a line is at most 2 Tab presses away after the pawn (focus on ${await focused()})`);
    const ply = await page.evaluate(() => Number(document.body.dataset.ply));
    await page.keyboard.press('Enter');
    await page.waitForFunction((p) => Number(document.body.dataset.ply) > p, ply);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`the move list follows the game (${size}): its newest move is always in sight`, async () => {
    const { page, context, errors } = await newPage(browser, viewport, { phone });
    // A seeded match: the random bot's moves, and so the game's length, are the same each run.
    const m = await create({ game: 'toumai', seats: [{ human: true }, { bot: 'random' }], mine: [1], seed: 11 });
    await open(page, m.id, m.tokens[1]);
    const rnd = rng(3);
    const lastInSight = () => page.evaluate(() => {
      const list = document.getElementById('moves');
      const items = list.querySelectorAll('li[data-ply]');
      const last = items[items.length - 1];
      if (!last) return { ok: true };
      const a = last.getBoundingClientRect();
      const b = list.getBoundingClientRect();
      const ok = a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
      // What a failure needs to be understood: the list's scroll and whether it follows.
      return ok ? { ok, ply: Number(last.dataset.ply) + 1 } : {
        ok, ply: Number(last.dataset.ply) + 1, follow: list.dataset.follow, viewing: list.dataset.viewing,
        scrollTop: list.scrollTop, scrollHeight: list.scrollHeight, clientHeight: list.clientHeight, last: `${a.top}-${a.bottom}`, box: `${b.top}-${b.bottom}`, after: last.nextElementSibling?.outerHTML.slice(0, 80) ?? null,
      };
    });
    const seen = [];
    await playToEnd(page, 'toumai', (st) => POLICIES.toumai(st, rnd), {
      stopAfter: 14,
      each: async (n, st) => {
        if (n === 8) {
          // The player looks back six moves, then comes back to the game.
          await page.locator('#moves').focus();
          for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
          await page.waitForFunction((k) => document.body.dataset.viewing === String(k), st.ply - 6);
          await page.keyboard.press('End');
          await page.waitForFunction(() => !document.body.dataset.viewing);
        }
        // The words of past moves arrive after the move itself, and make the list longer.
        await page.waitForFunction((k) => document.querySelectorAll('#moves li[data-ply]').length >= k, st.ply);
        await piecesLanded(page);
        await page.waitForFunction(() => {
          const list = document.getElementById('moves');
          return list.scrollHeight - list.scrollTop - list.clientHeight < 2;
        }, null, { timeout: 5000 }).catch(() => {});
        seen.push(await lastInSight());
      },
    });
    assert.ok(seen.length >= 14);
    assert.deepEqual(seen.filter((s) => !s.ok), [], 'after each move the newest one is in sight');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`sounds at the table (${size}): a move and your turn are heard, the end too; muted nothing, and the switch is remembered`, async () => {
    const m = await create({ game: 'connect-four', seats: [{ human: true }, { bot: 'random' }], mine: [1], seed: 4 });
    const { page, context, errors } = await newPage(browser, viewport, { phone });
    await open(page, m.id, m.tokens[1]);
    const heard = () => page.evaluate(() => window.tabula.sounds());
    const play = async () => {
      const st = await page.evaluate(() => window.tabula.state());
      const { status } = await api(`/api/matches/${m.id}/actions`, json({ token: m.tokens[1], action: st.legal[0], ply: st.ply }));
      assert.equal(status, 200);
      await page.waitForFunction((n) => window.tabula.state().ply >= n + 2 && window.tabula.state().legal.length > 0, st.ply);
    };
    assert.deepEqual(await heard(), [], 'opening the page is silent');
    await play();
    await page.waitForFunction(() => window.tabula.sounds().includes('turn'));
    // My move, then the turn back; the two states may be drawn as one (the turn alone).
    const first = await heard();
    assert.equal(first.at(-1), 'turn', JSON.stringify(first));
    assert.ok(first.every((k) => k === 'move' || k === 'turn'), JSON.stringify(first));
    const button = page.locator('#sound');
    assert.equal(await button.getAttribute('aria-label'), 'Mute the sounds');
    await button.click();
    assert.equal(await button.getAttribute('aria-pressed'), 'true');
    await page.reload();
    await page.waitForFunction(() => window.tabula && window.tabula.state());
    assert.equal(await page.locator('#sound').getAttribute('aria-pressed'), 'true', 'still muted after a reload');
    await play();
    assert.deepEqual(await heard(), [], 'muted: nothing heard');
    await page.locator('#sound').click();
    assert.equal(await page.locator('#sound').getAttribute('aria-pressed'), 'false');
    const { status } = await api(`/api/matches/${m.id}/table`, json({ token: m.tokens[1], request: 'resign' }));
    assert.equal(status, 200);
    await page.waitForFunction(() => window.tabula.sounds().includes('end'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`against a bot (${size}): no draw is offered, as a bot declines every offer; the bot's estimated rating shows`, async () => {
    const m = await create({ game: 'connect-four', seats: [{ human: true }, { bot: 'random' }], mine: [1] });
    const { page, context, errors } = await newPage(browser, viewport, { phone });
    await open(page, m.id, m.tokens[1]);
    await page.waitForSelector('[data-table="resign"]');
    assert.equal(await page.locator('[data-table="offer-draw"]').count(), 0);
    // The bot's card carries its level's estimated rating, as /api/games gives it.
    const { body: games } = await api('/api/games');
    const rating = games.find((g) => g.name === 'connect-four').level_ratings.random;
    assert.ok(rating > 0, JSON.stringify(games[0].level_ratings));
    assert.match(await page.locator('.player[data-seat="2"] .player-kind').innerText(), new RegExp(`≈${rating}\\b`));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`a lost game (${size}): one Rematch button, and the card shows no draw sign`, async () => {
    const m = await create({ game: 'connect-four', seats: [{ human: true }, { bot: 'random' }], mine: [1] });
    const { page, context, errors } = await newPage(browser, viewport, { phone });
    await open(page, m.id, m.tokens[1]);
    await page.click('[data-table="resign"]');
    await page.click('[data-table="resign-sure"]');
    await page.waitForSelector('#result .result-card');
    assert.equal(await visibleCount(page, '[data-table="rematch"]'), 1, 'one Rematch button with the end card');
    assert.notEqual((await page.textContent('#result .result-emblem')).trim(), '=', 'a loss is not shown as a draw');
    // The card closed: the Rematch button is the table bar's, still one.
    await page.click('#result .result-actions button.ghost');
    await page.waitForSelector('#table-bar [data-table="rematch"]');
    assert.equal(await visibleCount(page, '[data-table="rematch"]'), 1, 'one Rematch button with the card closed');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`a China Moon pond on a phone-sized screen (${size}): a sign shows on the side it goes on`, async () => {
    const m = await create({ game: 'china-moon', seats: [{ human: true }, { bot: 'random' }, { bot: 'random' }], mine: [1] });
    const { page, context, errors } = await newPage(browser, viewport, { phone });
    await open(page, m.id, m.tokens[1]);
    await page.waitForSelector('#board .cm-space');
    const pan = await page.evaluate(() => {
      const b = document.getElementById('board');
      return { scroll: b.scrollWidth, box: b.clientWidth };
    });
    const mask = () => page.evaluate(() => getComputedStyle(document.getElementById('board')).maskImage);
    if (pan.scroll <= pan.box + 1) {
      assert.equal(size, 'desktop', 'on a phone the pond is wider than its box');
      assert.equal(await mask(), 'none', 'a pond seen whole has no sign');
    } else {
      await page.waitForFunction(() => document.getElementById('board').dataset.more === 'right');
      assert.notEqual(await mask(), 'none', 'the far side fades: the pond goes on');
      await page.evaluate(() => { document.getElementById('board').scrollLeft = 1e6; });
      await page.waitForFunction(() => document.getElementById('board').dataset.more === 'left');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** The colour and piece names of the UI's English words for Toumaï. */
const TM_COLOUR = { Y: 'Yellow', R: 'Red', B: 'Blue' };
const TM_KIND = { 1: 'bird 1', 2: 'bird 2', 3: 'bird 3', M: 'magician' };

/** Where the review's evaluation bar and the board are on the screen, and how many bots are
 * shown thinking. */
const reviewAt = (page) => page.evaluate(() => {
  const bar = document.querySelector('.review-eval .eval-bar, .review-eval .eval-seats');
  const board = document.getElementById('board').getBoundingClientRect();
  const r = bar?.getBoundingClientRect();
  const box = bar?.closest('#review-eval, #review')?.getBoundingClientRect();
  return {
    bar: r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null,
    box: box ? { top: box.top, bottom: box.bottom } : null,
    board: { top: board.top, bottom: board.bottom },
    vh: innerHeight,
    vw: innerWidth,
    thinking: document.querySelectorAll('#players .thinking').length,
  };
});

const inSight = (at) => at.bar && at.bar.top >= 0 && at.bar.bottom <= at.vh && at.bar.left >= 0 && at.bar.right <= at.vw;

test('reviewing a Toumaï match: the evaluation stays in sight beside the board while stepping, the best move is told as the move list tells moves, no bot thinks in the past', async () => {
  const { body } = await api('/api/matches', json({ game: 'toumai', seed: 11, seats: [{ bot: 'random' }, { bot: 'random' }] }));
  const final = await untilOver(body.id);
  for (const { size, viewport, phone } of SIZES) {
    const { page, context, errors } = await newPage(browser, viewport, { phone });
    await open(page, body.id);
    await page.locator('#analyse').click();
    await page.waitForFunction(() => document.body.dataset.review === 'complete', null, { timeout: 240000 });
    // Stepping back from the end, from the move list (far down the page on a phone).
    await page.locator('#moves').focus();
    let checkedFlights = 0;
    for (let k = final.log.length - 1; k >= Math.max(0, final.log.length - 40); k--) {
      await page.keyboard.press('ArrowLeft');
      await page.waitForSelector(`.review-eval[data-ply="${k}"]`);
      const at = await reviewAt(page);
      assert.ok(inSight(at), `ply ${k} (${size}): the evaluation bar is in sight (${JSON.stringify(at.bar)})`);
      assert.equal(at.thinking, 0, `ply ${k}: no bot thinks in a past position`);
      const best = await page.evaluate(() => {
        const el = document.querySelector('.review-best[data-action]');
        return el && { action: el.dataset.action, words: el.querySelector('.words').textContent, view: window.tabula.displayed().view };
      });
      const m = best && /^([a-i]):\d>/.exec(best.action);
      if (!m) continue;
      const line = best.view.lines.find((l) => l.name === m[1]);
      const top = line.pawns[line.pawns.length - 1];
      if (top.neutral) continue;
      assert.ok(best.words.startsWith(`${TM_COLOUR[top.colour]}'s ${TM_KIND[top.kind]} flies`), `ply ${k}: "${best.words}" names the ${TM_KIND[top.kind]} that flies`);
      checkedFlights++;
    }
    assert.ok(checkedFlights > 0, 'some best moves were flights of a coloured pawn');
    // At the board, stepping with the banner's buttons: the bar is right above the board.
    await page.evaluate(() => window.scrollTo(0, 0));
    for (let i = 0; i < 3; i++) {
      const k = await page.evaluate(() => Number(document.body.dataset.viewing));
      await page.click('#history [data-go="back"]');
      await page.waitForSelector(`.review-eval[data-ply="${k - 1}"]`);
      const at = await reviewAt(page);
      assert.ok(inSight(at), `ply ${k - 1} (${size}): the evaluation bar is in sight at the board`);
      assert.ok(at.box.bottom <= at.board.top + 1 && at.board.top - at.box.bottom < 30, `ply ${k - 1} (${size}): the evaluation is right above the board (${JSON.stringify(at)})`);
    }
    await page.screenshot({ path: path.join(SHOTS, `review-toumai-stepping-${size}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

for (const { size, viewport, phone } of SIZES) test(`a rule option that is a choice among words is offered translated, and the choice reaches the match (${size})`, async () => {
  const { context, page, errors } = await newPage(browser, viewport, { phone, locale: 'fr-FR' });
  try {
    await page.goto('/?game=toumai');
    await page.waitForSelector('#start');
    await page.click('details.advanced summary');
    const options = await page.$$eval('select[data-param="placement_round2"] option', (os) => os.map((o) => [o.value, o.textContent]));
    assert.deepEqual(options, [['reversed', 'Ordre inversé (par défaut)'], ['same', 'Même ordre']]);
    assert.equal(await page.$eval('select[data-param="swap_lock"]', (s) => s.value), 'own');
    const sent = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/matches') sent.push(JSON.parse(r.postData()));
    });
    const { id } = await startMatch(page, 'toumai', { seats: ['you', 'bot:beginner'], params: { placement_round2: 'same' } });
    const { body } = await api(`/api/matches/${id}`);
    assert.equal(body.params.placement_round2, 'same', JSON.stringify(body.params));
    assert.equal(body.params.swap_lock, 'own', JSON.stringify(body.params));
    // An untouched choice is not sent: the game's own default applies.
    assert.equal(sent.length, 1);
    assert.deepEqual(sent[0].params, { placement_round2: 'same' });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
