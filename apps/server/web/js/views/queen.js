// The "queen" view (Wythoff's game): each pair of heaps (x, y) is a queen on a board, x squares
// from the left edge and y from the bottom; a move slides her left, down or diagonally toward the
// corner. A click on a square she can reach plays the move that leaves the heaps at that square's
// column and row. Which squares she reaches comes only from the server's move list (what each
// move's "result" leaves of the pair), never from the rules here.

import { el } from '../dom.js';
import { playOne } from './common.js';
import { RowsView, after, candidates, flash, heapsOf, movesOf, moreButton } from './rows.js';

export const MAX_BOARD = 24;  // larger boards are played from a chooser of the server's moves

export { resultWidth } from './rows.js';

export const help = {
  board: 'A queen on a board. Arrow keys choose a square, Enter moves the queen there (left, down or diagonally down-left).',
  keys: '←→↑↓ square · Tab next board · Enter move',
};

export class QueenView extends RowsView {
  constructor(root, host) {
    super(root, host);
    this.boards = [];
    this.cursor = { board: 0, x: 0, y: 0 };
    this.position = '';  // the queens drawn, to tell a new position
  }

  render(args) {
    const { components, moves } = args;
    this.keep(args);
    this.boards = components.map((c) => {
      const [x = 0n, y = 0n] = heapsOf(c);
      const board = { component: c, x: Number(x), y: Number(y), size: Number(x > y ? x : y) + 1, reach: new Map(), marks: new Map() };
      board.big = board.size > MAX_BOARD;
      for (const m of movesOf(moves, c)) board.reach.set(this.squareOf(m, c).join(','), m);
      return board;
    });
    this.markMoves(args);
    // A new position puts the keyboard's cursor on the first queen.
    const position = this.boards.map((b) => `${b.x},${b.y}`).join(' ');
    if (position !== this.position) this.cursor = { board: 0, x: this.boards[0]?.x ?? 0, y: this.boards[0]?.y ?? 0 };
    this.position = position;
    this.draw();
  }

  // The square a move sends the queen to: the pair it leaves.
  squareOf(move, component) {
    return after(move, component, this.resultWidth).map(Number);
  }

  // The squares a move passes over and lands on (not the one she leaves).
  path(board, [tx, ty]) {
    const steps = Math.max(board.x - tx, board.y - ty);
    const out = [];
    for (let s = 1; s <= steps; s += 1) {
      out.push([board.x - Math.round(((board.x - tx) * s) / steps), board.y - Math.round(((board.y - ty) * s) / steps)]);
    }
    return out;
  }

  mark(move, cls) {
    const board = this.boards.find((b) => b.component.index === move.component);
    if (!board) return;
    const target = this.squareOf(move, board.component);
    for (const [sx, sy] of this.path(board, target)) {
      const key = `${sx},${sy}`;
      board.marks.set(key, `${board.marks.get(key) ?? ''} ${cls}${sx === target[0] && sy === target[1] ? ' target' : ''}`);
    }
  }

  async moveTo(b, x, y) {
    const board = this.boards[b];
    const dx = board.x - x;
    const dy = board.y - y;
    const query = dy === 0 ? { heap: board.component.first, take: String(dx) } : { heap: board.component.first + (dx === 0 ? 1 : 0), take: String(dx + dy) };
    const options = await candidates(this.host, this.moves, board.component, query,
        (m) => this.squareOf(m, board.component).join(',') === `${x},${y}`);
    playOne(this.host, options, `The queen cannot move to column ${x}, row ${y}`, 'Move the queen:');
  }

  draw() {
    this.root.replaceChildren(...this.boards.map((board, b) => this.drawBoard(board, b)));
  }

