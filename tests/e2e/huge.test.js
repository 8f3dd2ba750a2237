// A row of a billion pins is played as any other: the board draws it as a count, a typed move
// plays at once, the computer replies with a winning move, and the hint names one and says how
// many there are (the count by residue classes, exact).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page, newGame, shot, afterHumanMove } from './harness.js';

const hintVerdict = async () => {
  await page.click('#btn-hint');
  const verdict = page.locator('.hint-verdict');
  await verdict.waitFor();
  return verdict.textContent();
};

test('Kayles on a billion pins: the hint, a typed move, the computer\'s reply', async () => {
  const prediction = await newGame({ rules: 'kayles', heaps: '1000000000', first: 'human', level: 'perfect' });
  assert.match(prediction, /first player wins.*you/);
  assert.deepEqual(await page.locator('#board .heap-size').allTextContents(), ['1000000000']);
  // Won: the hint names a winning move and the exact number of them.
  const verdict = await hintVerdict();
  assert.match(verdict, /^Winning move: knock pins? [\d-]+ of row 1 \(one of [\d,]+ winning moves\)$/);
  await shot('kayles-billion-hint');

  // A typed move that throws the win away: knock pin 1 of row 1.
  await page.fill('#typed-move-text', '1 1');
  await page.click('#typed-move button[type=submit]');
  await afterHumanMove(0);
  const moves = await page.locator('.move-list li .what').allTextContents();
  assert.equal(moves[0], 'knock pin 1 of row 1');
  assert.match(moves[1], /^knock pins? [\d-]+ of row 1$/);
  // The computer's reply leaves a lost position: the hint says so.
  assert.match(await hintVerdict(), /^This position is lost/);
  await shot('kayles-billion-after');

  // Whatever the person plays next, the computer answers at once and stays winning.
  await page.fill('#typed-move-text', '1 1');
  await page.click('#typed-move button[type=submit]');
  await afterHumanMove(2);
  assert.match(await hintVerdict(), /^This position is lost/);
});

test('Kayles on a billion pins at 390×844: the row is a count that fits, read as a number', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await newGame({ rules: 'kayles', heaps: '1000000000 7', first: 'human', level: 'perfect' });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the page is ${wide} px wide`);
  // The size wraps only between groups of three digits; its text is the number.
  const size = page.locator('[data-testid="heap-size-1"]');
  assert.equal(await size.textContent(), '1000000000');
  assert.equal(await size.locator('wbr').count(), 3);
  await shot('kayles-billion-phone');
});
