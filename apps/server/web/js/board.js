// The board: one section per view present in the position, each drawn by the renderer named by
// the components' "view" (js/views/NAME.js, listed in js/views/index.js). A new view is one file
// there and one line in that list. The board hands each
// renderer the analysis' components of its view and the legal moves in them; a renderer turns
// clicks into moves of that list and calls back the host, so the app never reads move text.
//
// A renderer module exports `help` ({board, keys}: texts for the page) and a class taking
// (root element, host) with render({components, moves, interactive, hint, winning, sum, resultWidth,
// start}) (`start`: the start components of its view, or null),
// animate(move, {computer}) (a promise; a computer's move stays marked longer) and onKey(event);
// reset() is optional. `hint` is a move to mark, `winning` an array of moves to colour as winning
// (or null). Each component it gets carries "index" (its place in the position, as a move's
// "component"), "first" (the number of its first item) and "offset": where its sizes start in a
// move's "result" (the position's sizes after the move, `resultWidth` of them before it), so that
// a renderer reads what a move leaves of its own component. A module whose components are sizes
// exports resultWidth(component), how many of them it has.
//
// The host (app.js): play(move), choose(title, moves), refuse(text), fetchMoves(query).

import { views } from './views/index.js';

// `move` when it is in one of the components `indexes`, else null.
const mineOf = (move, indexes) => (move && indexes.has(move.component) ? move : null);

// The renderer module of `view` (a promise, as a view's drawing waits on it either way).
function load(view) {
  const module = views.get(view);
  return module ? Promise.resolve(module) : Promise.reject(new Error(`unknown view ${view}`));
}

// The class a renderer module exports.
function rendererClass(module) {
  return Object.values(module).find((v) => typeof v === 'function' && v.prototype?.render);
}

export class Board {
  constructor(root, host) {
    this.root = root;
    this.host = host;
    this.sections = new Map();  // view name → {node, renderer, help, last}
    this.order = [];            // the views shown, in position order
    root.addEventListener('keydown', (e) => this.onKey(e));
  }

  // Draws `analysis` (POST /api/analyze): `moves` is the legal move list or null when unknown;
  // `hint` a winning move to mark, or null; `winning` moves to colour as winning, or null;
  // `start` the game's start components (POST /api/game's "start_components"), or null. A view
  // module exporting `keepsBoard` is drawn while the start has its view, with no components
  // when none is left (a Cram board filled to the last cell).
  async show({ analysis, moves, interactive, hint = null, winning = null, start = null }) {
    const present = [...new Set(analysis.components.map((c) => c.view))];
    const started = [...new Set((start ?? []).map((c) => c.view))].filter((v) => !present.includes(v));
    const modules = await Promise.all([...present, ...started].map(load));
    const moduleOf = new Map([...present, ...started].map((v, i) => [v, modules[i]]));
    const views = [...present, ...started.filter((v) => moduleOf.get(v).keepsBoard)];
    let first = 1;
    let offset = 0;
    const components = analysis.components.map((c, index) => {
      const part = { ...c, index, first, offset };
      first += (c.items ?? []).length;
      // A view whose components are sizes says how many each puts in a move's "result".
      offset += moduleOf.get(c.view).resultWidth?.(c) ?? 0;
      return part;
    });
    for (const [i, view] of views.entries()) {
      if (!this.sections.has(view)) {
        const node = document.createElement('div');
        node.className = `view view-${view}`;
        node.dataset.view = view;
        const Renderer = rendererClass(moduleOf.get(view));
        this.sections.set(view, { node, renderer: new Renderer(node, this.host), help: moduleOf.get(view).help ?? {} });
      }
    }
    if (views.length === 0) {
      // Every component played out (a graph's last vertex removed): nothing to draw.
      this.order = [];
      this.root.replaceChildren(Object.assign(document.createElement('p'),
          { className: 'empty-board muted', textContent: 'Nothing is left to play.' }));
    } else if (views.join() !== this.order.join()) {
      this.order = views;
      this.root.replaceChildren(...views.map((v) => this.sections.get(v).node));
    }
    const sum = new Set(components.map((c) => c.rules)).size > 1;
    for (const view of views) {
      const mine = components.filter((c) => c.view === view);
      const indexes = new Set(mine.map((c) => c.index));
      const args = {
        components: mine,
        moves: moves ? moves.filter((m) => indexes.has(m.component)) : null,
        interactive,
        hint: mineOf(hint, indexes),
        winning: winning ? winning.filter((m) => indexes.has(m.component)) : null,
        sum,
        resultWidth: offset,
        start: start ? start.filter((c) => c.view === view) : null,
      };
      const section = this.sections.get(view);
      section.last = args;
      section.renderer.render(args);
    }
    this.root.classList.toggle('waiting', !interactive);
    this.root.setAttribute('aria-label', this.help('board') ?? '');
  }

  // The page texts of the views shown ("board", "keys"), joined.
  help(key) {
    const texts = this.order.map((v) => this.sections.get(v).help[key]).filter(Boolean);
    return texts.length ? texts.join(' ') : null;
  }

  // Redraws what is shown with another hint, winning moves or interactivity (the same position).
  redraw({ interactive, hint = null, winning = null }) {
    for (const view of this.order) {
      const section = this.sections.get(view);
      if (!section.last) continue;
      const indexes = new Set(section.last.components.map((c) => c.index));
      section.last = {
        ...section.last, interactive, hint: mineOf(hint, indexes),
        winning: winning ? winning.filter((m) => indexes.has(m.component)) : null,
      };
      section.renderer.render(section.last);
    }
    this.root.classList.toggle('waiting', !interactive);
  }

  // Stops clicks while the next position loads (it is drawn when its analysis arrives).
  wait() {
    this.redraw({ interactive: false });
  }

  // A new game: renderers forget what they kept from the last position (a graph's layout).
  reset() {
    for (const { renderer } of this.sections.values()) renderer.reset?.();
  }

  // Shows what `move` removes before the next position is drawn; {computer: true} keeps it
  // marked long enough to be seen.
  animate(move, { computer = false } = {}) {
    const component = move.component;
    for (const view of this.order) {
      const section = this.sections.get(view);
      if (section.last?.components.some((c) => c.index === component)) return section.renderer.animate(move, { computer });
    }
    return Promise.resolve();
  }

  onKey(e) {
    // The keys go to the view holding the focus, else to the first view.
    const inside = this.order.find((v) => this.sections.get(v).node.contains(document.activeElement));
    const view = inside ?? this.order[0];
    if (view) this.sections.get(view).renderer.onKey(e);
  }
}
