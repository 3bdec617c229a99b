// chooser.js — turns the seat's legal actions (notation strings from the server) into
// step-by-step choices: click a piece, then one of its destinations, then (only when several
// actions share them) the next detail. Each game describes an action as one or more "paths":
// lists of steps {v, kind, label?, button?, auto?, icon?, hint?}. `v` is a unique value such as
// "pawn:c2" or "count:2": board elements carry it as data-choice, button steps are drawn by
// the prompt bar. A step marked `auto` is taken by itself when it is the only possible one.
// Nothing here decides legality: only actions of the legal list ever become paths.

export class Chooser {
  /**
   * @param {(chooser: Chooser) => void} onChange called after every change of the choice
   * @param {(action: string) => void} onSubmit called with the action once it is fully chosen
   */
  constructor(onChange, onSubmit) {
    this.onChange = onChange;
    this.onSubmit = onSubmit;
    this.paths = [];
    this.chosen = [];
    this.locked = false;
  }

  /** New legal paths: keeps the current choice if it still leads somewhere. */
  setPaths(paths, { keep = false } = {}) {
    this.paths = paths;
    if (!keep || this.matching().length === 0) this.chosen = [];
    this.locked = false;
    this.advance(false);
    this.base = this.chosen.length;
    this.onChange(this);
  }

  /** Whether the player has chosen something that may be undone. */
  canBack() {
    return !this.locked && this.chosen.length > (this.base || 0);
  }

  /** Takes the next steps while only one is possible and it is marked `auto`. Without a
   * player's choice (`submit` false) it stops before completing an action. */
  advance(submit) {
    for (;;) {
      const m = this.matching();
      const done = m.find((p) => p.steps.length === this.chosen.length);
      if (done) {
        if (!submit) return false;
        this.locked = true;
        this.onChange(this);
        this.onSubmit(done.action);
        return true;
      }
      const opts = [...this.options().values()];
      if (opts.length !== 1 || !opts[0].auto) return false;
      if (!submit && m.every((p) => p.steps.length === this.chosen.length + 1)) return false;
      this.chosen.push(opts[0].v);
    }
  }

  /** Paths that start with the chosen steps. */
  matching() {
    const c = this.chosen;
    return this.paths.filter((p) => p.steps.length >= c.length && c.every((v, i) => p.steps[i].v === v));
  }

  /** The possible next steps, value → step (the first path's description wins). */
  options() {
    const out = new Map();
    if (this.locked) return out;
    const n = this.chosen.length;
    for (const p of this.matching()) {
      const step = p.steps[n];
      if (step && !out.has(step.v)) out.set(step.v, step);
    }
    return out;
  }

  /** The kinds of the possible next steps (for the prompt text). */
  kinds() {
    return new Set([...this.options().values()].map((s) => s.kind));
  }

  /** The chosen steps' descriptions. */
  chosenSteps() {
    const p = this.matching()[0];
    return p ? p.steps.slice(0, this.chosen.length) : [];
  }

  /** Whether a value may be chosen now. */
  can(v) {
    return this.options().has(v);
  }

  /** Chooses a step; submits when an action is complete. Returns whether it was accepted. */
  choose(v) {
    if (!this.can(v)) return false;
    this.chosen.push(v);
    if (!this.advance(true)) this.onChange(this);
    return true;
  }

  /** Undoes the last step the player chose (auto steps go with it). */
  back() {
    if (!this.canBack()) return;
    this.chosen.pop();
    while (this.chosen.length) {
      const steps = this.chosenSteps();
      const last = steps[steps.length - 1];
      if (!last || !last.auto) break;
      this.chosen.pop();
    }
    this.locked = false;
    this.advance(false);
    this.onChange(this);
  }

  /** Drops the whole choice. */
  reset() {
    this.chosen = [];
    this.locked = false;
    this.advance(false);
    this.onChange(this);
  }

  /** Unlocks after a refused submission. */
  unlock() {
    this.locked = false;
    this.chosen = [];
    this.advance(false);
    this.onChange(this);
  }
}

/** Marks the elements of a board with their current choice state. `targets` maps a target id
 * (e.g. "line:g") to its element (or elements); `targetOf(step)` gives the target id a step is
 * drawn on. A choosable element gets data-choice (the step value), a tab stop and role button. */
export function markBoard(chooser, targets, targetOf) {
  const opts = chooser.options();
  const chosenTargets = new Set(chooser.chosenSteps().map(targetOf).filter(Boolean));
  const byTarget = new Map();
  for (const [v, step] of opts) {
    if (step.button) continue;
    const t = targetOf(step);
    if (t && !byTarget.has(t)) byTarget.set(t, v);
  }
  for (const [t, els] of targets) {
    for (const el of Array.isArray(els) ? els : [els]) markOne(el, byTarget.get(t), chosenTargets.has(t));
  }
}

function markOne(el, v, chosen) {
  el.classList.toggle('choosable', !!v);
  el.classList.toggle('chosen', chosen);
  if (v) {
    el.dataset.choice = v;
    // Only the first element of a target takes the keyboard focus.
    if (!el.dataset.secondary) el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
  } else {
    delete el.dataset.choice;
    el.removeAttribute('tabindex');
    // A labelled element stays a named group (a label needs a role).
    if (el.hasAttribute('aria-label')) el.setAttribute('role', 'group');
    else el.removeAttribute('role');
  }
}
