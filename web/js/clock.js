// clock.js — chess clocks and presence on the match page, and the clock choice of the home
// page's form (docs/api.md, "Clocks" and "Presence").
//
// The server is the clock's authority: every state it sends carries each seat's time left
// (`clocks.left_ms`) and whose clocks run (`clocks.running`). Between two states the page
// counts the running clocks down from the moment the state arrived (never from the
// computer's own date, which may be off), and a flag that falls is told by the server's next
// push, which ends the match. Low time (under LOW_MS) is shown in bold red with a warning
// sign, not by colour alone. Each human seat's card also says in words whether its player is
// online or away.

import { h } from './dom.js';
import { t } from './i18n.js';

/** Below this much time left a clock shows low-time emphasis. */
export const LOW_MS = 20_000;

/** The clock choices of the creation form: [initial seconds, increment seconds]. */
export const CHOICES = [[180, 2], [300, 5], [900, 10]];

/** The correspondence choices: days per move. */
export const DAYS = [1, 2, 3, 7, 14];

const received = new WeakMap(); // state → performance.now() when it arrived
let ticking = null;
let current = null; // the live state whose clocks are shown

/** Notes when `state` arrived (call it as each state comes in, before it is drawn). */
export function stamp(state) {
  if (state && typeof state === 'object' && !received.has(state)) received.set(state, performance.now());
}

/** `ms` as the clock shows it: m:ss, or s.d under ten seconds; h:mm:ss from an hour; days
 * and h:mm from a day (correspondence). */
export function format(ms) {
  const clamped = Math.max(0, ms);
  if (clamped >= 86_400_000) {
    const minutes = Math.floor(clamped / 60_000);
    return `${Math.floor(minutes / 1440)} d ${Math.floor((minutes % 1440) / 60)}:${String(minutes % 60).padStart(2, '0')}`;
  }
  if (clamped < 10_000) return `0:0${(Math.floor(clamped / 100) / 10).toFixed(1)}`;
  const total = Math.floor(clamped / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Seat `n`'s time left now, counted down from the state's arrival if its clock runs. */
export function leftNow(state, n) {
  const c = state.clocks;
  const left = c.left_ms[n - 1] ?? 0;
  if (!c.running.includes(n) || state.status.over) return left;
  const since = performance.now() - (received.get(state) ?? performance.now());
  return Math.max(0, left - since);
}

function paint(el, state, n) {
  const left = leftNow(state, n);
  const running = state.clocks.running.includes(n) && !state.status.over;
  const low = left < LOW_MS;
  el.classList.toggle('running', running);
  el.classList.toggle('low', low);
  el.dataset.ms = String(Math.round(left));
  el.querySelector('.clock-time').textContent = format(left);
  el.querySelector('.clock-low').hidden = !low;
  el.setAttribute('aria-label', `${t(running ? 'clock.runningLabel' : 'clock.label', { time: format(left) })}${low ? ` — ${t('clock.low')}` : ''}`);
}

function tick() {
  if (!current?.clocks) return;
  for (const el of document.querySelectorAll('.clock[data-seat]')) paint(el, current, Number(el.dataset.seat));
}

/** Adds each seat's clock (if the match has clocks) and presence (human seats) to the player
 * cards that `shell.renderPlayers` drew in `el`, for the live `state`. */
export function renderCards(el, state) {
  current = state;
  for (const seat of state.seats) {
    const card = el.querySelector(`.player[data-seat="${seat.seat}"]`);
    if (!card) continue;
    const main = card.querySelector('.player-main') || card;
    if (seat.presence) {
      const online = seat.presence === 'online';
      main.append(h('div', { class: `presence ${online ? 'online' : 'away'}`, dataset: { presence: seat.presence } },
        h('span', { class: 'presence-dot', 'aria-hidden': 'true' }),
        online ? t('presence.online') : t('presence.away')));
    }
    if (state.clocks) {
      const clock = h('div', { class: 'clock', role: 'timer', dataset: { seat: seat.seat } },
        h('span', { class: 'clock-low', 'aria-hidden': 'true', hidden: true }, '⚠'),
        h('span', { class: 'clock-time' }));
      card.append(clock);
      paint(clock, state, seat.seat);
    }
  }
  if (state.clocks && !state.status.over && !ticking) ticking = setInterval(tick, 100);
  if ((!state.clocks || state.status.over) && ticking) {
    clearInterval(ticking);
    ticking = null;
  }
}

/** The clock field of the creation form (none for games played in real time). */
export function clockField(realTime) {
  if (realTime) return null;
  return h('label', { class: 'row clock-row' }, t('home.clock'), ' ',
    h('select', { id: 'clock-choice' },
      h('option', { value: '' }, t('home.clockNone')),
      ...CHOICES.map(([initial, increment]) => h('option', { value: `${initial}+${increment}` },
        t('home.clockChoice', { min: initial / 60, inc: increment }))),
      ...DAYS.map((n) => h('option', { value: `d${n}` }, t('home.clockDays', { n })))));
}

/** The creation request's `clock` for the form's choice, or null for none. */
export function clockRequest() {
  const value = document.getElementById('clock-choice')?.value;
  if (!value) return null;
  if (value.startsWith('d')) return { days_per_move: Number(value.slice(1)) };
  const [initial, increment] = value.split('+').map(Number);
  return { initial_s: initial, increment_s: increment };
}
