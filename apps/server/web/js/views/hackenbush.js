// The "hackenbush" view (Green Hackenbush): each component a picture standing on a horizontal
// ground line, side by side, as SVG. Vertex 0 is the ground: each component gets its own ground
// point; the other vertices stand above it by their distance from the ground. Edges are lines
// (repeated edges bow apart) and loops small circles. Each edge is a button "cut edge N": clicking
// it (or Enter on it) plays the move of the server's list whose "edge" field is N. An edge keeps
// its name N until it is cut, so parallel edges are told apart and each cuts itself. The view
// reads the components' "edges" and "names" fields and the moves' "edge" field, never move text.

import { el, svg } from '../dom.js';
import { DrawnView, showMove, walkFocus } from './common.js';

export const help = {
  board: 'Hackenbush. Tab or arrow keys choose an edge, Enter cuts it.',
  keys: 'Tab / ←→ edge · Enter cut',
  typed: 'e.g. 3 or cut edge 3',
};

const LEVEL = 56;   // height of one step from the ground
const SPACE = 56;   // between neighbouring vertices of a level
const LOOP = 11;    // a loop's radius
const MARGIN = 28;
const GROUND = 14;  // room below the ground line

// The component's edges as {number, a, b}: number is the edge's name (labels as strings: values
// above 2^53 arrive as text).
function edgesOf(component) {
  const flat = (component.fields?.edges ?? []).map(String);
  const names = (component.fields?.names ?? []).map(Number);
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push({ number: names[i / 2], a: flat[i], b: flat[i + 1] });
  return out;
}

// The edges still joined to the ground without edge `cut`.
function standing(edges, cut) {
  const reached = new Set(['0']);
  for (let grew = true; grew;) {
    grew = false;
    for (const e of edges) {
      if (e.number === cut || reached.has(e.a) === reached.has(e.b)) continue;
      reached.add(e.a);
      reached.add(e.b);
      grew = true;
    }
  }
  return new Set(edges.filter((e) => e.number !== cut && reached.has(e.a)).map((e) => e.number));
}

// Vertex positions within one component: levels by distance from the ground, each level's
// vertices side by side in label order, centred. Returns {at, width, height}.
function placeComponent(edges) {
  const depth = new Map([['0', 0]]);
  for (let frontier = ['0']; frontier.length;) {
    const next = [];
    for (const v of frontier) {
      for (const { a, b } of edges) {
        const w = a === v ? b : b === v ? a : null;
        if (w !== null && !depth.has(w)) {
          depth.set(w, depth.get(v) + 1);
          next.push(w);
        }
      }
    }
    frontier = next;
  }
  const levels = [];
  for (const [v, d] of depth) (levels[d] ??= []).push(v);
  for (const level of levels) level.sort((x, y) => (x.length - y.length) || (x < y ? -1 : x > y ? 1 : 0));
  const width = Math.max(...levels.map((l) => l.length)) * SPACE;
  const at = new Map();
  levels.forEach((level, d) => level.forEach((v, i) => {
    at.set(v, { x: width / 2 + (i - (level.length - 1) / 2) * SPACE, y: -d * LEVEL });
  }));
  return { at, width, height: (levels.length - 1) * LEVEL + 2 * LOOP + MARGIN };
}

const LABEL = 11;   // from an edge's middle to the middle of its number

// The drawing of one edge: a loop's circle (the k-th loop at a vertex turned aside), a line, or
// a curve for the k-th of repeated edges; `mid` is the edge's middle and `label` where its number
// goes: beyond a loop, and on the outer side of a curve (a straight edge's on the side away from
// the first curve beside it), so that no number sits under a neighbouring edge.
function shape(p, q, k, loop) {
  if (loop) {
    const angle = -Math.PI / 2 + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 0.9;
    const c = { x: p.x + LOOP * Math.cos(angle), y: p.y + LOOP * Math.sin(angle) };
    const out = 2 * LOOP + LABEL - 2;
    return {
      d: `M ${p.x} ${p.y} a ${LOOP} ${LOOP} 0 1 1 ${2 * (c.x - p.x)} ${2 * (c.y - p.y)} a ${LOOP} ${LOOP} 0 1 1 ${2 * (p.x - c.x)} ${2 * (p.y - c.y)}`,
      mid: { x: 2 * c.x - p.x, y: 2 * c.y - p.y },
      label: { x: p.x + out * Math.cos(angle), y: p.y + out * Math.sin(angle) },
    };
  }
  const side = k === 0 ? -1 : (k % 2 ? 1 : -1);
  const bow = side * Math.ceil(k / 2) * 16;
  const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
  const normal = { x: -(q.y - p.y) / len, y: (q.x - p.x) / len };
  const m = { x: (p.x + q.x) / 2 + bow * normal.x, y: (p.y + q.y) / 2 + bow * normal.y };
  // The control point lies at twice the bow, so that the curve passes through m.
  const c = { x: 2 * m.x - (p.x + q.x) / 2, y: 2 * m.y - (p.y + q.y) / 2 };
  return {
    d: `M ${p.x} ${p.y} Q ${c.x} ${c.y} ${q.x} ${q.y}`, mid: m,
    label: { x: m.x + side * LABEL * normal.x, y: m.y + side * LABEL * normal.y },
  };
}

