// The "heaps" view: each heap a row of stones. A click on a stone takes it and every stone to its
// right. Where the server's moves add to a heap (take-or-add), the places they can fill are drawn
// after its stones as empty ones, and a click on one adds up to it. The view knows no rules and
// reads no move text: which takes and adds are legal, and what each move does, come from the view
// fields of the server's move list ("heap", "take", "add", "result").

import { el } from '../dom.js';
import { playOne } from './common.js';
import { flash } from './rows.js';

export { resultWidth } from './rows.js';

export const MAX_STONES = 60;  // larger heaps are drawn as a number with a "take" box
// With a heap this large, the heaps are drawn compactly on a phone (style.css: stones touch, each
// still a 40 px target), so that heaps of 40 or 50 stones fit in a screen rather than two; every
// heap alike, so that their stones compare by eye.
const COMPACT_STONES = 40;

export const help = {
  board: 'Heaps. Arrow keys choose a stone, Enter takes it and every stone to its right; ' +
      'an empty place after a heap, where a move may add, adds up to it.',
  keys: '↑↓ heap · ←→ stone · Enter take or add',
};

// The heaps a move changes, as indexes into `sizes` (the position's heaps in order). A move on one
// heap that splits it or empties it changes the number of heaps; then only its own heap counts.
// The heap a move names as "to" (Staircase Nim's step below, which receives the coins moved) is
// part of taking from "heap", not a second heap taken from.
function changed(move, sizes, rows) {
  const after = move.result;
  if (!Array.isArray(after) || after.length !== sizes.length) {
    const at = rows.findIndex((r) => r.number === Number(move.heap));
    return at < 0 ? [] : [at];
  }
  const out = [];
  sizes.forEach((s, i) => {
    if (String(s) !== String(after[i]) && rows[i].number !== Number(move.to)) out.push(i);
  });
  return out;
}

// What a click would have to be to make `move`: {heap, count} when the move takes count ≥ 1
// objects from a single heap (possibly splitting what is left), {heap, count, add: true} when it
// adds count to it (a click on an empty place after it), else null — a zero move, a pure split or
// a move on several heaps at once, which the heap's "more…" chooser offers instead.
function asClick(move, sizes, rows) {
  const { heap, take: count } = move;
  if (changed(move, sizes, rows).length > 1) return null;
  if (move.add !== undefined && String(move.add) !== '0') return { heap: Number(heap), count: String(move.add), add: true };
  if (String(count) === '0') return null;
  return { heap: Number(heap), count: String(count) };
}

export class HeapsView {
  // host: play(move), choose(title, moves), refuse(text), fetchMoves(query) (see ../board.js)
  constructor(root, host) {
    this.root = root;
    this.host = host;
    this.rows = [];         // {number, size: BigInt, spent, tag} per heap, numbered as the server does
    this.moves = null;      // the legal moves, or null when not known
    this.interactive = false;
    this.legal = null;      // Map heap number → {counts, adds: Set<string>, other: bool, zero: bool}
    this.cursor = { row: 0, stone: 0 };
    this.highlight = null;  // {heap, count} of a hinted move
    this.winning = [];      // {heap, count} of the moves coloured as winning
  }

  render({ components, moves, interactive, hint, winning, sum }) {
    this.rows = components.flatMap((c) => {
      const sizes = c.fields?.heaps ?? [];
      const spent = c.fields?.spent ?? [];
      return sizes.map((s, j) => ({
        number: c.first + j, size: BigInt(s), spent: Number(spent[j] ?? 0) === 1, tag: sum ? c.rules : '',
      }));
    });
    this.moves = moves;
    this.interactive = interactive;
    this.legal = moves ? this.legalMap(moves) : null;
    this.highlight = hint ? this.click(hint) : null;
    // A hinted move no stone click makes (a zero move) is marked on its heap's chooser button.
    this.hintedOther = hint && !this.highlight ? Number(hint.heap) : null;
    this.winning = (winning ?? []).map((m) => this.click(m)).filter(Boolean);
    if (this.cursor.row >= this.rows.length) this.cursor = { row: 0, stone: 0 };
    this.draw();
  }

  click(move) {
    return asClick(move, this.rows.map((r) => r.size), this.rows);
  }

  // Per heap: the counts a stone click can take, and whether other kinds of move exist.
  legalMap(moves) {
    const map = new Map(this.rows.map((r) => [r.number, { counts: new Set(), adds: new Set(), other: false, zero: false }]));
    const sizes = this.rows.map((r) => r.size);
    for (const move of moves) {
      const click = this.click(move);
      if (click) {
        map.get(click.heap)?.[click.add ? 'adds' : 'counts'].add(click.count);
        continue;
      }
      const touched = changed(move, sizes, this.rows);
      for (const i of touched) map.get(this.rows[i].number).other = true;
      // A zero move changes no size at all: it belongs to the heap the server names.
      if (touched.length === 0) {
        const info = map.get(Number(move.heap));
        if (info) { info.other = true; info.zero = true; }
      }
    }
    return map;
  }

