// games/china-moon.js — China Moon: the pond drawn from the board data's coordinates (the
// view's board.spaces: x, y, next — forks included), lily pads marked by kind (lotus, black
// lotus, spring, stupid frog, butterfly), the start, the goal island with its four spots,
// frogs by seat, flowers on spaces, in hands and on the spots, and the scores. Play: click a
// frog (yours or another's), then the space where its move ends; when several routes end
// there (forks, springs), pick the route. An owner's exchange or butterfly flower is asked of
// the owner's seat with buttons. Every choice comes from the legal list. On a phone the pond
// is drawn big enough for a finger (every pad at least 44 px, 1 drawing unit ≥ 1 px) and pans
// sideways in its box.

import { s, h, narrow, labelledGroup } from '../dom.js';
import { PieceLayer } from '../anim.js';
import { markBoard } from '../chooser.js';
import { t } from '../i18n.js';
import { R, PAD_PATH, SEAT, SEAT_NAME, SEAT_OF, FLOWER, LETTER, KIND_NAME, flower, flowerIcon, frog, kindIcon } from './china-moon-pieces.js';

export { flower };

let U = 60; // drawing units between two grid steps of the board's coordinates
let PAD = 44;
// On a phone: CSS pixels per drawing unit, so that a pad (2R = 44 units) is a 47 px target.
const PHONE_ZOOM = 1.08;

function paths(state) {
  const out = [];
  for (const a of state.legal) {
    let m;
    if ((m = /^(\d)@([^>]+)>(.+)$/.exec(a))) {
      const [, seat, from, rest] = m;
      const landings = rest.split('>');
      const end = landings[landings.length - 1];
      out.push({
        action: a,
        steps: [
          { v: `frog:${seat}@${from}`, kind: 'frog', t: `frog:${seat}@${from}` },
          { v: `dest:${end}`, kind: 'dest', t: `sp:${end}` },
          { v: `route:${rest}`, kind: 'route', button: true, auto: true, label: t('cm.via', { route: landings.join(' → ') }) },
        ],
      });
    } else if ((m = /^x(\d):([ypwku])\/([ypwku])$/.exec(a))) {
      const [, seat, give, take] = m;
      out.push({
        action: a,
        steps: [
          { v: `with:${seat}`, kind: 'with', button: true, auto: true, label: t('cm.with', { seat: SEAT_NAME[seat - 1] || t('seat.n', { n: seat }) }), who: SEAT_NAME[seat - 1] },
          { v: `give:${give}`, kind: 'give', button: true, auto: true, label: t('cm.give', { flower: FLOWER[give].name }), icon: flowerIcon(give), flower: FLOWER[give].name },
          { v: `take:${take}`, kind: 'take', button: true, auto: true, label: t('cm.take', { flower: FLOWER[take].name }), icon: flowerIcon(take) },
        ],
      });
    } else if ((m = /^drop:([ypwku])$/.exec(a))) {
      out.push({ action: a, steps: [{ v: a, kind: 'drop', button: true, label: t('cm.drop', { flower: FLOWER[m[1]].name }), icon: flowerIcon(m[1]) }] });
    }
  }
  return out;
}

function prompt(kinds, chosen, state) {
  const v = state.view;
  if (kinds.has('frog')) {
    const n = 4 - v.moves_left;
    return t(v.must_move_other ? 'cm.p.frogOther' : 'cm.p.frog', { n });
  }
  if (kinds.has('dest')) return t('cm.p.dest');
  if (kinds.has('route')) return t('cm.p.route');
  const sp = v.pending?.space ?? '';
  if (kinds.has('with')) return t('cm.p.with', { sp });
  const partner = chosen.find((st) => st.kind === 'with');
  const given = chosen.find((st) => st.kind === 'give');
  if (kinds.has('give')) return t('cm.p.give', { sp, seat: partner?.who || '' });
  if (kinds.has('take')) return t('cm.p.take', { sp, seat: partner?.who || '', flower: given?.flower || '' });
  if (kinds.has('drop')) {
    const d = v.pending?.drop_space;
    return d ? t('cm.p.dropOn', { sp, drop: d }) : t('cm.p.dropOut', { sp });
  }
  return '';
}

/** The spaces a move passes, landing to landing along the track's links (the shortest way,
 * so that a drawn path follows the streams instead of cutting across the pond). */
