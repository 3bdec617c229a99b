// dom.js — tiny helpers to build HTML and SVG elements without a framework.
// h('div', {class: 'x', onclick: fn}, child, 'text') builds HTML; s('circle', {...}) builds SVG.
// Attributes whose value is null/undefined/false are skipped; `on<event>` keys add listeners;
// `style` may be an object; `dataset` may be an object of data-* values.

import { t } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

function apply(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
    } else if (k === 'style' && typeof v === 'object') {
      Object.assign(el.style, v);
    } else if (k === 'dataset') {
      for (const [dk, dv] of Object.entries(v)) if (dv !== null && dv !== undefined) el.dataset[dk] = dv;
    } else if (k === 'text') {
      el.textContent = v;
    } else if (k === 'html') {
      el.innerHTML = v;
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** An HTML element. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  apply(el, attrs);
  return append(el, children);
}

/** An SVG element. A labelled group gets the role that allows a label (a group). */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, attrs);
  labelledGroup(el);
  return append(el, children);
}

/** Gives a labelled SVG `g` without a role the role `group`: an `aria-label` is allowed on
 * an element with a role only, and a group may hold choosable pieces. */
export function labelledGroup(el) {
  if (el.tagName === 'g' && el.hasAttribute('aria-label') && !el.hasAttribute('role')) el.setAttribute('role', 'group');
  return el;
}

/** Removes every child of an element, then appends the given children. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Escapes text for use inside HTML markup. */
export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
  })[c]);
}

/** Short "x seconds/minutes ago" text for a timestamp in milliseconds. */
export function ago(ms) {
  const d = Math.max(0, Date.now() - ms) / 1000;
  if (d < 60) return t('ago.now');
  if (d < 3600) return t('ago.min', { n: Math.floor(d / 60) });
  if (d < 86400) return t('ago.h', { n: Math.floor(d / 3600) });
  return t('ago.d', { n: Math.floor(d / 86400) });
}

/** Whether the user asked for less motion. */
export function reducedMotion() {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** A short-lived message at the bottom of the screen. */
export function toast(text, kind = 'info') {
  let box = document.getElementById('toasts');
  if (!box) {
    box = h('div', { id: 'toasts', class: 'toasts', 'aria-live': 'assertive' });
    document.body.append(box);
  }
  const t = h('div', { class: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
  box.append(t);
  setTimeout(() => t.classList.add('leaving'), 4200);
  setTimeout(() => t.remove(), 4700);
}

/** Whether a board container is narrow (a phone held upright): boards then use a tall shape. */
export function narrow(el) {
  const w = el.clientWidth || window.innerWidth;
  return w < 600;
}
