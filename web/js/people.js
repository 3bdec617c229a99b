// people.js — who you are: a guest nickname made up at once and kept in this browser
// (localStorage `tabula.nickname`), or an account (docs/api.md "Names and accounts"); the
// names at a table; the "You" panel of the home page (nickname, sign up, sign in, log out,
// log out everywhere, delete the account, the players the account blocks). Names are always put in the page as text, never
// as markup.

import { h, fill, toast } from './dom.js';
import { ApiError } from './api.js';
import { t } from './i18n.js';

const NICK = 'tabula.nickname';

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(0, t('error.unreachable'));
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data?.error || `${res.status}`);
  return data;
}

/** This browser's nickname, made up at the first call ("Guest 4821"). */
export function nickname() {
  let name = null;
  try {
    name = localStorage.getItem(NICK);
  } catch { /* private mode: a new one each page */ }
  if (!name) {
    name = t('people.guestName', { n: String(1000 + Math.floor(Math.random() * 9000)) });
    setNickname(name);
  }
  return name;
}

export function setNickname(name) {
  try {
    localStorage.setItem(NICK, name);
  } catch { /* kept for this page only */ }
}

/** The signed-in account {name, created_at}, or null. */
export async function account() {
  try {
    return await call('GET', '/api/account');
  } catch {
    return null;
  }
}

/** Names this browser's seat of a match: the account's name, or the guest's nickname. */
export async function nameSeat(id, token) {
  const me = await account();
  return call('POST', `/api/matches/${id}/name`, me ? { token } : { token, name: nickname() });
}

/** The named seats of a match: {seat: {name, account}}. */
export async function players(id) {
  const r = await call('GET', `/api/matches/${id}/players`).catch(() => ({ players: [] }));
  return Object.fromEntries(r.players.map((p) => [p.seat, p]));
}

function field(label, input) {
  return h('label', { class: 'field' }, h('span', {}, label), input);
}

/** The "You" panel: who you are here, and what you may do about it. */
export async function renderYou(el) {
  const me = await account();
  if (me) {
    fill(el,
      h('p', { class: 'you-name' }, t('people.signedInAs'), ' ', h('a', { href: `/player.html?name=${encodeURIComponent(me.name)}`, dataset: { you: 'account' } }, me.name)),
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'small', onclick: () => act('POST', '/api/account/logout') }, t('people.logOut')),
        h('button', { type: 'button', class: 'small', onclick: () => act('POST', '/api/account/logout-everywhere') }, t('people.logOutEverywhere')),
        h('button', { type: 'button', class: 'small danger', onclick: () => remove() }, t('people.delete'))),
      blockList());
    return;
  }
  const nick = h('input', { value: nickname(), maxlength: 24, 'aria-label': t('people.nickname'), dataset: { you: 'nickname' } });
  const name = h('input', { autocomplete: 'username', maxlength: 24 });
  const password = h('input', { type: 'password', autocomplete: 'current-password', minlength: 8 });
  const creds = () => ({ name: name.value, password: password.value });
  fill(el,
    h('div', { class: 'row' }, field(t('people.nickname'), nick),
      h('button', { type: 'button', class: 'small', onclick: () => {
        setNickname(nick.value.trim());
        toast(t('people.nicknameSaved'));
      } }, t('people.save'))),
    h('p', { class: 'muted' }, t('people.accountWhy')),
    h('div', { class: 'row' }, field(t('people.name'), name), field(t('people.password'), password),
      h('button', { type: 'button', class: 'small primary', onclick: () => act('POST', '/api/account/login', creds()) }, t('people.signIn')),
      h('button', { type: 'button', class: 'small', onclick: () => act('POST', '/api/account', creds()) }, t('people.signUp'))));
}

/** The account's block list (`/api/me/blocks`), each name with Unblock. */
function blockList() {
  const list = h('ul', { class: 'blocks-list' });
  const show = async () => {
    const r = await call('GET', '/api/me/blocks').catch(() => ({ blocks: [] }));
    fill(list, ...r.blocks.map((b) => h('li', { dataset: { blocked: b.name } },
      h('a', { href: `/player.html?name=${encodeURIComponent(b.name)}` }, b.name), ' ',
      h('button', { type: 'button', class: 'link small', onclick: async () => {
        try {
          await call('DELETE', `/api/me/blocks/${encodeURIComponent(b.name)}`);
          toast(t('people.unblocked', { name: b.name }));
          show();
        } catch (e) {
          toast(e.message, 'error');
        }
      } }, t('people.unblock')))));
    if (!r.blocks.length) list.append(h('li', { class: 'muted' }, t('people.blocksNone')));
  };
  show();
  return h('details', { class: 'blocks' }, h('summary', {}, t('people.blocks')), list);
}

async function act(method, path, body) {
  try {
    await call(method, path, body);
    location.reload();
  } catch (e) {
    toast(e.message, 'error');
  }
}

async function remove() {
  const password = prompt(t('people.deleteConfirm'));
  if (password === null) return;
  await act('POST', '/api/account/delete', { password });
}
