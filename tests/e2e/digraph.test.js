// Browser end-to-end tests of the digraph view: a game on a directed graph started from the
// new-game form, played by clicking the vertex the token goes to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot, plies, waitPhase, afterHumanMove, bannerState, newGame, page } from './harness.js';
import { boardShot, playAndWatch } from './views.js';

// The vertices drawn, by name, and the one holding the token.
const drawn = () => page.locator('.view-digraph .vertex').evaluateAll((ns) => ns.map((n) => n.dataset.vertex).sort());
const tokens = () => page.locator('.view-digraph .vertex.token').evaluateAll((ns) => ns.map((n) => n.dataset.vertex));

test('Digraph: a game on arrows played by clicking where the token goes', async () => {
  // The form offers the entry and starts its position box from the entry's start.
  await page.click('#btn-new');
  await page.selectOption('#f-ruleset', 'digraph');
  assert.match(await page.inputValue('#f-position'), /^\w+>\w+(,\w+>\w+)*@\w+$/);
  await page.click('#f-cancel');

  // d has value 0, c 1, b 0 (its one move goes to c), a = mex{0, 1} = 2: a won position whose
  // winning move is a>b.
  const prediction = await newGame({ rules: 'digraph', heaps: 'a>b,a>c,b>c,c>d@a', first: 'human', level: 'perfect' });
  await boardShot('digraph');
  assert.match(prediction, /first player wins.*that is you/);
  assert.deepEqual(await drawn(), ['a', 'b', 'c', 'd']);
  assert.equal(await page.locator('.view-digraph .arrow').count(), 4);
  assert.deepEqual(await tokens(), ['a']);
  // Layers by depth: a on top, then b, then c, then d.
  const ys = await page.locator('.view-digraph .vertex').evaluateAll((ns) =>
    Object.fromEntries(ns.map((n) => [n.dataset.vertex, n.transform.baseVal.consolidate().matrix.f])));
  assert.ok(ys.a < ys.b && ys.b < ys.c && ys.c < ys.d, `layers ${JSON.stringify(ys)}`);
  await shot('digraph-start');

  // The hint marks the arrow a>b and its end.
  await page.click('#btn-hint');
  assert.match(await page.locator('.hint-verdict').textContent(), /move the token from a to b/);
  assert.deepEqual(await page.locator('.view-digraph .arrow.hinted').evaluateAll((ns) => ns.map((n) => n.dataset.arrow)), ['a>b']);
  assert.deepEqual(await page.locator('.view-digraph .vertex.hinted').evaluateAll((ns) => ns.map((n) => n.dataset.vertex)), ['b']);

  // d is no successor of a: a click on it plays nothing.
  await page.locator('.view-digraph .vertex[data-vertex="d"]').click();
  assert.equal(await plies(), 0);

  // The computer's reply (b to c) is marked on its arrow and vertex while the status line tells it.
  await playAndWatch(() => page.getByRole('button', { name: 'move the token to b' }).click());
  assert.match(await page.locator('.move-list li').first().textContent(), /You.*move the token from a to b/);
  assert.match(await page.locator('.move-list li').nth(1).textContent(), /Computer.*move the token from b to c/);
  assert.deepEqual(await tokens(), ['c']);

  // The last move by keyboard: d is focusable and Enter moves the token there.
  await page.getByRole('button', { name: 'move the token to d' }).focus();
  await page.keyboard.press('Enter');
  await waitPhase(['over'], 3);
  assert.equal(await bannerState(), 'won');
  assert.deepEqual(await tokens(), ['d']);
  await shot('digraph-won');
});

test('Digraph: two tokens on one graph share one drawing', async () => {
  // Tokens on a and b of the path a>b>c: values 0 and 1, the first player wins by b>c.
  // Arrows may be typed with spaces between them (a space after a comma is refused).
  await newGame({ rules: 'digraph', heaps: 'a>b b>c@a@b', first: 'human', level: 'perfect' });
  assert.equal(await page.locator('.view-digraph svg.digraph').count(), 1);
  assert.deepEqual((await tokens()).sort(), ['a', 'b']);
  await page.getByRole('button', { name: 'move the token to c' }).click();
  await afterHumanMove(0);
  assert.match(await page.locator('.move-list li').first().textContent(), /move the token from b to c/);
  assert.match(await page.locator('.move-list li').nth(1).textContent(), /Computer.*move the token from a to b/);
  // Now b and c hold tokens; the one move left, b>c, wins.
  await page.getByRole('button', { name: 'move the token to c' }).click();
  await waitPhase(['over'], 3);
  assert.equal(await bannerState(), 'won');
});
