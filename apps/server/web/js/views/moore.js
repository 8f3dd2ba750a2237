// The "moore" view (Moore's Nim_k): heaps of stones where one move may take from several heaps.
// A click on a stone selects it and every stone to its right in that heap (a second click on the
// same stone clears that heap's selection); the "Take" button then plays the selection. The
// selection is legal when a move of the server's list leaves exactly those heaps (its "result"),
// and the button says which move that is in the server's words.

import { el } from '../dom.js';
import {
  MAX_OBJECTS, RowsView, after, arrowStep, flash, heapLabel, heapsOf, moreButton, movesOf,
} from './rows.js';

export { resultWidth } from './rows.js';

export const help = {
  board: 'Heaps of stones; one move may take from several heaps. Arrow keys choose a stone, Space selects it and the stones to its right, Enter takes the selection.',
  keys: '↑↓ heap · ←→ stone · Space select · Enter take · Esc clear',
};

const sameHeaps = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

export class MooreView extends RowsView {
  constructor(root, host) {
    super(root, host);
    this.rows = [];        // {component, j (heap in it), number, size: BigInt, tag}
    this.selection = new Map();  // row index → stones selected (from the end)
    this.marks = new Map();      // "row:stone" → classes
    this.cursor = { row: 0, stone: 0 };
    this.position = '';
  }

  render(args) {
    const { components, sum } = args;
    this.keep(args);
    this.components = components;
    this.rows = components.flatMap((c) => heapsOf(c).map((size, j) => ({
      component: c, j, number: c.first + j, size, tag: sum ? c.rules : '',
    })));
    // A new position forgets the selection of the last one.
    const position = this.rows.map((r) => `${r.component.index}:${r.size}`).join(' ');
    if (position !== this.position) this.selection = new Map();
    this.position = position;
    this.marks = new Map();
    this.markMoves(args);
    if (this.cursor.row >= this.rows.length) this.cursor = { row: 0, stone: 0 };
    this.draw();
  }

  // Per row of the move's component: the stones the move takes from it.
  taken(move) {
    const c = this.components.find((comp) => comp.index === move.component);
    if (!c) return [];
    const before = heapsOf(c);
    const left = after(move, c, this.resultWidth);
    if (left.length !== before.length) return [];
    return this.rows.map((r, i) => [i, r.component === c ? Number(before[r.j] - left[r.j]) : 0]).filter(([, t]) => t > 0);
  }

  mark(move, cls) {
    for (const [i, t] of this.taken(move)) {
      const n = Number(this.rows[i].size);
      for (let s = n - t; s < n; s += 1) this.marks.set(`${i}:${s}`, `${this.marks.get(`${i}:${s}`) ?? ''} ${cls}`);
    }
  }

  // The move the selection makes, or null.
  selected() {
    if (this.selection.size === 0 || !this.moves) return null;
    const c = this.rows[[...this.selection.keys()][0]].component;
    const target = heapsOf(c).map((size, j) => {
      const i = this.rows.findIndex((r) => r.component === c && r.j === j);
      return size - BigInt(this.selection.get(i) ?? 0);
    });
    return movesOf(this.moves, c).find((m) => sameHeaps(after(m, c, this.resultWidth), target)) ?? null;
  }

  select(i, stone) {
    const row = this.rows[i];
    const count = Number(row.size) - stone;
    // A selection lies in one component: selecting in another starts afresh.
    for (const k of this.selection.keys()) if (this.rows[k].component !== row.component) this.selection.clear();
    if (this.selection.get(i) === count) this.selection.delete(i);
    else this.selection.set(i, count);
    this.draw();
  }

  confirm() {
    if (this.selection.size === 0) return;
    const move = this.selected();
    if (move) {
      this.selection.clear();
      this.host.play(move);
    } else {
      this.host.refuse('No move takes exactly the selected stones');
    }
  }

  draw() {
    const rows = this.rows.map((r, i) => this.drawRow(r, i));
    const move = this.selected();
    const count = [...this.selection.values()].reduce((a, b) => a + b, 0);
    const take = el('button', {
      type: 'button', class: 'btn moore-take', disabled: !this.interactive || !move,
      onclick: () => this.confirm(),
    }, move ? `Take: ${move.description}` : (count ? 'Not a legal move' : 'Select stones, then take'));
    const clear = el('button', {
      type: 'button', class: 'btn ghost small moore-clear', disabled: !this.interactive || count === 0,
      onclick: () => { this.selection.clear(); this.draw(); },
    }, 'Clear');
    const bar = el('div', { class: 'moore-bar' }, take, clear);
    const big = this.rows.some((r) => r.size > BigInt(MAX_OBJECTS));
    if (big && this.interactive && this.moves) bar.append(moreButton(this.host, 'Moves', this.moves, 'moves…'));
    this.root.replaceChildren(...rows, bar);
  }

  drawRow(row, i) {
    const node = el('div', { class: 'heap moore-row', 'data-heap': row.number, role: 'group', 'aria-label': `Heap ${row.number}: ${row.size}` },
        heapLabel(row.number, row.size, row.tag));
    const stones = el('div', { class: 'stones' });
    const n = Number(row.size);
    if (row.size > BigInt(MAX_OBJECTS)) stones.append(el('span', { class: 'big-bar' }));
    else for (let s = 0; s < n; s += 1) stones.append(this.drawStone(i, s, n));
    if (n === 0) stones.append(el('span', { class: 'empty-heap' }, 'empty'));
    node.append(stones);
    return node;
  }

  drawStone(i, s, n) {
    const chosen = s >= n - (this.selection.get(i) ?? 0);
    const cursor = this.cursor.row === i && this.cursor.stone === s;
    return el('button', {
      type: 'button', tabindex: -1, 'data-heap': this.rows[i].number, 'data-stone': s + 1,
      class: `stone${chosen ? ' selected' : ''}${this.marks.get(`${i}:${s}`) ?? ''}${cursor ? ' cursor' : ''}`,
      'aria-pressed': chosen ? 'true' : 'false', 'aria-label': `select ${n - s} from heap ${this.rows[i].number}`,
      disabled: !this.interactive,
      onclick: () => { this.cursor = { row: i, stone: s }; this.select(i, s); },
    });
  }

  animate(move, options) {
    const nodes = [];
    for (const [i, t] of this.taken(move)) {
      const stones = [...(this.root.querySelectorAll('.moore-row')[i]?.querySelectorAll('.stone') ?? [])];
      nodes.push(...stones.slice(Math.max(0, stones.length - t)));
    }
    return flash(nodes, options);
  }

  onKey(e) {
    if (!this.interactive || this.rows.length === 0) return;
    const c = { ...this.cursor };
    if (e.key === ' ') {
      e.preventDefault();
      if (this.rows[c.row].size > 0n) this.select(c.row, c.stone);
      return;
    } else if (e.key === 'Enter') {
      e.preventDefault();
      this.confirm();
      return;
    } else if (e.key === 'Escape') {
      this.selection.clear();
      this.draw();
      return;
    } else if (!arrowStep(e.key, c, this.rows.length, 'stone')) return;
    e.preventDefault();
    c.stone = Math.max(0, Math.min(c.stone, Math.min(Number(this.rows[c.row].size), MAX_OBJECTS) - 1));
    this.cursor = c;
    this.draw();
  }
}
