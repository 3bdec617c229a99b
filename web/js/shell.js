// shell.js — the parts of the match page every game shares: the players (colour, who sits
// there, whose turn, per-game status), the turn line (your turn / a bot thinking / waiting for
// a friend), the prompt bar (what to choose now, choice buttons, back), the move list with
// notation, the invite links, the result banner and the connection indicator.

import { h, fill } from './dom.js';
import { inviteLink } from './api.js';

const MAX_MOVES = 300;

export function seatKind(seat, you) {
  if (seat.kind === 'bot') return `Bot · ${seat.level}`;
  if (seat.seat === you) return 'You';
  if (seat.joined) return 'Player';
  return seat.open ? 'Open seat (anyone can join)' : 'Invited (not here yet)';
}

/** A short label for a seat: the game's name for it ("Yellow"), or "Seat n". */
export function label(game, state, n) {
  return game.seatLabel ? game.seatLabel(state, n) : `Seat ${n}`;
}

function dot(colour) {
  return h('span', { class: 'seat-dot', style: { background: colour }, 'aria-hidden': 'true' });
}

export function renderPlayers(el, game, state) {
  const toAct = new Set(state.status.to_act);
  const winners = new Set(state.status.result?.winners || []);
  fill(el, ...state.seats.map((seat) => {
    const n = seat.seat;
    const acting = toAct.has(n) && !state.status.over;
    const thinking = acting && seat.kind === 'bot';
    return h('div', {
      class: `player${acting ? ' acting' : ''}${n === state.you ? ' me' : ''}${winners.has(n) ? ' winner' : ''}`,
      dataset: { seat: n },
      'aria-label': `${label(game, state, n)}: ${seatKind(seat, state.you)}${acting ? ', to play' : ''}`,
    },
    game.seatIcon ? game.seatIcon(state, n) : dot(game.seatColour(state, n)),
    h('div', { class: 'player-main' },
      h('div', { class: 'player-name' }, label(game, state, n),
        n === state.you ? h('span', { class: 'badge you' }, 'you') : null,
        winners.has(n) ? h('span', { class: 'badge win' }, '★ winner') : null),
      h('div', { class: 'player-kind' }, seatKind(seat, state.you),
        thinking ? h('span', { class: 'thinking', role: 'img', 'aria-label': 'thinking' }, h('i'), h('i'), h('i')) : null)),
    h('div', { class: 'player-stats' }, game.seatStats ? game.seatStats(state, n) : null));
  }));
}

/** The sentence saying whose turn it is. */
export function turnText(game, state) {
  const st = state.status;
  if (st.over) return resultText(game, state);
  const custom = game.turnText?.(state);
  if (custom) return custom;
  if (st.chance) return 'The game is drawing…';
  const mine = st.to_act.includes(state.you);
  if (mine && st.to_act.length === 1) return 'Your turn';
  if (mine) return 'Your move — everyone may act now';
  const who = st.to_act.map((n) => {
    const seat = state.seats[n - 1];
    return seat?.kind === 'bot' ? `${label(game, state, n)} (bot) is thinking…` : `Waiting for ${label(game, state, n)}…`;
  });
  return who.join(' ') || 'Waiting…';
}

export function resultText(game, state) {
  const r = state.status.result;
  if (!r) return 'The game is over';
  if (r.reason === 'ply_limit') return 'Draw: the ply limit was reached';
  const w = r.winners || [];
  if (w.length === 0 || (r.reason === 'draw' && w.length !== 1)) return 'Draw';
  if (w.length > 1) {
    const names = w.map((n) => label(game, state, n)).join(' and ');
    return w.includes(state.you) ? `You share the win with ${w.filter((n) => n !== state.you).map((n) => label(game, state, n)).join(' and ')}` : `${names} share the win`;
  }
  if (w[0] === state.you) return 'You win!';
  return `${label(game, state, w[0])} wins`;
}

