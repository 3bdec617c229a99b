// chat.js — the chat of a match page: the players' room for the seated players (the
// spectators' room too once the game is over), the spectators' room for everyone else
// (docs/api.md "Chat"). Read once over HTTP, then kept live by the match's WebSocket
// (`chat`, `chat_hidden` and `chat_resync` pushes, handed over by live.js): no polling.
// Messages are put in the page as text, never as markup. Mute hides an author's messages in
// this browser (localStorage `tabula.muted`); Block (signed in, an account's message) puts
// the author on the account's block list (`/api/me/blocks`); Report keeps the message for
// the operator.

import { h, fill, toast } from './dom.js';
import { t } from './i18n.js';
import { call } from './api.js';
import { account, nickname } from './people.js';

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

/**
 * Shows the chat of match `id` in `el` (`token`: this browser's seat, or null; `state()`: the
 * match as shown). Returns the hooks live.js calls: `push(msg)` for a chat push, `reload()`
 * after the socket (re)opened, `onState(state)` on every state.
 */
export function startChat(el, id, token, state) {
  const list = h('ol', { class: 'chat-list', 'aria-live': 'polite' });
  const note = h('p', { class: 'muted chat-note' });
  const input = h('input', { maxlength: 500, placeholder: t('chat.placeholder'), 'aria-label': t('chat.placeholder') });
  /** The messages shown, by id (in the order of their ids), and the rooms read. */
  let messages = new Map();
  let rooms = [];
  let me = null;
  let over = Boolean(state()?.status?.over);
  const send = async () => {
    const text = input.value.trim();
    if (!text) return;
    try {
      const sent = await call('POST', `/api/matches/${id}/chat`, token ? { token, text } : { name: nickname(), text });
      input.value = '';
      // The socket pushes it too; shown at once in case the socket is down.
      add(sent);
    } catch (e) {
      toast(e.message, 'error');
    }
  };
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') send(); });
  fill(el, list, note, h('div', { class: 'chat-send' }, input, h('button', { type: 'button', class: 'small', onclick: send }, t('chat.send'))));

  function add(m) {
    if (!m || typeof m.id !== 'string' || messages.has(m.id)) return;
    messages.set(m.id, m);
    messages = new Map([...messages].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
    render();
  }

  async function block(author) {
    try {
      await call('POST', '/api/me/blocks', { name: author });
      toast(t('chat.blocked', { name: author }));
      reload();
    } catch (e) {
      toast(e.message, 'error');
    }
  }

  function render() {
    const hide = muted();
    const shown = [...messages.values()].filter((m) => !hide.has(m.author));
    fill(list, ...shown.map((m) => h('li', { class: `chat-msg ${m.room}`, dataset: { id: m.id } },
      rooms.length > 1 ? h('span', { class: 'chat-room' }, t(`chat.${m.room}`)) : null,
      h('b', { class: 'chat-author' }, m.author), ' ',
      h('span', { class: 'chat-text' }, m.text), ' ',
      h('button', { type: 'button', class: 'link small', onclick: () => { toggleMute(m.author); render(); } }, t('chat.mute')),
      me && m.account && m.author !== me.name
        ? h('button', { type: 'button', class: 'link small chat-block', onclick: () => block(m.author) }, t('chat.block'))
        : null,
      h('button', { type: 'button', class: 'link small', onclick: async () => {
        try {
          await call('POST', `/api/matches/${id}/chat/${m.id}/report`, {});
          toast(t('chat.reported'));
        } catch (e) {
          toast(e.message, 'error');
        }
      } }, t('chat.report')))));
    if (!shown.length) list.append(h('li', { class: 'muted' }, t('chat.empty')));
    // The newest message in sight (the list keeps a fixed height).
    list.scrollTop = list.scrollHeight;
    // The note keeps its place (people.css), shown or not, so that the page never moves.
    note.textContent = token && !over ? t('chat.spectatorsLater') : '';
  }

  async function reload() {
    let r;
    try {
      r = await call('GET', `/api/matches/${id}/chat${token ? `?token=${encodeURIComponent(token)}` : ''}`);
    } catch {
      return;
    }
    rooms = r.rooms;
    messages = new Map(r.messages.map((m) => [m.id, m]));
    render();
  }

  account().then((a) => {
    me = a;
    render();
  });
  reload();
  return {
    push(msg) {
      if (msg.type === 'chat') add(msg.message);
      else if (msg.type === 'chat_hidden' && messages.delete(msg.id)) render();
      else if (msg.type === 'chat_resync') reload();
    },
    reload,
    onState(s) {
      // At the end the players may read the spectators' room too.
      const now = Boolean(s?.status?.over);
      if (now !== over) {
        over = now;
        reload();
      }
    },
  };
}
