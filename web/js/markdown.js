// markdown.js — a small Markdown renderer for the rules pages (docs/rules/*.md): headings
// (with GitHub-style ids for in-page links), paragraphs, nested ordered and unordered lists,
// tables, fenced code blocks, block quotes, and inline code, bold, italics and links. Input is
// escaped first: no HTML from the text reaches the page.

import { esc } from './dom.js';

/** The id GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(text) {
  return text.toLowerCase().replace(/<[^>]+>/g, '').replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s/g, '-');
}

/** Inline markup of an already escaped line. */
function inline(raw) {
  const codes = [];
  let t = esc(raw).replace(/`([^`]+)`/g, (_, c) => {
    codes.push(c);
    return `\u0000${codes.length - 1}\u0000`;
  });
  t = t.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, href) => {
    const safe = /^(https?:|#|\/|mailto:)/.test(href) || !/^[a-z]+:/i.test(href) ? href : '#';
    return `<a href="${safe}">${label}</a>`;
  });
  t = t.replace(/&lt;(https?:\/\/[^\s&]+)&gt;/g, '<a href="$1">$1</a>');
  t = t.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  t = t.replace(/(^|[^\w*])\*([^*\s][^*]*?)\*(?!\w)/g, '$1<em>$2</em>');
  t = t.replace(/(^|[^\w])_([^_\s][^_]*?)_(?!\w)/g, '$1<em>$2</em>');
  return t.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
}

const ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;

function splitRow(line) {
  let l = line.trim();
  if (l.startsWith('|')) l = l.slice(1);
  if (l.endsWith('|') && !l.endsWith('\\|')) l = l.slice(0, -1);
  return l.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

const indentOf = (l) => l.match(/^\s*/)[0].length;

/** A list starting at line i: each item's lines (dedented) are rendered as Markdown, so items
 * may hold paragraphs, nested lists, code blocks and tables. Returns [html, next line]. */
function parseList(lines, i) {
  const first = ITEM.exec(lines[i]);
  const base = first[1].length;
  const ordered = /\d/.test(first[2]);
  const items = [];
  let loose = false;
  while (i < lines.length) {
    const m = ITEM.exec(lines[i]);
    if (!m || m[1].length !== base || /\d/.test(m[2]) !== ordered) break;
    const co = m[1].length + m[2].length + 1;
    const body = [m[3]];
    i++;
    while (i < lines.length) {
      const l = lines[i];
      if (!l.trim()) {
        let j = i;
        while (j < lines.length && !lines[j].trim()) j++;
        if (j < lines.length && indentOf(lines[j]) > base) {
          loose = loose || !ITEM.test(lines[j]);
          for (; i < j; i++) body.push('');
          continue;
        }
        if (j < lines.length && ITEM.test(lines[j]) && indentOf(lines[j]) === base) loose = true;
        break;
      }
      const ind = indentOf(l);
      if (ind > base) {
        body.push(l.slice(Math.min(ind, co)));
        i++;
      } else if (!ITEM.test(l) && !/^(#{1,6}\s|```|>|\s*\|)/.test(l) && body[body.length - 1].trim()) {
        body.push(l.trim()); // a lazy continuation of the item's paragraph
        i++;
      } else break;
    }
    while (i < lines.length && !lines[i].trim() && i + 1 < lines.length && ITEM.test(lines[i + 1]) && indentOf(lines[i + 1]) === base) i++;
    items.push(body);
  }
  const tag = ordered ? 'ol' : 'ul';
  const start = parseInt(first[2], 10);
  const html = items.map((body) => {
    let inner = markdown(body.join('\n'));
    if (!loose) inner = inner.replace(/^<p>([\s\S]*?)<\/p>/, '$1');
    return `<li>${inner}</li>`;
  }).join('');
  return [`<${tag}${ordered && start !== 1 ? ` start="${start}"` : ''}>${html}</${tag}>`, i];
}

/** Markdown text to HTML; `headings` (optional array) receives {level, text, id}. */
export function markdown(src, headings = []) {
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  const out = [];
  let i = 0;
  // Inside a paragraph, only a bullet or an ordered list starting at 1 begins a list.
  const isBlockStart = (l) => /^(#{1,6}\s|```|>|\s*\|)/.test(l) || /^\s*([-*+]|1[.)])\s+/.test(l);
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    let m;
    if ((m = /^```\s*([\w-]*)/.exec(line))) {
      const code = [];
      i++;
      while (i < lines.length && !/^```/.test(lines[i])) code.push(lines[i++]);
      i++;
      out.push(`<pre tabindex="0"><code${m[1] ? ` class="lang-${esc(m[1])}"` : ''}>${esc(code.join('\n'))}</code></pre>`);
    } else if ((m = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line))) {
      const level = m[1].length;
      const html = inline(m[2]);
      const id = slug(m[2].replace(/[`*_]/g, ''));
      headings.push({ level, text: m[2].replace(/[`*_]/g, ''), id });
      out.push(`<h${level} id="${id}">${html}<a class="anchor" href="#${id}" aria-label="link to this section">#</a></h${level}>`);
      i++;
    } else if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
      const head = splitRow(line);
      const aligns = splitRow(lines[i + 1]).map((c) => (/^:-+:$/.test(c) ? 'center' : /-:$/.test(c) ? 'right' : null));
      i += 2;
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(splitRow(lines[i++]));
      const cell = (tag, c, j) => `<${tag}${aligns[j] ? ` style="text-align:${aligns[j]}"` : ''}>${inline(c)}</${tag}>`;
      out.push(`<table tabindex="0"><thead><tr>${head.map((c, j) => cell('th', c, j)).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c, j) => cell('td', c, j)).join('')}</tr>`).join('')}</tbody></table>`);
    } else if (/^>/.test(line)) {
      const quote = [];
      while (i < lines.length && /^>/.test(lines[i])) quote.push(lines[i++].replace(/^>\s?/, ''));
      out.push(`<blockquote>${markdown(quote.join('\n'))}</blockquote>`);
    } else if (ITEM.test(line)) {
      const [html, next] = parseList(lines, i);
      out.push(html);
      i = next;
    } else {
      const para = [];
      while (i < lines.length && lines[i].trim() && !(para.length && isBlockStart(lines[i]))) para.push(lines[i++].trim());
      out.push(`<p>${inline(para.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}