  // The moves of heap `number` that a stone click cannot make.
  otherMoves(number) {
    const sizes = this.rows.map((r) => r.size);
    return (this.moves ?? []).filter((m) => {
      if (this.click(m)) return false;
      const touched = changed(m, sizes, this.rows);
      return touched.length === 0 ? Number(m.heap) === number : touched.some((i) => this.rows[i].number === number);
    });
  }

  isLegal(number, count) {
    if (!this.legal) return true;
    return this.legal.get(number)?.counts.has(String(count)) ?? false;
  }

  // The most a move may add to heap `number`: the empty places drawn after it (0: none, or the
  // moves are not known).
  mostAdded(number) {
    const adds = [...(this.legal?.get(number)?.adds ?? [])].map(Number);
    return adds.length ? Math.max(...adds) : 0;
  }

  addTo(number, count) {
    const options = (this.moves ?? []).filter((m) => {
      const c = this.click(m);
      return c?.add && c.heap === number && c.count === String(count);
    });
    playOne(this.host, options, `You cannot add ${count} to heap ${number}`, `Add ${count} to heap ${number}`);
  }

  async takeFrom(number, count) {
    let options;
    if (this.moves) {
      options = this.moves.filter((m) => {
        const c = this.click(m);
        return c && !c.add && c.heap === number && c.count === String(count);
      });
    } else {
      // The list was too long to send: ask the server for just this heap and count.
      options = (await this.host.fetchMoves({ heap: number, take: String(count) }))
          .filter((m) => this.click(m) && !this.click(m).add);
    }
    playOne(this.host, options, `You cannot take ${count} from heap ${number}`, `Take ${count} from heap ${number}, leaving…`);
  }

  draw() {
    this.compact = this.rows.some((r) => r.size >= BigInt(COMPACT_STONES));
    this.root.replaceChildren(...this.rows.map((r, i) => this.drawHeap(r, i)));
  }

  drawHeap(heap, index) {
    const n = heap.number;
    const label = el('div', { class: 'heap-label' },
        el('span', { class: 'heap-number' }, `heap ${n}`),
        el('span', { class: `heap-size${heap.size.toString().length > 4 ? ' long' : ''}`, 'data-testid': `heap-size-${n}` }, heap.size.toString()));
    if (heap.tag) label.append(el('span', { class: 'heap-tag' }, heap.tag));
    if (heap.spent) label.append(el('span', { class: 'heap-tag', title: 'zero move spent' }, '0 spent'));
    const compact = this.compact ? ' compact' : '';
    const row = el('div', { class: `heap${compact}`, 'data-heap': n, role: 'group', 'aria-label': `Heap ${n}: ${heap.size}` }, label);
    const stones = el('div', { class: 'stones' });
    if (heap.size <= BigInt(MAX_STONES)) {
      const size = Number(heap.size);
      for (let s = 0; s < size; s += 1) stones.append(this.drawStone(index, s, size));
      if (size === 0) stones.append(el('span', { class: 'empty-heap' }, 'empty'));
      for (let k = 1; k <= this.mostAdded(n); k += 1) stones.append(this.drawPlace(index, size, k));
    } else {
      stones.append(this.drawBigHeap(n));
    }
    row.append(stones);
    const info = this.legal?.get(n);
    if (this.interactive && info?.other) {
      const hinted = this.hintedOther === n ? ' hinted' : '';
      row.append(el('button', { class: `btn small ghost heap-more${hinted}`, type: 'button',
        title: 'Moves that clicking a stone cannot express (zero moves, several heaps at once)',
        onclick: () => this.host.choose(`Other moves on heap ${n}`, this.otherMoves(n)) }, info.zero ? 'zero move…' : 'more…'));
    }
    return row;
  }

  drawStone(index, stone, size) {
    const n = this.rows[index].number;
    const count = size - stone;
    const legal = this.isLegal(n, count);
    const takes = (c) => c && c.heap === n && stone >= size - Number(c.count);
    const hinted = takes(this.highlight);
    const winning = this.winning.some(takes);
    const cursor = this.cursor.row === index && this.cursor.stone === stone;
    return el('button', {
      type: 'button',
      class: `stone${legal ? '' : ' illegal'}${hinted ? ' hinted' : ''}${winning ? ' winning' : ''}${cursor ? ' cursor' : ''}`,
      'data-heap': n,
      'data-stone': stone + 1,
      tabindex: -1,
      'aria-label': `take ${count} from heap ${n}`,
      disabled: !this.interactive,
      onclick: () => { this.cursor = { row: index, stone }; this.takeFrom(n, count); },
      onmouseenter: () => this.preview(n, stone),
      onmouseleave: () => this.preview(-1, 0),
    });
  }

