// The moore view (Moore's Nim_k): a person selects stones on several heaps, then takes them with
// the button, and sees every move of the computer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page, newGame, until } from './harness.js';
import { boardShot, moveTexts, playAndWatch, playOut } from './views.js';

const stone = (h, s) => page.locator(`.moore-row[data-heap="${h}"] .stone[data-stone="${s}"]`);

test('Moore\'s Nim: select on two heaps, then take; three heaps is no move for k = 2', async () => {
  await newGame({ rules: 'moore', params: '2', heaps: '3 4 5', first: 'human', level: 'perfect' });
  const take = page.locator('.moore-take');
  assert.ok(await take.isDisabled());
  await stone(1, 2).click();   // stones 2-3 of heap 1
  await stone(3, 5).click();   // stone 5 of heap 3
  assert.equal(await page.locator('.stone.selected').count(), 3);
  assert.equal(await take.textContent(), 'Take: take 2 from heap 1 and 1 from heap 3');
  await stone(2, 4).click();   // a third heap: not a move of Moore's Nim_2
  assert.ok(await take.isDisabled());
  assert.equal(await take.textContent(), 'Not a legal move');
  await stone(2, 4).click();   // clicked again: heap 2 unselected
  await boardShot('moore');
  await playAndWatch(() => take.click());
  assert.equal((await moveTexts())[0], 'take 2 from heap 1 and 1 from heap 3');
  // Then the last stone of the first non-empty heap, each turn, to the end.
  await playOut(async () => {
    await page.locator('.moore-row .stone').last().click();
    await take.click();
  });
});

test('Moore\'s Nim by keyboard; the hint marks the stones of its move on every heap', async () => {
  await newGame({ rules: 'moore', params: '2', heaps: '2 3 6', first: 'human', level: 'perfect' });
  await page.click('#btn-hint');
  await until(page, () => document.querySelector('.stone.hinted') !== null, null, 'the hinted stones');
  const verdict = await page.locator('.hint-verdict').textContent();
  const takes = [...verdict.matchAll(/(\d+) from heap (\d+)/g)];
  for (const [, n, h] of takes) assert.equal(await page.locator(`.moore-row[data-heap="${h}"] .stone.hinted`).count(), Number(n));
  assert.equal(await page.locator('.stone.hinted').count(), takes.reduce((a, [, n]) => a + Number(n), 0));
  await page.click('#hint-close');
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');  // stone 2 of heap 1
  await page.keyboard.press(' ');
  await page.keyboard.press('ArrowDown');   // stone 2 of heap 2
  await page.keyboard.press(' ');
  await playAndWatch(() => page.keyboard.press('Enter'));
  assert.equal((await moveTexts())[0], 'take 1 from heap 1 and 2 from heap 2');
});