  drawBoard(board, b) {
    const c = board.component;
    const label = el('div', { class: 'queen-label' },
        el('span', {}, `heaps ${c.first} and ${c.first + 1}: `),
        el('strong', { 'data-testid': `queen-at-${b + 1}` }, `${board.x}, ${board.y}`));
    const node = el('div', { class: 'queen-board-wrap', 'data-board': b + 1, role: 'group', 'aria-label': `Queen at column ${board.x}, row ${board.y}` }, label);
    if (board.big) {
      if (this.interactive) node.append(moreButton(this.host, 'Move the queen', movesOf(this.moves, c), 'moves…'));
      return node;
    }
    // One flex row per rank (no inline styles: the page's Content-Security-Policy forbids them).
    const grid = el('div', { class: 'queen-board' });
    // The squares a row holds set their size on a narrow screen (style.css): the board never
    // widens the page. CSSOM, which the page's Content-Security-Policy allows.
    grid.style.setProperty('--columns', String(board.size));
    for (let y = board.size - 1; y >= 0; y -= 1) {
      const rank = el('div', { class: 'queen-rank' });
      for (let x = 0; x < board.size; x += 1) rank.append(this.drawSquare(board, b, x, y));
      grid.append(rank);
    }
    node.append(grid);
    return node;
  }

  drawSquare(board, b, x, y) {
    const key = `${x},${y}`;
    const queen = x === board.x && y === board.y;
    const reach = board.reach.has(key) || (!this.moves && this.inLine(board, x, y));
    const cursor = this.cursor.board === b && this.cursor.x === x && this.cursor.y === y;
    const cls = `square${(x + y) % 2 ? ' light' : ' dark'}${queen ? ' queen' : ''}${reach ? ' reach' : ''}` +
        `${board.marks.get(key) ?? ''}${cursor ? ' cursor' : ''}${x === 0 && y === 0 ? ' corner' : ''}`;
    return el('button', {
      type: 'button', class: cls, tabindex: -1, 'data-x': x, 'data-y': y,
      'aria-label': queen ? `queen at column ${x}, row ${y}` : `column ${x}, row ${y}`,
      disabled: !this.interactive || !reach,
      onclick: () => { this.cursor = { board: b, x, y }; this.moveTo(b, x, y); },
      onmouseenter: () => this.preview(b, reach ? [x, y] : null),
      onmouseleave: () => this.preview(-1),
    }, queen ? '♛' : '');
  }

  // Without the move list (too long to send), squares in line with the queen are offered and
  // the server judges the click.
  inLine(board, x, y) {
    if (x > board.x || y > board.y || (x === board.x && y === board.y)) return false;
    return x === board.x || y === board.y || board.x - x === board.y - y;
  }

  // Marks the squares the queen would pass over and land on.
  preview(b, target) {
    for (const node of this.root.querySelectorAll('.square.taking')) node.classList.remove('taking');
    if (b < 0 || !target || !this.interactive) return;
    const grid = this.root.querySelectorAll('.queen-board')[b];
    for (const [x, y] of this.path(this.boards[b], target)) grid?.querySelector(`[data-x="${x}"][data-y="${y}"]`)?.classList.add('taking');
  }

  animate(move, options) {
    const b = this.boards.findIndex((board) => board.component.index === move.component);
    const grid = this.root.querySelectorAll('.queen-board')[b];
    if (!grid) return Promise.resolve();
    const board = this.boards[b];
    const squares = [[board.x, board.y], ...this.path(board, this.squareOf(move, board.component))];
    return flash(squares.map(([x, y]) => grid.querySelector(`[data-x="${x}"][data-y="${y}"]`)).filter(Boolean), options);
  }

  onKey(e) {
    if (!this.interactive || this.boards.length === 0) return;
    const c = { ...this.cursor };
    if (e.key === 'ArrowLeft') c.x -= 1;
    else if (e.key === 'ArrowRight') c.x += 1;
    else if (e.key === 'ArrowUp') c.y += 1;
    else if (e.key === 'ArrowDown') c.y -= 1;
    else if (e.key === 'Tab' && this.boards.length > 1) {
      c.board = (c.board + (e.shiftKey ? this.boards.length - 1 : 1)) % this.boards.length;
      c.x = this.boards[c.board].x;
      c.y = this.boards[c.board].y;
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const board = this.boards[c.board];
      if (board && !board.big) this.moveTo(c.board, c.x, c.y);
      return;
    } else return;
    e.preventDefault();
    const board = this.boards[c.board];
    c.x = Math.max(0, Math.min(c.x, board.size - 1));
    c.y = Math.max(0, Math.min(c.y, board.size - 1));
    this.cursor = c;
    this.draw();
    this.preview(c.board, board.reach.has(`${c.x},${c.y}`) ? [c.x, c.y] : null);
  }
}
