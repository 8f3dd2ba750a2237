// One game through both front ends: a game of Kayles played on the page by clicking pins, then
// played again in the terminal game (`nimkit play`, the person's moves typed on its standard
// input), must be the same game — the same move texts, descriptions, positions, moves marked as
// throwing a win away, and winner — because both keep the library's record (Match). The
// terminal's saved game is then re-checked by `nimkit replay`, which reads the '!' marks the page
// showed. The computer plays perfectly from won positions, the first winning move the library
// lists, so both front ends' computers answer alike once the person has thrown the win away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { page, newGame, waitPhase, phase, plies } from './harness.js';

const NIMKIT = process.env.NIMKIT;

// The page's record of the game, as its move list shows it.
async function pageRecord() {
  return page.locator('#move-list li').evaluateAll((items) => items.map((li) => ({
    move: li.dataset.move,
    who: li.querySelector('.who').textContent,
    description: li.querySelector('.what').textContent,
    position: li.querySelector('.after').textContent.replace(/^→ /, ''),
    threw: li.classList.contains('threw'),
  })));
}

// The transcript `nimkit replay` prints: "    1. you       knock pin 1 of row 1   -> 7 5   ! threw ...".
function replayRecord(text) {
  const moves = [];
  for (const line of text.split('\n')) {
    const m = /^\s+\d+\.\s+(\S+)\s+(.*?)\s+-> (.*?)(\s+! threw away a win)?$/.exec(line);
    if (m) moves.push({ who: m[1], description: m[2], position: m[3].trim(), threw: Boolean(m[4]) });
  }
  return { moves, winner: /^Winner: (\S+)/m.exec(text)?.[1] };
}

test('a game played on the page is the same game in the terminal: moves, positions, mistakes, winner', async () => {
  assert.ok(NIMKIT, 'NIMKIT names the nimkit binary (tests/e2e/run.sh sets it)');
  await newGame({ rules: 'kayles', heaps: '8 5', first: 'human', level: 'perfect' });
  // The person knocks the first pin standing each turn: the first throws the win of 8 5 away.
  while (await phase() === 'human') {
    const before = await plies();
    await page.locator('.pin:not([disabled])').first().click();
    await waitPhase(['human', 'over'], before + 2);
  }
  assert.equal(await phase(), 'over');
  const shown = await pageRecord();
  assert.ok(shown.length >= 4, `a game of several moves, got ${shown.length}`);
  assert.equal(shown[0].threw, true, 'the first move threw away the win of 8 5');
  const banner = await page.locator('#banner').getAttribute('data-state');

  // The same game in the terminal: the person's moves, as the page recorded their text.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimkit-one-game-'));
  try {
    const saved = path.join(dir, 'game.txt');
    const typed = shown.filter((m) => m.who === 'You').map((m) => `${m.move}\n`).join('');
    execFileSync(NIMKIT, ['play', '--rules', 'kayles', '--first', 'human', '--level', 'perfect', '--mode', 'plain',
      '--save', saved, '8', '5'], { input: typed, encoding: 'utf8' });
    // The saved game holds the move texts and '!' marks; the page's must be the same.
    const lines = fs.readFileSync(saved, 'utf8').split('\n').filter((l) => l.startsWith('move '));
    assert.deepEqual(lines, shown.map((m) => `move ${m.move}${m.threw ? ' !' : ''}`));
    const replayed = replayRecord(execFileSync(NIMKIT, ['replay', saved], { encoding: 'utf8' }));
    assert.deepEqual(replayed.moves.map(({ description, position, threw }) => ({ description, position, threw })),
        shown.map(({ description, position, threw }) => ({ description, position, threw })));
    assert.deepEqual(replayed.moves.map((m) => m.who), shown.map((m) => (m.who === 'You' ? 'you' : 'computer')));
    assert.equal(replayed.winner, banner === 'won' ? 'you' : 'computer');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
