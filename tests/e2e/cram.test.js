// Cram in the browser: a board of cells; pointing at an empty cell shows the domino a click
// places (towards the side nearest the pointer), a click places it, and the computer replies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, shot, phase, plies, afterHumanMove, bannerState, newGame, page, waitPhase } from './harness.js';
import { boardShot, playAndWatch, moveTexts } from './views.js';

const cell = (name) => page.locator(`.view-cram .cram-cell[data-name="${name}"]`);
const marked = (cls) => page.locator(`.view-cram .cram-cell.${cls}`).evaluateAll((ns) => ns.map((n) => n.dataset.name).sort());

// Points at the part of a cell given as fractions of its width and height.
async function pointAt(name, fx, fy) {
  const box = await cell(name).boundingBox();
  await page.mouse.move(box.x + fx * box.width, box.y + fy * box.height);
}

test('Cram: the pointer shows a domino, a click places it, and the computer replies', async () => {
  // .../...: Grundy value 1. Filling b1 and b2 leaves two dominoes' worth of strips (1 ⊕ 1 = 0).
  const prediction = await newGame({ rules: 'cram', heaps: '.../...', first: 'human', level: 'perfect' });
  assert.match(prediction, /first player wins.*you/);
  assert.equal(await page.locator('.view-cram .cram-cell.empty').count(), 6);
  // The hint marks the two cells of its domino: one of the three vertical ones.
  await page.click('#btn-hint');
  const hinted = await marked('hinted');
  assert.ok([['a1', 'a2'], ['b1', 'b2'], ['c1', 'c2']].some((d) => d.join() === hinted.join()), hinted.join());
  // Near the right edge of a1 the domino is a1-b1; near its bottom edge, a1-a2.
  await pointAt('a1', 0.9, 0.5);
  assert.deepEqual(await marked('preview'), ['a1', 'b1']);
  await pointAt('a1', 0.5, 0.9);
  assert.deepEqual(await marked('preview'), ['a1', 'a2']);
  // Above b1 there is no cell: the next side nearest the pointer is taken (left, then right).
  await pointAt('b1', 0.5, 0.1);
  assert.deepEqual(await marked('preview'), ['a1', 'b1']);
  await pointAt('b1', 0.6, 0.15);
  assert.deepEqual(await marked('preview'), ['b1', 'c1']);
  await pointAt('b1', 0.5, 0.75);
  assert.deepEqual(await marked('preview'), ['b1', 'b2']);
  // The computer's reply is marked on the board while the status line tells it.
  const box = await cell('b1').boundingBox();
  await playAndWatch(() => page.mouse.click(box.x + 22, box.y + 32));
  const moves = await page.locator('.move-list li').allTextContents();
  assert.match(moves[0], /fill b1 and b2/);
  assert.match(moves[1], /Computer.*fill (a1 and a2|c1 and c2)/);
  // One domino is left for the human, who places it and wins.
  const left = await page.locator('.view-cram .cram-cell.empty').evaluateAll((ns) => ns.map((n) => n.dataset.name).sort());
  assert.equal(left.length, 2);
  await pointAt(left[0], 0.5, 0.9);
  assert.deepEqual(await marked('preview'), left);
  await cell(left[0]).click({ position: { x: 22, y: 40 } });
  await afterHumanMove(2);
  assert.equal(await phase(), 'over');
  assert.equal(await bannerState(), 'won');
  await shot('cram');
});

test('Cram: a board with holes splits into regions; Enter on a cell offers its dominoes', async () => {
  const prediction = await newGame({ rules: 'cram', heaps: '..#./.#../####/....', first: 'human', level: 'perfect' });
  await boardShot('cram');
  assert.match(prediction, /player wins/);
  // One board of 16 cells, drawn once each; its empty cells are three regions: a1 b1 a2, d1 c2
  // d2 and the bottom row.
  assert.equal(await page.locator('.view-cram .cram-grid').count(), 1);
  assert.equal(await page.locator('.view-cram .cram-cell').count(), 16);
  const regions = await page.locator('.view-cram .cram-cell.empty').evaluateAll((ns) => new Set(ns.map((n) => n.dataset.component)).size);
  assert.equal(regions, 3);
  await pointAt('d4', 0.1, 0.5);
  await shot('cram-regions');
  await cell('a1').focus();
  await page.keyboard.press('Enter');
  const choices = await page.locator('#chooser-list button').allTextContents();
  assert.deepEqual(choices, ['fill a1 and b1', 'fill a1 and a2']);
  await page.locator('#chooser-list button', { hasText: 'fill a1 and a2' }).click();
  await afterHumanMove(0);
  const moves = await page.locator('.move-list li').allTextContents();
  assert.match(moves[0], /fill a1 and a2/);
  assert.match(moves[1], /Computer.*fill/);
});

