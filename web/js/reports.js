// reports.js — the operator's page of reported chat messages (/reports.html, docs/api.md
// "Reports"). The operator token is typed in the page and kept in sessionStorage
// (`tabula.operator`) for this tab only; it is sent as `Authorization: Bearer`. Each reported
// message shows its match, author, text, reasons and how many reported it, with Hide
// (`POST /api/matches/{id}/chat/{message}/hide`) and Dismiss (`DELETE /api/reports/{message}`).
// Everything people wrote is put in the page as text, never as markup.

import { h, fill, toast } from './dom.js';
import { t } from './i18n.js';

const KEY = 'tabula.operator';
const $ = (id) => document.getElementById(id);

function token() {
  try {
    return sessionStorage.getItem(KEY) || '';
  } catch {
    return '';
  }
}

function keep(value) {
  try {
    if (value) sessionStorage.setItem(KEY, value); else sessionStorage.removeItem(KEY);
  } catch { /* kept nowhere: asked again */ }
}

async function call(method, path) {
  const res = await fetch(path, { method, headers: { authorization: `Bearer ${token()}` } });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const e = new Error(data?.error || String(res.status));
    e.status = res.status;
    throw e;
  }
  return data;
}

function when(ms) {
  return new Date(ms).toLocaleString(document.documentElement.lang || undefined);
}

async function show() {
  const el = $('reports');
  if (!token()) {
    fill(el, h('p', { class: 'muted' }, t('reports.needToken')));
    return;
  }
  let list;
  try {
    list = await call('GET', '/api/reports');
  } catch (e) {
    const why = e.status === 401 || e.status === 403 ? t('reports.refused') : e.message;
    fill(el, h('p', { class: 'error', dataset: { refused: '1' } }, why));
    return;
  }
  if (!list.reports.length) {
    fill(el, h('p', { class: 'muted', dataset: { empty: '1' } }, t('reports.none')));
    return;
  }
  const act = async (method, path, done) => {
    try {
      await call(method, path);
      toast(done);
      show();
    } catch (e) {
      toast(e.message, 'error');
    }
  };
  fill(el, h('ol', { class: 'reports-list' }, ...list.reports.map((r) => h('li', { class: 'report', dataset: { id: r.id } },
    h('p', { class: 'report-head' },
      h('b', { class: 'report-author' }, r.author), ' · ',
      h('span', {}, t(`chat.${r.room}`)), ' · ',
      h('a', { href: `/match/${encodeURIComponent(r.match)}`, class: 'report-match' }, t('reports.match')), ' · ',
      h('span', { class: 'muted' }, when(r.at))),
    h('blockquote', { class: 'report-text' }, r.text),
    h('p', { class: 'muted report-count' }, t('reports.count', { n: String(r.count) }),
      r.reasons.length ? ` — ${t('reports.reasons')} ` : '',
      ...r.reasons.flatMap((why, i) => [i ? ', ' : '', h('q', { class: 'report-reason' }, why)])),
    h('div', { class: 'row' },
      h('button', { type: 'button', class: 'small danger report-hide',
        onclick: () => act('POST', `/api/matches/${encodeURIComponent(r.match)}/chat/${encodeURIComponent(r.id)}/hide`, t('reports.hidden')) }, t('reports.hide')),
      h('button', { type: 'button', class: 'small report-dismiss',
        onclick: () => act('DELETE', `/api/reports/${encodeURIComponent(r.id)}`, t('reports.dismissed')) }, t('reports.dismiss')))))));
}

$('reports-token').addEventListener('submit', (e) => {
  e.preventDefault();
  keep($('reports-token-input').value.trim());
  $('reports-token-input').value = '';
  show();
});
$('reports-forget').addEventListener('click', () => {
  keep('');
  show();
});
show();
