// anim.js — pieces that move visibly. A PieceLayer keeps one SVG group per piece; on each new
// position it matches old pieces to new ones (same kind: first those that did not move, then
// the nearest), moves the matched ones with the Web Animations API (CSS transforms on SVG
// groups, optionally through waypoints), fades in new pieces and fades out vanished ones.

import { reducedMotion } from './dom.js';

const tf = (x, y, k = 1) => `translate(${x.toFixed(2)}px, ${y.toFixed(2)}px)${k !== 1 ? ` scale(${k})` : ''}`;

export class PieceLayer {
  /** @param {SVGGElement} group the group the pieces live in */
  constructor(group) {
    this.g = group;
    this.items = [];
  }

  /**
   * Shows the given pieces. Each piece: {key, slot, x, y, z?, scale?, draw(): SVGElement,
   * sig?: string (redraw when it changes)}. Options: animate (bool), route(oldSlot, newSlot,
   * piece) → [[x, y], …] waypoints between, lift (scale at mid-flight), duration (ms).
   * Returns the list of {piece, el}.
   */
  sync(pieces, opts = {}) {
    const animate = opts.animate && !reducedMotion();
    const old = this.items;
    const used = new Set();
    const pairs = new Array(pieces.length).fill(null);
    // 1. Same kind, same slot: did not move.
    const bySlot = new Map(old.map((o, i) => [`${o.key}|${o.slot}`, i]));
    pieces.forEach((p, j) => {
      const i = bySlot.get(`${p.key}|${p.slot}`);
      if (i !== undefined && !used.has(i)) {
        used.add(i);
        pairs[j] = i;
      }
    });
    // 2. Same kind: nearest first.
    const cand = [];
    pieces.forEach((p, j) => {
      if (pairs[j] !== null) return;
      old.forEach((o, i) => {
        if (!used.has(i) && o.key === p.key) cand.push([Math.hypot(o.x - p.x, o.y - p.y), i, j]);
      });
    });
    cand.sort((a, b) => a[0] - b[0]);
    for (const [, i, j] of cand) {
      if (used.has(i) || pairs[j] !== null) continue;
      used.add(i);
      pairs[j] = i;
    }
    // 3. Build the new list.
    const next = [];
    const moving = [];
    pieces.forEach((p, j) => {
      const i = pairs[j];
      let el;
      let from = null;
      if (i !== null) {
        const o = old[i];
        el = o.el;
        if (o.sig !== p.sig) {
          const fresh = p.draw();
          el.replaceChildren(...fresh.childNodes);
          for (const a of fresh.getAttributeNames()) el.setAttribute(a, fresh.getAttribute(a));
          el.classList.add('piece');
        }
        if (o.x !== p.x || o.y !== p.y) from = o;
      } else {
        el = p.draw();
        el.classList.add('piece');
        if (animate) el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 300, easing: 'ease-out' });
      }
      el.style.transform = tf(p.x, p.y, p.scale || 1);
      const item = { ...p, el };
      next.push(item);
      if (from) moving.push({ item, from });
    });
    old.forEach((o, i) => {
      if (used.has(i)) return;
      if (animate) {
        o.el.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 250, easing: 'ease-in' })
          .finished.then(() => o.el.remove(), () => o.el.remove());
      } else {
        o.el.remove();
      }
    });
    // 4. Stacking order: by z, moving pieces last while they fly.
    const order = [...next].sort((a, b) => (a.z ?? 0) - (b.z ?? 0));
    const movingSet = new Set(moving.map((m) => m.item));
    for (const it of order) if (!movingSet.has(it)) this.g.append(it.el);
    for (const it of order) if (movingSet.has(it)) this.g.append(it.el);
    this.items = next;
    if (animate && moving.length) {
      const duration = opts.duration ?? 520;
      const lift = opts.lift ?? 1.18;
      const anims = moving.map(({ item, from }) => {
        const way = opts.route ? opts.route(from.slot, item.slot, item) || [] : [];
        const pts = [[from.x, from.y], ...way, [item.x, item.y]];
        const k0 = from.scale || 1;
        const k1 = item.scale || 1;
        const frames = pts.map(([x, y], n) => {
          const f = n / (pts.length - 1);
          return { transform: tf(x, y, n === 0 ? k0 : n === pts.length - 1 ? k1 : Math.max(k0, k1)), offset: f };
        });
        if (pts.length === 2) {
          frames.splice(1, 0, {
            transform: tf((from.x + item.x) / 2, (from.y + item.y) / 2, lift * Math.max(k0, k1)), offset: 0.5,
          });
        }
        return item.el.animate(frames, {
          duration: duration * Math.max(1, Math.sqrt(pts.length - 1)),
          easing: 'cubic-bezier(.45,.05,.35,1)',
        });
      });
      Promise.allSettled(anims.map((a) => a.finished)).then(() => {
        if (this.items !== next) return;
        for (const it of order) this.g.append(it.el);
      });
    }
    return next;
  }

  /** The element of the piece in a slot, if any. */
  at(slot) {
    return this.items.find((i) => i.slot === slot)?.el ?? null;
  }
}