function along(next, ids) {
  const out = [ids[0]];
  for (let i = 1; i < ids.length; i++) {
    const from = ids[i - 1];
    const to = ids[i];
    const back = new Map([[from, null]]);
    const queue = [from];
    while (queue.length && !back.has(to)) {
      const q = queue.shift();
      for (const n of next.get(q) || []) {
        if (!back.has(n)) {
          back.set(n, q);
          queue.push(n);
        }
      }
    }
    if (!back.has(to)) {
      out.push(to);
      continue;
    }
    const way = [];
    for (let q = to; q !== from; q = back.get(q)) way.unshift(q);
    out.push(...way);
  }
  return out;
}

function hand(letters) {
  if (!letters || letters === '-') return [];
  return [...letters];
}

/** Where the best move `action` goes, for the analysis: an arrow from the frog's space to
 * each landing in turn and a ring on each, at the spaces as drawn now. */
function bestMoveMarks(action) {
  const m = /^(\d)@([^>]+)>(.+)$/.exec(action || '');
  if (!m) return [];
  const at = (id) => {
    const g = document.querySelector(`#board svg.cm [data-space="${CSS.escape(id)}"]`);
    const tr = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(g?.getAttribute('transform') || '');
    return tr ? { x: Number(tr[1]), y: Number(tr[2]) } : null;
  };
  const ids = [m[2], ...m[3].split('>')];
  const out = [];
  for (let i = 1; i < ids.length; i++) {
    const from = at(ids[i - 1]);
    const to = at(ids[i]);
    if (from && to) out.push({ ...to, r: R + 6, from });
  }
  return out;
}

