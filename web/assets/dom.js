// Small helpers to build the page's elements without a framework.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Appends children (nodes, text, arrays; null and false are skipped). */
function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

/** Sets attributes: `class`, `dataset`, `on*` listeners, booleans. */
function assign(element, attrs) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value == null || value === false) continue;
    if (key === 'class') element.setAttribute('class', value);
    else if (key === 'dataset') Object.assign(element.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') {
      element.addEventListener(key.slice(2), value);
    } else if (key === 'value' && 'value' in element) element.value = value;
    else if (value === true) element.setAttribute(key, '');
    else element.setAttribute(key, value);
  }
  return element;
}

/** An HTML element: h('p', {class: 'note'}, 'text', child). */
export function h(tag, attrs, ...children) {
  return append(assign(document.createElement(tag), attrs), children);
}

/** An SVG element. */
export function s(tag, attrs, ...children) {
  return append(assign(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** Replaces an element's children. */
export function fill(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}

/** Upper-cases the first letter. */
export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** `2 stones`, `1 stone`. */
export function plural(count, word, many = `${word}s`) {
  return `${count} ${count === 1 ? word : many}`;
}
