// The "cram" view: each region of the board a grid of square cells (its box on the board), empty
// or filled, each cell named by its place on the whole board ("b3": column letter, row from 1). A move
// fills two adjacent empty cells. Hovering an empty cell shows the domino a click places: the
// one towards the side of the cell the pointer is nearest to (the next legal one when that side
// is blocked). Enter on a focused cell plays its one domino or offers its dominoes in the
// chooser. The view reads the components' "cells" (1 empty, 0 filled, row by row over the
// region's box), "columns", "top" and "left" fields and the moves' "cells" field (the two cells
// filled, as places in the box from 1), never move text.

import { el } from '../dom.js';
import { DrawnView, playOne, showMove, walkFocus } from './common.js';

export const help = {
  board: 'Cram board. Point at an empty cell to see the domino a click places; Tab or arrow keys choose a cell, Enter places a domino on it.',
  keys: 'Tab / arrows cell · Enter place',
};

// Spreadsheet column names: a … z, aa, ab, …
function columnName(c) {
  let name = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(97 + ((n - 1) % 26)) + name;
  return name;
}

const cellsOf = (move) => (Array.isArray(move.cells) ? move.cells : [move.cells]).map(Number);

export class CramView extends DrawnView {
  constructor(root, host) {
    super(root, host);
    this.preview = null;  // the move the pointer shows
  }

  render(args) {
    this.preview = null;
    super.render(args);
  }

  component(index) {
    return this.args?.components.find((c) => c.index === index);
  }

  // The board name of place `cell` (from 1) of component `c`.
  cellName(c, cell) {
    const columns = Number(c.fields.columns);
    const r = Math.floor((cell - 1) / columns) + Number(c.fields.top ?? 0);
    const col = ((cell - 1) % columns) + Number(c.fields.left ?? 0);
    return `${columnName(col)}${r + 1}`;
  }

  // The moves of component `index` that fill `cell`.
  movesAt(index, cell) {
    return (this.args?.moves ?? []).filter((m) => m.component === index && cellsOf(m).includes(cell));
  }

  // The move of `cell` towards the side nearest the pointer at (fx, fy), fractions of the cell.
  moveToward(index, cell, fx, fy) {
    const columns = Number(this.component(index).fields.columns);
    const sides = [
      { d: fx, to: cell - 1, ok: (cell - 1) % columns !== 0 },       // left
      { d: 1 - fx, to: cell + 1, ok: cell % columns !== 0 },         // right
      { d: fy, to: cell - columns, ok: true },                       // up
      { d: 1 - fy, to: cell + columns, ok: true },                   // down
    ].sort((a, b) => a.d - b.d);
    const moves = this.movesAt(index, cell);
    for (const side of sides) {
      if (!side.ok) continue;
      const move = moves.find((m) => cellsOf(m).includes(side.to));
      if (move) return move;
    }
    return null;
  }

  show(move) {
    if (move === this.preview) return;
    this.preview = move;
    for (const node of this.root.querySelectorAll('.cram-cell.preview')) node.classList.remove('preview');
    if (!move) return;
    for (const cell of cellsOf(move)) {
      this.root.querySelector(`.cram-cell[data-component="${move.component}"][data-cell="${cell}"]`)?.classList.add('preview');
    }
  }

  pointAt(e, index, cell) {
    if (!this.args?.interactive || !this.args.moves) return;
    const box = e.currentTarget.getBoundingClientRect();
    this.show(this.moveToward(index, cell, (e.clientX - box.left) / box.width, (e.clientY - box.top) / box.height));
  }

  click(e, index, cell) {
    if (!this.args?.interactive) return;
    if (!this.args.moves) {
      this.host.refuse('Too many moves to list here: type the two cells to fill');
      return;
    }
    const box = e.currentTarget.getBoundingClientRect();
    const inside = e.clientX > 0 || e.clientY > 0;
    const move = inside ? this.moveToward(index, cell, (e.clientX - box.left) / box.width, (e.clientY - box.top) / box.height) : null;
    if (move) this.host.play(move);
    else this.choose(index, cell);
  }

  // Every domino on `cell`: played at once when there is one, else offered in the chooser.
  choose(index, cell) {
    const options = this.movesAt(index, cell);
    const name = this.cellName(this.component(index), cell);
    playOne(this.host, options, `No domino fits on cell ${name}`, `Fill cell ${name} and…`);
  }

  draw() {
    const { components, interactive, hint } = this.args;
    const grids = components.map((c) => {
      const cells = (c.fields?.cells ?? []).map(Number);
      const columns = Number(c.fields?.columns ?? 1);
      const marked = hint && hint.component === c.index ? new Set(cellsOf(hint)) : new Set();
      const nodes = cells.map((face, i) => {
        const cell = i + 1;
        const empty = face === 1;
        const playable = interactive && empty && (!this.args.moves || this.movesAt(c.index, cell).length > 0);
        const name = this.cellName(c, cell);
        return el('button', {
          type: 'button',
          class: `cram-cell ${empty ? 'empty' : 'filled'}${marked.has(cell) ? ' hinted' : ''}`,
          'data-cell': cell,
          'data-component': c.index,
          'data-name': name,
          tabindex: playable ? 0 : -1,
          'aria-label': `cell ${name}, ${empty ? 'empty' : 'filled'}`,
          'aria-disabled': playable ? false : 'true',
          onmousemove: (e) => empty && this.pointAt(e, c.index, cell),
          onmouseleave: () => this.show(null),
          onclick: (e) => empty && this.click(e, c.index, cell),
        }, el('span', { class: 'cram-name' }, name));
      });
      const rows = [];
      for (let i = 0; i < nodes.length; i += columns) rows.push(el('div', { class: 'cram-row' }, ...nodes.slice(i, i + columns)));
      return el('div', { class: 'cram-grid', role: 'group', 'aria-label': c.label }, ...rows);
    });
    this.root.replaceChildren(el('div', { class: 'cram-board' }, ...grids));
  }

  // Fills the move's cells; resolves when done.
  // The domino's two cells fill (the computer's stay marked a moment); resolves when seen.
  animate(move, options) {
    if (move.cells === undefined) return Promise.resolve();
    return showMove((cls) => {
      for (const cell of cellsOf(move)) {
        this.root.querySelector(`.cram-cell[data-component="${move.component}"][data-cell="${cell}"]`)?.classList.add(cls);
      }
    }, options, 'filling');
  }

  // Arrow keys move between the empty cells; Enter or Space places a domino on the focused one.
  onKey(e) {
    const nodes = [...this.root.querySelectorAll('.cram-cell.empty')];
    if (!this.args?.interactive || nodes.length === 0) return;
    walkFocus(e, nodes, (node) => this.choose(Number(node.dataset.component), Number(node.dataset.cell)));
  }
}
