// shell.js — the parts of the match page every game shares: the players (colour, who sits
// there, whose turn, per-game status), the turn line (your turn / a bot thinking / waiting for
// a friend), the prompt bar (what to choose now, choice buttons, back), the move list with
// notation, the invite links, the result banner and the connection indicator.

import { h, fill } from './dom.js';
import { inviteLink, watchLink } from './api.js';
import { t, list } from './i18n.js';

const MAX_MOVES = 300;

/** Who sits at a seat: a bot's level (with its estimated rating), or the person's name (`names`: {seat: {name}}, from
 * /api/matches/{id}/players), or what the seat is while nobody named it. */
export function seatKind(seat, you, names = {}) {
  if (seat.kind === 'bot') {
    const level = levelName(seat.level);
    return seat.rating ? t('seat.botRated', { level, rating: Math.round(seat.rating) }) : t('seat.bot', { level });
  }
  const named = names[seat.seat]?.name;
  if (seat.seat === you) return named ? t('seat.youNamed', { name: named }) : t('seat.you');
  if (named) return named;
  if (seat.joined) return t('seat.player');
  return seat.open ? t('seat.open') : t('seat.invited');
}

/** A bot level's name ("casual") in the current language. */
export function levelName(level) {
  const key = `level.${level}`;
  const text = t(key);
  return text === key ? level : text;
}

/** A short label for a seat: the game's name for it ("Yellow"), or "Seat n". */
export function label(game, state, n) {
  return game.seatLabel ? game.seatLabel(state, n) : t('seat.n', { n });
}

function dot(colour) {
  return h('span', { class: 'seat-dot', style: { background: colour }, 'aria-hidden': 'true' });
}

export function renderPlayers(el, game, state, names = {}) {
  const toAct = new Set(state.status.to_act);
  const winners = new Set(state.status.result?.winners || []);
  fill(el, ...state.seats.map((seat) => {
    const n = seat.seat;
    const acting = toAct.has(n) && !state.status.over;
    // A past position of the match (looking back, reviewing) has nobody thinking.
    const thinking = acting && seat.kind === 'bot' && !state.past;
    return h('div', {
      class: `player${acting ? ' acting' : ''}${n === state.you ? ' me' : ''}${winners.has(n) ? ' winner' : ''}`,
      dataset: { seat: n },
      'aria-label': `${label(game, state, n)}: ${seatKind(seat, state.you, names)}${acting ? t('player.toPlay') : ''}`,
    },
    game.seatIcon ? game.seatIcon(state, n) : dot(game.seatColour(state, n)),
    h('div', { class: 'player-main' },
      h('div', { class: 'player-name' }, label(game, state, n),
        n === state.you ? h('span', { class: 'badge you' }, t('player.youBadge')) : null,
        winners.has(n) ? h('span', { class: 'badge win' }, t('player.winnerBadge')) : null),
      h('div', { class: 'player-kind', dataset: { name: names[n]?.name }, title: seat.kind === 'bot' && seat.rating ? t('seat.botRatingTitle') : null }, seatKind(seat, state.you, names),
        names[n]?.account ? h('span', { class: 'badge account', title: t('people.accountBadge') }, '✓') : null,
        thinking ? h('span', { class: 'thinking', role: 'img', 'aria-label': t('player.thinking') }, h('i'), h('i'), h('i')) : null)),
    h('div', { class: 'player-stats' }, game.seatStats ? game.seatStats(state, n) : null));
  }));
}

/** The sentence saying whose turn it is. */
export function turnText(game, state) {
  const st = state.status;
  if (st.over) return resultText(game, state);
  const custom = game.turnText?.(state);
  if (custom) return custom;
  if (st.chance) return t('turn.chance');
  const mine = st.to_act.includes(state.you);
  if (mine && st.to_act.length === 1) return t('turn.yours');
  if (mine) return t('turn.everyone');
  const who = st.to_act.map((n) => {
    const seat = state.seats[n - 1];
    return seat?.kind === 'bot' ? t('turn.botThinking', { seat: label(game, state, n) }) : t('turn.waitingFor', { seat: label(game, state, n) });
  });
  return who.join(' ') || t('turn.waiting');
}

/** Whether a result is a draw (nobody, or everybody by agreement, came first). */
function isDraw(r) {
  const w = r.winners || [];
  return r.reason === 'ply_limit' || r.reason === 'repetition' || r.reason === 'agreed' || w.length === 0 || (r.reason === 'draw' && w.length !== 1);
}

export function resultText(game, state) {
  const r = state.status.result;
  if (!r) return t('result.over');
  const w = r.winners || [];
  if (isDraw(r)) return t('result.draw');
  if (w.length > 1) {
    const others = w.filter((n) => n !== state.you).map((n) => label(game, state, n));
    return w.includes(state.you) ? t('result.youShare', { others: list(others) }) : t('result.share', { seats: list(w.map((n) => label(game, state, n))) });
  }
  if (w[0] === state.you) return t('result.youWin');
  return t('result.wins', { seat: label(game, state, w[0]) });
}

