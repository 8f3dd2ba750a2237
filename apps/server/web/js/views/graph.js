// The "graph" view (Node Kayles, Arc Kayles): each component of the game's start with its
// vertices on a circle, the components side by side, as SVG; the vertices of the position stay
// where the start put them, so the pieces a graph falls into are drawn as parts of it. In a component whose moves carry a "vertex" field (Node
// Kayles) clicking vertex v (or Enter on it) plays the move of the server's list whose "vertex"
// is v; in one whose moves carry an "edge" field [a, b] (Arc Kayles) the edges are what a person
// clicks, and clicking a-b plays the move whose "edge" is a-b. The view reads the components'
// "vertices" and "edges" fields and the moves' "vertex" and "edge" fields, never move text.

import { el, svg } from '../dom.js';
import { DrawnView, showMove, walkFocus } from './common.js';

export const help = {
  board: 'Graph. Tab or arrow keys choose a vertex (or an edge), Enter removes it.',
  keys: 'Tab / ←→ vertex or edge · Enter remove',
};

const R = 17;          // a vertex's radius
const GAP = 14;        // between neighbouring vertices on a circle, and around a component
const ROW_WIDTH = 560; // components wrap onto a new row past this width (viewBox units)

// The component's neighbours per vertex (labels as strings: values above 2^53 arrive as text).
function adjacency(component) {
  const vertices = (component.fields?.vertices ?? []).map(String);
  const edges = (component.fields?.edges ?? []).map(String);
  const adj = new Map(vertices.map((v) => [v, new Set()]));
  for (let i = 0; i + 1 < edges.length; i += 2) {
    adj.get(edges[i])?.add(edges[i + 1]);
    adj.get(edges[i + 1])?.add(edges[i]);
  }
  return adj;
}

// The vertices removing `v` takes: v and its neighbours.
function closed(adj, v) {
  return new Set([v, ...(adj.get(v) ?? [])]);
}

// "a-b" for an edge given as two labels.
const edgeName = (a, b) => `${a}-${b}`;

const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));

// Positions of every vertex: each component's vertices on a circle (in label order, from the top,
// clockwise), the components left to right in rows. Deterministic: the same position is always
// drawn the same way.
function layout(components) {
  const at = new Map();
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  for (const c of components) {
    const vertices = (c.fields?.vertices ?? []).map(String);
    const n = vertices.length;
    const radius = n <= 1 ? 0 : Math.max(R + GAP / 2, (R + GAP / 2) / Math.sin(Math.PI / n));
    const size = 2 * (radius + R + GAP);
    if (x > 0 && x + size > ROW_WIDTH) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const cx = x + size / 2;
    const cy = y + size / 2;
    vertices.forEach((v, i) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(n, 1);
      at.set(v, { x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) });
    });
    x += size;
    width = Math.max(width, x);
    rowHeight = Math.max(rowHeight, size);
  }
  return { at, width: Math.max(width, 1), height: Math.max(y + rowHeight, 1) };
}

export class GraphView extends DrawnView {
  constructor(root, host) {
    super(root, host);
    this.placed = null;   // the last layout, kept while the game only removes vertices
    this.adj = new Map(); // vertex → its neighbours, over all components
    this.byEdge = new Set(); // the vertices of components played by edges (moves with "edge")
  }

  reset() {
    this.placed = null;
  }

  render(args) {
    this.adj = new Map();
    this.byEdge = new Set();
    const edgeMoved = new Set((args.moves ?? []).filter((m) => m.edge !== undefined).map((m) => m.component));
    for (const c of args.components) {
      for (const [v, n] of adjacency(c)) {
        this.adj.set(v, n);
        if (edgeMoved.has(c.index)) this.byEdge.add(v);
      }
    }
    // Vertices stay where the start's layout put them while the game only removes some, so that
    // a person sees what a move took and a reload draws the same picture; a position with a
    // vertex the start lacks (or no start) keeps the last layout while it can, else gets one.
    const vertices = [...this.adj.keys()];
    const fits = (placed) => placed && vertices.every((v) => placed.at.has(v));
    const start = args.start?.length ? layout(args.start) : null;
    if (fits(start)) this.placed = start;
    else if (!fits(this.placed)) this.placed = layout(args.components);
    super.render(args);
  }

  // The move of the list that removes `v`. Twins (vertices with the same neighbourhood, such as
  // the two ends of an edge) remove the same vertices, and the server lists one move for them.
  moveFor(v) {
    const moves = this.args?.moves;
    if (!moves) return null;
    const exact = moves.find(({ vertex }) => String(vertex) === v);
    if (exact) return exact;
    const gone = closed(this.adj, v);
    return moves.find(({ vertex }) => this.adj.has(String(vertex)) && sameSet(closed(this.adj, String(vertex)), gone)) ?? null;
  }

  // The move of the list that removes edge a-b (either order), or null.
  moveForEdge(a, b) {
    const moves = this.args?.moves;
    if (!moves) return null;
    return moves.find(({ edge }) => Array.isArray(edge) && edge.length === 2 &&
        ((String(edge[0]) === a && String(edge[1]) === b) || (String(edge[0]) === b && String(edge[1]) === a))) ?? null;
  }

  playEdge(a, b) {
    if (!this.args?.interactive) return;
    const move = this.moveForEdge(a, b);
    if (move) this.host.play(move);
    else this.host.refuse(`You cannot remove edge ${edgeName(a, b)}`);
  }

  play(v) {
    if (!this.args?.interactive) return;
    const move = this.moveFor(v);
    if (move) this.host.play(move);
    else this.host.refuse(`You cannot remove vertex ${v}`);
  }

