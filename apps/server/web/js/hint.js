// The hint panel: a winning move and why. With Grundy values it draws the binary table of the
// articles — each component's value in binary, the XOR column by column, and the component
// whose value the move changes to v ⊕ X so that the XOR becomes 0.

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

const big = (v) => BigInt(String(v));

function binary(value, width) {
  return value.toString(2).padStart(width, '0');
}

// True when every component is a single plain Nim heap, so "value" and "heap size" coincide.
function plainNim(components) {
  return components.every((c) => c.rules === 'nim' && c.heaps.length === 1);
}

function xorTable(analysis, moveHeap) {
  const comps = analysis.components;
  const values = comps.map((c) => big(c.grundy));
  const total = values.reduce((a, b) => a ^ b, 0n);
  const width = Math.max(1, ...values.map((v) => v.toString(2).length), total.toString(2).length);
  const nim = plainNim(comps);
  const table = el('table', { class: 'xor-table' });
  const head = el('tr', {}, el('th', {}, nim ? 'Heap' : 'Component'), el('th', { class: 'num' }, nim ? 'size' : 'g'));
  for (let b = width - 1; b >= 0; b -= 1) {
    head.append(el('th', { class: `bit${(total >> BigInt(b)) & 1n ? ' hot' : ''}` }, String(2n ** BigInt(b))));
  }
  table.append(el('thead', {}, head));
  const body = el('tbody');
  let nextHeap = 1;
  comps.forEach((c, i) => {
    const heapNumbers = c.heaps.map((_, j) => nextHeap + j);
    nextHeap += c.heaps.length;
    const isMoved = heapNumbers.includes(moveHeap);
    const name = nim ? `${heapNumbers[0]}` : `${heapNumbers.join(',')}: ${c.rules} ${c.heaps.join(',')}`;
    const row = el('tr', { class: isMoved ? 'moved' : '' }, el('td', {}, name), el('td', { class: 'num' }, values[i].toString()));
    const bits = binary(values[i], width);
    for (let b = 0; b < width; b += 1) {
      const hot = ((total >> BigInt(width - 1 - b)) & 1n) === 1n;
      row.append(el('td', { class: `bit${hot ? ' hot' : ''}${bits[b] === '1' ? ' one' : ''}` }, bits[b]));
    }
    body.append(row);
  });
  table.append(body);
  const foot = el('tr', { class: 'xor-row' }, el('td', {}, 'XOR'), el('td', { class: 'num' }, total.toString()));
  const totalBits = binary(total, width);
  for (let b = 0; b < width; b += 1) {
    foot.append(el('td', { class: `bit${totalBits[b] === '1' ? ' hot one' : ''}` }, totalBits[b]));
  }
  table.append(el('tfoot', {}, foot));
  return { table, total, values, nim };
}

// Renders the hint for `analysis` (from POST /api/analyze) into `root`. `onPlay(move)` plays the
// suggested move.
export function renderHint(root, analysis, onPlay) {
  root.replaceChildren();
  const misere = analysis.convention === 'misere';
  const move = analysis.winning_moves?.[0];
  const hasTable = Array.isArray(analysis.components) && analysis.components.every((c) => c.grundy !== undefined);

  if (!move) {
    root.append(el('p', { class: 'hint-verdict lost' }, 'This position is lost: every move leaves your opponent a win. ' +
        'Take as little as you can and hope for a slip.'));
  } else {
    const more = analysis.winning_move_count > 1 ? ` (one of ${analysis.winning_move_count} winning moves)` : '';
    root.append(el('p', { class: 'hint-verdict won' }, 'Winning move: ', el('strong', {}, move.description ?? `take ${move.take} from heap ${move.heap}`), more));
  }

  if (hasTable && analysis.components.length > 0) {
    const { table, total, values, nim } = xorTable(analysis, move?.heap);
    root.append(el('div', { class: 'table-wrap' }, table));
    let why;
    if (misere && analysis.method !== 'nim-sum') {
      why = nim
        ? 'Misère Nim: play exactly as in normal Nim while some heap has 2 or more; when your move ' +
          'would leave only heaps of 0 or 1, leave an odd number of 1s instead, so that your opponent takes the last stone.'
        : `Misère play: found by ${analysis.method ?? 'search'}${analysis.nodes ? ` over ${analysis.nodes} positions` : ''}; ` +
          'the table shows the normal-play values for reference.';
    } else if (total === 0n) {
      why = `The ${nim ? 'nim-sum' : 'XOR of the Grundy values'} is 0: whatever you do makes it non-zero, and your opponent can always restore 0.`;
    } else if (move) {
      let first = 1;
      const index = analysis.components.findIndex((c) => {
        const holds = move.heap >= first && move.heap < first + c.heaps.length;
        first += c.heaps.length;
        return holds;
      });
      const v = values[index] ?? 0n;
      const target = v ^ total;
      why = nim
        ? `The nim-sum is ${total} (not 0), so the player to move wins. Its highest 1 bit is in a column where heap ${move.heap} ` +
          `also has a 1, so reduce heap ${move.heap} from ${v} to ${v} ⊕ ${total} = ${target}: every column then has an even number of 1s.`
        : `The XOR of the components' Grundy values is ${total}. Change the component holding heap ${move.heap} from ` +
          `value ${v} to ${v} ⊕ ${total} = ${target}, which leaves XOR 0 — a lost position for your opponent.`;
    }
    if (why) root.append(el('p', { class: 'hint-why' }, why));
  } else if (analysis.method) {
    root.append(el('p', { class: 'hint-why' }, `No Grundy table here: the answer comes from ${analysis.method}` +
        `${analysis.nodes ? ` (${analysis.nodes} positions searched)` : ''}.`));
  }

  if (move) {
    root.append(el('button', { class: 'btn primary', type: 'button', id: 'hint-play', onclick: () => onPlay(move) }, 'Play this move'));
  }
}
