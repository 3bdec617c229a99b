// lib/env.mjs — the test environment: the server's address (TABULA_URL, set by
// scripts/e2e.sh), Debian's chromium driven by playwright-core (no browser download), pages
// that record uncaught errors, and screenshots saved under web/tests/screenshots/. With
// TABULA_WEB_DIR set (a path to web/), the pages' files are read from there rather than from
// the binary, so that a change to the UI is tried without a rebuild.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BASE = (process.env.TABULA_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
export const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync',
      // Pages served from disk (serveFromDisk) have no address: the browser would take them
      // for public ones and refuse their WebSockets to the local server.
      ...(process.env.TABULA_WEB_DIR ? ['--disable-features=LocalNetworkAccessChecks'] : [])],
  });
}

/** A fresh browser context (its own localStorage) and page — a touch phone with `phone`, the
 * browser's language `locale` when given —; `errors` collects uncaught page errors and console
 * errors other than refused requests. Forced moves are not played automatically unless
 * `autoplay` (tests click them). The browser asks for reduced motion, as some players' do,
 * unless `motion`: pieces then move visibly (some whole games and the taps on a phone keep
 * them moving). */
export async function newPage(browser, viewport = DESKTOP, { phone = false, autoplay = false, locale, motion = false } = {}) {
  const lang = { ...(locale ? { locale } : {}), reducedMotion: motion ? 'no-preference' : 'reduce' };
  const context = await browser.newContext(phone
    ? { viewport: PHONE, baseURL: BASE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, ...lang }
    : { viewport, baseURL: BASE, ...lang });
  if (!autoplay) {
    await context.addInitScript(() => {
      try {
        localStorage.setItem('tabula.autoplay', 'off');
      } catch {
        // about:blank has no storage.
      }
    });
  }
  // Every animation a page starts (the pieces' moves, fades and drops), counted: a test can
  // check that pieces move visibly, or not at all under reduced motion.
  await context.addInitScript(() => {
    window.tabulaAnimations = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function counted(...args) {
      window.tabulaAnimations++;
      return animate.apply(this, args);
    };
  });
  if (process.env.TABULA_WEB_DIR) await serveFromDisk(context, process.env.TABULA_WEB_DIR);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  page.setDefaultTimeout(15000);
  return { context, page, errors };
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** While the UI is being worked on: its files are read from `dir` (the working tree's web/)
 * instead of those embedded in the binary, so that a change needs no rebuild. */
async function serveFromDisk(context, dir) {
  await context.route((url) => url.origin === new URL(BASE).origin && !url.pathname.startsWith('/api/'), async (route) => {
    const p = new URL(route.request().url()).pathname;
    const file = p === '/' ? 'index.html' : p.startsWith('/match/') ? 'match.html' : p.startsWith('/rules/') ? 'rules.html'
      : p.startsWith('/learn/') ? 'learn.html' : p === '/puzzles' || p.startsWith('/puzzles/') ? 'puzzles.html' : p.slice(1);
    const full = path.resolve(dir, file);
    if (!full.startsWith(path.resolve(dir)) || !fs.existsSync(full)) return route.continue();
    await route.fulfill({ status: 200, contentType: `${TYPES[path.extname(full)] || 'application/octet-stream'}; charset=utf-8`, body: fs.readFileSync(full) });
  });
}

/** Waits until no piece is moving (Web Animations; the endless CSS pulses do not count). */
export async function piecesLanded(page, timeout = 15000) {
  await page.waitForFunction(() => document.getAnimations()
    .filter((a) => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition) && a.playState === 'running').length === 0, null, { timeout });
}

/** Saves the page at desktop size and at phone size: <name>-desktop.png, <name>-phone.png. */
export async function shoot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(200);
  await piecesLanded(page);
  const before = page.viewportSize();
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`) });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(before || DESKTOP);
  await page.waitForTimeout(150);
}

/** The JSON API, for checks made behind the page's back. */
export async function api(pathname, init) {
  const res = await fetch(`${BASE}${pathname}`, init);
  return { status: res.status, body: await res.json().catch(() => null) };
}