  draw() {
    const { components, interactive, hint } = this.args;
    const { at, width, height } = this.placed;
    const edges = svg('g', { class: 'edges' });
    const nodes = svg('g', { class: 'vertices' });
    const hinted = hint?.vertex !== undefined ? String(hint.vertex) : null;
    const hintedEdge = Array.isArray(hint?.edge) ? edgeName(...hint.edge.map(String)) : null;
    const winning = this.args.winning ?? [];
    const winningVertices = new Set(winning.filter((m) => m.vertex !== undefined).map((m) => String(m.vertex)));
    const winningEdges = new Set(winning.filter((m) => Array.isArray(m.edge)).map((m) => edgeName(...m.edge.map(String))));
    for (const c of components) {
      const list = (c.fields?.edges ?? []).map(String);
      for (let i = 0; i + 1 < list.length; i += 2) {
        const [u, w] = [list[i], list[i + 1]];
        const [a, b] = [at.get(u), at.get(w)];
        if (!a || !b) continue;
        const ends = { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
        const line = svg('line', { class: 'edge', 'data-edge': edgeName(u, w), ...ends });
        if (!this.byEdge.has(u)) {
          edges.append(line);
          continue;
        }
        const playable = interactive && this.moveForEdge(u, w) !== null;
        edges.append(svg('g', {
          class: `edge-move${playable ? ' playable' : ''}${hintedEdge === edgeName(u, w) ? ' hinted' : ''}${winningEdges.has(edgeName(u, w)) ? ' winning' : ''}`,
          'data-move-edge': edgeName(u, w),
          role: 'button',
          tabindex: playable ? 0 : -1,
          'aria-label': `remove edge ${edgeName(u, w)}`,
          'aria-disabled': playable ? false : 'true',
          onclick: () => this.playEdge(u, w),
          onmouseenter: () => this.previewEdge(u, w),
          onmouseleave: () => this.preview(null),
          onfocus: () => this.previewEdge(u, w),
          onblur: () => this.preview(null),
        },
        // A disc at the middle gives the button an area even when the edge is straight up or
        // across (a line's box is then flat), and a wider target on short edges.
        svg('line', { class: 'edge-hit', ...ends }), line,
        svg('circle', { class: 'edge-hit', cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, r: 9 })));
      }
    }
    for (const v of this.adj.keys()) {
      const p = at.get(v);
      if (this.byEdge.has(v)) {
        // Played by its edges: a vertex here is only drawn.
        nodes.append(svg('g', { class: 'vertex', 'data-vertex': v, transform: `translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})` },
            svg('circle', { r: R }), svg('text', { 'text-anchor': 'middle', dy: '0.35em' }, v)));
        continue;
      }
      const playable = interactive && this.moveFor(v) !== null;
      const node = svg('g', {
        class: `vertex${playable ? ' playable' : ''}${hinted === v ? ' hinted' : ''}${winningVertices.has(v) ? ' winning' : ''}`,
        'data-vertex': v,
        role: 'button',
        tabindex: playable ? 0 : -1,
        'aria-label': `remove vertex ${v}`,
        'aria-disabled': playable ? false : 'true',
        transform: `translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`,
        onclick: () => this.play(v),
        onmouseenter: () => this.preview(v),
        onmouseleave: () => this.preview(null),
        onfocus: () => this.preview(v),
        onblur: () => this.preview(null),
      }, svg('circle', { r: R }), svg('text', { 'text-anchor': 'middle', dy: '0.35em' }, v));
      nodes.append(node);
    }
    const picture = svg('svg', {
      class: 'graph', viewBox: `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`,
      // Drawn at 1.5 pixels per unit where there is room; narrower screens shrink it (style.css).
      width: Math.round(width * 1.5), height: Math.round(height * 1.5), role: 'group',
      'aria-label': `Graph with vertices ${[...this.adj.keys()].join(', ')}`,
    }, edges, nodes);
    const caption = el('p', { class: 'graph-caption muted small', 'data-testid': 'graph-caption' },
        components.map((c) => c.label).join(' · '));
    this.root.replaceChildren(picture, caption);
  }

  // Marks the vertices (and the edges) that removing `v` takes; null clears the marks.
  preview(v) {
    this.mark('taking', v !== null && this.args?.interactive ? closed(this.adj, v) : new Set());
  }

  // Marks the two ends of edge a-b (and the edges at them): what removing it takes.
  previewEdge(a, b) {
    this.mark('taking', this.args?.interactive ? new Set([a, b]) : new Set());
  }

  mark(name, gone) {
    for (const node of this.root.querySelectorAll('.vertex')) node.classList.toggle(name, gone.has(node.dataset.vertex));
    for (const node of this.root.querySelectorAll('.edge')) {
      const [a, b] = node.dataset.edge.split('-');
      node.classList.toggle(name, gone.has(a) || gone.has(b));
    }
  }

  // Fades out what a move removes (the computer's stays marked a moment); resolves when done.
  animate(move, options) {
    const { vertex, edge } = move;
    if (vertex === undefined && !Array.isArray(edge)) return Promise.resolve();
    return showMove((cls) => this.mark(cls, vertex !== undefined ? closed(this.adj, String(vertex)) : new Set(edge.map(String))), options);
  }

  // Arrow keys move between the vertices (or edges); Enter or Space removes the focused one.
  onKey(e) {
    const nodes = [...this.root.querySelectorAll('.vertex.playable, .edge-move.playable')];
    if (!this.args?.interactive || nodes.length === 0) return;
    walkFocus(e, nodes, (node) => {
      if (node.dataset.moveEdge) this.playEdge(...node.dataset.moveEdge.split('-'));
      else this.play(node.dataset.vertex);
    });
  }
}
