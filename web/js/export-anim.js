// export-anim.js — a finished match as one self-contained animated SVG: every position of the
// match drawn by the game's own renderer (off screen, one position after another), each frame
// its board with the move that led to it written underneath, shown in turn by SMIL
// (`<animate>` on `visibility`, about a second per move, the last position held longer). The
// styles the board takes from the page's CSS are written into the file's own style sheet (each
// distinct style once, as a class), so that the file renders alone; a game drawn plainly
// (games/generic.js) becomes its board text in monospace.

import { t } from './i18n.js';
import * as shell from './shell.js';

const NS = 'http://www.w3.org/2000/svg';
const MOVE_S = 1; // seconds per move
const LAST_S = 3; // the final position stays a little longer
const CAPTION_H = 56;
/** The computed properties written onto each element of a board. */
const PROPS = ['fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray',
  'stroke-linecap', 'stroke-linejoin', 'opacity', 'font-family', 'font-size', 'font-weight', 'font-style',
  'text-anchor', 'dominant-baseline', 'paint-order', 'visibility', 'display', 'color'];

/** The properties an element takes from its parent; the others start from `INITIAL`. */
const INHERITED = new Set(PROPS.filter((p) => !['opacity', 'display'].includes(p)));
const INITIAL = { opacity: '1', display: 'inline' };
const FRAMED = new Set(['visibility', 'display']);

const esc = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The board of one position: every SVG the renderer drew, with its styles written in and its
 * ids made unique to frame `k`, at its place in `host` (its styles as classes of `styles`); or the text of a plain board. */
function snapshot(host, k, styles) {
  const box = host.getBoundingClientRect();
  const svgs = [...host.querySelectorAll('svg')].filter((el) => !el.parentElement.closest('svg'));
  if (!svgs.length) {
    const lines = (host.textContent || '').replace(/\n$/, '').split('\n');
    const width = Math.max(20, ...lines.map((l) => l.length)) * 11 + 40;
    const text = lines.map((l, i) => `<tspan x="20" y="${36 + i * 22}">${esc(l)}</tspan>`).join('');
    return { width, height: lines.length * 22 + 40, body: `<text font-family="monospace" font-size="18" fill="currentColor" xml:space="preserve">${text}</text>` };
  }
  let width = 0;
  let height = 0;
  const parts = svgs.map((svg) => {
    const r = svg.getBoundingClientRect();
    if (!r.width || !r.height) return '';
    const copy = svg.cloneNode(true);
    const from = [svg, ...svg.querySelectorAll('*')];
    const to = [copy, ...copy.querySelectorAll('*')];
    const seen = new Map();
    from.forEach((el, i) => {
      const css = getComputedStyle(el);
      const values = Object.fromEntries(PROPS.map((p) => [p, css.getPropertyValue(p)]));
      seen.set(el, values);
      const parent = seen.get(el.parentElement);
      // Only what differs from what the element inherits or starts with keeps the file small.
      // The frame decides whether its board shows: no board says so itself.
      const own = PROPS.filter((p) => (parent ? (INHERITED.has(p) ? values[p] !== parent[p] : values[p] !== INITIAL[p]) : !FRAMED.has(p)));
      const out = to[i];
      for (const a of [...out.attributes]) {
        if (a.name === 'class' || a.name === 'style' || a.name === 'role' || a.name === 'tabindex' || a.name.startsWith('aria-') || a.name.startsWith('data-')) out.removeAttribute(a.name);
      }
      // Each distinct style once, in the file's own style sheet.
      if (own.length) {
        const rule = own.map((p) => `${p}:${values[p]}`).join(';');
        if (!styles.has(rule)) styles.set(rule, `s${styles.size}`);
        out.setAttribute('class', styles.get(rule));
      }
      // Pieces are placed by CSS transforms (anim.js): written as the attribute every viewer reads.
      if (css.transform && css.transform !== 'none' && el !== svg) out.setAttribute('transform', css.transform);
    });
    const ids = to.filter((el) => el.id).map((el) => el.id);
    for (const el of to) {
      if (el.id) el.id = `f${k}-${el.id}`;
      for (const a of [...el.attributes]) {
        let v = a.value;
        for (const id of ids) v = v.split(`#${id})`).join(`#f${k}-${id})`).replace(new RegExp(`^#${id}$`), `#f${k}-${id}`);
        if (v !== a.value) el.setAttribute(a.name, v);
      }
    }
    const x = r.left - box.left;
    const y = r.top - box.top;
    width = Math.max(width, x + r.width);
    height = Math.max(height, y + r.height);
    for (const [name, value] of [['x', x], ['y', y], ['width', r.width], ['height', r.height]]) copy.setAttribute(name, String(Math.round(value)));
    copy.removeAttribute('role');
    return new XMLSerializer().serializeToString(copy);
  });
  return { width: Math.ceil(width), height: Math.ceil(height), body: parts.join('') };
}

