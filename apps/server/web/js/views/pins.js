// The "pins" view (octal games: Kayles, Dawson's Kayles, ...): each heap a row of pins. A click
// knocks down a run of neighbouring pins, and where the run falls decides the split: knocking pin
// 3 of 8 leaves rows of 2 and 5. Which runs are legal comes only from the server's move list (each
// move's "take" and what its "result" leaves of the heap), never from rules here.
//
// A click on a pin knocks down that pin: a run of the length chosen in the bar above the rows
// (− and +, or the keys + and -; one pin unless chosen otherwise) that covers the pin, starting
// there when it can. Dragging from one pin to another knocks down the pins between, both
// included, whatever the bar says. When one pin alone is no move (Dawson's Kayles), the click
// takes the nearest legal length. Splits that knock nothing (octal digit d0) are clicks on the gap
// between two pins; a move no run or gap expresses (one leaving three rows) is in the row's
// "more…" chooser. A one-line legend says so.

import { el } from '../dom.js';
import { playOne } from './common.js';
import {
  MAX_OBJECTS, RowsView, after, arrowStep, candidates, flash, heapLabel, heapsOf, movesOf, shapeKey,
} from './rows.js';

export { resultWidth } from './rows.js';

export const help = {
  board: 'Rows of pins. Arrow keys choose a pin, + and - how many to knock down, Enter knocks them down.',
  keys: '↑↓ row · ←→ pin · +− run length · Enter knock down',
};

export class PinsView extends RowsView {
  constructor(root, host) {
    super(root, host);
    this.rows = [];
    this.marks = new Map();  // "row:pin" or "row:gapN" → class names (hint, winning)
    this.cursor = { row: 0, pin: 0, width: 0 };
    this.length = 0;     // the run length a click knocks down: an index into the legal lengths
    this.dragFrom = null;  // {row, pin} where a drag started
    // A drag released anywhere but on a pin of its row plays nothing and ends there (the pin's
    // own handler has run by the time this hears the release).
    window.addEventListener('pointerup', () => { this.dragFrom = null; });
  }

  // The run lengths any row allows now, shortest first.
  lengths() {
    return [...new Set(this.rows.flatMap((row) => row.takes))].sort((a, b) => a - b);
  }

  // The index of the chosen run length among `row`'s own legal lengths.
  lengthIndex(row) {
    const want = this.lengths()[this.length] ?? 1;
    const i = row.takes.indexOf(want);
    return i >= 0 ? i : Math.max(0, row.takes.findIndex((t) => t > want));
  }

  render(args) {
    this.keep(args);
    this.rows = args.components.map((c) => this.rowOf(c, args.sum));
    this.marks = new Map();
    this.markMoves(args);
    if (this.cursor.row >= this.rows.length) this.cursor = { row: 0, pin: 0, width: 0 };
    this.length = Math.max(0, Math.min(this.length, this.lengths().length - 1));
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
      const key = shapeKey(Number(m.take), after(m, component, this.resultWidth));
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
    row.unreachable = list.filter((m) => !reachable.has(shapeKey(Number(m.take), after(m, component, this.resultWidth))));
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
      // Starting at the pin first, then reaching back to cover it.
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
    const key = shapeKey(Number(move.take), after(move, row.component, this.resultWidth));
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
        (m) => shapeKey(Number(m.take), after(m, row.component, this.resultWidth)) === key);
    const what = take === 0 ? `split row ${row.number} after pin ${start}` : `knock down pins ${start + 1}–${start + take} of row ${row.number}`;
    playOne(this.host, options, `You cannot ${what}`, `Row ${row.number}:`);
  }

  draw() {
    this.root.replaceChildren(this.drawBar(), ...this.rows.map((row, r) => this.drawRow(row, r)));
  }

  // The legend, and the run length a click knocks down when more than one is legal.
  drawBar() {
    const lengths = this.lengths();
    const several = lengths.length > 1;
    const bar = el('div', { class: 'pin-bar' }, el('span', { class: 'pin-legend muted small', 'data-testid': 'pin-legend' },
        several ? 'Click a pin to knock it down; drag across pins, or set the run with − +, to knock down more.'
          : 'Click a pin to knock it down.'));
    if (several && this.interactive) {
      const n = lengths[this.length];
      const set = (k) => { this.length = k; this.draw(); };
      bar.append(el('span', { class: 'pin-length', role: 'group', 'aria-label': 'Pins a click knocks down' },
          el('button', { class: 'btn small', type: 'button', 'aria-label': 'fewer pins', disabled: this.length === 0,
            onclick: () => set(this.length - 1) }, '−'),
          el('output', { 'data-testid': 'pin-run' }, `${n} pin${n === 1 ? '' : 's'}`),
          el('button', { class: 'btn small', type: 'button', 'aria-label': 'more pins', disabled: this.length === lengths.length - 1,
            onclick: () => set(this.length + 1) }, '+')));
    }
    return bar;
  }

  drawRow(row, r) {
    const node = el('div', {
      class: `heap pin-row${this.marks.has(`${r}:row`) ? ` ${this.marks.get(`${r}:row`)}` : ''}`,
      'data-heap': row.number, role: 'group', 'aria-label': `Row ${row.number}: ${row.size} pins`,
    }, heapLabel(row.number, row.size, row.tag, 'row'));
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
    // A press and its release make the move: on one pin, the chosen run over it; on two pins of
    // the row, the run between them. (Not 'click': a drag's click lands on no pin.)
    pin.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      this.dragFrom = { row: r, pin: i };
      pin.releasePointerCapture?.(e.pointerId);  // touch captures: the release must find its pin
    });
    pin.addEventListener('pointerenter', () => this.preview(r, this.pointerRun(r, i)));
    pin.addEventListener('pointerleave', () => this.preview(-1));
    pin.addEventListener('pointerup', (e) => {
      if (e.button !== 0 || !this.dragFrom || this.dragFrom.row !== r) { this.dragFrom = null; return; }
      const run = this.pointerRun(r, i);
      this.dragFrom = null;
      this.cursor = { row: r, pin: i, width: (this.rows[r].gaps ? 1 : 0) + run.k };
      this.knock(r, run.start, run.take);
    });
    // A click no pointer made (a screen reader's, a keyboard's on the focused pin): the chosen run.
    pin.addEventListener('click', (e) => {
      if (e.detail !== 0) return;
      const run = this.runAt(this.rows[r], i, this.lengthIndex(this.rows[r]));
      this.knock(r, run.start, run.take);
    });
    return pin;
  }

  // The run a press (or a drag from this.dragFrom) released on pin i of row r would knock down.
  pointerRun(r, i) {
    const row = this.rows[r];
    const from = this.dragFrom?.row === r ? this.dragFrom.pin : i;
    if (from !== i) {
      const start = Math.min(from, i);
      const take = Math.abs(from - i) + 1;
      return { start, take, legal: this.legal(row, start, take), k: Math.max(0, row.takes.indexOf(take)) };
    }
    return this.runAt(row, i, this.lengthIndex(row));
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
    // The bar shows the run the keys chose, and a click then knocks down the same.
    const take = widths()[c.width];
    if (take > 0) this.length = Math.max(0, this.lengths().indexOf(take));
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
