// turns.js — correspondence play on the home page (docs/playing.md, "Correspondence"): the
// signed-in account's matches where it is its turn (GET /api/my-turn), each linking to its
// match, with the time left to move; and its e-mail settings (GET/POST /api/account/mail):
// an address, and whether to be e-mailed when it is its turn in a correspondence game.

import { h, fill, toast } from './dom.js';
import { t, gameTitle, currentLang } from './i18n.js';
import { call } from './api.js';

/** Time left as words: days and hours, or hours and minutes. */
export function timeLeft(ms) {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return t('turns.daysHours', { d: days, h: hours });
  return t('turns.hoursMinutes', { h: hours, m: minutes % 60 });
}

function item(m) {
  const against = m.opponents.length ? m.opponents.join(', ') : '—';
  return h('li', { dataset: { match: m.id } },
    h('a', { href: `/match/${m.id}`, class: 'button small primary' }, t('turns.play')), ' ',
    h('strong', {}, gameTitle(m.game, m.title)), ' ',
    h('span', {}, t('turns.against', { names: against })), ' ',
    m.left_ms == null ? null : h('span', { class: 'muted' }, t('turns.left', { time: timeLeft(m.left_ms) })));
}

function mailForm(settings) {
  const email = h('input', { type: 'email', id: 'mail-address', autocomplete: 'email', value: settings.email || '', 'aria-label': t('turns.email') });
  const on = h('input', { type: 'checkbox', id: 'mail-turns', checked: !!settings.turn_emails });
  const save = async () => {
    try {
      await call('POST', '/api/account/mail', { email: email.value.trim() || null, turn_emails: on.checked, lang: currentLang() });
      toast(t('turns.saved'));
    } catch (e) {
      toast(e.message, 'error');
    }
  };
  return h('div', { class: 'mail-settings' },
    h('label', { class: 'field' }, h('span', {}, t('turns.email')), email),
    h('label', { class: 'row' }, on, ' ', t('turns.emailMe')),
    h('button', { type: 'button', class: 'small', id: 'mail-save', onclick: save }, t('people.save')),
    settings.available ? null : h('p', { class: 'muted' }, t('turns.noMail')));
}

/** Fills `el` for a signed-in account (and shows it); leaves it hidden for guests. */
export async function renderTurns(el) {
  let turns;
  try {
    turns = await call('GET', '/api/my-turn');
  } catch {
    return; // not signed in, or unreachable: nothing to show
  }
  const settings = await call('GET', '/api/account/mail').catch(() => ({ available: false }));
  fill(el,
    h('h2', { id: 'turns-title' }, t('turns.title')),
    turns.matches.length
      ? h('ul', { class: 'turns-list', id: 'my-turn' }, ...turns.matches.map(item))
      : h('p', { class: 'muted', id: 'my-turn' }, t('turns.none')),
    mailForm(settings));
  el.hidden = false;
}
