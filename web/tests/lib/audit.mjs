// lib/audit.mjs — what a player at the table must always get, checked on the page as it is
// now: every text readable and every control named (axe-core, WCAG 2 A/AA rules, run in the
// page), and the action bar (#prompt) with all its choices inside the viewport.

import { createRequire } from 'node:module';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const GRAVE = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page; returns its serious and critical violations, one entry per
 * element: {rule, impact, help, target, summary}.
 */
export async function graveViolations(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const res = await window.axe.run(document, { resultTypes: ['violations'] });
    return res.violations.flatMap((v) => v.nodes.map((n) => ({
      rule: v.id,
      impact: n.impact || v.impact,
      help: v.help,
      target: n.target.join(' '),
      summary: (n.failureSummary || '').replace(/\s+/g, ' ').trim(),
    })));
  });
  return found.filter((v) => GRAVE.has(v.impact));
}

/** One line per violation, for a failure message. */
export function listViolations(found) {
  return found.map((v) => `- [${v.where}] ${v.rule} (${v.impact}) at ${v.target}: ${v.help}. ${v.summary}`).join('\n');
}

/**
 * Where the action bar and each of its choices lie against the viewport, measured at once
 * (the page may move on right after): [] when all of it is in sight, else one line per part
 * that is not. A hidden bar has nothing to check.
 */
export async function barOutOfSight(page) {
  return page.evaluate(() => {
    const bar = document.getElementById('prompt');
    if (!bar || bar.hidden) return [];
    const out = [];
    const parts = [bar, ...bar.querySelectorAll('button, [data-choice]')];
    for (const el of parts) {
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      const inside = r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
      if (!inside) {
        const name = el === bar ? '#prompt' : `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}"`;
        out.push(`${name} at [${Math.round(r.left)}, ${Math.round(r.top)}, ${Math.round(r.right)}, ${Math.round(r.bottom)}] outside ${innerWidth}×${innerHeight}`);
      }
    }
    return out;
  });
}

/**
 * The action bar's buttons whose text is below WCAG AA (4.5:1, 3:1 for large text) against
 * their own background — its colour and every colour of a gradient, which axe-core cannot
 * judge (it reports them as "needs review") — one line per button, [] when all are readable.
 */
export async function promptInkFaults(page) {
  return page.evaluate(() => {
    const rgb = (s) => [...s.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => m[1].split(',').map(Number));
    const lum = ([r, g, b]) => {
      const c = [r, g, b].map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const ratio = (a, b) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    const out = [];
    for (const b of document.querySelectorAll('#prompt button')) {
      const cs = getComputedStyle(b);
      if (!b.offsetParent || !b.textContent.trim()) continue;
      const ink = rgb(cs.color)[0];
      const backs = [...rgb(cs.backgroundColor), ...rgb(cs.backgroundImage)].filter((c) => c.length < 4 || c[3] > 0.5);
      const size = parseFloat(cs.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
      const need = large ? 3 : 4.5;
      const worst = Math.min(...backs.map((c) => ratio(ink, c)));
      if (backs.length && worst < need) out.push(`"${b.textContent.trim()}": ${worst.toFixed(2)}:1 < ${need}:1 (ink ${cs.color} on ${cs.backgroundColor} ${cs.backgroundImage})`);
    }
    return out;
  });
}