  // The k-th empty place after a heap of `size`: a click adds k objects, when a move does.
  drawPlace(index, size, k) {
    const n = this.rows[index].number;
    const legal = this.legal?.get(n)?.adds.has(String(k)) ?? false;
    const adds = (c) => c?.add && c.heap === n && k <= Number(c.count);
    const cursor = this.cursor.row === index && this.cursor.stone === size + k - 1;
    return el('button', {
      type: 'button',
      class: `stone place${legal ? '' : ' illegal'}${adds(this.highlight) ? ' hinted' : ''}` +
        `${this.winning.some(adds) ? ' winning' : ''}${cursor ? ' cursor' : ''}`,
      'data-heap': n,
      'data-place': k,
      tabindex: -1,
      'aria-label': `add ${k} to heap ${n}`,
      disabled: !this.interactive,
      onclick: () => { this.cursor = { row: index, stone: size + k - 1 }; this.addTo(n, k); },
      onmouseenter: () => this.previewAdd(n, k),
      onmouseleave: () => this.preview(-1, 0),
    });
  }

  drawBigHeap(n) {
    const form = el('form', { class: 'big-heap' });
    const input = el('input', { type: 'text', inputmode: 'numeric', placeholder: 'take', 'aria-label': `take from heap ${n}`, disabled: !this.interactive });
    form.append(el('span', { class: 'big-bar' }), input,
        el('button', { class: 'btn small', type: 'submit', disabled: !this.interactive }, 'Take'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (/^\d+$/.test(input.value.trim())) this.takeFrom(n, input.value.trim());
    });
    return form;
  }

  // Marks the empty places a click would fill.
  previewAdd(number, k) {
    this.preview(-1, 0);
    if (!this.interactive) return;
    const row = this.root.querySelector(`.heap[data-heap="${number}"]`);
    for (const node of row?.querySelectorAll('.stone.place') ?? []) {
      if (Number(node.dataset.place) <= k) node.classList.add('adding');
    }
  }

  // Marks the stones a click would take.
  preview(number, stone) {
    for (const node of this.root.querySelectorAll('.stone.taking')) node.classList.remove('taking');
    for (const node of this.root.querySelectorAll('.stone.adding')) node.classList.remove('adding');
    if (number < 0 || !this.interactive) return;
    const row = this.root.querySelector(`.heap[data-heap="${number}"]`);
    for (const node of row?.querySelectorAll('.stone:not(.place)') ?? []) {
      if (Number(node.dataset.stone) > stone) node.classList.add('taking');
    }
  }

  // Fades out the stones a move takes (the computer's stay marked a moment); resolves when done.
  // A move a click cannot make marks its heap's row.
  animate(move, options = {}) {
    const click = this.click(move);
    const heap = click ? click.heap : Number(move.heap);
    const row = this.root.querySelector(`.heap[data-heap="${heap}"]`);
    if (!click) return flash(row ? [row] : [], options);
    if (click.add) {
      // The places an add fills are marked as they become stones; where none are drawn (the
      // computer's turn lists no moves) they are drawn for the while.
      const count = Number(click.count);
      let places = [...(row?.querySelectorAll('.stone.place') ?? [])].slice(0, count);
      const stones = row?.querySelector('.stones');
      if (places.length < count && stones && count <= MAX_STONES) {
        places = Array.from({ length: count }, () => el('span', { class: 'stone place', 'aria-hidden': 'true' }));
        stones.append(...places);
      }
      return flash(places, { ...options, played: 'arriving' });
    }
    const stones = [...(row?.querySelectorAll('.stone:not(.place)') ?? [])];
    return flash(stones.slice(Math.max(0, stones.length - Number(click.count))), options);
  }

  onKey(e) {
    if (!this.interactive || this.rows.length === 0) return;
    const { row, stone } = this.cursor;
    const sizeOf = (i) => Math.min(Number(this.rows[i].size), MAX_STONES);
    // A row's stones, then the empty places a move may fill.
    const drawn = (i) => this.rows[i].size <= BigInt(MAX_STONES);
    const lengthOf = (i) => sizeOf(i) + (drawn(i) ? this.mostAdded(this.rows[i].number) : 0);
    let next = null;
    if (e.key === 'ArrowUp') next = { row: Math.max(0, row - 1), stone };
    else if (e.key === 'ArrowDown') next = { row: Math.min(this.rows.length - 1, row + 1), stone };
    else if (e.key === 'ArrowLeft') next = { row, stone: Math.max(0, stone - 1) };
    else if (e.key === 'ArrowRight') next = { row, stone: stone + 1 };
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const n = sizeOf(row);
      if (drawn(row) && stone >= n && stone < lengthOf(row)) this.addTo(this.rows[row].number, stone - n + 1);
      else if (n > 0 && drawn(row)) this.takeFrom(this.rows[row].number, n - Math.min(stone, n - 1));
      return;
    }
    if (!next) return;
    e.preventDefault();
    next.stone = Math.max(0, Math.min(next.stone, lengthOf(next.row) - 1));
    this.cursor = next;
    this.draw();
    const n = sizeOf(next.row);
    if (next.stone >= n) this.previewAdd(this.rows[next.row].number, next.stone - n + 1);
    else this.preview(this.rows[next.row].number, next.stone);
  }
}
