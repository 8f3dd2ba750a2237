// Browser tests of the page's modes: play mode hides who is winning until the end and then
// reviews the game; learn mode names a thrown-away win at once; hot seat (two people, no
// computer), rematch and the score kept across games and reloads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  shot, plies, phase, until, waitPhase, afterHumanMove, bannerState, clickTake, page,
} from './harness.js';

// Starts a game through the new-game form, choosing the mode and the opponent too.
async function start({ heaps, mode = 'learn', opponent = 'computer', first = 'human' }) {
  await page.click('#btn-new');
  await page.selectOption('#f-ruleset', 'nim');
  await page.check('input[name=convention][value=normal]');
  await page.fill('#f-position', heaps);
  await page.check(`input[name=mode][value=${mode}]`);
  await page.check(`input[name=opponent][value=${opponent}]`);
  await page.check(`input[name=first][value=${first}]`);
  await page.check('input[name=level][value=perfect]');
  await until(page, () => document.getElementById('f-prediction').textContent.length > 0, null, 'the prediction');
  const prediction = await page.locator('#f-prediction').textContent();
  await page.click('#f-start');
  await waitPhase(['human', 'over']);
  return prediction;
}

const banner = () => page.locator('#banner-text').textContent();
// Words that tell who is winning; play mode must show none of them before the end.
const TELLS = /perfect play|win in|lose in|wins|nim-sum|Grundy|Prediction/i;

test('play mode: nothing says who is winning until the end, then a review marks the mistake', async () => {
  const prediction = await start({ heaps: '1 2', mode: 'play' });
  assert.doesNotMatch(prediction, /first player|second player/);
  assert.match(await page.locator('#game-mode').textContent(), /play mode/);
  assert.match(await banner(), /Your move\./);
  assert.doesNotMatch(await banner(), TELLS);
  assert.equal(await page.locator('#btn-hint').isVisible(), false);
  assert.equal(await page.locator('#board .winning').count(), 0, 'no winning move coloured in play mode');
  // Throw the win away: 1 2 is won by taking 1 from heap 2; taking all of heap 2 loses.
  await clickTake(2, 2);
  // The computer's turn (it pauses before moving): still no word of the mistake or the lead.
  await waitPhase(['computer'], 1);
  assert.equal(await page.locator('#mistake').isVisible(), false, 'no mistake notice in play mode');
  assert.equal(await page.locator('#review-card').isVisible(), false);
  assert.equal(await page.locator('.move-list li.threw').count(), 0);
  assert.doesNotMatch(await banner(), TELLS);
  await waitPhase(['over'], 2);
  assert.equal(await bannerState(), 'lost');
  // Now the review: who was winning after each move, the mistake marked on the chart and named.
  await until(page, () => !document.getElementById('review-card').hidden, null, 'the review');
  const points = page.locator('#review-chart circle.review-point');
  assert.equal(await points.count(), 3, 'the start and two moves');
  assert.deepEqual(await points.evaluateAll((ps) => ps.map((p) => p.classList.contains('a'))), [true, false, false],
    'you were winning at the start and not after your move');
  const marks = page.locator('#review-chart circle.review-mistake');
  assert.equal(await marks.count(), 1);
  assert.equal(await marks.getAttribute('data-ply'), '1');
  const listed = await page.locator('[data-testid=review-mistake]').allTextContents();
  assert.deepEqual(listed, ['Move 1 (You): take 2 from heap 2 threw away a win — take 1 from heap 2 would have won.']);
  assert.equal(await page.locator('.move-list li.threw').count(), 1, 'the move list marks it now');
  await shot('modes-play-review');
});

test('learn mode: a thrown-away win is named at once with the move that would have won', async () => {
  const prediction = await start({ heaps: '1 2', mode: 'learn' });
  assert.match(prediction, /first player wins.*you/);
  assert.match(await banner(), /you win/);
  assert.match(await page.locator('#remoteness').textContent(), /^You: win in 3 moves\.$/);
  // Nothing on the board gives the game away before Hint is pressed.
  assert.equal(await page.locator('#board .winning, #board .hinted').count(), 0, 'no ring before Hint');
  // Then the one winning move (take 1 from heap 2) is coloured on the board, and only it.
  await page.click('#btn-hint');
  await until(page, () => document.querySelectorAll('#board .winning').length > 0, null, 'the winning move coloured');
  assert.ok(await page.locator('.heap[data-heap="2"] .winning, .heap[data-heap="2"].winning').count() > 0);
  assert.equal(await page.locator('.heap[data-heap="1"] .winning, .heap[data-heap="1"].winning').count(), 0);
  assert.equal(await page.locator('#mistake').isVisible(), false);
  await clickTake(2, 2);
  await waitPhase(['computer', 'human', 'over'], 1);
  const notice = page.locator('#mistake');
  await until(page, () => !document.getElementById('mistake').hidden, null, 'the mistake notice');
  assert.equal(await notice.textContent(),
    'Mistake: your move "take 2 from heap 2" threw away a win — take 1 from heap 2 would have won.');
  await waitPhase(['over'], 2);
  assert.equal(await notice.isVisible(), true, 'the notice outlasts the computer\'s reply');
  await shot('modes-learn-mistake');
});

