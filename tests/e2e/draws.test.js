// Browser end-to-end tests of games that can go on for ever, played by clicks: a drawn digraph
// (the banner says so, the hint keeps the draw, the cycle's arrow is drawn going back, the page
// offers to end the game when its position comes back a third time, and a draw thrown away is
// marked), and a take-or-add game (its adds played on the empty places after a heap, a win thrown
// into a draw, the computer's finite win). The record and the analysis are checked against the
// engine through the page's own window.nimkit.call (api()).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, bannerState, newGame, page, phase, plies, shot, waitPhase } from './harness.js';
const PHONE = { width: 390, height: 844 };
import { boardShot, moveTexts, playAndWatch } from './views.js';

const bannerText = () => page.locator('#banner-text').textContent();
const offerShown = () => page.locator('#draw-offer').isVisible();
const vertex = (name) => page.locator(`.view-digraph .vertex[data-vertex="${name}"]`);
const arrowsWith = (cls) => page.locator(`.view-digraph .arrow.${cls}`).evaluateAll((ns) => ns.map((n) => n.dataset.arrow));

// The record of the game the page shows, asked of the engine from the page's parts.
async function recordOf() {
  const game = await page.evaluate(() => JSON.parse(localStorage.getItem('nimkit.game')));
  const body = { rules: game.rules, misere: game.misere, position: game.start, moves: game.moves, played: game.played };
  if (game.drawn) body.draw_agreed = true;
  return api('/api/game', body);
}

test('Draws: a drawn digraph played by clicks, its repetition offered as a draw, a draw thrown away', async () => {
  // a and b make a cycle; c leads to d, the end. a is ∞{1}: moving to b keeps the draw, moving to
  // c (value 1) lets the opponent win.
  await newGame({ rules: 'digraph', heaps: 'a>b,b>a,a>c,c>d@a', first: 'human', level: 'perfect' });
  assert.equal(await bannerState(), 'turn');
  assert.match(await bannerText(), /Draw: neither player can force a win.*generalized value ∞\{1\}/);
  // The arrow closing the cycle goes back up and is drawn apart from a>b.
  assert.deepEqual(await arrowsWith('back'), ['b>a']);
  const paths = await page.locator('.view-digraph .arrow').evaluateAll((ns) => Object.fromEntries(ns.map((n) => [n.dataset.arrow, n.getAttribute('d')])));
  assert.match(paths['a>b'], / Q /, 'an arrow whose reverse is drawn bows aside');
  assert.match(paths['b>a'], / Q /);
  await shot('draws-digraph-start');
  await boardShot('draws-digraph');

  // The hint keeps the draw: a to b, marked on its arrow.
  await page.click('#btn-hint');
  assert.match(await page.locator('.hint-verdict').textContent(), /Draw: neither player can force a win\. Keep it drawn: move the token from a to b/);
  assert.deepEqual(await arrowsWith('hinted'), ['a>b']);

  // Round the cycle twice: a stands for the third time with the person to move, and the page
  // offers to end the game as a draw — not before.
  for (let round = 1; round <= 2; round += 1) {
    assert.equal(await offerShown(), false, `no offer before round ${round}`);
    await playAndWatch(() => vertex('b').click());
    assert.equal(await plies(), 2 * round);
  }
  assert.equal(await offerShown(), true);
  assert.match(await page.locator('#draw-offer-text').textContent(), /stood 3 times with the same player to move/);
  let record = await recordOf();
  assert.equal(record.draw_offered, true);
  assert.equal(record.repetitions, 3);
  await shot('draws-offer');
  // Playing on hides the offer until the position comes back again.
  await page.click('#draw-decline');
  assert.equal(await offerShown(), false);
  await playAndWatch(() => vertex('b').click());
  assert.equal(await offerShown(), true);
  assert.match(await page.locator('#draw-offer-text').textContent(), /stood 4 times/);

  // Agreed: the game is over, drawn, with no winner; the score counts no one's win.
  const score = await page.locator('#score').textContent();
  await page.click('#draw-accept');
  await waitPhase(['over']);
  assert.equal(await bannerState(), 'drawn');
  assert.match(await bannerText(), /Draw agreed\..*after 6 moves: neither player can force a win from here/);
  assert.equal(await page.locator('#score').textContent(), score);
  record = await recordOf();
  assert.equal(record.draw_agreed, true);
  assert.equal(record.over, true);
  assert.equal(record.winner, undefined);
  await shot('draws-agreed');

  // Undo takes the agreement back with the last turn; then the draw thrown away (a to c).
  await page.click('#btn-undo');
  await waitPhase(['human'], 4);
  assert.equal(await plies(), 4);
  assert.equal((await recordOf()).draw_agreed, false);
  await playAndWatch(() => vertex('c').click());
  await waitPhase(['over']);
  assert.equal(await bannerState(), 'lost');
  const thrown = page.locator('.move-list li.threw-draw');
  assert.equal(await thrown.count(), 1);
  assert.match(await thrown.textContent(), /move the token from a to c/);
  assert.equal(await thrown.locator('.mark-threw-draw').getAttribute('title'), 'this move threw away a draw');
  assert.deepEqual(await moveTexts(), ['move the token from a to b', 'move the token from b to a',
    'move the token from a to b', 'move the token from b to a', 'move the token from a to c', 'move the token from c to d']);
  // The review lists the draw thrown away, with the move that kept it.
  assert.match(await page.locator('#review-mistakes').textContent(), /Move 5 \(You\): move the token from a to c threw away a draw — move the token from a to b would have kept it drawn\./);
  await shot('draws-thrown');
});