// Cells of a board of `rows` × `columns` as names ("b3": column letter, row from 1).
const names = (rows, columns) => Array.from({ length: rows * columns }, (_, i) => `${String.fromCharCode(97 + (i % columns))}${Math.floor(i / columns) + 1}`);

// Every cell drawn: name → {count, filled}.
const drawn = () => page.locator('.view-cram .cram-cell').evaluateAll((ns) => {
  const out = {};
  for (const n of ns) {
    const at = out[n.dataset.name] ?? (out[n.dataset.name] = { count: 0, filled: [] });
    at.count += 1;
    at.filled.push(n.classList.contains('filled'));
  }
  return out;
});

// The drawn board against the cells `filled` (a Set of names) of a 3 × 4 board: every cell drawn
// once, filled exactly when filled. Null when they agree, else what differs.
async function boardDiffers(filled) {
  const cells = await drawn();
  const wrong = names(3, 4).filter((name) => cells[name]?.count !== 1 || cells[name].filled[0] !== filled.has(name));
  const extra = Object.keys(cells).filter((name) => !names(3, 4).includes(name));
  return wrong.length || extra.length ? `cells ${[...wrong, ...extra].join(' ')} of ${JSON.stringify(cells)}` : null;
}

async function expectBoard(filled, what) {
  let last = null;
  try {
    const deadline = Date.now() + 10_000;
    while ((last = await boardDiffers(filled)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  } finally {
    assert.equal(last, null, `${what}: the board drawn differs from the moves played`);
  }
}

// The server's position after `moves` from the 3 × 4 board, as text ("####/##../....").
const serverPosition = async (moves) =>
  (await api('/api/game', { rules: 'cram', position: '..../..../....', moves })).position;

test('Cram: a 4×3 board played out by clicks is drawn whole after every move, down to the end', async () => {
  await newGame({ rules: 'cram', heaps: '..../..../....', first: 'human', level: 'perfect' });
  const filled = new Set();
  const played = [];
  // Applies the dominoes of the move list not applied yet; checks them against the server.
  const follow = async () => {
    const texts = await moveTexts();
    for (const text of texts.slice(played.length)) {
      const [, a, b] = text.match(/fill ([a-z]\d) and ([a-z]\d)/);
      assert.ok(!filled.has(a) && !filled.has(b), `${text} fills a filled cell`);
      filled.add(a).add(b);
      played.push(`${a}-${b}`);
    }
    // The server's text is the board up to its last empty cell: its cells agree, the rest are filled.
    const rows = (await serverPosition(played)).split('/').filter(Boolean);
    for (const name of names(3, 4)) {
      const r = Number(name.slice(1)) - 1;
      const c = name.charCodeAt(0) - 97;
      assert.equal(rows[r]?.[c] === '.', !filled.has(name), `${name} after ${played.join(' ')}`);
    }
  };
  for (let turn = 0; turn < 6 && await phase() === 'human'; turn += 1) {
    const before = await plies();
    // First b1-c1, which leaves a1 and d1 cut off from the rest; then the first empty cell with
    // an empty right (else lower) neighbour. A click near that side.
    const all = names(3, 4);
    const free = (name) => all.includes(name) && !filled.has(name);
    const next = (name, dc, dr) => `${String.fromCharCode(name.charCodeAt(0) + dc)}${Number(name.slice(1)) + dr}`;
    const name = turn === 0 ? 'b1' : all.find((n) => free(n) && ((n[0] !== 'd' && free(next(n, 1, 0))) || free(next(n, 0, 1))));
    const right = name[0] !== 'd' && free(next(name, 1, 0));
    const box = await cell(name).boundingBox();
    await page.mouse.click(box.x + (right ? 0.9 : 0.5) * box.width, box.y + (right ? 0.5 : 0.9) * box.height);
    await waitPhase(['computer', 'human', 'over'], before + 1);
    await follow();
    const mine = played.slice(before);
    assert.equal(mine[0], `${name}-${right ? next(name, 1, 0) : next(name, 0, 1)}`);
    if (played.length === before + 1) {
      // The board after the person's move (drawn while the computer's reply is marked on it).
      await expectBoard(filled, `after ${played.join(' ')}`);
      if (await phase() === 'over') break;
      await waitPhase(['human', 'over'], before + 2);
      await follow();
    }
    await expectBoard(filled, `after ${played.join(' ')}`);
    if (turn === 0) await shot('cram-whole-board');
  }
  assert.equal(await phase(), 'over');
  // Normal play: whoever filled the last domino won; the person moved first.
  assert.equal(await bannerState(), played.length % 2 === 1 ? 'won' : 'lost');
  await expectBoard(filled, 'the finished board');
  await shot('cram-finished');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectBoard(filled, 'the finished board on a phone');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the page scrolls sideways');
  await shot('cram-finished-phone');
});
