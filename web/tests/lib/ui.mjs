// lib/ui.mjs — driving the web UI like a player: start a match from the home page, wait for
// your turn, and make an action by clicking the board and the prompt's buttons step by step.
// How an action in notation becomes clicks is written here per game, independently of the UI's
// own parsing: a click target is any element whose data-choice is the step's value.

import assert from 'node:assert/strict';
import { piecesLanded } from './env.mjs';

/** Starts a match from the home page; seats: 'you' | 'friend' | 'bot:<level>'. Returns the
 * match id and (when you sit) your token; with friends, also the invite links by seat. */
export async function startMatch(page, game, { seats, params = {}, setup = null, seed = 1 } = {}) {
  // The home page asks for no seed, so the server draws one; the test sends `seed` (unless
  // null) with the page's request, so that chance and the bots' choices, and with them the
  // game and the test's length, are the same on every run.
  const seeded = (route) => {
    const req = route.request();
    if (req.method() !== 'POST' || seed === null) return route.continue();
    return route.continue({ postData: JSON.stringify({ seed, ...JSON.parse(req.postData() || '{}') }) });
  };
  await page.route('**/api/matches', seeded);
  await page.goto(`/?game=${game}`);
  await page.waitForSelector('#start');
  if (seats.length > 1 && (await page.$(`[data-players="${seats.length}"]`))) await page.click(`[data-players="${seats.length}"]`);
  for (let i = 0; i < seats.length; i++) {
    await page.selectOption(`select[data-seat="${i + 1}"]`, seats[i]);
  }
  if (Object.keys(params).length || setup) await page.click('details.advanced summary');
  for (const [k, v] of Object.entries(params)) {
    const field = `[data-param="${k}"]`;
    if (await page.$eval(field, (e) => e.tagName === 'SELECT')) await page.selectOption(field, String(v));
    else await page.fill(field, String(v));
  }
  if (setup) await page.selectOption('#setup-kind', setup);
  await page.click('#start');
  const invites = {};
  if (seats.includes('friend')) {
    await page.waitForSelector('#created .invite-link[data-seat]');
    for (const input of await page.$$('#created .invite-link[data-seat]')) {
      invites[await input.getAttribute('data-seat')] = await input.inputValue();
    }
    await page.click('#open-match');
  }
  await page.waitForURL(/\/match\//);
  await page.unroute('**/api/matches', seeded);
  await page.waitForFunction(() => window.tabula && window.tabula.state());
  const id = new URL(page.url()).pathname.split('/')[2];
  return { id, token: await storedToken(page, id), invites };
}

/** The seat token this browser keeps for match `id` (the address carries none), or null. */
export async function storedToken(page, id) {
  return page.evaluate((m) => JSON.parse(localStorage.getItem('tabula.matches') || '{}')[m]?.token || null, id);
}

export async function state(page) {
  await page.waitForFunction(() => window.tabula && window.tabula.state());
  return page.evaluate(() => window.tabula.state());
}

/** Waits until the page says it is your turn or the game is over; returns the state. */
export async function waitTurn(page, timeout = 20000) {
  await page.waitForFunction(() => document.body.dataset.turn === 'you' || document.body.dataset.over === '1', null, { timeout });
  return state(page);
}

/** The click steps of an action, per game (the values of data-choice attributes). */
export function stepsFor(game, action, st) {
  let m;
  switch (game) {
    case 'connect-four':
      return [`col:${action}`];
    case 'toumai': {
      if (action === 'pass') return ['pass'];
      if ((m = /^([123M])@([a-i])$/.exec(action))) return [`hand:${m[1]}`, `line:${m[2]}`];
      if ((m = /^([a-i][1-6])=([a-i][1-6])$/.exec(action))) return [`pawn:${m[1]}`, `swap:${m[2]}`];
      m = /^([a-i]):(\d)>([a-i])(?:\/([a-i]),([a-i]))?$/.exec(action);
      const h = st.view.lines.find((l) => l.name === m[1]).pawns.length;
      return [`pawn:${m[1]}${h}`, `line:${m[3]}`, `count:${m[2]}`, ...(m[4] ? [`pair:${m[4]}`, `third:${m[5]}`] : [])];
    }
    case 'khan-tsin':
      if (action === 'pass') return ['pass'];
      if ((m = /^([KT])@(\d+)$/.exec(action))) return [`place:${m[2]}`, `kind:${m[1]}`];
      m = /^(\d+):(\d+)>(\d+)$/.exec(action);
      return [`from:${m[1]}`, `to:${m[3]}`, `n:${m[2]}`];
    case 'china-moon':
      if ((m = /^(\d)@([^>]+)>(.+)$/.exec(action))) {
        const landings = m[3].split('>');
        return [`frog:${m[1]}@${m[2]}`, `dest:${landings[landings.length - 1]}`, `route:${m[3]}`];
      }
      if ((m = /^x(\d):(\w)\/(\w)$/.exec(action))) return [`with:${m[1]}`, `give:${m[2]}`, `take:${m[3]}`];
      return [action];
    case 'magical-circle':
      if ((m = /^play:(\d)(\d)?$/.exec(action))) return [`card:${m[1]}`, ...(m[2] ? [`card:${m[2]}`] : []), `go:${m[1]}${m[2] || ''}`];
      if ((m = /^swap:(\d)(\d)$/.exec(action))) return [`place:${m[1]}`, `with:${m[2]}`];
      return [action];
    case 'generic':
      // A game drawn by the generic table (no renderer of its own): one button per action.
      return [`act:${action}`];
    default:
      throw new Error(`no click steps for ${game}`);
  }
}

/** Every step an action may start with (some choices may be made in either order: a pawn
 * from the hand or the line first, either pawn of a swap, either place of a swap…). */
export function firstSteps(game, action, st) {
  const steps = stepsFor(game, action, st);
  let m;
  if (game === 'toumai' && (m = /^([123M])@([a-i])$/.exec(action))) return [`hand:${m[1]}`, `line:${m[2]}`];
  if (game === 'toumai' && (m = /^([a-i][1-6])=([a-i][1-6])$/.exec(action))) return [`pawn:${m[1]}`, `pawn:${m[2]}`];
  if (game === 'khan-tsin' && (m = /^([KT])@(\d+)$/.exec(action))) return [`place:${m[2]}`, `kind:${m[1]}`];
  if (game === 'magical-circle' && (m = /^play:(\d)(\d)$/.exec(action))) return [`card:${m[1]}`, `card:${m[2]}`];
  if (game === 'magical-circle' && (m = /^swap:(\d)(\d)$/.exec(action))) return [`place:${m[1]}`, `place:${m[2]}`];
  return [steps[0]];
}

/** The choices the page offers now (board and prompt), sorted, each once. */
function offeredChoices(page) {
  return page.evaluate(() => [...new Set([...document.querySelectorAll('#board [data-choice], #prompt [data-choice]')].map((e) => e.dataset.choice))].sort());
}

/** Checks that the page offers exactly the first steps of the legal actions: nothing that is
 * not legal, nothing legal missing. */
export async function checkOffered(page, game, st) {
  const offered = await offeredChoices(page);
  const expected = [...new Set(st.legal.flatMap((a) => firstSteps(game, a, st)))].sort();
  assert.deepEqual(offered, expected, `the choices offered at ply ${st.ply} are the legal ones`);
}

/** Where a player's pointer would land on a choice: a point of one of the elements that carry
 * it where the element under the pointer is that choice (not a neighbour drawn over it). */
async function pointOf(page, v) {
  return page.evaluate((v) => {
    const els = [...document.querySelectorAll('[data-choice]')].filter((e) => e.dataset.choice === v).reverse();
    const spots = [[0.5, 0.5], [0.5, 0.3], [0.5, 0.7], [0.3, 0.5], [0.7, 0.5], [0.3, 0.3], [0.7, 0.7], [0.3, 0.7], [0.7, 0.3], [0.5, 0.15], [0.5, 0.85]];
    for (const el of els) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      for (const [fx, fy] of spots) {
        const x = r.left + r.width * fx;
        const y = r.top + r.height * fy;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        if (document.elementFromPoint(x, y)?.closest('[data-choice]')?.dataset.choice === v) return { x, y };
      }
    }
    return null;
  }, v);
}

