// Helpers of the view test files (pins, split, queen, moore, computer-move): playing one move by
// a click and watching the computer's reply as a person sees it. Not a test file itself.
import assert from 'node:assert/strict';
import path from 'node:path';
import { page, plies, phase, waitPhase, TIMEOUT, ARTIFACTS } from './harness.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The views' screenshots (the board only, so they stay small): in the artifacts, or into the docs
// (docs/screenshots/) when NIMKIT_DOCS_SHOTS=1, to refresh the pictures the docs show.
export const SCREENSHOTS = process.env.NIMKIT_DOCS_SHOTS === '1'
  ? path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots') : ARTIFACTS;

export async function boardShot(name) {
  await page.locator('#board').screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

// The texts of the move list, in order.
export async function moveTexts() {
  return page.locator('.move-list li .what').allTextContents();
}

// Makes the person's move with `act` (clicks), then checks what a person sees of the computer's
// reply: its objects marked on the board before the position changes, the status line telling it
// in the server's words (the move list's text), announced by a live region. Returns false when
// the person's move ended the game.
export async function playAndWatch(act) {
  const before = await plies();
  await act();
  await waitPhase(['computer', 'human', 'over'], before + 1);
  if (await phase() === 'over' && await plies() === before + 1) return false;
  const deadline = Date.now() + TIMEOUT;
  let seen = null;
  while (!seen) {
    seen = await page.evaluate(() => (document.querySelector('.computer-move')
      ? { count: document.querySelectorAll('.computer-move').length, status: document.getElementById('last-move').textContent }
      : null));
    if (Date.now() > deadline) throw new Error('the computer\'s move was never marked on the board');
    if (!seen) await sleep(15);
  }
  assert.ok(seen.count > 0);
  await waitPhase(['human', 'over'], before + 2);
  const texts = await moveTexts();
  const last = texts[texts.length - 1];
  assert.equal(seen.status, `Computer: ${last}`, 'the status line told the move while it was marked');
  assert.equal(await page.locator('#last-move').textContent(), `Computer: ${last}`);
  assert.equal(await page.locator('#last-move').getAttribute('aria-live'), 'polite');
  return true;
}

// Plays until the game is over, each move made by `move()` (clicks), checking every reply.
export async function playOut(move, maxTurns = 30) {
  for (let turn = 0; turn < maxTurns && await phase() === 'human'; turn += 1) {
    await playAndWatch(move);
  }
  assert.equal(await phase(), 'over');
}
