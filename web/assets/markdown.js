// A small reader of the Markdown the rulesets' docs use (paragraphs,
// headings, lists, bold, italics, code), producing safe elements: the
// text is escaped before any markup is made.

function escape(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

function inline(text) {
  return escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
}

/** The Markdown `text` as a `<div class="md">`. */
export function markdown(text) {
  const out = [];
  let paragraph = [];
  let list = null; // {tag, items: [[depth, text]]}
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (!list) return;
    const item = ([depth, marker, t]) => {
      // A numbered item inside a bulleted list keeps its number.
      const numbered = /\d/.test(marker) && list.tag === 'ul';
      return `<li class="depth-${Math.min(depth, 2)}${numbered ? ' numbered' : ''}">${numbered ? `${marker} ` : ''}${inline(t)}</li>`;
    };
    out.push(`<${list.tag}>${list.items.map(item).join('')}</${list.tag}>`);
    list = null;
  };
  for (const raw of (text ?? '').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    const item = /^(\s*)([*-]|\d+\.)\s+(.*)$/.exec(line);
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (!line.trim()) {
      flushParagraph();
      continue;
    }
    if (heading) {
      flushParagraph();
      flushList();
      out.push(`<h4>${inline(heading[2])}</h4>`);
    } else if (item) {
      flushParagraph();
      const tag = /\d/.test(item[2]) && !list ? 'ol' : 'ul';
      list ??= { tag, items: [] };
      list.items.push([Math.floor(item[1].length / 2), item[2], item[3]]);
    } else if (list && /^\s+/.test(line)) {
      list.items[list.items.length - 1][2] += ` ${line.trim()}`;
    } else {
      flushList();
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushList();
  const div = document.createElement('div');
  div.className = 'md';
  div.innerHTML = out.join('\n');
  return div;
}