export default {
  name: 'china-moon',
  seatLabel: (state, n) => SEAT_NAME[n - 1] || t('seat.n', { n }),
  seatColour: (state, n) => SEAT[(n - 1) % SEAT.length],
  seatIcon(state, n) {
    const svg = s('svg', { viewBox: '-14 -14 28 28', class: 'player-icon', 'aria-hidden': 'true' }, frog(n));
    return h('span', { html: svg.outerHTML });
  },
  seatStats(state, n) {
    const hd = state.view.hands[n - 1];
    if (!hd) return null;
    const flowers = hand(hd.flowers);
    return [
      h('span', { class: 'cm-hand', html: flowers.map((f) => flowerIcon(f, 16)).join(''), role: 'img', 'aria-label': flowers.map((f) => FLOWER[f].name).join(', ') || t('cm.noFlower') }),
      h('span', { class: 'stat' }, t('cm.stat.flowers', { n: flowers.length })),
      h('b', { class: 'stat' }, t('cm.stat.score', { n: hd.score })),
    ];
  },
  bestMoveMarks,
  paths,
  prompt,
  turnText(state) {
    const v = state.view;
    if (state.status.over || !v.pending) return null;
    const owner = v.pending.owner;
    const kind = v.pending.kind === 'exchange' ? 'Exchange' : 'Drop';
    if (owner === state.you) return t(`cm.turn.you${kind}`);
    const seat = state.seats[owner - 1];
    return t(`cm.turn.other${kind}`, { seat: SEAT_NAME[owner - 1] }) + (seat?.kind === 'bot' ? '…' : t('cm.turn.waiting'));
  },
  winReason: () => t('cm.reason.win'),
  describe(entry, state, { who }) {
    const a = entry.action || '';
    const place = (sp) => (sp === 'S' ? t('cm.start') : sp === 'G' ? t('cm.goal') : sp);
    let m;
    if ((m = /^(\d)@([^>]+)>(.+)$/.exec(a))) {
      const landings = m[3].split('>');
      const own = Number(m[1]) === entry.actor;
      const frogOf = own ? t('cm.m.ownFrog') : t('cm.m.frogOf', { seat: SEAT_OF[m[1] - 1] });
      const via = landings.length > 1 ? t('cm.m.via', { route: landings.slice(0, -1).map(place).join(', ') }) : '';
      return `${t('cm.m.hop', { who, frog: frogOf, from: place(m[2]), to: place(landings[landings.length - 1]) })}${via}`;
    }
    if ((m = /^x(\d):([ypwku])\/([ypwku])$/.exec(a))) return t('cm.m.exchange', { who, seat: SEAT_NAME[m[1] - 1], give: FLOWER[m[2]].name, take: FLOWER[m[3]].name });
    if (a.startsWith('drop:')) return t('cm.m.drop', { who, flower: FLOWER[a[5]]?.name });
    return a;
  },
  describeChance: (entry) => (entry.action ? t('cm.m.chance', { action: entry.action }) : t('moves.chance')),

  create(root, ctx) {
    let svg = null;
    let boardRef = '';
    let geo = null;
    let layer = null;
    let spaceEls = new Map();
    let frogTargets = new Map();
    let marks;
    let flowersG;
    let spotsG;
    let routeG;
    let isTall = null;
    let shown = null;

    function build(v, tall) {
      const sp = v.board.spaces;
      const xs = sp.map((q) => q.x);
      const ys = sp.map((q) => q.y);
      const minX = Math.min(...xs);
      const minY = Math.min(...ys);
      const maxY = Math.max(...ys);
      const spanX = Math.max(...xs) - minX;
      const spanY = maxY - minY;
      // On a phone held upright a wide pond is turned a quarter turn clockwise.
      const turn = tall && spanX > spanY;
      U = tall ? 50 : 60;
      PAD = tall ? 30 : 44;
      const W = (turn ? spanY : spanX) * U + PAD * 2;
      const H = (turn ? spanX : spanY) * U + PAD * 2;
      const place = (q) => (turn ? [(maxY - q.y) * U + PAD, (q.x - minX) * U + PAD] : [(q.x - minX) * U + PAD, (q.y - minY) * U + PAD]);
      const pos = new Map(sp.map((q) => [q.id, place(q)]));
      geo = { pos, W, H, into: sp.find((q) => q.next.includes('G'))?.id, next: new Map(sp.map((q) => [q.id, q.next])) };
      svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: `board-svg cm${tall ? ' cm-tall' : ''}`, role: 'group', 'aria-label': t('cm.board', { name: v.board.name }) });
      if (tall) {
        // Wider than the screen: the board's box pans (and takes the focus for the keyboard).
        svg.style.width = `${Math.ceil(W * PHONE_ZOOM)}px`;
        svg.style.maxWidth = 'none';
      }
      root.classList.toggle('cm-pan', tall);
      if (tall) root.setAttribute('tabindex', '0');
      else root.removeAttribute('tabindex');
      svg.append(s('defs', {},
        s('radialGradient', { id: 'cm-water', cx: '50%', cy: '45%', r: '75%' },
          s('stop', { offset: 0, 'stop-color': '#17646a' }),
          s('stop', { offset: 1, 'stop-color': '#0b3540' })),
        s('radialGradient', { id: 'cm-pad', cx: '40%', cy: '35%', r: '70%' },
          s('stop', { offset: 0, 'stop-color': '#5dbb6d' }),
          s('stop', { offset: 1, 'stop-color': '#2f7d45' })),
        s('radialGradient', { id: 'cm-sand', cx: '45%', cy: '40%', r: '65%' },
          s('stop', { offset: 0, 'stop-color': '#f0d596' }),
          s('stop', { offset: 1, 'stop-color': '#c79a4b' }))));
      svg.append(s('rect', { width: W, height: H, rx: 18, fill: 'url(#cm-water)' }));
      for (let i = 0; i < 14; i++) {
        svg.append(s('ellipse', { cx: (i * 173) % W, cy: (i * 97 + 40) % H, rx: 18 + (i % 3) * 8, ry: 5 + (i % 2) * 2, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.05, 'stroke-width': 1.5 }));
      }
      // The streams between spaces, with a chevron showing the way.
      const links = s('g', {});
      for (const q of sp) {
        const [x1, y1] = pos.get(q.id);
        for (const n of q.next) {
          const [x2, y2] = pos.get(n);
          links.append(s('line', { x1, y1, x2, y2, stroke: '#0a2a31', 'stroke-width': 10, 'stroke-linecap': 'round', 'stroke-opacity': 0.5 }),
            s('line', { x1, y1, x2, y2, stroke: '#7fd1c2', 'stroke-width': 2, 'stroke-dasharray': '3 5', 'stroke-opacity': 0.55 }));
          const mx = (x1 + x2) / 2;
          const my = (y1 + y2) / 2;
          const deg = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
          links.append(s('path', { d: 'M-4 -5 L3 0 L-4 5', fill: 'none', stroke: '#bff3e6', 'stroke-width': 2, 'stroke-linecap': 'round', transform: `translate(${mx} ${my}) rotate(${deg})`, opacity: q.next.length > 1 ? 1 : 0.6 }));
        }
      }
      const lastG = s('g', {});
      const spacesG = s('g', {});
      spaceEls = new Map();
      for (const q of sp) {
        const [x, y] = pos.get(q.id);
        const g = s('g', { class: `cm-space cm-${q.kind}`, transform: `translate(${x} ${y})`, dataset: { space: q.id }, 'aria-label': t('cm.space', { sp: q.id, kind: KIND_NAME[q.kind] || q.kind }) });
        if (q.kind === 'goal') {
          g.append(s('circle', { class: 'halo', r: 40 }),
            s('path', { d: 'M-36 -4 C-36 -26 -12 -34 6 -32 C28 -30 38 -16 36 2 C34 22 16 32 -4 32 C-24 32 -36 18 -36 -4 Z', fill: 'url(#cm-sand)', stroke: '#8a6a2c', 'stroke-width': 2, transform: `scale(${U / 62})` }),
            s('path', { d: 'M-8 -8 q8 -14 16 0', fill: 'none', stroke: '#3f8d4e', 'stroke-width': 2.5 }),
            s('text', { x: 0, y: 26 * (U / 62), 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 800, fill: '#7a5a22', 'letter-spacing': 1 }, t('cm.goalMark')));
        } else if (q.kind === 'start') {
          g.append(s('circle', { class: 'halo', r: 31 }),
            s('circle', { r: 28, fill: 'url(#cm-pad)', stroke: '#1f5e34', 'stroke-width': 2 }),
            s('text', { x: 0, y: 3, 'text-anchor': 'middle', 'font-size': 9, 'font-weight': 800, fill: '#d7f2e2', 'fill-opacity': 0.55, 'letter-spacing': 1 }, t('cm.startMark')));
        } else {
          const rim = q.kind === 'black-lotus' ? '#1a1a1a' : '#1f5e34';
          g.append(s('circle', { class: 'halo', r: R + 4 }),
            s('path', { d: PAD_PATH, fill: 'url(#cm-pad)', stroke: rim, 'stroke-width': q.kind === 'black-lotus' ? 3 : 1.5 }),
            s('path', { d: 'M0 0 L-9 -9 M0 0 L-11 4 M0 0 L2 12 M0 0 L11 6', stroke: '#2a6e3e', 'stroke-width': 0.8, 'stroke-opacity': 0.6 }));
          const icon = kindIcon(q.kind);
          if (icon) g.append(icon);
          g.append(s('text', { class: 'cm-id', x: R * 0.72, y: R * 0.78 }, q.id));
        }
        spacesG.append(g);
        spaceEls.set(`sp:${q.id}`, g);
      }
      spotsG = s('g', {});
      flowersG = s('g', { 'pointer-events': 'none' });
      routeG = s('g', { 'pointer-events': 'none' });
      marks = lastG;
      const frogsG = s('g', {});
      svg.append(links, spacesG, lastG, spotsG, flowersG, routeG, frogsG);
      root.replaceChildren(svg);
      layer = new PieceLayer(frogsG);
    }

    function frogPlaces(v) {
      const pieces = [];
      const startFrogs = [];
      const goalFrogs = [];
      v.frogs.forEach((list, i) => list.forEach((space) => {
        if (space === 'S') startFrogs.push(i + 1);
        else if (space === 'G') goalFrogs.push(i + 1);
        else {
          const [x, y] = geo.pos.get(space);
          pieces.push({ key: `f${i + 1}`, slot: space, x, y, z: 1, seat: i + 1, space, scale: 1.2 });
        }
      }));
      // Frogs at the start stand in one group per seat (a seat's frogs there are alike), the
      // groups around the start pad, so that every seat's group is easy to point at.
      const [sx, sy] = geo.pos.get('S');
      const groups = [...new Set(startFrogs)];
      startFrogs.forEach((seat, k) => {
        const gi = groups.indexOf(seat);
        const j = startFrogs.slice(0, k).filter((o) => o === seat).length;
        const a = -Math.PI / 2 + (gi * Math.PI * 2) / groups.length;
        const r = groups.length === 1 ? 0 : groups.length <= 3 ? 17 : 22;
        const x = sx + r * Math.cos(a) + j * 2.5;
        const y = sy + r * Math.sin(a) - j * 2.5;
        pieces.push({ key: `f${seat}`, slot: `S#${k}`, x, y, z: 2 + k, seat, space: 'S', scale: 0.85 });
      });
      const [gx, gy] = geo.pos.get('G');
      // Frogs that arrived sit on the island's shore, away from the track leading in.
      const [px, py] = geo.pos.get(geo.into) || [gx - 1, gy];
      const away = Math.atan2(gy - py, gx - px);
      goalFrogs.forEach((seat, k) => {
        const a = away + (k - (goalFrogs.length - 1) / 2) * 0.62;
        pieces.push({ key: `f${seat}`, slot: `G#${k}`, x: gx + 40 * Math.cos(a), y: gy + 36 * Math.sin(a), z: 2, seat, space: 'G', scale: 0.8 });
      });
      return pieces;
    }

    /** Which sides the pond goes on beyond its box (a sign fades them out): '', 'left',
     * 'right' or 'both'. */
    function showMore() {
      const left = root.scrollLeft > 1;
      const right = root.scrollLeft + root.clientWidth < root.scrollWidth - 1;
      root.dataset.more = left && right ? 'both' : left ? 'left' : right ? 'right' : '';
    }
    root.addEventListener('scroll', showMore, { passive: true });

    new ResizeObserver(() => {
      if (shown && narrow(root) !== isTall) {
        api.update(shown, null, { animate: false });
        ctx.redrawChoice();
      }
      showMore();
    }).observe(root);

    const api = {
      update(state, prev, { animate }) {
        const v = state.view;
        const st = state;
        shown = st;
        const tall = narrow(root);
        if (boardRef !== v.board.reference || !svg || tall !== isTall) {
          boardRef = v.board.reference;
          isTall = tall;
          build(v, tall);
          prev = null;
          requestAnimationFrame(showMore);
        }
        const moved = new Set(v.moved.map((m) => `${m.seat}@${m.space}`));
        // Routes of the frog moves played since the last drawing, for the animation.
        const routes = new Map();
        const fresh = (state.log || []).filter((e) => !prev || e.ply >= prev.ply);
        for (const e of fresh) {
          const m = /^(\d)@([^>]+)>(.+)$/.exec(e.action || '');
          if (m) routes.set(`f${m[1]}|${m[2]}`, m[3].split('>'));
        }
        const pieces = frogPlaces(v).map((p) => ({
          ...p,
          sig: `${p.seat}${p.scale || 1}${moved.has(`${p.seat}@${p.space}`)}`,
          draw: () => frog(p.seat, {
            class: `cm-frog${moved.has(`${p.seat}@${p.space}`) ? ' moved' : ''}`,
            'aria-label': t(p.space === 'S' ? 'cm.frogStart' : p.space === 'G' ? 'cm.frogGoal' : 'cm.frogOn', { seat: SEAT_NAME[p.seat - 1], sp: p.space }),
            dataset: { frog: `${p.seat}@${p.space}` },
            transform: null,
          }),
        }));
        const items = layer.sync(pieces, {
          animate,
          duration: 300,
          route: (from, to, piece) => {
            const key = `${piece.key}|${from.split('#')[0]}`;
            const landings = routes.get(key);
            if (!landings) return [];
            return landings.slice(0, -1).map((id) => geo.pos.get(id)).filter(Boolean);
          },
        });
        frogTargets = new Map();
        for (const it of items) {
          const t = `frog:${it.seat}@${it.space}`;
          if (!frogTargets.has(t)) frogTargets.set(t, []);
          else it.el.dataset.secondary = '1';
          frogTargets.get(t).push(it.el);
        }
        // Flowers on the track and on the goal's spots.
        flowersG.replaceChildren();
        const stacked = new Map();
        for (const f of v.flowers) {
          const [x, y] = geo.pos.get(f.space);
          // Several flowers on one space (the butterfly_drop variant) fan out, so each shows.
          const k = stacked.get(f.space) || 0;
          stacked.set(f.space, k + 1);
          const g = flower(LETTER[f.flower], 1.15);
          g.setAttribute('transform', `translate(${x + 4 * k} ${y - 1 - 3 * k}) scale(1.15)`);
          g.setAttribute('aria-label', t('cm.flowerOn', { flower: FLOWER[LETTER[f.flower]]?.name || f.flower, sp: f.space }));
          labelledGroup(g);
          flowersG.append(g);
        }
        spotsG.replaceChildren();
        const [gx, gy] = geo.pos.get('G');
        const spots = [[-17, -14], [3, -19], [21, -8], [0, 8]];
        v.goal_spots.forEach((f, i) => {
          const [dx, dy] = spots[i];
          spotsG.append(s('circle', { cx: gx + dx, cy: gy + dy, r: 8, fill: '#e4c27a', stroke: '#8a6a2c', 'stroke-width': 1 }));
          if (f) {
            const g = flower(LETTER[f], 0.78);
            g.setAttribute('transform', `translate(${gx + dx} ${gy + dy}) scale(.78)`);
            spotsG.append(g);
          } else {
            spotsG.append(s('text', { class: 'cm-spot-n', x: gx + dx, y: gy + dy }, i + 1));
          }
        });
        // The frog moves of the last turn.
        marks.replaceChildren();
        const log = state.log || [];
        let actor = null;
        const drawn = [];
        for (let i = log.length - 1; i >= 0 && drawn.length < 3; i--) {
          const m = /^(\d)@([^>]+)>(.+)$/.exec(log[i].action || '');
          if (!m) continue;
          if (actor === null) actor = log[i].actor;
          else if (log[i].actor !== actor) break;
          drawn.push([m[2], ...m[3].split('>')]);
        }
        drawn.forEach((ids, k) => {
          const pts = along(geo.next, ids).map((id) => geo.pos.get(id)).filter(Boolean);
          marks.append(s('polyline', { class: 'last-path', points: pts.map((p) => p.join(',')).join(' '), style: { stroke: typeof actor === 'number' ? SEAT[actor - 1] : '#bfeaff', opacity: 1 - k * 0.25 } }));
          const [ex, ey] = pts[pts.length - 1];
          marks.append(s('circle', { class: 'last-ring', cx: ex, cy: ey, r: R + 5 }));
        });
        if (v.pending) {
          const p = geo.pos.get(v.pending.space);
          if (p) marks.append(s('circle', { class: 'hint-ring', cx: p[0], cy: p[1], r: R + 7 }));
          const d = v.pending.drop_space && geo.pos.get(v.pending.drop_space);
          if (d) marks.append(s('circle', { class: 'last-ring', cx: d[0], cy: d[1], r: R + 3, 'stroke-dasharray': '2 2' }));
        }
      },
      mark(chooser) {
        const all = new Map([...spaceEls, ...frogTargets]);
        markBoard(chooser, all, (step) => step.t);
        // While a route is to be chosen, draw the candidates.
        routeG.replaceChildren();
        const opts = [...chooser.options().values()].filter((o) => o.kind === 'route');
        const frogStep = chooser.chosenSteps().find((st) => st.kind === 'frog');
        if (opts.length > 1 && frogStep) {
          const from = frogStep.v.split('@')[1];
          opts.forEach((o, k) => {
            const ids = along(geo.next, [from, ...o.v.slice(6).split('>')]);
            const pts = ids.map((id) => geo.pos.get(id)).filter(Boolean).map(([x, y]) => [x + k * 4 - 2, y + k * 4 - 2]);
            routeG.append(s('polyline', { class: 'last-path', points: pts.map((p) => p.join(',')).join(' '), style: { stroke: ['#ffe08a', '#7cc6fe', '#6fd08c', '#ff9bd2'][k % 4] } }));
          });
        }
      },
    };
    return api;
  },
};

