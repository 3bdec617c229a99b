// learn.js — the tutorial page (/learn/<game>): the game's lessons (GET /api/games/<game>/lessons,
// every step already replayed by the server), each drawn by the game's own renderer
// (js/games/<game>.js) and played by clicking on the board through the chooser, as in a match.
// Only the scripted move and the "tempting" moves of a step can be clicked: the scripted one
// moves the lesson on with its explanation, a tempting one is refused with its reason and rule.
// Progress is kept in this browser (progress.js); the last lesson leads to a first game against
// the beginner bot with hints on.

import { api, seats } from './api.js';
import { h, fill } from './dom.js';
import { Chooser } from './chooser.js';
import { wireChoices, keepFocus } from './board-input.js';
import * as shell from './shell.js';
import { t, currentLang } from './i18n.js';
import { progress } from './learn-progress.js';

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] || '');

let game = null; // the game's UI module
let renderer = null;
let info = null; // the game's /api/games entry
let lessons = [];
let current = 0; // the lesson shown
let step = 0; // its step to play (steps.length: the lesson is done)
let shown = null; // the state on the board

const chooser = new Chooser(() => drawChoice(), (action) => tryMove(action));

let byKeyboard = false; // whether the last choice was made from the keyboard

function drawChoice() {
  if (!renderer || !shown) return;
  renderer.mark(chooser);
  shell.renderPrompt($('prompt'), game, shown, chooser);
  if (byKeyboard) keepFocus($('board'), $('prompt'), $('lesson-say'));
}

function say(kind, ...content) {
  const el = $('lesson-say');
  el.dataset.kind = kind;
  fill(el, ...content);
}

/** The rule a refusal cites, linked to the game's rules page. */
function ruleLink(rule) {
  const label = rule ? t('learn.rule', { rule }) : t('learn.rules');
  return h('a', { class: 'lesson-rule', href: `/rules/${encodeURIComponent(name)}`, target: '_blank', rel: 'noopener', dataset: { rule: rule || '' } }, label);
}

function tryMove(action) {
  const lesson = lessons[current];
  const s = lesson.steps[step];
  if (!s) return;
  if (action === s.move) {
    step += 1;
    say('right', h('strong', {}, t('learn.right')), ' ', s.say);
    if (step === lesson.steps.length) {
      progress.done(name, lesson.id);
      draw(lesson.end, { over: true });
      renderList();
      renderFinish();
    } else {
      draw(lesson.steps[step].state);
    }
    return;
  }
  const tempting = s.tempting.find((x) => x.move === action);
  if (tempting) {
    const head = tempting.kind === 'pointless' ? t('learn.pointless') : t('learn.illegal');
    say(tempting.kind === 'pointless' ? 'pointless' : 'illegal', h('strong', {}, head), ' ', tempting.why, ' ', ruleLink(tempting.rule));
  } else {
    say('other', t('learn.notThis', { goal: lesson.goal }));
  }
  chooser.unlock();
}

/** Draws `state` and offers its clickable moves (none once the lesson is over). */
function draw(state, { over = false } = {}) {
  const prev = shown;
  shown = over ? { ...state, legal: [] } : state;
  renderer.update(shown, prev, { animate: !!prev });
  document.body.dataset.step = over ? 'done' : String(step);
  const total = lessons[current].steps.length;
  $('lesson-progress').textContent = over ? t('learn.complete') : t('learn.step', { n: step + 1, total });
  const hint = !over && lessons[current].steps[step].hint;
  $('lesson-hint').textContent = hint || '';
  $('lesson-hint').hidden = !hint;
  chooser.setPaths(over ? [] : game.paths(shown));
}

function showLesson(i) {
  current = Math.max(0, Math.min(i, lessons.length - 1));
  step = 0;
  shown = null;
  const lesson = lessons[current];
  progress.at(name, lesson.id);
  document.body.dataset.lesson = lesson.id;
  $('lesson-title').textContent = lesson.title;
  $('lesson-intro').textContent = lesson.intro;
  fill($('lesson-goal'), h('strong', {}, t('learn.goal')), ' ', lesson.goal);
  say('intro', '');
  $('lesson-prev').disabled = current === 0;
  $('lesson-next').disabled = current === lessons.length - 1;
  renderList();
  renderFinish();
  draw(lesson.steps[0].state);
}

