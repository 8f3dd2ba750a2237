// The hint panel: a winning move (in a draw, a move that keeps it), and why — the library's own
// explanation (the "explanation" record of POST /api/analyze, the same `nimkit analyze --explain`
// prints), drawn as the binary table of the articles: each component's value in binary, the XOR
// X column by column, then the reasoning. The page adds no game theory of its own, so the CLI and the page never disagree.

import { el } from './dom.js';

// The binary table: one row per component (label, value, bits, its rules and why it has its
// value), then the X row. Columns whose XOR is 1 are marked: a winning move must change them.
function binaryTable(explanation, moved) {
  const { rows, width, total, total_binary: totalBinary } = explanation;
  const hot = [...String(totalBinary ?? '')].map((b) => b === '1');
  const plain = rows.every((r) => !r.rules);
  const table = el('table', { class: 'xor-table' });
  const head = el('tr', {}, el('th', {}, 'Component'), el('th', { class: 'num' }, plain ? 'size' : 'g'));
  for (let b = 0; b < width; b += 1) {
    head.append(el('th', { class: `bit${hot[b] ? ' hot' : ''}` }, String(2n ** BigInt(width - 1 - b))));
  }
  if (!plain) head.append(el('th', { class: 'what' }, ''));
  table.append(el('thead', {}, head));
  const bitCells = (bits) => [...String(bits)].map((bit, b) =>
    el('td', { class: `bit${hot[b] ? ' hot' : ''}${bit === '1' ? ' one' : ''}` }, bit));
  const body = el('tbody');
  for (const row of rows) {
    const tr = el('tr', { class: row.label === moved ? 'moved' : '' },
        el('td', { class: 'label' }, row.label), el('td', { class: 'num' }, String(row.value)), ...bitCells(row.binary));
    if (!plain) {
      tr.append(el('td', { class: 'what' }, row.rules,
          row.reason ? el('span', { class: 'reason' }, ` — ${row.reason}`) : null));
    }
    body.append(tr);
  }
  table.append(body);
  const foot = el('tr', { class: 'xor-row' }, el('td', { class: 'label' }, 'X'), el('td', { class: 'num' }, String(total)),
      ...bitCells(totalBinary));
  if (!plain) foot.append(el('td', { class: 'what' }, 'XOR of the rows'));
  table.append(el('tfoot', {}, foot));
  return table;
}

const list = (items, cls) => (items?.length ? el('ul', { class: cls }, ...items.map((t) => el('li', {}, t))) : null);

// Renders the hint for `analysis` (from POST /api/analyze) into `root`. `onPlay(move)` plays the
// suggested move.
export function renderHint(root, analysis, onPlay) {
  root.replaceChildren();
  // Where play can repeat, the winning move that makes the win come (the perfect player's); in a
  // draw, the first move that keeps it.
  const drawn = analysis.winner === 'draw';
  const move = drawn ? analysis.drawing_moves?.[0] : analysis.finite_win_move ?? analysis.winning_moves?.[0];
  const explanation = analysis.explanation ?? {};

  // The count is exact, or null when it could not be counted within the limits (never a part
  // presented as the whole).
  const count = analysis.winning_move_count;
  if (drawn) {
    const kept = analysis.drawing_moves?.length ?? 0;
    root.append(el('p', { class: 'hint-verdict drawn' }, 'Draw: neither player can force a win. ',
        move ? 'Keep it drawn: ' : 'No move that keeps the draw was found within the limits.',
        move ? el('strong', {}, move.description) : null,
        kept > 1 ? ` (one of ${kept} moves that keep the draw; every other move loses)` : move ? ' (every other move loses)' : ''));
  } else if (!move && analysis.winner === 'first') {
    const why = analysis.winning_moves_unlisted ? `: ${analysis.winning_moves_unlisted}` : '';
    root.append(el('p', { class: 'hint-verdict won' }, `This position is won, but no winning move was found within the limits${why}.`));
  } else if (!move) {
    root.append(el('p', { class: 'hint-verdict lost' }, 'This position is lost: every move leaves your opponent a win. ' +
        'Take as little as you can and hope for a slip.'));
  } else {
    const more = count === null ? ' (one of more winning moves than could be counted)'
      : count !== undefined && BigInt(count) > 1n ? ` (one of ${BigInt(count).toLocaleString('en-US')} winning moves)` : '';
    // Where play can repeat, not every winning move makes the win come: this one does.
    const finite = analysis.finite_win_move ? ' — it makes the win come: always playing a move like it ends the game' : '';
    root.append(el('p', { class: 'hint-verdict won' }, 'Winning move: ', el('strong', {}, move.description), more, finite));
  }

  const explain = el('div', { class: 'explanation', 'data-testid': 'explanation' });
  if (explanation.heading) explain.append(el('p', { class: 'hint-heading' }, explanation.heading));
  if (explanation.rows?.length) {
    // The row of the component the suggested move is in, as the library labels it.
    const moved = move ? analysis.components?.[move.component]?.label : undefined;
    explain.append(el('div', { class: 'table-wrap' }, binaryTable(explanation, moved)));
  }
  explain.append(...[
    list(explanation.columns, 'hint-columns'),
    ...(explanation.lines ?? []).map((line) => el('p', { class: 'hint-why' }, line)),
    list(explanation.component_moves, 'hint-components'),
    list(explanation.winning_moves, 'hint-moves'),
  ].filter(Boolean));
  root.append(explain);

  if (move) {
    root.append(el('button', { class: 'btn primary', type: 'button', id: 'hint-play', onclick: () => onPlay(move) }, 'Play this move'));
  }
}