/** The picture on the home page's game card (plain SVG parts, not a position). */
export function thumb() {
  const out = [s('rect', { width: 160, height: 100, fill: '#103a3a' })];
  const path = [[12, 86], [30, 86], [48, 86], [66, 86], [84, 86], [102, 86], [120, 80], [134, 66], [140, 50], [134, 34], [118, 22], [98, 16], [76, 18], [56, 24], [40, 36], [34, 52], [46, 62], [64, 60]];
  out.push(s('polyline', { points: path.map((p) => p.join(',')).join(' '), fill: 'none', stroke: '#2f7f6b', 'stroke-width': 3, 'stroke-dasharray': '2 3' }));
  path.forEach(([x, y], i) => out.push(s('circle', { cx: x, cy: y, r: 6, fill: i % 3 ? '#3c9a5f' : '#4fb36f', stroke: '#1f5e3a' })));
  out.push(s('ellipse', { cx: 82, cy: 52, rx: 16, ry: 11, fill: '#d8b36a', stroke: '#8a6a2c' }));
  const flowers = [[48, 86, '#f4d03f'], [102, 86, '#f49ac1'], [140, 50, '#fff'], [76, 18, '#f4d03f']];
  for (const [x, y, c] of flowers) out.push(s('circle', { cx: x, cy: y - 1, r: 2.8, fill: c }));
  for (const [x, y, c] of [[30, 86, '#e5534b'], [118, 22, '#4c8dff'], [34, 52, '#f2c14e']]) {
    out.push(s('ellipse', { cx: x, cy: y, rx: 4, ry: 5, fill: c, stroke: '#0008' }));
  }
  return out;
}
