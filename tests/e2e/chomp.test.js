// Browser end-to-end tests of the chomp view: a chocolate bar of squares, the poisoned one marked;
// pointing at a square shows what a click eats, a click eats it, the hint marks its squares, the
// arrow keys and Enter play too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, shot, plies, phase, afterHumanMove, newGame, page } from './harness.js';
import { boardShot, playAndWatch } from './views.js';

// Every square of the bar as "row,column", row by row.
async function squares() {
  return page.locator('.view-chomp .chomp-cell').evaluateAll((ns) => ns.map((n) => `${n.dataset.row},${n.dataset.column}`));
}

async function marked(cls) {
  return page.locator(`.view-chomp .chomp-cell.${cls}`).evaluateAll((ns) => ns.map((n) => `${n.dataset.row},${n.dataset.column}`));
}

test('Chomp: hover shows the squares a click eats; the square 2,2 wins a square bar', async () => {
  const prediction = await newGame({ rules: 'chomp', heaps: '3 3 3', first: 'human', level: 'perfect' });
  await boardShot('chomp');
  assert.match(prediction, /first player wins.*you/);
  assert.equal(await page.locator('.view-chomp .chomp-row').count(), 3);
  assert.equal((await squares()).length, 9);
  assert.equal(await page.locator('.view-chomp .chomp-cell.poisoned').getAttribute('aria-label'), 'square (1,1), poisoned');

  // The hint: a 3×3 square is won by eating (2,2), which takes the 2×2 block below-right.
  await page.click('#btn-hint');
  assert.deepEqual(await marked('hinted'), ['2,2', '2,3', '3,2', '3,3']);

  await page.getByRole('button', { name: 'square (2,3)' }).hover();
  assert.deepEqual(await marked('doomed'), ['2,3', '3,3']);
  await page.getByRole('button', { name: 'square (1,2)' }).hover();
  assert.deepEqual(await marked('doomed'), ['1,2', '1,3', '2,2', '2,3', '3,2', '3,3']);

  // The poisoned square is refused; nothing is played.
  await page.getByRole('button', { name: 'square (1,1), poisoned' }).click({ force: true });
  await page.locator('#toast', { hasText: 'poisoned' }).waitFor();
  assert.equal(await plies(), 0);

  // The computer's reply is marked on the bar while the status line tells it.
  await playAndWatch(() => page.getByRole('button', { name: 'square (2,2)' }).click());
  const moves = await page.locator('.move-list li').allTextContents();
  assert.match(moves[0], /eat \(2,2\): 4 cells.*→ 3 1 1/);
  assert.match(moves[1], /Computer.*eat \(\d,\d\)/);
  // The computer ate one or two squares of an arm: 5 squares left less what it ate.
  const left = (await squares()).length;
  assert.ok(left >= 2 && left <= 4, `${left} squares left`);
  await shot('chomp');
});

test('Chomp: the arrow keys and Enter eat a square; the computer replies', async () => {
  await newGame({ rules: 'chomp', heaps: '4 4 3', first: 'human', level: 'perfect' });
  assert.equal((await squares()).length, 11);
  // The first arrow lands on the first square that may be eaten, (1,2); Down and Right go to (2,3).
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await marked('doomed'), ['1,2', '1,3', '1,4', '2,2', '2,3', '2,4', '3,2', '3,3']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await marked('doomed'), ['2,3', '2,4', '3,3']);
  await page.keyboard.press('Enter');
  await afterHumanMove(0);
  const moves = await page.locator('.move-list li').allTextContents();
  assert.match(moves[0], /eat \(2,3\): 3 cells/);
  assert.match(moves[1], /Computer.*eat/);
  assert.ok((await phase()) === 'human' || (await phase()) === 'over');
});

test('Chomp: rows and columns are labelled as a move names them, ROW COLUMN', async () => {
  await newGame({ rules: 'chomp', heaps: '5 5 3', first: 'human', level: 'perfect' });
  const labels = (cls) => page.locator(`.view-chomp .${cls}`).evaluateAll((ns) => ns.map((n) => {
    const box = n.getBoundingClientRect();
    return { text: n.textContent, x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }));
  const rows = await labels('chomp-row-label');
  const columns = await labels('chomp-column-label');
  assert.deepEqual(rows.map((l) => l.text), ['1', '2', '3']);
  assert.deepEqual(columns.map((l) => l.text), ['1', '2', '3', '4', '5']);
  // Each label lines up with its row or column of squares.
  for (const [r, l] of rows.entries()) {
    const box = await page.getByRole('button', { name: new RegExp(`^square \\(${r + 1},1\\)`) }).boundingBox();
    assert.ok(Math.abs(box.y + box.height / 2 - l.y) < 2, `row label ${l.text}`);
  }
  for (const [c, l] of columns.entries()) {
    const box = await page.getByRole('button', { name: `square (1,${c + 1})`, exact: false }).boundingBox();
    assert.ok(Math.abs(box.x + box.width / 2 - l.x) < 2, `column label ${l.text}`);
  }
  await shot('chomp-labels');
  // The square at row label 2 and column label 3 is the move the notation writes "2 3".
  await page.mouse.click(columns[2].x, rows[1].y);
  await afterHumanMove(0);
  assert.equal(await page.locator('.move-list li').first().getAttribute('data-move'), '2 3');
  // On a phone a wide bar's labels still stand over and beside their squares.
  await newGame({ rules: 'chomp', heaps: '12 12 5', first: 'human', level: 'perfect' });
  await page.setViewportSize({ width: 390, height: 844 });
  const last = (await labels('chomp-column-label')).at(-1);
  assert.equal(last.text, '12');
  const box = await page.getByRole('button', { name: 'square (1,12)' }).boundingBox();
  assert.ok(Math.abs(box.x + box.width / 2 - last.x) < 2, 'column label 12');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the page scrolls sideways');
  await page.locator('#board').screenshot({ path: path.join(ARTIFACTS, 'chomp-labels-phone.png') });
});
