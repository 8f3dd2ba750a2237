// The computer's move as a person sees it, in a sum of games drawn by three views (pins, stones,
// a split heap): marked on the board for a moment, told in the status line in the server's words
// and announced by its live region, every turn to the end of the game; and asked in one request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page, newGame, waitPhase, clickTake, afterHumanMove } from './harness.js';
import { boardShot, moveTexts, playOut } from './views.js';

test('a sum of Kayles, Nim and Grundy\'s game: every move of the computer is seen', async () => {
  await newGame({ rules: 'nim', heaps: 'kayles:6 nim:3 grundy:5', first: 'computer', level: 'perfect' });
  await waitPhase(['human', 'over'], 1);
  const first = (await moveTexts())[0];
  assert.equal(await page.locator('#last-move').textContent(), `Computer: ${first}`);
  assert.deepEqual(await page.locator('#board .view').evaluateAll((nodes) => nodes.map((n) => n.dataset.view)).then((v) => v.sort()),
      ['heaps', 'pins', 'split'].filter((v) => v));
  await boardShot('sum');
  // The person always knocks down the last pin, else takes a stone, else splits.
  await playOut(async () => {
    const pins = page.locator('.pin');
    if (await pins.count()) { await pins.last().click({ position: { x: 2, y: 20 } }); return; }
    const stones = page.locator('.view-heaps .stone');
    if (await stones.count()) { await stones.last().click(); return; }
    await page.locator('.divider:not(.illegal)').first().click();
  });
  // After the person's move the status line no longer speaks of an older computer move.
  const texts = await moveTexts();
  const status = await page.locator('#last-move').textContent();
  assert.ok(status === '' || status === `Computer: ${texts[texts.length - 1]}`);
});

test('one request for the person\'s move and one for the computer\'s reply', async () => {
  await newGame({ rules: 'nim', heaps: '3 4 5', first: 'human', level: 'perfect' });
  // When each phase began, and when the person clicked, by the page's clock (the resource
  // timings' own).
  await page.evaluate(() => {
    window.phases = [];
    new MutationObserver(() => window.phases.push({ phase: document.body.dataset.phase, at: performance.now() }))
      .observe(document.body, { attributes: true, attributeFilter: ['data-phase'] });
    window.clickedAt = performance.now();
  });
  await clickTake(1, 1);
  await afterHumanMove(0);
  const asked = await page.evaluate(() => {
    const computer = window.phases.find((p) => p.phase === 'computer').at;
    const human = window.phases.findLast((p) => p.phase === 'human').at;
    const api = (from, to) => performance.getEntriesByName('nimkit:request')
      .filter((e) => e.startTime >= from && e.startTime < to)
      .map((e) => e.detail);
    return { person: api(window.clickedAt, computer), computer: api(computer, human) };
  });
  assert.deepEqual(asked, { person: ['/api/game'], computer: ['/api/game'] });
});
