// The "digraph" view (games on a directed graph): the graph drawn in layers, each vertex at its
// depth (the longest path to it from a vertex with no arrow in; after a cycle, one layer below the
// vertex that first enters it), arrows pointing down, the token(s) on their vertices. The arrows
// that close a cycle go up or along a layer: they are drawn dashed and bowed aside, an arrow and
// its reverse bow apart so that both are seen, and an arrow from a vertex to itself is a loop
// beside it. Components on one graph (several tokens) share one drawing.
// Clicking a vertex (or Enter on it) plays the move of the server's list whose "to" is that
// vertex; when two tokens can go there the host asks which. The hint marks its arrow. The view
// reads the components' fields ("vertices", "arrows", "depth", "token"), their items for the
// vertex names, and the moves' "from" and "to" fields, never move text.

import { el, svg } from '../dom.js';
import { DrawnView, playOne, showMove, walkFocus } from './common.js';

export const help = {
  board: 'Directed graph. Tab or arrow keys choose a vertex the token can go to, Enter moves it there.',
  keys: 'Tab / ←→ vertex · Enter move the token',
};

const R = 18;          // a vertex's radius
const COLUMN = 64;     // between neighbouring vertices of a layer
const ROW = 78;        // between layers
const MARGIN = 28;
const MAX_DRAWN = 400; // larger graphs get a list of the tokens' moves instead of a picture

// Vertex names in the server's numbering: the items' names ("a>b", "b>c@a") in shortlex order
// (shorter first, then by character code), as the library numbers them.
function namesOf(component) {
  const names = new Set();
  for (const item of component.items ?? []) {
    const [arrow, ...tokens] = String(item).split('@');
    for (const name of [...(arrow ? arrow.split('>') : []), ...tokens]) if (name) names.add(name);
  }
  const sorted = [...names].sort((a, b) => (a.length - b.length) || (a < b ? -1 : a > b ? 1 : 0));
  const count = (component.fields?.vertices ?? []).length;
  return sorted.length === count ? sorted : Array.from({ length: count }, (_, i) => String(i));
}

// The graph's items without the token, which identify one drawing.
const graphKey = (component) => (component.items ?? []).map((i) => String(i).split('@')[0]).join(',');

// Groups components of one graph: [{names, arrows, depth, parts: [component]}].
function groups(components) {
  const byKey = new Map();
  for (const c of components) {
    const key = graphKey(c);
    if (!byKey.has(key)) {
      const f = c.fields ?? {};
      byKey.set(key, { key, names: namesOf(c), arrows: (f.arrows ?? []).map(Number), depth: (f.depth ?? []).map(Number), parts: [] });
    }
    byKey.get(key).parts.push(c);
  }
  return [...byKey.values()];
}

// Positions of a group's vertices: layer by depth, top to bottom; within a layer, vertices
// ordered by the mean place of their predecessors (fewer crossings), then by number.
function layout(group) {
  const n = group.names.length;
  const preds = Array.from({ length: n }, () => []);
  for (let i = 0; i + 1 < group.arrows.length; i += 2) preds[group.arrows[i + 1]].push(group.arrows[i]);
  const layers = [];
  for (let v = 0; v < n; v += 1) (layers[group.depth[v] ?? 0] ??= []).push(v);
  const slot = new Array(n).fill(0);
  let widest = 1;
  for (const layer of layers) {
    if (!layer) continue;
    const mean = (v) => (preds[v].length ? preds[v].reduce((s, p) => s + slot[p], 0) / preds[v].length : v);
    layer.sort((a, b) => mean(a) - mean(b) || a - b);
    layer.forEach((v, i) => { slot[v] = i; });
    widest = Math.max(widest, layer.length);
  }
  const at = new Array(n);
  layers.forEach((layer, d) => {
    if (!layer) return;
    const offset = ((widest - layer.length) * COLUMN) / 2;
    layer.forEach((v, i) => { at[v] = { x: MARGIN + R + offset + i * COLUMN, y: MARGIN + R + d * ROW }; });
  });
  // Room on the right for the arrows that bow round the layers they skip.
  return { at, width: 2 * (MARGIN + R) + widest * COLUMN, height: 2 * (MARGIN + R) + (layers.length - 1) * ROW };
}

