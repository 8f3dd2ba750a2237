// Cram in the browser: a board of cells; pointing at an empty cell shows the domino a click
// places (towards the side nearest the pointer), a click places it, and the computer replies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot, phase, afterHumanMove, bannerState, newGame, page } from './harness.js';
import { boardShot, playAndWatch } from './views.js';

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
  // Three regions: a1 b1 a2, d1 c2 d2 and the bottom row.
  assert.equal(await page.locator('.view-cram .cram-grid').count(), 3);
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
