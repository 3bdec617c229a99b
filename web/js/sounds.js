// sounds.js — the table's sounds: a move, your turn, low time (once a turn, when your clock
// falls under clock.js's LOW_MS) and the game's end. Short tones made with Web Audio, so there
// is no file to load; a mute switch in the header, remembered in this browser. What would be
// heard is decided by pure functions (dueSounds, lowTimeDue), which the unit tests check; each
// sound played is kept in `played` for the page's tests.

import { LOW_MS, leftNow } from './clock.js';

const KEY = 'tabula.sound';
/** Each sound's notes: [frequency in Hz, seconds]. */
const TONES = {
  move: [[520, 0.05]],
  turn: [[660, 0.08], [880, 0.12]],
  low: [[990, 0.07], [0, 0.05], [990, 0.07]],
  end: [[523, 0.1], [659, 0.1], [784, 0.22]],
};

/** The sounds a new state brings for the seat `you` (null: a spectator): none when the page
 * first draws; the end when the game ends; else a move, or your turn when it comes to you.
 * States may arrive together (the page draws the last): the turn has come back to you when
 * another seat moved since `prev`, even if it was your turn then too. */
export function dueSounds(prev, state, you) {
  if (!prev || !state || state.ply === prev.ply && state.status.over === prev.status.over) return [];
  if (state.status.over) return prev.status.over ? [] : ['end'];
  if (state.ply < prev.ply) return [];
  const mine = (s) => !!you && !s.status.over && (s.status.to_act || []).includes(you);
  const othersMoved = (state.log || []).slice(prev.ply).some((e) => typeof e.actor === 'number' && e.actor !== you);
  return [mine(state) && (!mine(prev) || othersMoved) ? 'turn' : 'move'];
}

/** Whether the low-time warning is due: your clock runs under LOW_MS and no warning was given
 * at this ply (`warnedAt`). */
export function lowTimeDue(state, you, leftMs, warnedAt) {
  if (!you || !state?.clocks || state.status.over) return false;
  if (!state.clocks.running.includes(you)) return false;
  return leftMs < LOW_MS && warnedAt !== state.ply;
}

/** The sounds of one match page, with its mute switch. */
export class Sounds {
  constructor(button, { storage = globalThis.localStorage } = {}) {
    this.button = button;
    this.storage = storage;
    this.played = [];
    this.warnedAt = null;
    this.ctx = null;
    this.paint();
    button?.addEventListener('click', () => {
      this.setMuted(!this.muted);
    });
  }

  get muted() {
    try {
      return this.storage?.getItem(KEY) === 'off';
    } catch {
      return false;
    }
  }

  setMuted(muted) {
    try {
      if (muted) this.storage?.setItem(KEY, 'off');
      else this.storage?.removeItem(KEY);
    } catch {
      // A browser that keeps nothing still mutes this page.
    }
    this.paint(muted);
  }

  paint(muted = this.muted) {
    if (!this.button) return;
    this.button.setAttribute('aria-pressed', String(muted));
    this.button.classList.toggle('muted', muted);
  }

  /** Plays what `state` brings after `prev` for the seat `you`. */
  onState(prev, state, you) {
    for (const kind of dueSounds(prev, state, you)) this.play(kind);
  }

  /** Checks the low-time warning (called as the clocks tick). */
  tick(state, you) {
    if (!state?.clocks || !you) return;
    if (lowTimeDue(state, you, leftNow(state, you), this.warnedAt)) {
      this.warnedAt = state.ply;
      this.play('low');
    }
  }

  play(kind) {
    if (this.muted || !TONES[kind]) return;
    this.played.push(kind);
    try {
      const AC = globalThis.AudioContext || globalThis.webkitAudioContext;
      if (!AC) return;
      this.ctx = this.ctx || new AC();
      let at = this.ctx.currentTime + 0.01;
      for (const [hz, secs] of TONES[kind]) {
        if (hz) {
          const osc = this.ctx.createOscillator();
          const gain = this.ctx.createGain();
          osc.frequency.value = hz;
          gain.gain.setValueAtTime(0.0001, at);
          gain.gain.exponentialRampToValueAtTime(0.15, at + 0.01);
          gain.gain.exponentialRampToValueAtTime(0.0001, at + secs);
          osc.connect(gain).connect(this.ctx.destination);
          osc.start(at);
          osc.stop(at + secs + 0.02);
        }
        at += secs;
      }
    } catch {
      // No audio output: the game goes on in silence.
    }
  }
}
