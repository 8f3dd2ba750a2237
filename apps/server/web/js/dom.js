// Small DOM builders shared by the page's modules. Attributes only, never inline styles: the
// server's Content-Security-Policy (style-src 'self') forbids style attributes.

const SVG = 'http://www.w3.org/2000/svg';

function build(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.setAttribute('class', v);
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

// el('button', {class: 'btn', onclick: f}, 'text', child…): an HTML element.
export function el(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// svg('circle', {cx: 1, cy: 2, r: 3}): an SVG element.
export function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG, tag), attrs, children);
}
