// The "cram" view: the whole board, a grid of square cells, empty or filled, each cell named by
// its place on the board ("b3": column letter, row from 1) and drawn once. The board is drawn from
// the state every time: its size from the start's regions ("start", the game's start
// components), its empty cells from the regions of the position, each at its box's place ("top",
// "left"), so the regions a board falls into stay parts of one board, and a board whose every
// region is filled is drawn filled. A move fills two adjacent empty cells. Hovering an empty cell
// shows the domino a click places: the one towards the side of the cell the pointer is nearest to
// (the next legal one when that side is blocked). Enter on a focused cell plays its one domino or
// offers its dominoes in the chooser. The view reads the components' "cells" (1 empty, 0 filled,
// row by row over the region's box), "columns", "top", "left" and "board" fields and the moves' "cells"
// field (the two cells filled, as places in the box from 1), never move text.

import { el } from '../dom.js';
import { DrawnView, playOne, showMove, walkFocus } from './common.js';

// The board stays drawn, filled, when its last region is gone (see ../board.js).
export const keepsBoard = true;

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

// The board cells of a region's fields: [row, column, place from 1] of each of its empty cells.
function emptyCells(fields) {
  const columns = Number(fields?.columns ?? 1);
  const top = Number(fields?.top ?? 0);
  const left = Number(fields?.left ?? 0);
  const out = [];
  (fields?.cells ?? []).forEach((face, i) => {
    if (Number(face) === 1) out.push([top + Math.floor(i / columns), left + (i % columns), i + 1]);
  });
  return out;
}

// The far corner of a region's box: [rows, columns] of the board up to it.
function extent(fields) {
  const columns = Number(fields?.columns ?? 1);
  const height = Math.max(1, Math.ceil((fields?.cells ?? []).length / columns));
  return [Number(fields?.top ?? 0) + height, Number(fields?.left ?? 0) + columns];
}

// The boards to draw: one per board of the start (`start`: the start's regions, board after
// board, each board's in order of its first cell, as the library reads them), each as large as
// the start's regions reach, with the empty cells of the regions `components` left on it
// (empty: "row,column" → {c, cell}). A region of the position lies on the first board, from
// where the last one lay, whose start had all its cells empty and where no region already
// drawn holds them: a move leaves regions in its region's place, so a sum's boards keep their
// order. Without a start, a region that fits on no board starts one.
function boardsOf(start, components) {
  const boards = [];
  let last = -1;  // the first cell of the start region before, row by row
  for (const c of start) {
    const cells = emptyCells(c.fields);
    const first = cells.length ? cells[0][0] * 4096 + cells[0][1] : -1;
    const open = boards[boards.length - 1]?.open;
    const touches = ([r, col]) => [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]].some(([dr, dc]) => open.has(`${r + dr},${col + dc}`));
    if (boards.length === 0 || first <= last || cells.some(touches)) {
      boards.push({ rows: 0, columns: 0, open: new Set(), empty: new Map() });
    }
    last = first;
    const board = boards[boards.length - 1];
    // The library gives a region's whole board ("board": rows, columns); the extent of the
    // start's regions is the fallback, short of a board whose last rows or columns start filled.
    const [rows, columns] = Array.isArray(c.fields?.board) ? c.fields.board.map(Number) : extent(c.fields);
    board.rows = Math.max(board.rows, rows);
    board.columns = Math.max(board.columns, columns);
    for (const [r, col] of cells) board.open.add(`${r},${col}`);
  }
  let b = 0;
  for (const c of components) {
    const cells = emptyCells(c.fields);
    const fits = (board) => cells.every(([r, col]) => (board.open === null || board.open.has(`${r},${col}`)) && !board.empty.has(`${r},${col}`));
    while (b < boards.length && !fits(boards[b])) ++b;
    if (b === boards.length) boards.push({ rows: 0, columns: 0, open: null, empty: new Map() });
    const board = boards[b];
    // Its whole board, as above.
    const [rows, columns] = Array.isArray(c.fields?.board) ? c.fields.board.map(Number) : extent(c.fields);
    board.rows = Math.max(board.rows, rows);
    board.columns = Math.max(board.columns, columns);
    for (const [r, col, cell] of cells) board.empty.set(`${r},${col}`, { c, cell });
  }
  return boards;
}

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
    const grids = boardsOf(this.args.start ?? [], components).map((board, b, all) => {
      const rows = [];
      for (let r = 0; r < board.rows; ++r) {
        const row = [];
        for (let col = 0; col < board.columns; ++col) row.push(this.cellNode(board.empty.get(`${r},${col}`), r, col, interactive, hint));
        rows.push(el('div', { class: 'cram-row' }, ...row));
      }
      const label = all.length > 1 ? `board ${b + 1}` : 'board';
      return el('div', { class: 'cram-grid', role: 'group', 'aria-label': label, 'data-board': b + 1 }, ...rows);
    });
    this.root.replaceChildren(el('div', { class: 'cram-board' }, ...grids));
  }

  // The button of board cell (r, col): `at` is {c, cell} (its region and place) when it is empty.
  cellNode(at, r, col, interactive, hint) {
    const name = `${columnName(col)}${r + 1}`;
    if (!at) {
      return el('button', {
        type: 'button', class: 'cram-cell filled', 'data-name': name, tabindex: -1,
        'aria-label': `cell ${name}, filled`, 'aria-disabled': 'true',
      }, el('span', { class: 'cram-name' }, name));
    }
    const { c, cell } = at;
    const marked = hint && hint.component === c.index && cellsOf(hint).includes(cell);
    const playable = interactive && (!this.args.moves || this.movesAt(c.index, cell).length > 0);
    return el('button', {
      type: 'button',
      class: `cram-cell empty${marked ? ' hinted' : ''}`,
      'data-cell': cell,
      'data-component': c.index,
      'data-name': name,
      tabindex: playable ? 0 : -1,
      'aria-label': `cell ${name}, empty`,
      'aria-disabled': playable ? false : 'true',
      onmousemove: (e) => this.pointAt(e, c.index, cell),
      onmouseleave: () => this.show(null),
      onclick: (e) => this.click(e, c.index, cell),
    }, el('span', { class: 'cram-name' }, name));
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
