// The "pins" view (octal games: Kayles, Dawson's Kayles, ...): each heap a row of pins. A click
// knocks down a run of neighbouring pins, and where the run falls decides the split: knocking pin
// 3 of 8 leaves rows of 2 and 5. Which runs are legal comes only from the server's move list (each
// move's "take" and what its "result" leaves of the heap), never from rules here.
//
// When several run lengths are legal, the pointer's place on the pin picks one: on the left part
// of a pin the shortest run starting there, further right a longer one (the pin and its right
// neighbours), so Kayles' one pin or two is chosen on a single pin. The keyboard picks the length
// with + and -. Splits that knock nothing (octal digit d0) are clicks on the gap between two pins;
// a move no run or gap expresses (one leaving three rows) is in the row's "more…" chooser.

import { el } from '../dom.js';
import {
  MAX_OBJECTS, RowsView, after, arrowStep, candidates, flash, heapLabel, heapsOf, movesOf, playOne,
  shapeKey,
} from './rows.js';

export const help = {
  board: 'Rows of pins. Arrow keys choose a pin, + and - how many to knock down, Enter knocks them down.',
  keys: '↑↓ row · ←→ pin · +− run length · Enter knock down',
  typed: 'e.g. 1 1 2 5 (row 1: knock down 1, leaving 2 and 5)',
};

export class PinsView extends RowsView {
  constructor(root, host) {
    super(root, host);
    this.rows = [];
    this.marks = new Map();  // "row:pin" or "row:gapN" → class names (hint, winning)
    this.cursor = { row: 0, pin: 0, width: 0 };
  }

  render(args) {
    this.keep(args);
    this.rows = args.components.map((c) => this.rowOf(c, args.sum));
    this.marks = new Map();
    this.markMoves(args);
    if (this.cursor.row >= this.rows.length) this.cursor = { row: 0, pin: 0, width: 0 };
    this.draw();
  }

  // A heap's row: its pins, and the legal moves by shape ("take|pieces left").
  rowOf(component, sum) {
    const n = heapsOf(component)[0] ?? 0n;
    const row = {
      component, number: component.first, size: n, n: Number(n), tag: sum ? component.rules : '',
      big: n > BigInt(MAX_OBJECTS), shapes: new Map(), takes: [], gaps: false, unreachable: [],
    };
    const list = this.moves ? movesOf(this.moves, component) : null;
    if (!list) { row.takes = [1, 2]; return row; }
    const takes = new Set();
    for (const m of list) {
      const key = shapeKey(Number(m.take), after(m, component, this.heapCount));
      if (!row.shapes.has(key)) row.shapes.set(key, []);
      row.shapes.get(key).push(m);
      if (Number(m.take) > 0) takes.add(Number(m.take)); else row.gaps = true;
    }
    row.takes = [...takes].sort((a, b) => a - b);
    const reachable = new Set();
    if (!row.big) {
      for (const t of row.takes) for (let s = 0; s + t <= row.n; s += 1) reachable.add(this.runKey(row, s, t));
      for (let g = 1; g < row.n; g += 1) reachable.add(this.runKey(row, g, 0));
    }
    row.unreachable = list.filter((m) => !reachable.has(shapeKey(Number(m.take), after(m, component, this.heapCount))));
    return row;
  }

  // The shape of knocking down `take` pins from pin `start` (0-based); take 0 splits before it.
  runKey(row, start, take) {
    return shapeKey(take, [BigInt(start), BigInt(row.n - start - take)]);
  }

  legal(row, start, take) {
    return !this.moves || row.shapes.has(this.runKey(row, start, take));
  }

  // The run a pointer on pin p picks: length index k of the row's legal lengths; when that run is
  // not legal here, the nearest legal length (unless `exact`), else the run shown as illegal.
  runAt(row, p, k, exact = false) {
    const widths = row.takes.length ? row.takes : [1];
    const order = widths.map((t, i) => [Math.abs(i - k), i, t]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [, i, t] of exact ? [[0, k, widths[k]]] : order) {
      for (let s = p; s > p - t; s -= 1) {
        if (s >= 0 && s + t <= row.n && this.legal(row, s, t)) return { start: s, take: t, legal: true, k: i };
      }
    }
    const t = Math.min(widths[k], row.n);
    return { start: Math.max(0, Math.min(p, row.n - t)), take: t, legal: false, k };
  }

  // Where a move's objects are: {row, start, take} for a run, {row, gap} for a split, {row} else.
  locate(move) {
    const r = this.rows.findIndex((row) => row.component.index === move.component);
    if (r < 0) return null;
    const row = this.rows[r];
    const key = shapeKey(Number(move.take), after(move, row.component, this.heapCount));
    const t = Number(move.take);
    if (t === 0) {
      for (let g = 1; g < row.n; g += 1) if (this.runKey(row, g, 0) === key) return { row: r, gap: g };
    } else {
      // From the right: a move leaving one row is shown taking from its end, as stones are.
      for (let s = row.n - t; s >= 0; s -= 1) if (this.runKey(row, s, t) === key) return { row: r, start: s, take: t };
    }
    return { row: r };
  }

  mark(move, cls) {
    const at = this.locate(move);
    if (!at) return;
    const add = (key) => this.marks.set(key, `${this.marks.get(key) ?? ''} ${cls}`);
    if (at.take) for (let i = at.start; i < at.start + at.take; i += 1) add(`${at.row}:${i}`);
    else if (at.gap) add(`${at.row}:gap${at.gap}`);
    else add(`${at.row}:row`);
  }