test('learn mode: the banner counts the moves left from a lost position too', async () => {
  await start({ heaps: '1 1', mode: 'learn' });
  assert.match(await page.locator('#remoteness').textContent(), /^You: lose in 2 moves\.$/);
  await clickTake(1, 1);
  await afterHumanMove(0);
  assert.equal(await page.locator('#mistake').isVisible(), false, 'a lost position has no win to throw');
});

test('hot seat: Player 1 and Player 2 alternate on one device and no computer moves', async () => {
  const prediction = await start({ heaps: '2 3', opponent: 'human' });
  assert.match(prediction, /that is Player 1/);
  assert.match(await page.locator('#game-level').textContent(), /hot seat/);
  assert.match(await banner(), /^Player 1 to move\./);
  await clickTake(2, 1);
  await waitPhase(['human'], 1);
  assert.match(await banner(), /^Player 2 to move\./);
  // Nobody else moves: the page waits for Player 2.
  await new Promise((r) => setTimeout(r, 1200));
  assert.equal(await plies(), 1);
  assert.equal(await phase(), 'human');
  await clickTake(1, 1);
  await waitPhase(['human'], 2);
  assert.match(await banner(), /^Player 1 to move\./);
  assert.deepEqual(await page.locator('.move-list .who').allTextContents(), ['Player 1', 'Player 2']);
  await shot('modes-hot-seat');
});

test('rematch swaps who starts, and the score counts each game across reloads', async () => {
  await start({ heaps: '1', opponent: 'human', mode: 'play' });
  assert.equal(await page.locator('#score').textContent(), 'Player 1 0 – 0 Player 2');
  await clickTake(1, 1);
  await waitPhase(['over'], 1);
  assert.match(await banner(), /^Player 1 wins!/);
  assert.equal(await page.locator('#score').textContent(), 'Player 1 1 – 0 Player 2');
  // A reload of the finished game keeps the score and counts nothing again.
  await page.reload();
  await waitPhase(['over'], 1);
  assert.equal(await page.locator('#score').textContent(), 'Player 1 1 – 0 Player 2');

  await page.click('#btn-rematch');
  await waitPhase(['human'], 0);
  assert.equal(await plies(), 0);
  assert.match(await banner(), /^Player 2 to move\./, 'the rematch starts with the other player');
  assert.match(await page.locator('#game-mode').textContent(), /play mode/, 'the rematch keeps the mode');
  assert.equal(await page.locator('.heap-size').textContent(), '1', 'the same start');
  await clickTake(1, 1);
  await waitPhase(['over'], 1);
  assert.match(await banner(), /^Player 2 wins!/);
  assert.equal(await page.locator('#score').textContent(), 'Player 1 1 – 1 Player 2');

  // The link keeps the mode and the opponent.
  await page.click('#btn-rematch');
  await waitPhase(['human'], 0);
  await page.reload();
  await waitPhase(['human'], 0);
  assert.match(await page.locator('#game-mode').textContent(), /play mode/);
  assert.match(await banner(), /^Player 1 to move\./);
  await page.click('#score-reset');
  assert.equal(await page.locator('#score').textContent(), 'Player 1 0 – 0 Player 2');
});

test('at the end of a long game the whole move list is shown, none of it scrolled away', async () => {
  // Hot seat, one stone a move: 16 moves, more than the list shows while the game goes on.
  await start({ heaps: '8 8', opponent: 'human' });
  for (let ply = 0; await phase() === 'human'; ply += 1) {
    const heap = await page.locator('.heap').filter({ has: page.locator('.stone') }).first().getAttribute('data-heap');
    await clickTake(Number(heap), 1);
    await waitPhase(['human', 'over'], ply + 1);
  }
  assert.equal(await plies(), 16);
  const list = await page.locator('#move-list').evaluate((n) => ({
    items: n.children.length, scroll: n.scrollHeight, client: n.clientHeight,
    first: n.firstElementChild.getBoundingClientRect().top >= n.getBoundingClientRect().top,
  }));
  assert.equal(list.items, 16);
  assert.ok(list.scroll <= list.client + 1, `the list scrolls: ${list.scroll} px in ${list.client} px`);
  assert.ok(list.first, 'the first move is scrolled out of sight');
});