/** Clicks (or taps) a choice where a player would: on a visible part of it, once the pieces
 * have landed. Fails when no part of it can be pointed at. */
async function clickChoice(page, v, tap) {
  const target = page.locator(`[data-choice="${v}"]`).last();
  await target.waitFor({ state: 'attached', timeout: 4000 });
  await target.scrollIntoViewIfNeeded({ timeout: 2500 }).catch(() => {});
  // On the match page the players' names arrive after the first drawing and may change the
  // cards' height above the board: a point taken before would be tapped after it moved.
  // (Only match.html starts with the mark pending; the lesson and puzzle pages draw no names.)
  await page.waitForFunction(() => document.body.dataset.names !== 'pending', null, { timeout: 4000 });
  const deadline = Date.now() + 4000;
  for (let tries = 0; ; tries++) {
    await piecesLanded(page, 4000);
    const at = await pointOf(page, v);
    if (at) {
      if (tap) await page.touchscreen.tap(at.x, at.y);
      else await page.mouse.click(at.x, at.y);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no visible part of ${v} can be pointed at`);
    // Covered (by the action bar kept in sight, say): a player scrolls it to the middle.
    if (tries === 0) await target.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' })).catch(() => {});
    await page.waitForTimeout(100);
  }
}

/**
 * Makes an action by clicks and waits until the page shows the next state. Steps the UI took
 * by itself (a single possible choice) are skipped; `onStep(v)` runs before each click (the
 * page then offers v). Returns the new state, or null when the game moved on first (a
 * real-time race lost).
 */
export async function perform(page, game, action, st, { racy = false, tap = false, onStep } = {}) {
  const steps = stepsFor(game, action, st);
  for (const v of steps) {
    const now = await page.evaluate(() => ({
      ply: Number(document.body.dataset.ply),
      chosen: (document.getElementById('prompt').dataset.chosen || '').split(' '),
      sending: document.getElementById('prompt').dataset.step === 'sending',
    }));
    // The UI took the last steps by itself and sent the action already.
    if (now.ply > st.ply || now.sending) break;
    if (now.chosen.includes(v)) continue;
    if (onStep) await onStep(v);
    try {
      await clickChoice(page, v, tap);
    } catch (e) {
      const now = await state(page);
      if (racy && now.ply !== st.ply) return null;
      const chosen = await page.evaluate(() => document.getElementById('prompt').dataset.chosen || '');
      const offered = (await offeredChoices(page)).join(' ');
      throw new Error(`cannot click ${v} for ${action} at ply ${st.ply} (now at ply ${now.ply}; chosen "${chosen}"; offered "${offered}"): ${e.message}`);
    }
  }
  await page.waitForFunction((ply) => Number(document.body.dataset.ply) > ply, st.ply, { timeout: 15000 });
  const after = await state(page);
  const entry = after.log[st.ply];
  if (!racy) assert.deepEqual([entry.actor, entry.action], [st.you, action], `the server took ${action} at ply ${st.ply}`);
  return after;
}

/** Plays until the game is over (or `stopAfter` of our actions) with `policy(state)`;
 * `each(n, state)` runs after each of our actions, `onStep(v)` before each click; `tap`:
 * touch taps instead of clicks. Returns {final state, actions made}. */
export async function playToEnd(page, game, policy, { each, onStep, max = 400, racy = false, tap = false, stopAfter = Infinity } = {}) {
  let n = 0;
  for (;;) {
    const st = await waitTurn(page, racy ? 60000 : 20000);
    if (st.status.over) return { final: st, actions: n };
    const action = policy(st);
    if (!action) {
      await page.waitForFunction((ply) => Number(document.body.dataset.ply) > ply, st.ply, { timeout: 60000 });
      continue;
    }
    assert.ok(st.legal.includes(action), `${action} is legal`);
    // Owner decisions may be half-answered by the UI already (single choices); races move on.
    if (!racy && !st.legal.some((a) => /^(x\d|drop:)/.test(a))) await checkOffered(page, game, st);
    const after = await perform(page, game, action, st, { racy, tap, onStep });
    if (after) {
      n++;
      if (each) await each(n, after);
      if (n >= stopAfter) return { final: after, actions: n };
    }
    assert.ok(n <= max, `the game ends within ${max} of our actions`);
  }
}
