// Draws the heaps as rows of stones and turns clicks and keys into (heap, take) choices.
// The board knows no rules: which takes are legal comes from the server's move list.

export const MAX_STONES = 60;  // larger heaps are drawn as a number with a "take" box

// "7" → {size: 7n, prefix: '', suffix: ''}; "7x" → suffix 'x'; "kayles:7" → prefix 'kayles'.
export function parseHeap(token) {
  const m = /^(?:(.*):)?(\d+)(\D*)$/.exec(String(token));
  if (!m) return { size: 0n, prefix: '', suffix: '', text: String(token) };
  return { size: BigInt(m[2]), prefix: m[1] ?? '', suffix: m[3], text: String(token) };
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

export class Board {
  // handlers: onTake(heapIndex, take), onHeapMoves(heapIndex) (the heap's other moves)
  constructor(root, handlers) {
    this.root = root;
    this.handlers = handlers;
    this.heaps = [];
    this.interactive = false;
    this.legal = null;  // Map heapIndex → {takes: Set<string>, other: bool}, or null if unknown
    this.cursor = { heap: 0, stone: 0 };
    this.highlight = null;  // {heap, take} of a hinted move
    root.addEventListener('keydown', (e) => this.onKey(e));
  }

  set({ heaps, interactive, legal, highlight }) {
    // A qualified multi-heap token ("wythoff:3,5") is drawn as one row per heap.
    this.heaps = heaps.flatMap((token) => {
      const m = /^(.*):([^:]*,[^:]*)$/.exec(String(token));
      return m ? m[2].split(',').map((h) => parseHeap(`${m[1]}:${h}`)) : [parseHeap(token)];
    });
    this.interactive = interactive;
    this.legal = legal ?? null;
    this.highlight = highlight ?? null;
    if (this.cursor.heap >= this.heaps.length) this.cursor = { heap: 0, stone: 0 };
    this.render();
  }

  isLegal(heap, take) {
    if (!this.legal) return true;
    return this.legal.get(heap)?.takes.has(String(take)) ?? false;
  }

  render() {
    const rows = this.heaps.map((h, i) => this.renderHeap(h, i));
    this.root.replaceChildren(...rows);
    this.root.classList.toggle('waiting', !this.interactive);
  }

  renderHeap(heap, index) {
    const label = el('div', { class: 'heap-label' },
        el('span', { class: 'heap-number' }, `${index + 1}`),
        el('span', { class: 'heap-size', 'data-testid': `heap-size-${index + 1}` }, heap.size.toString()));
    if (heap.prefix) label.append(el('span', { class: 'heap-tag' }, heap.prefix));
    if (heap.suffix === 'x') label.append(el('span', { class: 'heap-tag', title: 'zero move spent' }, '0 spent'));
    const row = el('div', { class: 'heap', 'data-heap': index + 1, role: 'group', 'aria-label': `Heap ${index + 1}: ${heap.size}` }, label);
    const stones = el('div', { class: 'stones' });
    if (heap.size <= BigInt(MAX_STONES)) {
      const n = Number(heap.size);
      for (let s = 0; s < n; s += 1) stones.append(this.renderStone(index, s, n));
      if (n === 0) stones.append(el('span', { class: 'empty-heap' }, 'empty'));
    } else {
      stones.append(this.renderBigHeap(index, heap));
    }
    row.append(stones);
    const info = this.legal?.get(index);
    if (this.interactive && info?.other) {
      row.append(el('button', { class: 'btn small ghost heap-more', type: 'button',
        title: 'Moves that clicking a stone cannot express (zero moves, several heaps at once)',
        onclick: () => this.handlers.onHeapMoves(index) }, info.zero ? 'zero move…' : 'more…'));
    }
    return row;
  }

  renderStone(heap, stone, size) {
    const take = size - stone;
    const legal = this.isLegal(heap, take);
    const hinted = this.highlight && this.highlight.heap === heap && stone >= size - this.highlight.take;
    const cursor = this.cursor.heap === heap && this.cursor.stone === stone;
    const button = el('button', {
      type: 'button',
      class: `stone${legal ? '' : ' illegal'}${hinted ? ' hinted' : ''}${cursor ? ' cursor' : ''}`,
      'data-heap': heap + 1,
      'data-stone': stone + 1,
      tabindex: -1,
      'aria-label': `take ${take} from heap ${heap + 1}`,
      disabled: !this.interactive,
      onclick: () => { this.cursor = { heap, stone }; this.handlers.onTake(heap, take); },
      onmouseenter: () => this.preview(heap, stone),
      onmouseleave: () => this.preview(-1, 0),
    });
    return button;
  }

  renderBigHeap(index, heap) {
    const form = el('form', { class: 'big-heap' });
    const input = el('input', { type: 'text', inputmode: 'numeric', placeholder: 'take', 'aria-label': `take from heap ${index + 1}`, disabled: !this.interactive });
    form.append(el('span', { class: 'big-bar', title: heap.size.toString() }), input,
        el('button', { class: 'btn small', type: 'submit', disabled: !this.interactive }, 'Take'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (/^\d+$/.test(input.value.trim())) this.handlers.onTake(index, input.value.trim());
    });
    return form;
  }

  // Marks the stones a click would take.
  preview(heap, stone) {
    for (const node of this.root.querySelectorAll('.stone.taking')) node.classList.remove('taking');
    if (heap < 0 || !this.interactive) return;
    const row = this.root.querySelector(`.heap[data-heap="${heap + 1}"]`);
    for (const node of row?.querySelectorAll('.stone') ?? []) {
      if (Number(node.dataset.stone) > stone) node.classList.add('taking');
    }
  }

  // Fades out the stones a move takes; resolves when done.
  animateTake(heap, take) {
    const row = this.root.querySelector(`.heap[data-heap="${heap + 1}"]`);
    const stones = [...(row?.querySelectorAll('.stone') ?? [])];
    const leaving = stones.slice(Math.max(0, stones.length - Number(take)));
    if (leaving.length === 0 || matchMedia('(prefers-reduced-motion: reduce)').matches) {
      return Promise.resolve();
    }
    for (const node of leaving) node.classList.add('leaving');
    return new Promise((resolve) => setTimeout(resolve, 260));
  }

  onKey(e) {
    if (!this.interactive || this.heaps.length === 0) return;
    const { heap, stone } = this.cursor;
    const sizeOf = (i) => Math.min(Number(this.heaps[i].size), MAX_STONES);
    let next = null;
    if (e.key === 'ArrowUp') next = { heap: Math.max(0, heap - 1), stone };
    else if (e.key === 'ArrowDown') next = { heap: Math.min(this.heaps.length - 1, heap + 1), stone };
    else if (e.key === 'ArrowLeft') next = { heap, stone: Math.max(0, stone - 1) };
    else if (e.key === 'ArrowRight') next = { heap, stone: stone + 1 };
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const n = sizeOf(heap);
      if (n > 0 && this.heaps[heap].size <= BigInt(MAX_STONES)) this.handlers.onTake(heap, n - Math.min(stone, n - 1));
      return;
    }
    if (!next) return;
    e.preventDefault();
    next.stone = Math.max(0, Math.min(next.stone, sizeOf(next.heap) - 1));
    this.cursor = next;
    this.render();
    this.preview(next.heap, next.stone);
  }
}