export class HackenbushView extends DrawnView {
  constructor(root, host) {
    super(root, host);
    this.edges = new Map();  // edge number → {number, a, b, component edges}
  }

  render(args) {
    this.edges = new Map();
    for (const c of args.components) {
      const list = edgesOf(c);
      for (const e of list) this.edges.set(e.number, { ...e, all: list });
    }
    super.render(args);
  }

  // The move cutting edge `number`: every edge, parallel ones too, has a move of its own (the
  // edges left keep their names, so each cut leaves a position of its own).
  moveFor(number) {
    return (this.args?.moves ?? []).find(({ edge }) => Number(edge) === number) ?? null;
  }

  play(number) {
    if (!this.args?.interactive) return;
    const move = this.moveFor(number);
    if (move) this.host.play(move);
    else this.host.refuse(`You cannot cut edge ${number}`);
  }

  draw() {
    const { components, interactive, hint } = this.args;
    const hinted = hint?.edge !== undefined ? Number(hint.edge) : null;
    const winning = new Set((this.args.winning ?? []).map((m) => Number(m.edge)));
    const parts = components.map((c) => ({ c, edges: edgesOf(c), ...placeComponent(edgesOf(c)) }));
    const top = Math.max(LEVEL, ...parts.map((p) => p.height));
    const pictures = svg('g', { class: 'pictures' });
    const vertices = svg('g', { class: 'hb-vertices' });
    let x = MARGIN;
    for (const { edges, at, width } of parts) {
      const place = (v) => ({ x: x + at.get(v).x, y: top + at.get(v).y });
      const seen = new Map();  // "a-b" → edges drawn between a and b so far (loops: at a)
      for (const e of edges) {
        const key = [e.a, e.b].sort().join('-');
        const k = seen.get(key) ?? 0;
        seen.set(key, k + 1);
        const { d, mid, label } = shape(place(e.a), place(e.b), k, e.a === e.b);
        const playable = interactive && this.moveFor(e.number) !== null;
        pictures.append(svg('g', {
          class: `hb-edge${playable ? ' playable' : ''}${hinted === e.number ? ' hinted' : ''}${winning.has(e.number) ? ' winning' : ''}`,
          'data-edge': e.number,
          role: 'button',
          tabindex: playable ? 0 : -1,
          'aria-label': `cut edge ${e.number}`,
          'aria-disabled': playable ? false : 'true',
          onclick: () => this.play(e.number),
          onmouseenter: () => this.preview(e.number),
          onmouseleave: () => this.preview(null),
          onfocus: () => this.preview(e.number),
          onblur: () => this.preview(null),
        }, svg('path', { class: 'hb-hit', d }), svg('path', { class: 'hb-line', d }),
        // A disc at the middle gives the button an area even when the edge is straight up.
        svg('circle', { class: 'hb-hit', cx: mid.x, cy: mid.y, r: 9 }),
        svg('text', { class: 'hb-number', x: label.x, y: label.y, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(e.number))));
      }
      for (const v of at.keys()) {
        const p = place(v);
        vertices.append(svg('circle', { class: v === '0' ? 'hb-vertex hb-ground-point' : 'hb-vertex', 'data-vertex': v, cx: p.x, cy: p.y, r: 5 }));
      }
      x += width + MARGIN;
    }
    const width = Math.max(x, 120);
    const height = top + GROUND;
    const ground = svg('line', { class: 'hb-ground', x1: 0, y1: top, x2: width, y2: top });
    const picture = svg('svg', {
      class: 'hackenbush', viewBox: `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`,
      width: Math.round(width * 1.4), height: Math.round(height * 1.4), role: 'group',
      'aria-label': `Hackenbush picture with edges ${[...this.edges.keys()].join(', ')}`,
    }, ground, pictures, vertices);
    const caption = el('p', { class: 'graph-caption muted small', 'data-testid': 'hackenbush-caption' },
        components.map((c) => c.label).join(' · '));
    this.root.replaceChildren(picture, caption);
  }

  // Marks the edge `number` and what would fall with it; null clears the marks.
  preview(number) {
    const e = number === null || !this.args?.interactive ? null : this.edges.get(number);
    const falling = new Set();
    if (e) {
      const kept = standing(e.all, number);
      for (const other of e.all) if (!kept.has(other.number)) falling.add(other.number);
    }
    this.mark('taking', falling);
  }

  mark(name, numbers) {
    for (const node of this.root.querySelectorAll('.hb-edge')) node.classList.toggle(name, numbers.has(Number(node.dataset.edge)));
  }

  // Fades out the edge a move cuts and what falls with it (the computer's stay marked a moment);
  // resolves when done.
  animate(move, options) {
    const e = this.edges.get(Number(move.edge));
    if (!e) return Promise.resolve();
    return showMove((cls) => {
      const kept = standing(e.all, e.number);
      this.mark(cls, new Set(e.all.filter((o) => !kept.has(o.number)).map((o) => o.number)));
    }, options);
  }

  // Arrow keys move between the edges; Enter or Space cuts the focused one.
  onKey(e) {
    const nodes = [...this.root.querySelectorAll('.hb-edge.playable')];
    if (!this.args?.interactive || nodes.length === 0) return;
    walkFocus(e, nodes, (node) => this.play(Number(node.dataset.edge)));
  }
}