  async knock(r, start, take) {
    const row = this.rows[r];
    const key = this.runKey(row, start, take);
    const options = await candidates(this.host, this.moves, row.component, { heap: row.number, take: String(take) },
        (m) => shapeKey(Number(m.take), after(m, row.component, this.heapCount)) === key);
    const what = take === 0 ? `split row ${row.number} after pin ${start}` : `knock down pins ${start + 1}–${start + take} of row ${row.number}`;
    playOne(this.host, options, `You cannot ${what}`, `Row ${row.number}:`);
  }

  draw() {
    this.root.replaceChildren(...this.rows.map((row, r) => this.drawRow(row, r)));
  }

  drawRow(row, r) {
    const node = el('div', {
      class: `heap pin-row${this.marks.has(`${r}:row`) ? ` ${this.marks.get(`${r}:row`)}` : ''}`,
      'data-heap': row.number, role: 'group', 'aria-label': `Row ${row.number}: ${row.size} pins`,
    }, heapLabel(row.number, row.size, row.tag));
    const pins = el('div', { class: 'pins' });
    if (row.big) {
      pins.append(el('span', { class: 'big-bar' }));
    } else {
      for (let i = 0; i < row.n; i += 1) {
        if (i > 0 && row.gaps) pins.append(this.drawGap(r, i));
        pins.append(this.drawPin(r, i));
      }
      if (row.n === 0) pins.append(el('span', { class: 'empty-heap' }, 'empty'));
    }
    node.append(pins);
    this.appendOtherMoves(node, row, `Other moves on row ${row.number}`);
    return node;
  }

  drawPin(r, i) {
    const c = this.cursor;
    const marks = this.marks.get(`${r}:${i}`) ?? '';
    const cursor = c.row === r && c.pin === i ? ' cursor' : '';
    const pin = el('button', {
      type: 'button', class: `pin${marks}${cursor}`, tabindex: -1, 'data-heap': this.rows[r].number, 'data-pin': i + 1,
      'aria-label': `pin ${i + 1} of row ${this.rows[r].number}`, disabled: !this.interactive,
    });
    const runOf = (e) => this.runAt(this.rows[r], i, this.fractionIndex(r, e));
    pin.addEventListener('mousemove', (e) => this.preview(r, runOf(e)));
    pin.addEventListener('mouseleave', () => this.preview(-1));
    pin.addEventListener('click', (e) => {
      const run = runOf(e);
      this.cursor = { row: r, pin: i, width: run.k };
      this.knock(r, run.start, run.take);
    });
    return pin;
  }

  // Which run length the pointer's place across the pin asks for.
  fractionIndex(r, e) {
    const widths = this.rows[r].takes.length || 1;
    const box = e.currentTarget.getBoundingClientRect();
    const f = box.width > 0 ? (e.clientX - box.left) / box.width : 0;
    return Math.max(0, Math.min(widths - 1, Math.floor(f * widths)));
  }

  drawGap(r, g) {
    const row = this.rows[r];
    const legal = this.legal(row, g, 0);
    const marks = this.marks.get(`${r}:gap${g}`) ?? '';
    return el('button', {
      type: 'button', class: `gap${legal ? '' : ' illegal'}${marks}`, tabindex: -1, 'data-heap': row.number, 'data-gap': g,
      'aria-label': `split row ${row.number} into ${g} and ${row.n - g}`, disabled: !this.interactive || !legal,
      onclick: () => this.knock(r, g, 0),
    });
  }

  // Marks the pins a click would knock down (red when that run is not a legal move).
  preview(r, run) {
    for (const node of this.root.querySelectorAll('.pin.taking')) node.classList.remove('taking', 'illegal');
    if (r < 0 || !this.interactive || !run) return;
    const row = this.root.querySelectorAll('.pin-row')[r];
    for (const node of row?.querySelectorAll('.pin') ?? []) {
      const i = Number(node.dataset.pin) - 1;
      if (i >= run.start && i < run.start + run.take) node.classList.add('taking', ...(run.legal ? [] : ['illegal']));
    }
  }

  animate(move, options) {
    const at = this.locate(move);
    if (!at) return Promise.resolve();
    const row = this.root.querySelectorAll('.pin-row')[at.row];
    let nodes;
    if (at.take) nodes = [...row.querySelectorAll('.pin')].slice(at.start, at.start + at.take);
    else if (at.gap) nodes = [row.querySelector(`.gap[data-gap="${at.gap}"]`)].filter(Boolean);
    else nodes = [row];
    return flash(nodes, options);
  }

  onKey(e) {
    if (!this.interactive || this.rows.length === 0) return;
    const c = { ...this.cursor };
    const widths = () => [...(this.rows[c.row].gaps ? [0] : []), ...this.rows[c.row].takes];
    if (e.key === '+' || e.key === '=') c.width += 1;
    else if (e.key === '-') c.width -= 1;
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const run = this.keyRun();
      if (run) this.knock(c.row, run.start, run.take);
      return;
    } else if (!arrowStep(e.key, c, this.rows.length, 'pin')) return;
    e.preventDefault();
    c.pin = Math.max(0, Math.min(c.pin, this.rows[c.row].n - 1));
    c.width = Math.max(0, Math.min(c.width, widths().length - 1));
    this.cursor = c;
    this.draw();
    const run = this.keyRun();
    if (run && run.take > 0) this.preview(c.row, run);
  }

  // The run the keyboard cursor names: width 0 is the split after the pin when splits exist.
  keyRun() {
    const { row: r, pin, width } = this.cursor;
    const row = this.rows[r];
    if (!row || row.big || row.n === 0) return null;
    const k = row.gaps ? width - 1 : width;
    if (k < 0) return pin + 1 < row.n ? { start: pin + 1, take: 0 } : null;
    return this.runAt(row, pin, k, true);
  }
}