/** Why the game ended, in a sentence: the win condition (the game's own words when it has
 * them), the score, a draw by agreement of the rules, the ply limit or a threefold repetition. */
export function reasonText(game, state) {
  const r = state.status.result;
  if (!r) return '';
  switch (r.reason) {
    case 'ply_limit': return t('reason.plyLimit');
    case 'repetition': return t('reason.repetition');
    case 'draw': return t('reason.draw');
    case 'score': return t('reason.score');
    case 'win': return game.winReason?.(state) || t('reason.win');
    case 'resigned': return r.by === state.you ? t('reason.youResigned') : t('reason.resigned', { seat: label(game, state, r.by) });
    case 'agreed': return t('reason.agreed');
    case 'timeout': return r.by === state.you ? t('reason.youTimeout') : t('reason.timeout', { seat: label(game, state, r.by) });
    default: return t('reason.other', { reason: r.reason });
  }
}

/** The prompt bar: what to do now, the button choices, a back button. */
export function renderPrompt(el, game, state, chooser, extra) {
  const opts = chooser.options();
  const kinds = chooser.kinds();
  const mine = state.legal.length > 0 && !state.status.over;
  el.dataset.chosen = chooser.chosen.join(' ');
  el.dataset.step = chooser.locked ? 'sending' : [...kinds].join(' ') || 'idle';
  const text = chooser.locked ? t('prompt.sending')
    : mine ? game.prompt(kinds, chooser.chosenSteps(), state) : '';
  const buttons = [...opts.values()].filter((st) => st.button).map((st) => h('button', {
    type: 'button',
    class: `choice${st.primary ? ' primary' : ''}${st.big ? ' big' : ''}`,
    dataset: { choice: st.v },
    title: st.title || null,
  }, st.icon ? h('span', { class: 'choice-icon', html: st.icon }) : null, st.label || st.v));
  const back = chooser.canBack()
    ? h('button', { type: 'button', class: 'ghost back', dataset: { back: '1' }, title: t('prompt.backTitle') }, t('prompt.back'))
    : null;
  fill(el,
    text ? h('p', { class: 'prompt-text' }, text) : null,
    buttons.length || back || extra ? h('div', { class: 'prompt-buttons' }, buttons, extra, back) : null);
  el.hidden = !text && !buttons.length && !extra;
}

/** The words of one log entry: the game's sentence (who did what), or a plain one for chance
 * and the host. `positions` (optional) maps a ply to the view before it, for richer words. */
export function describe(game, state, e, positions) {
  const ctx = { before: positions?.[e.ply] || null, after: positions?.[e.ply + 1] || null };
  if (e.actor === 'chance') return game.describeChance?.(e, state, ctx) || t('moves.chance');
  if (e.actor === 'host') return game.describeHost?.(e, state, ctx) || t('moves.host');
  const who = label(game, state, e.actor);
  return game.describe?.(e, state, { ...ctx, who }) || t('moves.generic', { who, action: e.action ?? '' });
}

/** The move list: each entry in words with its notation beside it; `viewing` is the ply of
 * the position shown while looking back (null: live), its entry marked. */
export function renderMoves(el, game, state, { viewing = null, positions = null } = {}) {
  const log = state.log || [];
  followScroll(el);
  // Back to the live game: the list follows it again.
  if (viewing === null && el.dataset.viewing) el.dataset.follow = 'yes';
  el.dataset.viewing = viewing === null ? '' : String(viewing);
  // Long real-time games log thousands of entries: the list keeps the most recent ones.
  const from = Math.max(0, log.length - MAX_MOVES);
  const colour = (a) => (typeof a === 'number' ? game.seatColour(state, a) : 'transparent');
  fill(el, from ? h('li', { class: 'empty' }, t('moves.earlier', { n: from })) : null, ...log.slice(from).map((e, i, shown) => {
    const current = viewing === null ? i === shown.length - 1 : e.ply + 1 === viewing;
    return h('li', {
      class: `${current ? 'last' : ''}${viewing !== null && current ? ' viewing' : ''}`.trim() || null,
      dataset: { ply: e.ply, actor: e.actor },
      'aria-current': viewing !== null && current ? 'step' : null,
    }, h('span', { class: 'ply' }, e.ply + 1), dot(colour(e.actor)),
    h('span', { class: 'words' }, describe(game, state, e, positions)),
    h('code', { class: 'notation' }, e.action ?? t('moves.hidden')));
  }));
  if (!log.length) el.append(h('li', { class: 'empty' }, t('moves.none')));
  if (viewing !== null) {
    // Within the list only: the page stays where the player looks.
    const li = el.querySelector('li.viewing');
    if (li) {
      const r = li.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      if (r.top < box.top) el.scrollTop += r.top - box.top;
      else if (r.bottom > box.bottom) el.scrollTop += r.bottom - box.bottom;
    }
  } else {
    followMoves(el);
  }
}

