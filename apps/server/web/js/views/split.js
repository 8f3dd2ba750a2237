// The "split" view (Grundy's game, Lasker's Nim): each heap a row of stones with a divider
// between every two stones. A click on a divider splits the heap there (hovering shows the two
// heaps it makes); a click on a stone takes it and every stone to its right, where the game allows
// taking (Lasker's Nim). In Grundy's game, which only splits, a click on a stone selects the heap
// and brings its dividers forward. Which splits and takes are legal comes only from the server's
// move list ("take" and what "result" leaves of the heap).

import { el } from '../dom.js';
import { playOne } from './common.js';
import {
  MAX_OBJECTS, RowsView, after, arrowStep, candidates, flash, heapLabel, heapsOf, movesOf, shapeKey,
} from './rows.js';

export { resultWidth } from './rows.js';

export const help = {
  board: 'Heaps to split. Arrow keys move along a heap over its stones and the dividers between them; Enter splits at a divider or takes from a stone to the end.',
  keys: '↑↓ heap · ←→ stone or divider · Enter split/take',
};

export class SplitView extends RowsView {
  constructor(root, host) {
    super(root, host);
    this.rows = [];
    this.marks = new Map();
    this.selected = -1;                  // the row whose dividers are brought forward
    this.cursor = { row: 0, slot: 0 };   // slot 2i: stone i; slot 2i+1: the divider after it
  }

  render(args) {
    this.keep(args);
    this.rows = args.components.map((c) => this.rowOf(c, args.sum));
    this.marks = new Map();
    this.markMoves(args);
    if (this.cursor.row >= this.rows.length) this.cursor = { row: 0, slot: 0 };
    if (this.selected >= this.rows.length) this.selected = -1;
    this.draw();
  }

  rowOf(component, sum) {
    const n = heapsOf(component)[0] ?? 0n;
    const row = {
      component, number: component.first, size: n, n: Number(n), tag: sum ? component.rules : '',
      big: n > BigInt(MAX_OBJECTS), shapes: new Set(), takes: false, unreachable: [],
    };
    const list = this.moves ? movesOf(this.moves, component) : [];
    for (const m of list) {
      row.shapes.add(this.keyOf(m, component));
      if (Number(m.take) > 0) row.takes = true;
    }
    if (!this.moves) row.takes = true;
    const reachable = new Set();
    for (let i = 1; i <= row.n && !row.big; i += 1) {
      reachable.add(shapeKey(i, [BigInt(row.n - i)]));
      if (i < row.n) reachable.add(this.splitKey(row, i));
    }
    row.unreachable = list.filter((m) => !reachable.has(this.keyOf(m, component)));
    return row;
  }

  keyOf(move, component) {
    return shapeKey(Number(move.take), after(move, component, this.resultWidth));
  }

  splitKey(row, g) {
    return shapeKey(0, [BigInt(g), BigInt(row.n - g)]);
  }

  takeKey(row, count) {
    return shapeKey(count, [BigInt(row.n - count)]);
  }

  legal(key, row) {
    return !this.moves || row.shapes.has(key);
  }

  // {row, gap} for a split, {row, take} for a take from the end, {row} otherwise.
  locate(move) {
    const r = this.rows.findIndex((row) => row.component.index === move.component);
    if (r < 0) return null;
    const row = this.rows[r];
    const key = this.keyOf(move, row.component);
    for (let g = 1; g < row.n; g += 1) if (this.splitKey(row, g) === key) return { row: r, gap: g };
    const t = Number(move.take);
    if (t > 0 && this.takeKey(row, t) === key) return { row: r, take: t };
    return { row: r };
  }

  mark(move, cls) {
    const at = this.locate(move);
    if (!at) return;
    const add = (key) => this.marks.set(key, `${this.marks.get(key) ?? ''} ${cls}`);
    const n = this.rows[at.row].n;
    if (at.gap) add(`${at.row}:gap${at.gap}`);
    else if (at.take) for (let i = n - at.take; i < n; i += 1) add(`${at.row}:${i}`);
    else add(`${at.row}:row`);
  }

  async split(r, g) {
    const row = this.rows[r];
    const key = this.splitKey(row, g);
    const options = await candidates(this.host, this.moves, row.component, { heap: row.number, take: '0' },
        (m) => this.keyOf(m, row.component) === key);
    playOne(this.host, options, `You cannot split heap ${row.number} into ${g} and ${row.n - g}`, `Split heap ${row.number}:`);
  }

  async take(r, count) {
    const row = this.rows[r];
    if (!row.takes) {
      // Nothing to take in this game: the click picks the heap whose split point comes next.
      this.selected = r;
      this.cursor = { row: r, slot: 1 };
      this.draw();
      return;
    }
    const key = this.takeKey(row, count);
    const options = await candidates(this.host, this.moves, row.component, { heap: row.number, take: String(count) },
        (m) => this.keyOf(m, row.component) === key);
    playOne(this.host, options, `You cannot take ${count} from heap ${row.number}`, `Take ${count} from heap ${row.number}:`);
  }