function renderList() {
  const done = progress.doneOf(name);
  fill($('lesson-list'), ...lessons.map((l, i) => h('li', { class: done.includes(l.id) ? 'done' : '' },
    h('button', {
      type: 'button',
      class: 'lesson-link',
      dataset: { lesson: l.id },
      'aria-current': i === current ? 'step' : null,
      onclick: () => showLesson(i),
    },
    h('span', { class: 'lesson-mark', 'aria-hidden': 'true' }, done.includes(l.id) ? '✓' : String(i + 1)),
    h('span', {}, l.title),
    done.includes(l.id) ? h('span', { class: 'visually-hidden' }, ` (${t('learn.completed')})`) : null))));
}

/** After the last lesson (or once every lesson is done): the first real game. */
function renderFinish() {
  const el = $('first-game');
  const lastDone = current === lessons.length - 1 && step === lessons[current].steps.length;
  const all = lessons.every((l) => progress.doneOf(name).includes(l.id));
  el.hidden = !(lastDone || all);
  if (el.hidden) return;
  const levels = info?.levels || [];
  fill(el,
    h('p', {}, all ? t('learn.allDone') : t('learn.lastDone')),
    h('button', { type: 'button', class: 'primary', id: 'play-first', disabled: !levels.length, onclick: playFirst }, t('learn.firstGame')),
    h('p', { class: 'muted' }, t('learn.firstGameHelp')),
    h('p', { class: 'error', id: 'first-game-msg', role: 'alert' }));
}

async function playFirst() {
  const btn = $('play-first');
  btn.disabled = true;
  const players = info.default_players;
  const level = info.levels.includes('beginner') ? 'beginner' : info.levels[0];
  try {
    const r = await api.create({
      game: name,
      players,
      seats: Array.from({ length: players }, (_, i) => (i === 0 ? { human: true } : { bot: level })),
      mine: [1],
      hints: true,
    });
    const mine = r.seats.find((x) => x.role === 'mine');
    seats.put(r.id, { game: name, title: info.title, seat: mine.seat, token: mine.token });
    location.href = `/match/${r.id}`;
  } catch (e) {
    $('first-game-msg').textContent = e.message;
    btn.disabled = false;
  }
}

function wire() {
  wireChoices({ board: $('board'), prompt: $('prompt'), chooser, onInput: (key) => { byKeyboard = key; } });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') chooser.back();
  });
  $('lesson-prev').addEventListener('click', () => showLesson(current - 1));
  $('lesson-next').addEventListener('click', () => showLesson(current + 1));
  $('lesson-restart').addEventListener('click', () => showLesson(current));
}

async function loadGame() {
  try {
    return (await import(`./games/${encodeURIComponent(name)}.js`)).default;
  } catch {
    return (await import('./games/generic.js')).default;
  }
}

async function main() {
  wire();
  $('rules-link').href = `/rules/${encodeURIComponent(name)}`;
  let data;
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(name)}/lessons?lang=${currentLang()}`);
    data = await res.json();
    if (!res.ok) throw new Error(data?.error || res.statusText);
    info = (await api.games()).find((g) => g.name === name) || null;
  } catch (e) {
    $('learn-title').textContent = t('learn.cannotLoad');
    fill($('board'), h('div', { class: 'error-box' }, h('p', {}, e.message), h('a', { href: '/', class: 'button' }, t('common.backToGames'))));
    document.body.dataset.ready = 'error';
    return;
  }
  game = await loadGame();
  lessons = data.lessons;
  const title = game.title?.() || data.title;
  $('learn-title').textContent = t('learn.title', { game: title });
  document.title = `${t('learn.title', { game: title })} — Tabula`;
  document.body.dataset.game = name;
  $('board').dataset.game = name;
  renderer = game.create($('board'), {
    choose: (v) => chooser.choose(v),
    act: (a) => {
      if (shown && !chooser.locked && shown.legal.includes(a)) tryMove(a);
    },
    redrawChoice: () => drawChoice(),
  });
  const at = lessons.findIndex((l) => l.id === progress.atOf(name));
  showLesson(at < 0 ? 0 : at);
  document.body.dataset.ready = '1';
  window.tabula = { state: () => shown, chooser, lesson: () => lessons[current], step: () => step };
}

main();