test('Draws: a take-or-add game played by clicks — adds on the empty places, a win thrown into a draw, then won', async () => {
  const prediction = await newGame({ rules: 'take-or-add', params: '2,3/1/12', heaps: '4 1', first: 'human', level: 'perfect' });
  assert.match(prediction, /first player wins.*that is you/);
  assert.match(await bannerText(), /you win.*generalized value ∞\{0\}/);
  // A heap of 4 can grow by 1 (to 5), and so can the heap of 1: one empty place after each.
  assert.equal(await page.locator('.heap[data-heap="1"] .stone.place').count(), 1);
  assert.equal(await page.locator('.heap[data-heap="2"] .stone.place').count(), 1);
  assert.equal(await page.locator('.heap[data-heap="1"] .stone.place').getAttribute('aria-label'), 'add 1 to heap 1');
  // The move list's legend names the draws thrown away in a game that can be drawn.
  assert.equal(await page.locator('#legend-draw').isVisible(), true);
  await boardShot('take-or-add');
  await shot('draws-take-or-add-start');
  // The hint: the winning move that makes the win come, from the analysis' finite_win_move.
  await page.click('#btn-hint');
  assert.match(await page.locator('.hint-verdict').textContent(), /Winning move: take 3 from heap 1.*makes the win come/);
  const analysis = await api('/api/analyze', { rules: 'take-or-add:2,3/1/12', position: '4 1' });
  assert.equal(analysis.finite_win_move.move, '1 3');

  // Adding to heap 1 throws the win into a draw: said at once, and the banner says draw.
  await playAndWatch(() => page.locator('.heap[data-heap="1"] .stone.place').click());
  assert.match(await page.locator('#mistake').textContent(), /your move "add 1 to heap 1" threw away a win — take 3 from heap 1 would have won/);
  assert.match(await bannerText(), /Draw: neither player can force a win/);
  assert.equal(await page.locator('.move-list li.threw').count(), 1);
  // The computer kept the draw by adding too.
  assert.deepEqual(await moveTexts(), ['add 1 to heap 1', 'add 1 to heap 1']);
  await shot('draws-take-or-add-drawn');

  // Back, and the win played by clicks: the computer loses in finitely many moves.
  await page.click('#btn-undo');
  await waitPhase(['human'], 0);
  assert.equal(await plies(), 0);
  for (let turn = 0; turn < 10 && await phase() === 'human'; turn += 1) {
    await page.click('#btn-hint');
    await playAndWatch(() => page.click('#hint-play'));
  }
  await waitPhase(['over']);
  assert.equal(await bannerState(), 'won');
  assert.equal(await page.locator('.move-list li.threw, .move-list li.threw-draw').count(), 0);
});

test('Draws: the drawn digraph and the take-or-add board on a phone', async () => {
  await page.setViewportSize(PHONE);
  await newGame({ rules: 'digraph', heaps: 'a>b,b>a,a>c,c>d,d>d@a', first: 'human', level: 'perfect' });
  // d's arrow to itself is a loop above it, drawn as closing a cycle.
  assert.deepEqual((await arrowsWith('back')).sort(), ['b>a', 'd>d']);
  assert.match(await page.locator('.view-digraph .arrow[data-arrow="d>d"]').getAttribute('d'), / C /);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await shot('draws-digraph-phone');
  await newGame({ rules: 'take-or-add', params: '2,3/1/12', heaps: '9 4', first: 'human', level: 'perfect' });
  assert.equal(await page.locator('.heap[data-heap="1"] .stone.place').count(), 1);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  // Every place is a touch target of 40 px at least.
  const box = await page.locator('.heap[data-heap="1"] .stone.place').boundingBox();
  assert.ok(box.width >= 40 && box.height >= 40, JSON.stringify(box));
  await shot('draws-take-or-add-phone');
});