  draw() {
    this.root.replaceChildren(...this.rows.map((row, r) => this.drawRow(row, r)));
  }

  drawRow(row, r) {
    const rowMark = this.marks.get(`${r}:row`) ?? '';
    const node = el('div', {
      class: `heap split-row${r === this.selected ? ' selected' : ''}${rowMark}`,
      'data-heap': row.number, role: 'group', 'aria-label': `Heap ${row.number}: ${row.size}`,
    }, heapLabel(row.number, row.size, row.tag));
    const stones = el('div', { class: 'stones split-stones' });
    if (row.big) stones.append(el('span', { class: 'big-bar' }));
    for (let i = 0; i < row.n && !row.big; i += 1) {
      if (i > 0) stones.append(this.drawDivider(r, i));
      stones.append(this.drawStone(r, i));
    }
    if (row.n === 0) stones.append(el('span', { class: 'empty-heap' }, 'empty'));
    node.append(stones);
    this.appendOtherMoves(node, row, `Other moves on heap ${row.number}`);
    return node;
  }

  drawStone(r, i) {
    const row = this.rows[r];
    const count = row.n - i;
    const legal = !row.takes || this.legal(this.takeKey(row, count), row);
    const cursor = this.cursor.row === r && this.cursor.slot === 2 * i ? ' cursor' : '';
    return el('button', {
      type: 'button', class: `stone${legal ? '' : ' illegal'}${this.marks.get(`${r}:${i}`) ?? ''}${cursor}`,
      tabindex: -1, 'data-heap': row.number, 'data-stone': i + 1, disabled: !this.interactive,
      'aria-label': row.takes ? `take ${count} from heap ${row.number}` : `choose heap ${row.number} to split`,
      onclick: () => { this.cursor = { row: r, slot: 2 * i }; this.take(r, count); },
      onmouseenter: () => this.preview(r, row.takes ? { from: i } : null),
      onmouseleave: () => this.preview(-1),
    });
  }

  drawDivider(r, g) {
    const row = this.rows[r];
    const legal = this.legal(this.splitKey(row, g), row);
    const cursor = this.cursor.row === r && this.cursor.slot === 2 * g - 1 ? ' cursor' : '';
    return el('button', {
      type: 'button', class: `divider${legal ? '' : ' illegal'}${this.marks.get(`${r}:gap${g}`) ?? ''}${cursor}`,
      tabindex: -1, 'data-heap': row.number, 'data-gap': g, disabled: !this.interactive || !legal,
      'aria-label': `split heap ${row.number} into ${g} and ${row.n - g}`,
      onclick: () => { this.cursor = { row: r, slot: 2 * g - 1 }; this.split(r, g); },
      onmouseenter: () => this.preview(r, { gap: g }),
      onmouseleave: () => this.preview(-1),
    });
  }

  // Shows what a click does: the stones taken, or the two heaps a split makes.
  preview(r, what) {
    for (const node of this.root.querySelectorAll('.taking, .part-left, .part-right')) {
      node.classList.remove('taking', 'part-left', 'part-right');
    }
    if (r < 0 || !this.interactive || !what) return;
    const row = this.root.querySelectorAll('.split-row')[r];
    for (const node of row?.querySelectorAll('.stone') ?? []) {
      const i = Number(node.dataset.stone) - 1;
      if (what.gap !== undefined) node.classList.add(i < what.gap ? 'part-left' : 'part-right');
      else if (i >= what.from) node.classList.add('taking');
    }
  }

  animate(move, options) {
    const at = this.locate(move);
    if (!at) return Promise.resolve();
    const row = this.root.querySelectorAll('.split-row')[at.row];
    let nodes;
    if (at.gap) nodes = [row.querySelector(`.divider[data-gap="${at.gap}"]`)].filter(Boolean);
    else if (at.take) nodes = [...row.querySelectorAll('.stone')].slice(-at.take);
    else nodes = [row];
    return flash(nodes, options);
  }

  onKey(e) {
    if (!this.interactive || this.rows.length === 0) return;
    const c = { ...this.cursor };
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const row = this.rows[c.row];
      if (row.big || row.n === 0) return;
      if (c.slot % 2 === 1) this.split(c.row, (c.slot + 1) / 2);
      else this.take(c.row, row.n - c.slot / 2);
      return;
    }
    if (!arrowStep(e.key, c, this.rows.length, 'slot')) return;
    e.preventDefault();
    c.slot = Math.max(0, Math.min(c.slot, 2 * this.rows[c.row].n - 2));
    this.cursor = c;
    this.draw();
    if (c.slot % 2 === 1) this.preview(c.row, { gap: (c.slot + 1) / 2 });
  }
}