const f = (n) => n.toFixed(1);

// An arrow from a vertex at `a` to itself: a loop on its right (arrows in come from above, and
// leave downwards), leaving and entering its rim.
function loopPath(a) {
  const out = { x: a.x + R * Math.cos(-Math.PI / 5), y: a.y + R * Math.sin(-Math.PI / 5) };
  const back = { x: a.x + (R + 4) * Math.cos(Math.PI / 5), y: a.y + (R + 4) * Math.sin(Math.PI / 5) };
  return `M ${f(out.x)} ${f(out.y)} C ${f(a.x + 2.8 * R)} ${f(a.y - 2 * R)} ${f(a.x + 2.8 * R)} ${f(a.y + 2 * R)} ` +
    `${f(back.x)} ${f(back.y)}`;
}

// An arrow from vertex a to vertex b, `span` layers down, from rim to rim. An arrow skipping
// layers bows sideways, so that it does not run through the vertices between; so does an arrow
// that goes up or along a layer (closing a cycle), and one whose reverse is drawn too (`bowed`),
// so that the two lie apart.
function arrowPath(a, b, span, bowed) {
  const unit = (from, to) => {
    const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
    return { x: (to.x - from.x) / length, y: (to.y - from.y) / length };
  };
  if (span === 1 && !bowed) {
    const d = unit(a, b);
    return `M ${f(a.x + d.x * R)} ${f(a.y + d.y * R)} L ${f(b.x - d.x * (R + 4))} ${f(b.y - d.y * (R + 4))}`;
  }
  // The control point lies to the right of the arrow's direction (seen going along it).
  const d = unit(a, b);
  const bow = Math.min(COLUMN * 1.2, (bowed ? 30 : 22) * Math.max(1, Math.abs(span)));
  const c = { x: (a.x + b.x) / 2 + d.y * bow, y: (a.y + b.y) / 2 - d.x * bow };
  const s = unit(a, c);
  const e = unit(c, b);
  return `M ${f(a.x + s.x * R)} ${f(a.y + s.y * R)} Q ${f(c.x)} ${f(c.y)} ${f(b.x - e.x * (R + 4))} ${f(b.y - e.y * (R + 4))}`;
}

export class DigraphView extends DrawnView {
  constructor(root, host) {
    super(root, host);
    this.groups = [];
  }

  render(args) {
    this.groups = groups(args.components);
    super.render(args);
  }

  // The moves of the list in `group` that take a token to vertex v.
  movesTo(group, v) {
    const indexes = new Set(group.parts.map((c) => c.index));
    return (this.args?.moves ?? []).filter((m) => indexes.has(m.component) && Number(m.to) === v);
  }

  play(group, v) {
    if (!this.args?.interactive) return;
    const name = group.names[v];
    playOne(this.host, this.movesTo(group, v), `No token can move to ${name}`, `Which token goes to ${name}?`);
  }

  draw() {
    const { interactive, hint } = this.args;
    const parts = [];
    for (const group of this.groups) {
      parts.push(group.names.length > MAX_DRAWN ? this.list(group) : this.picture(group, interactive, hint));
    }
    const caption = el('p', { class: 'graph-caption muted small', 'data-testid': 'digraph-caption' },
        this.args.components.map((c) => c.label).join(' · '));
    this.root.replaceChildren(...parts, caption);
  }

