// The queen view (Wythoff's game): a person moves the queen by clicking a square she reaches
// (left, down or diagonally toward the corner) and sees every move of the computer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page, newGame, until } from './harness.js';
import { boardShot, moveTexts, playAndWatch, playOut } from './views.js';

const square = (x, y) => page.locator(`.queen-board .square[data-x="${x}"][data-y="${y}"]`);

test('Wythoff: the squares the queen reaches are the moves; a click plays one', async () => {
  await newGame({ rules: 'wythoff', heaps: '4 6', first: 'human', level: 'perfect' });
  assert.equal(await page.locator('.square.queen').getAttribute('data-x'), '4');
  assert.equal(await page.locator('.square.queen').getAttribute('data-y'), '6');
  // 4 squares left, 6 down, 4 diagonally: 14 moves.
  assert.equal(await page.locator('.square.reach').count(), 14);
  assert.ok(await square(5, 5).isDisabled(), 'a square off her lines is no move');
  // Hovering (2, 4) shows the diagonal she slides along.
  await square(2, 4).hover();
  assert.equal(await page.locator('.square.taking').count(), 2);
  await boardShot('queen');
  await playAndWatch(() => square(2, 4).click());
  assert.equal((await moveTexts())[0], 'take 2 from heap 1 and 2 from heap 2');
  await playOut(() => page.locator('.square.reach:not(:disabled)').first().click());
});

test('Wythoff: the hint marks the squares of its move; the keyboard moves the queen', async () => {
  await newGame({ rules: 'wythoff', heaps: '4 6', first: 'human', level: 'perfect' });
  await page.click('#btn-hint');
  await until(page, () => document.querySelector('.square.hinted') !== null, null, 'the hinted squares');
  const verdict = await page.locator('.hint-verdict').textContent();
  // The squares she passes over and lands on: as many as the most taken from one heap.
  const takes = [...verdict.matchAll(/(\d+) from heap/g)].map((m) => Number(m[1]));
  assert.equal(await page.locator('.square.hinted').count(), Math.max(...takes));
  assert.equal(await page.locator('.square.hinted.target').count(), 1);
  await page.click('#hint-close');
  // The cursor starts on the queen: one square down, Enter.
  await page.focus('#board');
  await page.keyboard.press('ArrowDown');
  await playAndWatch(() => page.keyboard.press('Enter'));
  assert.equal((await moveTexts())[0], 'take 1 from heap 2');
});
