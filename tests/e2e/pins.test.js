// The pins view (octal games): a person plays Kayles and other take-and-break games by clicking
// pins, sees which pins a click knocks down before clicking, and sees every move of the computer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page, plies, newGame, until, heapSizes, waitPhase } from './harness.js';
import { boardShot, moveTexts, playAndWatch } from './views.js';

const row = (n) => page.locator(`.pin-row[data-heap="${n}"]`);
const pin = (r, p) => row(r).locator(`.pin[data-pin="${p}"]`);

// Points at pin p of row r, at a fraction of its width (0 = left edge), and returns the pins that
// would fall, by number.
async function hover(r, p, fraction) {
  const box = await pin(r, p).boundingBox();
  await page.mouse.move(box.x + Math.max(1, Math.min(box.width - 1, box.width * fraction)), box.y + box.height / 2);
  return page.locator('.pin.taking').evaluateAll((nodes) => nodes.map((n) => Number(n.dataset.pin)));
}

async function clickAt(r, p, fraction) {
  await hover(r, p, fraction);
  await page.mouse.down();
  await page.mouse.up();
}

test('Kayles: a click anywhere on a pin knocks down that pin, and where it falls splits the row', async () => {
  await newGame({ rules: 'kayles', heaps: '8', first: 'human', level: 'perfect' });
  assert.equal(await row(1).locator('.pin').count(), 8);
  // Left edge, middle, right edge of pin 3: that pin alone, as the legend says.
  assert.deepEqual(await hover(1, 3, 0.1), [3]);
  assert.deepEqual(await hover(1, 3, 0.5), [3]);
  assert.deepEqual(await hover(1, 3, 0.9), [3]);
  assert.match(await page.getByTestId('pin-legend').textContent(), /Click a pin to knock it down; drag/);
  await boardShot('pins');
  await playAndWatch(() => clickAt(1, 3, 0.5));
  assert.equal((await moveTexts())[0], 'knock pin 3 of row 1');
  // The rows left are drawn as rows of pins, after the computer's move on them.
  const sizes = (await heapSizes()).map(Number);
  assert.equal(sizes.reduce((a, b) => a + b, 0), 7 - (/knock pins/.test((await moveTexts())[1]) ? 2 : 1));
});

test('Kayles: two pins by + (the run length) or by dragging from one pin to the next', async () => {
  await newGame({ rules: 'kayles', heaps: '8 6', first: 'human', level: 'random' });
  assert.equal(await page.getByTestId('pin-run').textContent(), '1 pin');
  await page.getByRole('button', { name: 'more pins' }).click();
  assert.equal(await page.getByTestId('pin-run').textContent(), '2 pins');
  // Two pins from the pin clicked; the last pin has no right neighbour, so it and its left one.
  assert.deepEqual(await hover(1, 3, 0.5), [3, 4]);
  assert.deepEqual(await hover(1, 8, 0.5), [7, 8]);
  await page.getByRole('button', { name: 'fewer pins' }).click();
  assert.deepEqual(await hover(1, 3, 0.5), [3]);
  // A drag from pin 2 to pin 3 of row 2 knocks both down, leaving 1 and 3.
  const from = await pin(2, 2).boundingBox();
  const to = await pin(2, 3).boundingBox();
  await playAndWatch(async () => {
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 });
    await page.mouse.up();
  });
  assert.equal((await moveTexts())[0], 'knock pins 2-3 of row 2');
});

test('Kayles: two pins from the middle, by keyboard, and the game played out by clicks', async () => {
  await newGame({ rules: 'kayles', heaps: '8 3', first: 'human', level: 'perfect' });
  await page.focus('#board');
  // Pin 4 of row 1, run length 2 (+), Enter: pins 4 and 5 fall, leaving 3 and 3.
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('+');
  assert.deepEqual(await page.locator('.pin.taking').evaluateAll((nodes) => nodes.map((n) => Number(n.dataset.pin))), [4, 5]);
  assert.equal(await page.getByTestId('pin-run').textContent(), '2 pins', 'the bar shows the run the keys chose');
  await playAndWatch(() => page.keyboard.press('Enter'));
  assert.equal((await moveTexts())[0], 'knock pins 4-5 of row 1');
  // Then knock down the first pin of the first row until the game ends.
  for (let turn = 0; turn < 20 && await page.evaluate(() => document.body.dataset.phase) === 'human'; turn += 1) {
    const first = await page.locator('.pin-row').filter({ has: page.locator('.pin') }).first().getAttribute('data-heap');
    await playAndWatch(() => clickAt(Number(first), 1, 0.5));
  }
  assert.equal(await page.evaluate(() => document.body.dataset.phase), 'over');
});

