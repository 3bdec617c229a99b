// chat.js — the chat of a match page: the players' room for the seated players (the
// spectators' room too once the game is over), the spectators' room for everyone else
// (docs/api.md "Chat"). Polled every few seconds. Messages are put in the page as text, never
// as markup. Mute hides an author's messages in this browser (localStorage `tabula.muted`);
// Report keeps the message for the operator.

import { h, fill, toast } from './dom.js';
import { t } from './i18n.js';
import { nickname } from './people.js';

const MUTED = 'tabula.muted';

function muted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED) || '[]'));
  } catch {
    return new Set();
  }
}

function toggleMute(author) {
  const set = muted();
  if (set.has(author)) set.delete(author); else set.add(author);
  try {
    localStorage.setItem(MUTED, JSON.stringify([...set]));
  } catch { /* for this page only */ }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(data?.error || String(res.status));
  return data;
}

/** Shows the chat of match `id` in `el` (`token`: this browser's seat, or null). */
export function startChat(el, id, token, state) {
  const list = h('ol', { class: 'chat-list', 'aria-live': 'polite' });
  const note = h('p', { class: 'muted chat-note' });
  const input = h('input', { maxlength: 500, placeholder: t('chat.placeholder'), 'aria-label': t('chat.placeholder') });
  const send = async () => {
    const text = input.value.trim();
    if (!text) return;
    try {
      await call('POST', `/api/matches/${id}/chat`, token ? { token, text } : { name: nickname(), text });
      input.value = '';
      refresh();
    } catch (e) {
      toast(e.message, 'error');
    }
  };
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') send(); });
  fill(el, list, note, h('div', { class: 'chat-send' }, input, h('button', { type: 'button', class: 'small', onclick: send }, t('chat.send'))));

  async function refresh() {
    let r;
    try {
      r = await call('GET', `/api/matches/${id}/chat${token ? `?token=${encodeURIComponent(token)}` : ''}`);
    } catch {
      return;
    }
    const hide = muted();
    const shown = r.messages.filter((m) => !hide.has(m.author));
    fill(list, ...shown.map((m) => h('li', { class: `chat-msg ${m.room}`, dataset: { id: m.id } },
      r.rooms.length > 1 ? h('span', { class: 'chat-room' }, t(`chat.${m.room}`)) : null,
      h('b', { class: 'chat-author' }, m.author), ' ',
      h('span', { class: 'chat-text' }, m.text), ' ',
      h('button', { type: 'button', class: 'link small', onclick: () => { toggleMute(m.author); refresh(); } }, t('chat.mute')),
      h('button', { type: 'button', class: 'link small', onclick: async () => {
        try {
          await call('POST', `/api/matches/${id}/chat/${m.id}/report`, {});
          toast(t('chat.reported'));
        } catch (e) {
          toast(e.message, 'error');
        }
      } }, t('chat.report')))));
    if (!shown.length) list.append(h('li', { class: 'muted' }, t('chat.empty')));
    // The note keeps its place (people.css), shown or not, so that the page never moves.
    note.textContent = token && !state()?.status?.over ? t('chat.spectatorsLater') : '';
  }
  refresh();
  setInterval(() => document.visibilityState === 'visible' && refresh(), 4000);
}
