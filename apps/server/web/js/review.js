// The review shown when a game ends: a chart of who was winning after each move (an SVG drawn
// here, no library; a drawn position on the middle line) with the moves that threw a win or a draw
// away marked, and the list of those moves.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
const HEIGHT = 130;
const PAD = { left: 12, right: 12, top: 22, bottom: 22 };

function node(name, attrs, text) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

// `winning[i]` is true when side A (you / Player 1) was winning in the position after i moves
// (i = 0 the start), false when side B was, null when neither could (a draw); `moves[i]` is ply
// i+1 ({desc, threw: 'win', 'draw' or null, better, name}); `names` = [A, B].
export function renderReview({ svg, summary, list }, { winning, moves, names }) {
  const plies = Math.max(winning.length - 1, 1);
  const x = (i) => PAD.left + (i * (WIDTH - PAD.left - PAD.right)) / plies;
  const top = PAD.top;
  const bottom = HEIGHT - PAD.bottom;
  const y = (a) => (a === null ? (top + bottom) / 2 : a ? top : bottom);
  const who = (a) => (a === null ? 'a draw' : `${a ? names[0] : names[1]} winning`);
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  const parts = [
    node('line', { x1: PAD.left, x2: WIDTH - PAD.right, y1: (top + bottom) / 2, y2: (top + bottom) / 2, class: 'review-axis' }),
    node('text', { x: PAD.left, y: top - 8, class: 'review-label' }, `${names[0]} winning`),
    node('text', { x: PAD.left, y: bottom + 16, class: 'review-label' }, `${names[1]} winning`),
  ];
  // A step line: the value holds from one position until the next move changes it.
  let path = `M ${x(0)} ${y(winning[0])}`;
  for (let i = 1; i < winning.length; i += 1) path += ` H ${x(i)} V ${y(winning[i])}`;
  parts.push(node('path', { d: path, class: 'review-line' }));
  if (winning.includes(null)) {
    parts.push(node('text', { x: WIDTH - PAD.right, y: (top + bottom) / 2 - 5, class: 'review-label', 'text-anchor': 'end' }, 'draw'));
  }
  winning.forEach((a, i) => {
    const dot = node('circle', { cx: x(i), cy: y(a), r: 3.5, class: `review-point ${a === null ? 'draw' : a ? 'a' : 'b'}` });
    dot.dataset.ply = String(i);
    dot.append(node('title', {}, i === 0 ? `start: ${who(a)}` : `after move ${i}: ${who(a)}`));
    parts.push(dot);
  });
  const mistakes = [];
  moves.forEach((m, i) => {
    if (!m.threw) return;
    mistakes.push({ ...m, number: i + 1 });
    const mark = node('circle', { cx: x(i + 1), cy: y(winning[i + 1]), r: 7, class: 'review-mistake' });
    mark.dataset.ply = String(i + 1);
    mark.append(node('title', {}, `move ${i + 1}: ${m.name} threw away a ${m.threw}`));
    parts.push(mark);
  });
  svg.replaceChildren(...parts);
  const changes = winning.slice(1).filter((a, i) => a !== winning[i]).length;
  summary.textContent = `${moves.length} moves; the lead changed hands ${changes} time${changes === 1 ? '' : 's'}; ` +
      `${mistakes.length} mistake${mistakes.length === 1 ? '' : 's'}.`;
  list.replaceChildren(...mistakes.map((m) => {
    const li = document.createElement('li');
    li.dataset.testid = 'review-mistake';
    li.textContent = `Move ${m.number} (${m.name}): ${m.desc} threw away a ${m.threw}` +
        (m.better ? ` — ${m.better} would have ${m.threw === 'win' ? 'won' : 'kept it drawn'}.` : '.');
    return li;
  }));
}