test('the hint marks exactly the pins its move knocks down', async () => {
  await newGame({ rules: 'kayles', heaps: '8 5', first: 'human', level: 'perfect' });
  await page.click('#btn-hint');
  const verdict = await page.locator('.hint-verdict').textContent();
  const [, pins, heap] = /knock pins? (\S+) of row (\d+)/.exec(verdict);
  const take = pins.includes('-') ? 2 : 1;
  await until(page, () => document.querySelectorAll('.pin.hinted').length > 0, null, 'the hinted pins');
  assert.equal(await page.locator('.pin.hinted').count(), Number(take));
  assert.equal(await row(Number(heap)).locator('.pin.hinted').count(), Number(take));
  await page.click('#hint-play');
  await until(page, () => Number(document.body.dataset.plies) >= 1, null, 'the hinted move');
  assert.equal((await moveTexts())[0], /Winning move: (.*)/.exec(verdict)[1].trim());
});

test('Dawson\'s Kayles knocks two pins; a split that knocks nothing is a click on a gap', async () => {
  await newGame({ rules: 'dawson', heaps: '5', first: 'human', level: 'perfect' });
  // Only runs of two are moves: wherever the pointer is on a pin, two pins fall.
  assert.deepEqual(await hover(1, 1, 0.1), [1, 2]);
  assert.deepEqual(await hover(1, 3, 0.1), [3, 4]);
  await playAndWatch(() => clickAt(1, 3, 0.1));
  // Pins 3-4 of 5 leave rows of 2 and 1: told as the same move knocking after the smaller row.
  assert.equal((await moveTexts())[0], 'knock pins 2-3 of row 1');

  // Octal 4.12: a row may be split in two without knocking a pin (d0 = 4), at a gap.
  await newGame({ rules: 'octal', params: '4.12', heaps: '6', first: 'human', level: 'perfect' });
  const gaps = row(1).locator('.gap');
  assert.equal(await gaps.count(), 5);
  await playAndWatch(() => gaps.nth(1).click());
  assert.equal((await moveTexts())[0], 'split heap 1 into 2 and 4');
});

test('a move leaving three rows, which no run of pins makes, is offered in the row\'s chooser', async () => {
  // Octal 0.F: taking one pin may leave up to three rows.
  await newGame({ rules: 'octal', params: '0.F', heaps: '5', first: 'human', level: 'perfect' });
  await page.click('.pin-row[data-heap="1"] .heap-more');
  const choices = await page.locator('.chooser-item').allTextContents();
  assert.ok(choices.length > 0);
  for (const text of choices) assert.match(text, /leaving \d+, \d+ and \d+/);
  await playAndWatch(() => page.locator('.chooser-item').first().click());
  assert.equal((await moveTexts())[0], choices[0]);
  assert.ok(await plies() >= 1);
});

test('the computer opens Kayles; the hint tabulates the rows; a run that is no move is refused', async () => {
  await newGame({ rules: 'kayles', heaps: '9', first: 'computer', level: 'perfect' });
  await waitPhase(['human', 'over'], 1);
  assert.match(await page.locator('.move-list li').first().textContent(), /Computer/);
  assert.equal(await page.locator('#last-move').textContent(), `Computer: ${(await moveTexts())[0]}`);
  // This is not plain Nim: the hint adds the rows' Grundy values.
  await page.keyboard.press('h');
  await page.locator('.xor-table').waitFor();
  assert.match(await page.locator('.xor-table thead').textContent(), /Component/);
  await page.click('#hint-close');

  // Dawson's chess (octal 0.137): two pins may fall only at an end of a row. By keyboard, two
  // pins from the middle of a row of 5 are shown as no move and refused with the rules.
  await newGame({ rules: 'dawsons-chess', heaps: '5', first: 'human', level: 'perfect' });
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('.pin.taking.illegal').count(), 2);
  await page.keyboard.press('Enter');
  await page.locator('#toast', { hasText: 'cannot knock down pins 3–4 of row 1' }).waitFor();
  assert.equal(await plies(), 0);
  // The pointer on the same pin finds the run that is a move there: pins 3 to 5.
  assert.deepEqual(await hover(1, 3, 0.1), [3, 4, 5]);
});