/** Notes whether the player keeps the move list scrolled to its end (it then follows the
 * game) or scrolled up to read (it then stays). */
function followScroll(el) {
  if (el.dataset.follow) return;
  el.dataset.follow = 'yes';
  el.addEventListener('scroll', () => {
    el.dataset.follow = el.scrollHeight - el.scrollTop - el.clientHeight < 40 ? 'yes' : 'no';
  }, { passive: true });
  // Entries change after they are drawn (the words of past moves arrive, marks are added):
  // whatever changes the list, a list that follows the game shows its newest move again, before
  // a scroll event could read the longer list as one the player scrolled up.
  const follow = () => {
    if (!el.dataset.viewing) followMoves(el);
  };
  new MutationObserver(follow).observe(el, { childList: true, subtree: true, characterData: true });
  // The list's own box changes too (a panel beside it grows, the window turns): no scroll event
  // says so, and its newest move would slip out of sight.
  new ResizeObserver(follow).observe(el);
}

/** Shows the newest move of the list, unless the player scrolled up to read. Words that grow
 * after drawing (past positions arriving, the review's marks) call it again. */
export function followMoves(el) {
  if (el.dataset.follow !== 'no') el.scrollTop = el.scrollHeight;
}

/** The caption under the board: the last move of the position shown, in words. */
export function renderCaption(el, game, state, positions) {
  const e = state.last;
  el.hidden = !e;
  if (!e) return;
  fill(el, h('span', { class: 'caption-label' }, t('caption.last')), ' ',
    h('span', { class: 'words' }, describe(game, state, e, positions)), ' ',
    h('code', { class: 'notation' }, e.action ?? t('moves.hidden')));
}

export function renderInvites(el, game, state, mine) {
  const invites = mine?.invites || {};
  // Invited seats whose friend has not arrived yet (lobby seats have no link to pass on).
  const waiting = state.seats.filter((s) => s.kind === 'human' && !s.open && !s.joined && s.seat !== state.you);
  const rows = waiting.filter((s) => invites[s.seat]).map((s) => {
    const link = inviteLink(state.id, invites[s.seat]);
    return h('div', { class: 'invite' },
      h('span', { class: 'invite-label' }, dot(game.seatColour(state, s.seat)), label(game, state, s.seat)),
      h('input', { class: 'invite-link', readonly: true, value: link, 'aria-label': t('invite.linkFor', { seat: label(game, state, s.seat) }), dataset: { seat: s.seat }, onfocus: (e) => e.target.select() }),
      h('button', {
        type: 'button', class: 'small', onclick: async (e) => {
          try {
            await navigator.clipboard.writeText(link);
            e.target.textContent = t('invite.copied');
          } catch {
            e.target.previousSibling.select();
          }
        },
      }, t('invite.copy')));
  });
  el.hidden = rows.length === 0;
  // Beside the seats' links, the spectators' one: it carries no seat key.
  const watch = rows.length ? linkRow(t('home.watchMatch'), watchLink(state.id), { watch: '1' }) : null;
  fill(el, rows.length ? h('h2', {}, t('invite.title')) : null,
    rows.length ? h('p', { class: 'muted' }, t('invite.help')) : null, rows, watch);
}

/** A link to pass on, with its label and a Copy button. */
function linkRow(text, link, dataset) {
  return h('div', { class: 'invite' },
    h('span', { class: 'invite-label' }, text),
    h('input', { class: 'invite-link', readonly: true, value: link, 'aria-label': text, dataset, onfocus: (e) => e.target.select() }),
    h('button', {
      type: 'button', class: 'small', onclick: async (e) => {
        try {
          await navigator.clipboard.writeText(link);
          e.target.textContent = t('invite.copied');
        } catch {
          e.target.previousSibling.select();
        }
      },
    }, t('invite.copy')));
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
    h('div', { class: 'result-emblem', 'aria-hidden': 'true' }, won ? '★' : isDraw(r) ? '=' : '◆'),
    h('h2', { id: 'result-title' }, resultText(game, state)),
    h('p', { class: 'result-reason' }, reasonText(game, state)),
    game.resultDetail ? h('p', {}, game.resultDetail(state)) : null,
    scores,
    h('div', { class: 'result-actions' },
      h('a', { class: 'button primary', href: `/?game=${state.game}` }, t('result.newGame')),
      h('button', { type: 'button', class: 'ghost', onclick: onClose }, t('result.seeBoard')))));
}