/** The words under frame `k`: the move that led to it, or the start. */
function caption(game, state, views) {
  const e = state.last;
  if (!e) return t('export.start');
  const words = shell.describe(game, state, e, views);
  return `${state.ply}. ${words}${e.action ? ` (${e.action})` : ''}`;
}

/** The SMIL that shows frame `k` of `n` from `begin` to `end` seconds of a loop of `total`. */
function timing(begin, end, total) {
  const b = (begin / total).toFixed(4);
  const e = (end / total).toFixed(4);
  let values = 'hidden;visible;hidden';
  let keys = `0;${b};${e}`;
  if (begin === 0 && end >= total) return '';
  if (begin === 0) [values, keys] = ['visible;hidden', `0;${e}`];
  else if (end >= total) [values, keys] = ['hidden;visible', `0;${b}`];
  return `<animate attributeName="visibility" calcMode="discrete" values="${values}" keyTimes="${keys}" dur="${total}s" repeatCount="indefinite"/>`;
}

/**
 * The animated SVG of a match, as text.
 * @param {object} game the game's renderer module
 * @param {object} live the match's present state
 * @param {(k: number) => object} stateAt the state at ply `k` (history.js)
 * @param {object[]|null} views the views by ply, for the words of each move
 */
export function buildAnimation(game, live, stateAt, views) {
  const host = document.createElement('div');
  host.className = 'board export-board';
  host.dataset.game = live.game;
  host.setAttribute('aria-hidden', 'true');
  Object.assign(host.style, { position: 'fixed', left: '-10000px', top: '0', width: '740px' });
  document.body.append(host);
  const noop = () => {};
  const frames = [];
  const styles = new Map();
  try {
    const renderer = game.create(host, { choose: noop, act: noop, redrawChoice: noop });
    for (let k = 0; k <= live.ply; k++) {
      const state = k === live.ply ? { ...live, legal: [] } : stateAt(k);
      if (!state) throw new Error(t('export.missing', { ply: k }));
      renderer.update(state, null, { animate: false });
      frames.push({ ...snapshot(host, k, styles), caption: caption(game, state, views) });
    }
  } finally {
    host.remove();
  }
  const page = getComputedStyle(document.body);
  const opaque = (c) => c && c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c);
  const background = [page.backgroundColor, getComputedStyle(document.documentElement).backgroundColor].find(opaque) || '#ffffff';
  const width = Math.max(320, ...frames.map((f) => f.width));
  const height = Math.max(...frames.map((f) => f.height)) + CAPTION_H;
  const total = (frames.length - 1) * MOVE_S + LAST_S;
  const body = frames.map((f, k) => {
    const begin = k * MOVE_S;
    const end = k === frames.length - 1 ? total : begin + MOVE_S;
    const shown = k === frames.length - 1 ? 'visible' : 'hidden';
    return `<g class="frame" data-ply="${k}" visibility="${shown}">${timing(begin, end, total)}`
      + `<svg x="0" y="0" width="${f.width}" height="${f.height}" overflow="visible">${f.body}</svg>`
      + `<text x="${width / 2}" y="${height - CAPTION_H / 2 + 6}" text-anchor="middle" font-family="sans-serif" font-size="18">${esc(f.caption)}</text></g>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="${NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`
    + ` color="${esc(page.color)}" fill="${esc(page.color)}">\n<title>${esc(t('export.title', { game: game.title?.(live) || live.game, id: live.id }))}</title>\n`
    + `<style>\n${[...styles].map(([rule, name]) => `.${name}{${esc(rule)}}`).join('\n')}\n</style>\n`
    + `<rect width="100%" height="100%" fill="${esc(background)}"/>\n${body}\n</svg>\n`;
}

/** Builds the animation and offers it as a file to save. */
export function downloadAnimation(game, live, stateAt, views) {
  const text = buildAnimation(game, live, stateAt, views);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${live.game}-${live.id}.svg`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return text;
}
