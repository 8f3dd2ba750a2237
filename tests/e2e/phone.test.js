// The page on a phone (390×844) beside a desktop (1280×860): a row of pins that wraps is still
// one band, a heap of 40 or 50 stones is drawn compactly, every clickable object of the board (the
// dividers and gaps between stones and pins too) is a target of at least 40 px each way, and a refused typed move is answered beside the move box, in
// sight. Screenshots of each at both sizes go to the artifacts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page, newGame, shot } from './harness.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };

// The boxes of the board's clickable objects, and of the board.
const boardBoxes = () => page.evaluate(() => ({
  board: document.getElementById('board').getBoundingClientRect().toJSON(),
  targets: [...document.querySelectorAll('#board button:not(:disabled), #board input, #board [role=button]')]
    .filter((n) => n.offsetParent !== null)
    .map((n) => ({ what: n.className || n.tagName, ...n.getBoundingClientRect().toJSON() })),
}));

test('on a phone the board reads row by row and every target is at least 40 px', async () => {
  await page.setViewportSize(PHONE);
  // Kayles 9: the nine pins are one band under their label, whatever lines they take.
  await newGame({ rules: 'kayles', heaps: '9 4', first: 'human', level: 'perfect' });
  const rows = await page.evaluate(() => [...document.querySelectorAll('#board .pin-row')].map((row) => {
    const band = row.querySelector('.pins').getBoundingClientRect();
    const label = row.querySelector('.heap-label').getBoundingClientRect();
    const pins = [...row.querySelectorAll('.pin')].map((p) => p.getBoundingClientRect());
    return {
      pins: pins.length, label: label.bottom <= band.top + 1,
      inside: pins.every((p) => p.left >= band.left && p.right <= band.right && p.top >= band.top && p.bottom <= band.bottom),
      banded: getComputedStyle(row.querySelector('.pins')).backgroundColor !== 'rgba(0, 0, 0, 0)',
      band,
    };
  }));
  assert.deepEqual(rows.map((r) => [r.pins, r.label, r.inside, r.banded]), [[9, true, true, true], [4, true, true, true]]);
  assert.ok(rows[0].band.bottom < rows[1].band.top, 'the second row starts below the first one\'s band');
  let boxes = await boardBoxes();
  const small = (b) => b.targets.filter((t) => t.width < 40 || t.height < 40).map((t) => `${t.what} ${t.width}×${t.height}`);
  assert.deepEqual(small(boxes), [], 'Kayles targets under 40 px');
  await shot('phone-kayles-9');

  // Nim 40 35 50: about one screen of stones, each still a 40 px target.
  await newGame({ rules: 'nim', heaps: '40 35 50', first: 'human', level: 'perfect' });
  boxes = await boardBoxes();
  assert.equal(boxes.targets.filter((t) => t.what.startsWith('stone')).length, 125);
  assert.deepEqual(small(boxes), [], 'Nim targets under 40 px');
  assert.ok(boxes.board.height <= PHONE.height, `the board of Nim 40 35 50 is ${boxes.board.height} px tall`);
  await shot('phone-nim-40-35-50');

  // Grundy's game: the dividers between stones are targets like the stones.
  await newGame({ rules: 'grundy', heaps: '7 6', first: 'human', level: 'perfect' });
  boxes = await boardBoxes();
  assert.ok(boxes.targets.some((t) => t.what.startsWith('divider')));
  assert.deepEqual(small(boxes), [], 'Grundy targets under 40 px');
  await page.locator('.split-row[data-heap="1"] .divider[data-gap="2"]').hover();
  await shot('phone-grundy-split');

  // Octal 4.12: a row split without knocking a pin is a click on a gap, a target like the pins.
  await newGame({ rules: 'octal', params: '4.12', heaps: '6', first: 'human', level: 'perfect' });
  boxes = await boardBoxes();
  assert.equal(boxes.targets.filter((t) => t.what.startsWith('gap')).length, 5);
  assert.deepEqual(small(boxes), [], 'octal 4.12 targets under 40 px');
  await shot('phone-octal-gaps');
});

test('a refused typed move is told beside the move box, in sight, on a phone and a desktop', async () => {
  for (const [size, name] of [[PHONE, 'phone'], [DESKTOP, 'desktop']]) {
    await page.setViewportSize(size);
    await newGame({ rules: 'nim', heaps: '40 35 50', first: 'human', level: 'perfect' });
    if (name === 'desktop') await shot('desktop-nim-40-35-50');
    await page.fill('#typed-move-text', '9 9');
    await page.click('#typed-move button[type=submit]');
    const toast = page.locator('#toast');
    await toast.waitFor({ state: 'visible' });
    const [box, form] = [await toast.boundingBox(), await page.locator('#typed-move').boundingBox()];
    assert.match(await toast.textContent(), /9/);
    assert.ok(box.y >= 0 && box.y + box.height <= size.height, `${name}: the message is out of sight (${JSON.stringify(box)})`);
    assert.ok(box.y >= form.y + form.height - 1 && box.y - (form.y + form.height) <= 24,
      `${name}: the message is ${box.y - (form.y + form.height)} px below the move box`);
    await shot(`${name}-error`);
  }
  await newGame({ rules: 'kayles', heaps: '9 4', first: 'human', level: 'perfect' });
  await shot('desktop-kayles-9');
  await newGame({ rules: 'grundy', heaps: '7 6', first: 'human', level: 'perfect' });
  await page.locator('.split-row[data-heap="1"] .divider[data-gap="2"]').hover();
  await shot('desktop-grundy-split');
});