  picture(group, interactive, hint) {
    const { at, width, height } = layout(group);
    const tokens = new Map();  // vertex → tokens on it
    for (const c of group.parts) {
      const t = Number(c.fields?.token ?? 0);
      tokens.set(t, (tokens.get(t) ?? 0) + 1);
    }
    const hinted = hint && group.parts.some((c) => c.index === hint.component) ? [Number(hint.from), Number(hint.to)] : null;
    const marker = `digraph-arrow-${this.groups.indexOf(group)}`;
    const arrows = svg('g', { class: 'arrows' });
    const drawnArrows = new Set();
    for (let i = 0; i + 1 < group.arrows.length; i += 2) drawnArrows.add(`${group.arrows[i]}>${group.arrows[i + 1]}`);
    for (let i = 0; i + 1 < group.arrows.length; i += 2) {
      const [u, w] = [group.arrows[i], group.arrows[i + 1]];
      const isHint = hinted && hinted[0] === u && hinted[1] === w;
      const span = (group.depth[w] ?? 0) - (group.depth[u] ?? 0);
      // An arrow closing a cycle: up a layer or more, along one, or back to its own vertex.
      const back = span <= 0;
      arrows.append(svg('path', {
        class: `arrow${back ? ' back' : ''}${isHint ? ' hinted' : ''}`,
        'data-arrow': `${group.names[u]}>${group.names[w]}`,
        d: u === w ? loopPath(at[u]) : arrowPath(at[u], at[w], span, drawnArrows.has(`${w}>${u}`)),
        'marker-end': `url(#${marker})`,
      }));
    }
    const nodes = svg('g', { class: 'vertices' });
    group.names.forEach((name, v) => {
      const p = at[v];
      const playable = interactive && this.movesTo(group, v).length > 0;
      const count = tokens.get(v) ?? 0;
      const node = svg('g', {
        class: `vertex${playable ? ' playable' : ''}${count ? ' token' : ''}${hinted && hinted[1] === v ? ' hinted' : ''}`,
        'data-vertex': name,
        role: playable ? 'button' : null,
        tabindex: playable ? 0 : -1,
        'aria-label': `${count ? `token on ${name}` : `vertex ${name}`}${playable ? `: move the token to ${name}` : ''}`,
        transform: `translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`,
        onclick: () => this.play(group, v),
      }, svg('circle', { r: R }), svg('text', { 'text-anchor': 'middle', dy: '0.35em' }, name));
      if (count > 1) node.append(svg('text', { class: 'token-count', x: R, y: -R + 4 }, `×${count}`));
      nodes.append(node);
    });
    const defs = svg('defs', {}, svg('marker', {
      id: marker, viewBox: '0 0 10 10', refX: 6, refY: 5, markerWidth: 14, markerHeight: 14, markerUnits: 'userSpaceOnUse', orient: 'auto',
    }, svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrow-head' })));
    return svg('svg', {
      class: 'digraph', viewBox: `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`,
      width: Math.round(width * 1.3), height: Math.round(height * 1.3), role: 'group',
      'aria-label': `Directed graph with vertices ${group.names.join(', ')}`,
    }, defs, arrows, nodes);
  }

  // A graph too large to draw: each token's vertex and buttons for where it can go.
  list(group) {
    const box = el('div', { class: 'digraph-list' });
    for (const c of group.parts) {
      const from = Number(c.fields?.token ?? 0);
      const moves = (this.args.moves ?? []).filter((m) => m.component === c.index);
      box.append(el('p', {}, `Token on ${group.names[from]} (a graph of ${group.names.length} vertices)`,
          ...moves.map((m) => el('button', {
            class: 'btn small', type: 'button', 'data-vertex': group.names[Number(m.to)],
            disabled: !this.args.interactive, onclick: () => this.host.play(m),
          }, `→ ${group.names[Number(m.to)]}`))));
    }
    return box;
  }

  // Marks the arrow a move slides the token along and the vertex it reaches (the computer's move
  // stays marked a moment); resolves when it has been seen.
  animate(move, options) {
    const group = this.groups?.find((g) => g.parts.some((c) => c.index === move.component));
    if (!group || move.from === undefined || move.to === undefined) return Promise.resolve();
    const from = group.names[Number(move.from)];
    const to = group.names[Number(move.to)];
    const nodes = [...this.root.querySelectorAll(
        `[data-arrow="${CSS.escape(`${from}>${to}`)}"], .vertex[data-vertex="${CSS.escape(to)}"]`)];
    return showMove((cls) => nodes.forEach((node) => node.classList.add(cls)), options);
  }

  // Arrow keys move between the vertices a token can go to; Enter or Space moves it there.
  onKey(e) {
    const nodes = [...this.root.querySelectorAll('.vertex.playable')];
    if (!this.args?.interactive || nodes.length === 0) return;
    walkFocus(e, nodes, (node) => node.dispatchEvent(new MouseEvent('click')));
  }
}
