// The move box speaks each family's words: it says how a move is typed in the game being played
// (the library's move syntax, as the terminal game's `help` says it) with an example taken from
// the position's legal moves, and that example, typed, plays. Rows of pins are rows, not heaps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, page, newGame, waitPhase, plies } from './harness.js';

const post = (route, body) => api(route, body);

test('the move box shows each family\'s syntax and an example from the position, which plays', async () => {
  const games = [
    ['kayles', '8 5', 'ROW PIN'], ['grundy', '7 5', 'HEAP A B'], ['nim', '3 4 5', 'HEAP COUNT'],
    ['node-kayles', '1-2,2-3,3-4', 'VERTEX'], ['chomp', '3 3', ''], ['cram', '.../...', ''],
  ];
  for (const [rules, heaps, words] of games) {
    await newGame({ rules, heaps, first: 'human', level: 'perfect' });
    const record = await post('/api/game', { rules, position: heaps, moves: [] });
    const help = await page.locator('#typed-move-help').textContent();
    for (const s of record.move_syntax) assert.ok(help.includes(s.syntax.split('\n')[0]), `${rules}: ${help}`);
    if (words) assert.match(help, new RegExp(words), rules);
    assert.doesNotMatch(help, /\n.*\n.*\n/, `${rules}: a few lines, not the terminal's whole help`);
    // The example is a legal move of this position, in the game's own notation.
    const example = /Here, e\.g\. "([^"]+)": (.*)\.$/.exec(help);
    assert.ok(example, `${rules}: no example in "${help}"`);
    const legal = await post('/api/moves', { rules, position: heaps, move: example[1] });
    assert.equal(legal.moves?.[0]?.description, example[2], `${rules}: ${JSON.stringify(legal)}`);
    assert.equal(await page.getAttribute('#typed-move-text', 'placeholder'), `e.g. ${example[1]}`);
    await page.fill('#typed-move-text', example[1]);
    await page.click('#typed-move button[type=submit]');
    await waitPhase(['human', 'over'], 1);
    assert.equal(await page.locator('.move-list li .what').first().textContent(), example[2]);
    assert.ok(await plies() >= 1);
  }
});

test('rows of pins are labelled rows; heaps of stones heaps', async () => {
  await newGame({ rules: 'kayles', heaps: '8 5', first: 'human', level: 'perfect' });
  assert.deepEqual(await page.locator('#board .heap-number').allTextContents(), ['row 1', 'row 2']);
  await newGame({ rules: 'nim', heaps: '3 4', first: 'human', level: 'perfect' });
  assert.deepEqual(await page.locator('#board .heap-number').allTextContents(), ['heap 1', 'heap 2']);
});
