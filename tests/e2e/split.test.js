// The split view (Grundy's game, Lasker's Nim): a person splits heaps by clicking the divider
// between stones, takes from the end in Lasker's Nim, and sees every move of the computer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page, phase, newGame, until } from './harness.js';
import { boardShot, moveTexts, playAndWatch, playOut } from './views.js';

const heap = (n) => page.locator(`.split-row[data-heap="${n}"]`);

test('Grundy\'s game: a divider splits the heap there, and unequal splits only are offered', async () => {
  await newGame({ rules: 'grundy', heaps: '7 6', first: 'human', level: 'perfect' });
  // Hovering divider 2 of heap 1 shows the two heaps it makes: 2 and 5.
  await heap(1).locator('.divider[data-gap="2"]').hover();
  assert.equal(await heap(1).locator('.stone.part-left').count(), 2);
  assert.equal(await heap(1).locator('.stone.part-right').count(), 5);
  // 6 cannot split into 3 and 3: that divider is not a move.
  assert.ok(await heap(2).locator('.divider[data-gap="3"]').isDisabled());
  assert.equal(await heap(2).locator('.divider:not(.illegal)').count(), 4);
  // A click on a stone picks the heap (nothing is taken in this game) and brings its dividers forward.
  await heap(2).locator('.stone').first().click();
  assert.equal(await page.locator('.split-row.selected').getAttribute('data-heap'), '2');
  assert.equal((await moveTexts()).length, 0);
  await boardShot('split');
  await playAndWatch(() => heap(1).locator('.divider[data-gap="2"]').click());
  assert.equal((await moveTexts())[0], 'split heap 1 into 2 and 5');
  // Then the first legal divider each turn, to the end.
  await playOut(() => page.locator('.divider:not(.illegal)').first().click());
});

test('Grundy\'s game by keyboard: the arrows walk stones and dividers, Enter splits', async () => {
  await newGame({ rules: 'grundy', heaps: '5', first: 'human', level: 'perfect' });
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');  // the divider after stone 1
  assert.equal(await heap(1).locator('.stone.part-left').count(), 1);
  await playAndWatch(() => page.keyboard.press('Enter'));
  assert.equal((await moveTexts())[0], 'split heap 1 into 1 and 4');
});

test('Lasker\'s Nim: stones take from the end, dividers split; the hint marks its objects', async () => {
  await newGame({ rules: 'lasker', heaps: '3 4 5', first: 'human', level: 'perfect' });
  await page.click('#btn-hint');
  const verdict = /Winning move: (.*)/.exec(await page.locator('.hint-verdict').textContent())[1].trim();
  await until(page, () => document.querySelector('.split-row .hinted') !== null, null, 'the hint on the board');
  const take = /take (\d+) from heap/.exec(verdict);
  if (take) assert.equal(await page.locator('.split-row .stone.hinted').count(), Number(take[1]));
  else assert.equal(await page.locator('.split-row .divider.hinted').count(), 1);
  await page.click('#hint-close');
  // Taking 1 from heap 3 is a click on its last stone.
  await playAndWatch(() => heap(3).locator('.stone').last().click());
  assert.equal((await moveTexts())[0], 'take 1 from heap 3');
  // A split by a divider.
  if (await phase() === 'human') {
    const divider = page.locator('.divider:not(.illegal)').first();
    const label = await divider.getAttribute('aria-label');
    await playAndWatch(() => divider.click());
    assert.equal((await moveTexts())[2], label);
  }
  // Then the last stone of the first heap each turn, to the end.
  await playOut(() => page.locator('.split-row .stone').last().click());
});
