// i18n.js — the UI's language: English, French or Czech, from the choice remembered in this
// browser (localStorage), else the browser's languages (navigator.languages), else English.
// t(key, params) gives the string of the current language (English when a key is missing),
// {name} placeholders filled from params; a string given as {one, few, other} is a plural,
// chosen by params.n (English and French: one / other; Czech: 1 / 2–4 / 5+). The header of
// every page gets a language selector; static texts of the pages carry data-i18n (text),
// data-i18n-label (aria-label), data-i18n-title (title) or data-i18n-content (meta content)
// attributes.

import en from './i18n/en.js';
import fr from './i18n/fr.js';
import cs from './i18n/cs.js';

/** The languages, by code, with their own names. */
export const LANGS = { en: 'English', fr: 'Français', cs: 'Čeština' };
const DICTS = { en, fr, cs };
const KEY = 'tabula.lang';

/** The language to use: the remembered choice, else the first of the browser's we have. */
export function pickLang(stored, preferred) {
  if (stored && DICTS[stored]) return stored;
  for (const tag of preferred || []) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (DICTS[base]) return base;
  }
  return 'en';
}

function stored() {
  try {
    return globalThis.localStorage?.getItem(KEY) || null;
  } catch {
    return null;
  }
}

let lang = pickLang(stored(), globalThis.navigator?.languages || [globalThis.navigator?.language]);

/** The current language code. */
export function currentLang() {
  return lang;
}

/** The plural form of `n` in `code`: 'one', 'few' (Czech 2–4) or 'other'. */
export function pluralForm(code, n) {
  const k = Math.abs(Number(n));
  if (code === 'cs') {
    if (k === 1) return 'one';
    if (Number.isInteger(k) && k >= 2 && k <= 4) return 'few';
    return 'other';
  }
  if (code === 'fr') return k < 2 ? 'one' : 'other';
  return k === 1 ? 'one' : 'other';
}

/** The string of `key` in language `code` (English when missing), placeholders filled. */
export function translate(code, key, params = {}) {
  let v = DICTS[code]?.[key] ?? en[key];
  if (v === undefined) return key;
  if (typeof v === 'object') v = v[pluralForm(code, params.n)] ?? v.other;
  return v.replace(/\{(\w+)\}/g, (m, name) => (params[name] === undefined ? m : String(params[name])));
}

/** The string of `key` in the current language. */
export function t(key, params) {
  return translate(lang, key, params);
}

/** Joins names as a sentence does: "A, B and C". */
export function list(names) {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')}${t('common.and')}${names[names.length - 1]}`;
}

/** Switches the language, remembers it and reloads the page in it. */
export function setLang(code) {
  if (!DICTS[code]) return;
  try {
    localStorage.setItem(KEY, code);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  lang = code;
  location.reload();
}

/** A game's title in the current language (the server's when there is no other). */
export function gameTitle(name, fallback) {
  const key = `game.${name}`;
  const text = t(key);
  return text === key ? fallback : text;
}

/** Translates the static texts of the page and adds the language selector to its header. */
export function setupPage() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  for (const el of document.querySelectorAll('[data-i18n-content]')) el.setAttribute('content', t(el.dataset.i18nContent));
  for (const el of document.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  const nav = document.querySelector('.topbar .topnav');
  if (nav && !document.getElementById('lang')) {
    const sel = document.createElement('select');
    sel.id = 'lang';
    sel.className = 'lang';
    sel.setAttribute('aria-label', t('common.language'));
    for (const [code, name] of Object.entries(LANGS)) {
      const o = document.createElement('option');
      o.value = code;
      o.lang = code;
      o.textContent = name;
      sel.append(o);
    }
    sel.value = lang;
    sel.addEventListener('change', () => setLang(sel.value));
    nav.append(sel);
  }
}

if (globalThis.document) setupPage();
