// The teaching text on the page: rulesets by name with their rules in words in the new-game form
// (from /api/rulesets), and the mex step in the hint panel (the library's explanation record).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newGame, shot, page } from './harness.js';

test('the new-game form names each ruleset and states its rules in words', async () => {
  await page.click('#btn-new');
  await page.selectOption('#f-ruleset', 'dawsons-chess');
  const option = page.locator('#f-ruleset option[value="dawsons-chess"]');
  assert.equal(await option.textContent(), "Dawson's Chess (dawsons-chess)");
  assert.match(await page.locator('#f-summary').textContent(),
      /^Dawson's Chess: knock down a pin standing alone, two pins at the end of a row/);
  await page.selectOption('#f-ruleset', 'nim');
  assert.match(await page.locator('#f-summary').textContent(), /^Nim: take any number/);
  await shot('teaching-form');
});

test('the hint for one Kayles row shows the mex step', async () => {
  await newGame({ rules: 'kayles', heaps: '7', first: 'human' });
  assert.equal(await page.locator('#game-rules').textContent(), 'Kayles');
  assert.match(await page.locator('#game-summary').textContent(), /^Rules: knock down one pin/);
  await page.click('#btn-hint');
  const explanation = page.locator('[data-testid=explanation]');
  await explanation.waitFor();
  assert.match(await explanation.textContent(),
      /g\(kayles 7\) = mex\{0, 1, 3, 4, 5\} = 2: its moves leave positions of value 0, 1, 3, 4, 5/);
  await shot('teaching-mex');
});

test('a sum names its parts by their titles', async () => {
  await newGame({ heaps: 'kayles:7 dawsons-chess:5 nim:3', first: 'human' });
  assert.equal(await page.locator('#game-rules').textContent(), 'Sum of games');
  assert.match(await page.locator('#game-summary').textContent(),
      /^Components: Kayles \+ Dawson's Chess \+ Nim\./);
});
