// Browser end-to-end tests of the new-game form: what it says of each ruleset (its default start,
// its notation help with an example) is exactly what GET /api/rulesets returns, and a position
// is sent as typed, the server's error shown when it does not read it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, BASE, page, shot, until, waitPhase } from './harness.js';

test('the form shows each family\'s start and notation exactly as /api/rulesets gives them', async () => {
  const listed = (await api('/api/rulesets')).rulesets;
  await page.click('#btn-new');
  for (const entry of listed) {
    await page.selectOption('#f-ruleset', entry.name);
    assert.equal(await page.inputValue('#f-position'), entry.start, entry.name);
    assert.equal(await page.locator('#f-position-help').textContent(),
      `${entry.notation.syntax} Example: ${entry.notation.example}`, entry.name);
    assert.equal(await page.getAttribute('#f-position', 'placeholder'), entry.notation.example, entry.name);
  }
  await page.selectOption('#f-ruleset', 'digraph');
  await shot('newgame-digraph-help');
});

test('a position the server cannot read shows the server\'s error', async () => {
  await page.click('#btn-new');
  await page.selectOption('#f-ruleset', 'node-kayles');
  await page.fill('#f-position', '1-2,, 2-3');
  const error = page.locator('#f-error');
  await error.waitFor({ state: 'visible' });
  const shown = await error.textContent();
  const answer = await api('/api/analyze', { rules: 'node-kayles', position: '1-2,, 2-3' });
  assert.equal(shown, answer.error);
  assert.equal(await page.isDisabled('#f-start'), true);
});

test('a link saved by an older page still loads, with its moves', async () => {
  // The saved form of a game two plies in, as links written before the contract's version 2 hold
  // it: the start and every position after as notation tokens, no mode or opponent.
  const saved = {
    v: 1, rules: 'nim', misere: false, start: ['3', '4', '5'], first: 'human', level: 'perfect',
    moves: [
      { text: '1 2', desc: 'take 2 from heap 1', after: ['1', '4', '5'], by: 'human', threw: false },
      { text: '3 5', desc: 'take 5 from heap 3', after: ['1', '4', '0'], by: 'computer', threw: false },
    ],
    cursor: 2,
  };
  const code = Buffer.from(JSON.stringify(saved)).toString('base64url');
  await page.goto('about:blank');
  await page.goto(new URL(`#game=${code}`, BASE).href);
  await waitPhase(['human']);
  const moves = await page.locator('.move-list li').allTextContents();
  assert.equal(moves.length, 2);
  assert.match(moves[0], /take 2 from heap 1/);
  assert.match(moves[1], /take 5 from heap 3/);
  assert.deepEqual(await page.locator('.heap-size').allTextContents(), ['1', '4', '0']);
});

// The form's prediction (or its error) for what it holds now.
async function settled() {
  await until(page, () => document.getElementById('f-prediction').textContent.length > 0 ||
      !document.getElementById('f-error').hidden, null, 'the prediction');
  assert.equal(await page.locator('#f-error').isHidden(), true, await page.locator('#f-error').textContent());
}

test('Random draws a start the server reads, for heaps and for every graph game', async () => {
  const listed = (await api('/api/rulesets')).rulesets;
  await page.click('#btn-new');
  for (const entry of listed) {
    await page.selectOption('#f-ruleset', entry.name);
    assert.equal(await page.locator('#f-random').isVisible(), entry.random, `${entry.name}: Random shown`);
  }
  for (const name of ['node-kayles', 'arc-kayles', 'hackenbush', 'digraph', 'wythoff']) {
    await page.selectOption('#f-ruleset', name);
    const drawn = new Set();
    for (let i = 0; i < 3; i += 1) {
      // Waits for the draw to come back, not for the start to change: two draws may be alike.
      const draws = await page.evaluate(() => Number(document.getElementById('f-random').dataset.draws ?? 0));
      await page.click('#f-random');
      await until(page, (n) => Number(document.getElementById('f-random').dataset.draws ?? 0) > n, draws,
        `${name}: a random start`);
      drawn.add(await page.inputValue('#f-position'));
      await settled();
    }
    assert.ok(drawn.size >= 2, `${name}: three draws gave ${[...drawn].join(' | ')}`);
  }
  // A drawn graph is played like any start.
  await page.click('#f-start');
  await waitPhase(['human', 'over']);
  assert.equal(await page.locator('#game-rules').textContent(), 'Wythoff\'s game');
});

test('every registry example starts from the dialog as the dialog shows it', async () => {
  const listed = (await api('/api/rulesets')).rulesets;
  for (const entry of listed) {
    for (const example of entry.examples) {
      await page.click('#btn-new');
      await page.selectOption('#f-ruleset', entry.name);
      if (example.includes(':')) await page.fill('#f-params', example.slice(entry.name.length + 1));
      await settled();
      await page.click('#f-start');
      await waitPhase(['human', 'over']);
      const shown = await page.evaluate(() => JSON.parse(localStorage.getItem('nimkit.game')));
      assert.equal(shown.rules, example);
      assert.equal(shown.played, 0);
      assert.equal(await page.locator('#banner').getAttribute('data-state') === 'error', false, example);
    }
  }
});