/** The prompt bar: what to do now, the button choices, a back button. */
export function renderPrompt(el, game, state, chooser, extra) {
  const opts = chooser.options();
  const kinds = chooser.kinds();
  const mine = state.legal.length > 0 && !state.status.over;
  el.dataset.chosen = chooser.chosen.join(' ');
  el.dataset.step = chooser.locked ? 'sending' : [...kinds].join(' ') || 'idle';
  const text = chooser.locked ? 'Sending…'
    : mine ? game.prompt(kinds, chooser.chosenSteps(), state) : '';
  const buttons = [...opts.values()].filter((st) => st.button).map((st) => h('button', {
    type: 'button',
    class: `choice${st.primary ? ' primary' : ''}${st.big ? ' big' : ''}`,
    dataset: { choice: st.v },
    title: st.title || null,
  }, st.icon ? h('span', { class: 'choice-icon', html: st.icon }) : null, st.label || st.v));
  const back = chooser.canBack()
    ? h('button', { type: 'button', class: 'ghost back', dataset: { back: '1' }, title: 'Undo the last choice (Esc)' }, '← Back')
    : null;
  fill(el,
    text ? h('p', { class: 'prompt-text' }, text) : null,
    buttons.length || back || extra ? h('div', { class: 'prompt-buttons' }, buttons, extra, back) : null);
  el.hidden = !text && !buttons.length && !extra;
}

export function renderMoves(el, game, state) {
  const log = state.log || [];
  const actor = (a) => {
    if (a === 'chance') return h('span', { class: 'actor chance' }, 'chance');
    if (a === 'host') return h('span', { class: 'actor host' }, 'host');
    return h('span', { class: 'actor' }, dot(game.seatColour(state, a)), label(game, state, a));
  };
  const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  // Long real-time games log thousands of entries: the list keeps the most recent ones.
  const from = Math.max(0, log.length - MAX_MOVES);
  fill(el, from ? h('li', { class: 'empty' }, `${from} earlier entries`) : null, ...log.slice(from).map((e, i, shown) => h('li', {
    class: i === shown.length - 1 ? 'last' : null,
    dataset: { ply: e.ply },
    title: game.describe?.(e, state) || null,
  }, h('span', { class: 'ply' }, e.ply + 1), actor(e.actor),
  h('code', { class: 'notation' }, e.action ?? '(hidden)'))));
  if (!log.length) el.append(h('li', { class: 'empty' }, 'No move yet.'));
  if (atBottom || log.length < 3) el.scrollTop = el.scrollHeight;
}

export function renderInvites(el, game, state, mine) {
  const invites = mine?.invites || {};
  // Invited seats whose friend has not arrived yet (lobby seats have no link to pass on).
  const waiting = state.seats.filter((s) => s.kind === 'human' && !s.open && !s.joined && s.seat !== state.you);
  const rows = waiting.filter((s) => invites[s.seat]).map((s) => {
    const link = inviteLink(state.id, invites[s.seat]);
    return h('div', { class: 'invite' },
      h('span', { class: 'invite-label' }, dot(game.seatColour(state, s.seat)), label(game, state, s.seat)),
      h('input', { class: 'invite-link', readonly: true, value: link, 'aria-label': `invite link for ${label(game, state, s.seat)}`, dataset: { seat: s.seat }, onfocus: (e) => e.target.select() }),
      h('button', {
        type: 'button', class: 'small', onclick: async (e) => {
          try {
            await navigator.clipboard.writeText(link);
            e.target.textContent = 'Copied';
          } catch {
            e.target.previousSibling.select();
          }
        },
      }, 'Copy'));
  });
  el.hidden = rows.length === 0;
  fill(el, rows.length ? h('h2', {}, 'Invite your friends') : null,
    rows.length ? h('p', { class: 'muted' }, 'Send each friend their link: it holds their seat.') : null, rows);
}

export function renderResult(el, game, state, onClose) {
  if (!state.status.over) {
    el.hidden = true;
    return;
  }
  const r = state.status.result || {};
  const you = state.you;
  const won = (r.winners || []).includes(you);
  const scores = r.scores && r.scores.length
    ? h('ol', { class: 'scores' }, ...state.seats.map((s) => s.seat)
      .sort((a, b) => (r.ranks?.[a - 1] ?? 0) - (r.ranks?.[b - 1] ?? 0))
      .map((n) => h('li', {}, dot(game.seatColour(state, n)), label(game, state, n), h('b', {}, ` ${r.scores[n - 1]}`))))
    : null;
  el.hidden = false;
  el.className = `result${won ? ' won' : ''}`;
  fill(el, h('div', { class: 'result-card', role: 'status' },
    h('div', { class: 'result-emblem', 'aria-hidden': 'true' }, won ? '★' : r.reason === 'win' || r.reason === 'score' ? '◆' : '='),
    h('h2', { id: 'result-title' }, resultText(game, state)),
    game.resultDetail ? h('p', {}, game.resultDetail(state)) : null,
    scores,
    h('div', { class: 'result-actions' },
      h('a', { class: 'button primary', href: `/?game=${state.game}` }, 'New game'),
      h('button', { type: 'button', class: 'ghost', onclick: onClose }, 'See the board'))));
}
