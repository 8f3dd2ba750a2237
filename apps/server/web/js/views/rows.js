// What the views drawn from heaps (pins, split, queen, moore) share: reading what a move leaves of
// a component from the move's "result", finding the move a click means, and marking the objects
// a move removes (hint, winning moves, the move just played). Nothing here knows a game's rules:
// a move is legal because the server listed it.

import { el } from '../dom.js';
import { COMPUTER_MS, PLAYED_MS } from './common.js';

export const MAX_OBJECTS = 60;     // larger heaps are played from a chooser of the server's moves

// The base of these views. render() starts with keep(args), which holds what a click needs: the
// server's moves (null when too many to send), whether the person may play now, and the number of
// sizes in the position (to read a move's "result"); then markMoves(args) marks the winning moves and
// the hint through the view's mark(move, cls).
// host: play(move), choose(title, moves), refuse(text), fetchMoves(query) (see ../board.js)
export class RowsView {
  constructor(root, host) {
    this.root = root;
    this.host = host;
    this.moves = null;
    this.interactive = false;
  }

  keep({ moves, interactive, resultWidth }) {
    this.moves = moves;
    this.interactive = interactive;
    this.resultWidth = resultWidth;
  }

  markMoves({ hint, winning }) {
    for (const m of winning ?? []) this.mark(m, 'winning');
    if (hint) this.mark(hint, 'hinted');
  }

  // Appends to a row's `node` the chooser of the moves its drawing cannot express
  // (`row.unreachable`), or of all its moves when the heap is too big to draw (`row.big`).
  appendOtherMoves(node, row, title) {
    const rest = row.big ? movesOf(this.moves, row.component) : row.unreachable;
    if (this.interactive && rest.length) node.append(moreButton(this.host, title, rest, row.big ? 'moves…' : 'more…'));
  }
}

// Moves the cursor `c` of a view drawn in rows by an arrow key: ↑↓ to the row above or below
// (within `rows` rows), ←→ `along` (the name of its place in the row) by one, left to the view to
// clamp. Returns false, leaving `c` alone, for any other key.
export function arrowStep(key, c, rows, along) {
  if (key === 'ArrowUp') c.row = Math.max(0, c.row - 1);
  else if (key === 'ArrowDown') c.row = Math.min(rows - 1, c.row + 1);
  else if (key === 'ArrowLeft') c[along] -= 1;
  else if (key === 'ArrowRight') c[along] += 1;
  else return false;
  return true;
}

// The component's heaps before a move, as BigInts.
export const heapsOf = (component) => (component.fields?.heaps ?? []).map((h) => BigInt(h));

// How many sizes the component puts in a move's "result" (see ../board.js).
export const resultWidth = (component) => (component.fields?.heaps ?? []).length;

// The component's heaps after `move` (made in it), as BigInts: the slice of the position-wide
// "result" where the component's heaps stood (`width` sizes in the position before the move).
export function after(move, component, width) {
  const result = move.result ?? [];
  const before = heapsOf(component).length;
  const length = before + result.length - width;
  return result.slice(component.offset, component.offset + Math.max(0, length)).map((h) => BigInt(h));
}

// A move's shape on one heap of n: objects taken and the sorted non-empty pieces left, as a key.
export function shapeKey(take, pieces) {
  const sorted = pieces.filter((p) => p > 0n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `${take}|${sorted.join(',')}`;
}

export const movesOf = (moves, component) => (moves ?? []).filter((m) => m.component === component.index);

// The server's moves of `component` that `predicate` accepts, from the list or, when the list was
// too long to send, from the server (asked about `query`).
export async function candidates(host, moves, component, query, predicate) {
  const list = moves ? movesOf(moves, component) : (await host.fetchMoves(query)).filter((m) => m.component === component.index);
  return list.filter(predicate);
}

// Marks `nodes` for the time a move is shown ('computer-move' for the computer's, else `played`:
// 'leaving' for what a person's move removes); resolves when it is over.
export function flash(nodes, { computer, played = 'leaving' }) {
  if (nodes.length === 0) return Promise.resolve();
  const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
  for (const node of nodes) node.classList.add(computer ? 'computer-move' : played);
  const ms = computer ? COMPUTER_MS : (reduce ? 0 : PLAYED_MS);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// The label column of a heap: its name in the view's words ("heap 2", "row 2"), its size and, in a
// sum, its ruleset.
export function heapLabel(number, size, tag, word = 'heap') {
  const digits = size.toString();
  // A long size may wrap only between groups of three digits (1000 000 000, read as a number),
  // never inside a group; its text stays the plain digits.
  const groups = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  const parts = digits.length > 4 ? groups.flatMap((g, i) => (i ? [el('wbr'), g] : [g])) : [digits];
  const label = el('div', { class: 'heap-label' },
      el('span', { class: 'heap-number' }, `${word} ${number}`),
      el('span', { class: `heap-size${digits.length > 4 ? ' long' : ''}`, 'data-testid': `heap-size-${number}` }, ...parts));
  if (tag) label.append(el('span', { class: 'heap-tag' }, tag));
  return label;
}

// A button offering `moves` in the page's chooser: the moves no click on the drawing expresses.
export function moreButton(host, title, moves, text = 'more…') {
  return el('button', {
    class: 'btn small ghost heap-more', type: 'button',
    title: 'Moves that clicking the drawing cannot express',
    onclick: () => host.choose(title, moves),
  }, text);
}
