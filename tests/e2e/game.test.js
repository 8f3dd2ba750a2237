// Browser end-to-end tests of the nimkit page, run by run.sh against a live `nimkit serve`
// (harness.js starts Chromium per test). Each file covers one part of the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  launch, shot, plies, phase, until, waitPhase, afterHumanMove, heapSizes, bannerState, newGame, clickTake, BASE, ARTIFACTS, page, api,
} from './harness.js';
import { boardShot } from './views.js';
test('the perfect computer wins from a lost position', async () => {
  const prediction = await newGame({ heaps: '1 4 5', first: 'human', level: 'perfect' });
  assert.match(prediction, /second player wins.*computer/);
  assert.match(await page.locator('#banner-text').textContent(), /computer wins/);
  await shot('lost-start');
  // Take one stone from the first non-empty heap until the game ends.
  for (let turn = 0; turn < 20 && await phase() === 'human'; turn += 1) {
    const sizes = (await heapSizes()).map(Number);
    const heap = sizes.findIndex((s) => s > 0) + 1;
    const before = await plies();
    await clickTake(heap, 1);
    await afterHumanMove(before);
  }
  assert.equal(await phase(), 'over');
  assert.equal(await bannerState(), 'lost');
  assert.match(await page.locator('#banner-text').textContent(), /The computer wins\..*last to move wins/);
  assert.deepEqual((await heapSizes()).map(Number), [0, 0, 0]);
  // The human never stood on a win, so no move of theirs is marked as throwing one away.
  assert.equal(await page.locator('.move-list li.threw').count(), 0);
  await shot('lost-end');
});

test('taking the hint at a won position wins', async () => {
  const prediction = await newGame({ heaps: '3 4 5', first: 'human', level: 'perfect' });
  assert.match(prediction, /first player wins.*you/);
  await page.click('#btn-hint');
  // The binary table: heaps 3, 4, 5 and their XOR 2; the hint takes 2 from heap 1.
  const table = page.locator('.xor-table');
  await table.waitFor();
  assert.deepEqual(await table.locator('tbody td.num').allTextContents(), ['3', '4', '5']);
  assert.equal(await table.locator('tfoot td.num').textContent(), '2');
  assert.match(await page.locator('.hint-verdict').textContent(), /take 2 from heap 1/);
  assert.equal(await page.locator('.stone.hinted').count(), 2);
  await shot('hint');
  for (let turn = 0; turn < 20 && await phase() === 'human'; turn += 1) {
    const before = await plies();
    await page.click('#btn-hint');
    if (turn === 1) await shot('hint-midgame');  // the README's screenshot
    await page.click('#hint-play');
    await afterHumanMove(before);
  }
  assert.equal(await phase(), 'over');
  assert.equal(await bannerState(), 'won');
  assert.match(await page.locator('#banner-text').textContent(), /You win!.*You made the last move — last to move wins/);
  await shot('hint-won');
});

test('undo takes back a move and the reply; redo replays them', async () => {
  await newGame({ heaps: '3 4 5', first: 'human', level: 'perfect' });
  // Taking 1 from heap 3 leaves 3 4 4, nim-sum 3: a thrown-away win.
  await clickTake(3, 1);
  await afterHumanMove(0);
  assert.equal(await plies(), 2);
  assert.equal(await page.locator('.move-list li.threw').count(), 1);
  assert.match(await page.locator('.move-list li.threw .what').textContent(), /take 1 from heap 3/);
  const afterReply = await heapSizes();
  await shot('undo-before');

  await page.click('#btn-undo');
  await waitPhase(['human']);
  assert.equal(await plies(), 0);
  assert.deepEqual(await heapSizes(), ['3', '4', '5']);
  assert.equal(await page.locator('.move-list li.undone').count(), 2);

  await page.click('#btn-redo');
  await waitPhase(['human'], 2);
  assert.deepEqual(await heapSizes(), afterReply);

  // Undo by keyboard, then a different move: the redo tail is forgotten.
  await page.keyboard.press('u');
  await waitPhase(['human']);
  assert.equal(await plies(), 0);
  await clickTake(1, 2);
  await afterHumanMove(0);
  assert.equal(await page.locator('.move-list li').count(), 2);
  assert.equal(await page.locator('.move-list li.threw').count(), 0);
  assert.equal(await page.locator('#btn-redo').isDisabled(), true);
});

test('misère: whoever takes the last stone loses', async () => {
  // Heap 2: the winning misère move leaves 1, so the computer must take the last stone.
  await newGame({ heaps: '2', misere: true, first: 'human', level: 'perfect' });
  assert.match(await page.locator('#game-convention').textContent(), /last to move loses/);
  await page.click('#btn-hint');
  assert.match(await page.locator('.hint-verdict').textContent(), /take 1 from heap 1/);
  await page.click('#hint-play');
  await afterHumanMove(0);
  assert.equal(await bannerState(), 'won');
  assert.match(await page.locator('#banner-text').textContent(), /You win!.*The computer made the last move — last to move loses/);
  await shot('misere-won');

  // Heap 1: the human has to take the last stone, and loses.
  await newGame({ heaps: '1', misere: true, first: 'human', level: 'perfect' });
  await clickTake(1, 1);
  await waitPhase(['over'], 1);
  assert.equal(await bannerState(), 'lost');
  assert.match(await page.locator('#banner-text').textContent(), /The computer wins\..*You made the last move — last to move loses/);
});

test('a reload resumes the game, and the link carries it', async () => {
  await newGame({ rules: 'zero-move', heaps: '3 4 5', first: 'human', level: 'skilled' });
  // A zero move on heap 2 (through the heap's move chooser), then the computer's reply.
  await page.click('.heap[data-heap="2"] .heap-more');
  await page.locator('.chooser-item', { hasText: 'zero move' }).first().click();
  await afterHumanMove(0);
  const sizes = await heapSizes();
  const moves = await page.locator('.move-list li').allTextContents();
  assert.equal(moves.length, 2);
  assert.match(moves[0], /zero move on heap 2/);
  const url = page.url();
  assert.match(url, /#game=/);

  await page.reload();
  await waitPhase(['human', 'over'], 2);
  assert.deepEqual(await heapSizes(), sizes);
  assert.deepEqual(await page.locator('.move-list li').allTextContents(), moves);
  assert.match(await page.locator('#game-level').textContent(), /skilled 70%/);

  // A fresh profile (no local storage) opening the link sees the same game.
  const otherProfile = fs.mkdtempSync(path.join(os.tmpdir(), 'nimkit-e2e-'));
  const other = await launch(otherProfile);
  try {
    const second = other.pages()[0] ?? await other.newPage();
    await second.goto(url);
    await waitPhase(['human', 'over'], 2, second);
    assert.deepEqual(await second.locator('.move-list li').allTextContents(), moves);
    assert.deepEqual(await second.locator('.heap-size').allTextContents(), sizes);
  } finally {
    await other.close();
    fs.rmSync(otherProfile, { recursive: true, force: true });
  }
  await shot('reload');
});

test('the Grundy view plots Kayles with period 12', async () => {
  await page.click('#tab-grundy');
  await page.selectOption('#g-ruleset', 'kayles');
  await page.fill('#g-count', '120');
  await page.click('#grundy-form button[type=submit]');
  await until(page, () => document.getElementById('g-facts').dataset.rules === 'kayles', null, 'the Kayles plot');
  assert.match(await page.locator('[data-testid=period]').textContent(), /period 12/);
  assert.match(await page.locator('.fact.preperiod').textContent(), /preperiod 71/);
  assert.equal(await page.locator('#g-chart .gdot').count(), 120);
  assert.equal(await page.locator('#g-chart .zone-period').count(), 1);
  // The table is 12 values wide, so from row 72 on the columns repeat.
  assert.equal(await page.locator('#g-table thead th').count(), 13);
  assert.equal(await page.locator('#g-table td[title="g(70) = 6"]').count(), 1);
  await page.screenshot({ path: path.join(ARTIFACTS, 'grundy-kayles.png'), fullPage: true });
});

test('the page works at phone width', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await newGame({ heaps: '3 5 7', first: 'human', level: 'perfect' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'the page scrolls sideways at phone width');
  await clickTake(2, 1);
  await afterHumanMove(0);
  await shot('phone');
});

// The vertices the graph view draws, by the accessible names of their buttons.
async function vertices() {
  const names = await page.locator('.view-graph .vertex').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
  return names.map((n) => Number(n.replace('remove vertex ', ''))).sort((a, b) => a - b);
}

test('Node Kayles: a graph game played by clicking vertices', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The form offers the entry, and starts its position box from the entry's start.
  await page.click('#btn-new');
  await page.selectOption('#f-ruleset', 'node-kayles');
  assert.match(await page.inputValue('#f-position'), /^\d+-\d+(,\d+(-\d+)?)*$/);
  await page.click('#f-cancel');

  // The path 1-2-3-4-5: removing 3 takes 2 and 4 too and leaves 1 and 5, a lost position.
  await newGame({ rules: 'node-kayles', heaps: '1-2,2-3,3-4,4-5', first: 'human', level: 'perfect' });
  await boardShot('graph');
  assert.deepEqual(await vertices(), [1, 2, 3, 4, 5]);
  assert.equal(await page.locator('.view-graph .edge').count(), 4);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'the graph scrolls sideways at phone width');
  await shot('graph-start');

  // Hovering a vertex marks what removing it takes: itself and its neighbours.
  await page.getByRole('button', { name: 'remove vertex 3' }).hover();
  assert.deepEqual(await page.locator('.view-graph .vertex.taking').evaluateAll((ns) => ns.map((n) => n.dataset.vertex)), ['2', '3', '4']);

  // The hint marks the winning vertex, the only one of this path.
  await page.click('#btn-hint');
  assert.match(await page.locator('.hint-verdict').textContent(), /remove vertex 3/);
  assert.deepEqual(await page.locator('.view-graph .vertex.hinted').evaluateAll((ns) => ns.map((n) => n.dataset.vertex)), ['3']);

  await page.getByRole('button', { name: 'remove vertex 3' }).click();
  await waitPhase(['computer', 'human', 'over'], 1);
  // The computer pauses before it replies: meanwhile the board shows what is left.
  if (await phase() === 'computer') assert.deepEqual(await vertices(), [1, 5]);
  const first = page.locator('.move-list li').first();
  assert.match(await first.locator('.what').textContent(), /remove vertex 3 \(and 2, 4\)/);
  assert.match(await first.locator('.after').textContent(), /1 5/);
  await afterHumanMove(0);
  assert.equal(await plies(), 2);
  assert.match(await page.locator('.move-list li').nth(1).textContent(), /Computer.*remove vertex/);
  const left = await vertices();
  assert.equal(left.length, 1);
  assert.ok([1, 5].includes(left[0]), `vertex 1 or 5 is left, not ${left}`);

  // The last vertex, by keyboard: it is focusable, and Enter removes it.
  await page.getByRole('button', { name: `remove vertex ${left[0]}` }).focus();
  await page.keyboard.press('Enter');
  await waitPhase(['over'], 3);
  assert.equal(await bannerState(), 'won');
  assert.match(await page.locator('#banner-text').textContent(), /You win!.*You made the last move — last to move wins/);
  assert.equal(await page.locator('.view-graph .vertex').count(), 0);
  await shot('graph-won');
});

test('Node Kayles: a click on either end of an edge removes both; the computer takes the last vertex', async () => {
  // 1-2 and a lone 3: X = 1 ⊕ 1 = 0, lost. The server lists one move for the twins 1 and 2.
  await newGame({ rules: 'node-kayles', heaps: '1-2,3', first: 'human', level: 'perfect' });
  assert.deepEqual(await vertices(), [1, 2, 3]);
  await page.getByRole('button', { name: 'remove vertex 2' }).click();
  await waitPhase(['over'], 2);
  assert.match(await page.locator('.move-list li').first().textContent(), /You.*remove vertex 1 \(and 2\).*→ 3/);
  assert.equal(await bannerState(), 'lost');
  assert.match(await page.locator('#banner-text').textContent(), /The computer wins\..*The computer made the last move/);
});

test('Arc Kayles: a graph game played by clicking edges', async () => {
  // The form offers the entry, and starts its position box from the entry's start.
  await page.click('#btn-new');
  await page.selectOption('#f-ruleset', 'arc-kayles');
  assert.match(await page.inputValue('#f-position'), /^\d+-\d+(,\d+(-\d+)?)*$/);
  await page.click('#f-cancel');

  // The path 1-...-6 is Dawson's Kayles on 6 (value 3): removing edge 3-4 leaves 1-2 and 5-6,
  // worth 0; the computer takes one of them and the last edge is the player's.
  await newGame({ rules: 'arc-kayles', heaps: '1-2,2-3,3-4,4-5,5-6', first: 'human', level: 'perfect' });
  const edges = () => page.locator('.view-graph .edge-move').evaluateAll((ns) => ns.map((n) => n.getAttribute('aria-label')));
  assert.deepEqual(await edges(), ['remove edge 1-2', 'remove edge 2-3', 'remove edge 3-4', 'remove edge 4-5', 'remove edge 5-6']);
  // Vertices are drawn but are not buttons: this game is played by its edges.
  assert.equal(await page.locator('.view-graph .vertex[role=button]').count(), 0);

  await page.getByRole('button', { name: 'remove edge 3-4' }).hover();
  assert.deepEqual(await page.locator('.view-graph .vertex.taking').evaluateAll((ns) => ns.map((n) => n.dataset.vertex)), ['3', '4']);
  await page.getByRole('button', { name: 'remove edge 3-4' }).click();
  await afterHumanMove(0);
  const first = page.locator('.move-list li').first();
  assert.match(await first.locator('.what').textContent(), /remove edge 3-4 \(vertices 3 and 4\)/);
  assert.match(await page.locator('.move-list li').nth(1).textContent(), /Computer.*remove edge (1-2|5-6)/);
  const left = await edges();
  assert.equal(left.length, 1);
  assert.ok(['remove edge 1-2', 'remove edge 5-6'].includes(left[0]), `one end pair is left, not ${left}`);

  await page.getByRole('button', { name: left[0] }).click();
  await waitPhase(['over'], 3);
  assert.equal(await bannerState(), 'won');
  assert.equal(await page.locator('.view-graph .edge').count(), 0);
});

test('Green Hackenbush: cutting edges of a picture on the ground', async () => {
  await page.click('#btn-new');
  await page.selectOption('#f-ruleset', 'hackenbush');
  // The example's edges, the ground written g.
  assert.match(await page.inputValue('#f-position'), /^(g|\d+)-(g|\d+)(,(g|\d+)-(g|\d+))*$/);
  await page.click('#f-cancel');

  // A triangle on the ground is *1: cutting its top edge 1-2 leaves two stalks of one edge.
  await newGame({ rules: 'hackenbush', heaps: '0-1,1-2,2-0', first: 'human', level: 'perfect' });
  await boardShot('hackenbush');
  const edges = () => page.locator('.view-hackenbush .hb-edge').evaluateAll((ns) => ns.map((n) => n.getAttribute('aria-label')));
  assert.deepEqual(await edges(), ['cut edge 1', 'cut edge 2', 'cut edge 3']);
  assert.equal(await page.locator('.view-hackenbush .hb-ground').count(), 1);
  await shot('hackenbush-start');

  // Hovering edge 1 marks it alone: 1-2-0 still stands on the ground.
  await page.getByRole('button', { name: 'cut edge 1' }).hover();
  assert.deepEqual(await page.locator('.view-hackenbush .hb-edge.taking').evaluateAll((ns) => ns.map((n) => n.dataset.edge)), ['1']);

  await page.getByRole('button', { name: 'cut edge 2' }).click();
  await afterHumanMove(0);
  assert.match(await page.locator('.move-list li').first().locator('.what').textContent(), /cut edge 2 \(1-2\)/);
  // The two stalks keep their numbers, 1 (0-1) and 3 (2-0): the computer cuts one.
  const taken = (await page.locator('.move-list li').nth(1).textContent()).match(/Computer.*cut edge ([13])/);
  assert.ok(taken, 'the computer cut neither stalk');
  const kept = taken[1] === '1' ? 'cut edge 3' : 'cut edge 1';
  assert.deepEqual(await edges(), [kept]);

  await page.getByRole('button', { name: kept }).focus();
  await page.keyboard.press('Enter');
  await waitPhase(['over'], 3);
  assert.equal(await bannerState(), 'won');
  assert.equal(await page.locator('.view-hackenbush .hb-edge').count(), 0);
  await shot('hackenbush-won');
});

test('the hint shows the library\'s explanation: the binary table and the reasoning', async () => {
  await newGame({ heaps: '3 4 5', first: 'human', level: 'perfect' });
  await page.click('#btn-hint');
  const table = page.locator('#hint-card .xor-table');
  await table.waitFor();
  // What the server explains for 3 4 5, as `nimkit analyze --explain` prints it.
  const answer = await api('/api/analyze', { rules: 'nim', misere: false, position: '3 4 5' });
  const { explanation } = answer;
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
    label: tr.querySelector('td.label').textContent,
    value: tr.querySelector('td.num').textContent,
    binary: [...tr.querySelectorAll('td.bit')].map((td) => td.textContent).join(''),
  })));
  assert.deepEqual(rows, explanation.rows.map((r) => ({ label: r.label, value: String(r.value), binary: r.binary })));
  assert.deepEqual(rows[0], { label: 'heap 1', value: '3', binary: '011' });
  const x = table.locator('tfoot tr');
  assert.equal(await x.locator('td.label').textContent(), 'X');
  assert.equal(await x.locator('td.bit').allTextContents().then((b) => b.join('')), '010');
  // The columns, the reasoning and the moves, word for word.
  const text = await page.locator('#hint-body').textContent();
  assert.ok(text.includes(explanation.heading), 'the heading is shown');
  for (const line of [...explanation.columns, ...explanation.lines, ...explanation.component_moves, ...explanation.winning_moves]) {
    assert.ok(text.includes(line), `the hint shows "${line}"`);
  }
  assert.match(text, /heap 1: 3 ⊕ 2 = 1 < 3: take 2, leaving 1\./);
});

test('a zero move is offered through the heap\'s chooser', async () => {
  await newGame({ rules: 'zero-move', heaps: '3 4 5', first: 'human', level: 'perfect' });
  const more = page.locator('.heap[data-heap="1"] .heap-more');
  assert.equal(await more.textContent(), 'zero move…');
  await more.click();
  const choices = page.locator('.chooser-item');
  assert.deepEqual(await choices.allTextContents(), ['zero move on heap 1']);
  await choices.first().click();
  await afterHumanMove(0);
  assert.match(await page.locator('.move-list li').first().textContent(), /zero move on heap 1.*→ 3x 4 5/);
  // The spent zero move shows on the heap, and is offered no more.
  const plied = await plies();
  assert.equal(plied, 2);
  const heap1 = page.locator('.heap[data-heap="1"]');
  if (await heap1.locator('.heap-size').textContent() === '3') {
    assert.equal(await heap1.locator('.heap-tag', { hasText: '0 spent' }).count(), 1);
    assert.equal(await heap1.locator('.heap-more').count(), 0);
  }
});

test('Staircase Nim: a click moves coins down one step, and the computer replies', async () => {
  // 1 0 2: the odd steps hold 1 and 2, nim-sum 3; moving 1 coin from step 3 to step 2 leaves
  // 1 1 1, whose odd steps cancel.
  const prediction = await newGame({ rules: 'staircase', heaps: '1 0 2', first: 'human', level: 'perfect' });
  assert.match(prediction, /first player wins.*you/);
  assert.deepEqual((await heapSizes()).map(Number), [1, 0, 2]);
  await clickTake(3, 1);
  await afterHumanMove(0);
  const moves = await page.locator('.move-list li').allTextContents();
  assert.match(moves[0], /move 1 coin from step 3 to step 2.*→ 1 1 1/);
  assert.match(moves[1], /move 1 coin (from step \d to step \d|off the staircase from step 1)/);
  // The computer's coin went down one step: two coins left on the staircase or one step lower.
  const sizes = (await heapSizes()).map(Number);
  assert.equal(sizes.length, 3);
  assert.ok(sizes.reduce((a, b) => a + b, 0) <= 3);
  await shot('staircase');
});

test('Turning Turtles: a click on a heads coin offers the moves ending there, and the computer replies', async () => {
  // hthht: heads 1, 3 and 4, values 1 ⊕ 3 ⊕ 4 = 6; turning coins 2 and 4 leaves hhhtt, 1 ⊕ 2 ⊕ 3 = 0.
  const prediction = await newGame({ rules: 'turning-turtles', heaps: 'hthht', first: 'human', level: 'perfect' });
  await boardShot('coins');
  assert.match(prediction, /first player wins.*you/);
  const faces = () => page.locator('.view-coins .coin .coin-face').allTextContents();
  assert.deepEqual(await faces(), ['H', 'T', 'H', 'H', 'T']);
  // The hint marks the coins of the one winning move.
  await page.click('#btn-hint');
  assert.match(await page.locator('.hint-verdict').textContent(), /turn coins 2 and 4/);
  assert.deepEqual(await page.locator('.view-coins .coin.hinted').evaluateAll((ns) => ns.map((n) => n.dataset.coin)), ['2', '4']);
  // Coin 4 ends four moves: the chooser lists them by description.
  await page.getByRole('button', { name: 'coin 4, heads' }).click();
  const choices = await page.locator('#chooser-list button').allTextContents();
  assert.deepEqual(choices, ['turn coin 4', 'turn coins 1 and 4', 'turn coins 2 and 4', 'turn coins 3 and 4']);
  await page.locator('#chooser-list button', { hasText: 'turn coins 2 and 4' }).click();
  await afterHumanMove(0);
  const moves = await page.locator('.move-list li').allTextContents();
  assert.match(moves[0], /turn coins 2 and 4.*→ hhhtt/);
  assert.match(moves[1], /Computer.*turn coin/);
  // The computer turned a heads coin to tails: fewer than three heads or a lower row.
  const after = await faces();
  assert.equal(after.length, 5);
  assert.notDeepEqual(after, ['H', 'H', 'H', 'T', 'T']);
  await shot('coins');
});

test('a coin row in a sum with a Nim heap: both views drawn, a click on coin 1 plays its one move', async () => {
  // hth: heads 1 and 3, value 1 ⊕ 3 = 2, with a heap of 3: X = 1. Turning coin 1 leaves tth (3 ⊕ 3 = 0).
  const prediction = await newGame({ rules: 'nim', heaps: 'turning-turtles:hth 3', first: 'human', level: 'perfect' });
  assert.match(prediction, /first player wins.*you/);
  assert.equal(await page.locator('.view-coins .coin').count(), 3);
  assert.deepEqual((await heapSizes()).map(Number), [3]);
  await page.getByRole('button', { name: 'coin 1, heads' }).click();
  await afterHumanMove(0);
  const moves = await page.locator('.move-list li').allTextContents();
  assert.match(moves[0], /turn coin 1/);
  assert.match(moves[1], /Computer/);
  assert.equal(await page.locator('.view-coins .coin').count(), 3);
});

test('Turning Corners: a grid of coins; a click on a heads corner turns its rectangle', async () => {
  // ttt/thh/tht: heads (1,1), (1,2), (2,1) worth 1 ⊕ 2 ⊕ 2 = 1 (nim products); the one winning
  // move turns the rectangle from (0,0) to (1,1), the only move ending at (1,1).
  const prediction = await newGame({ rules: 'turning-corners', heaps: 'ttt/thh/tht', first: 'human', level: 'perfect' });
  assert.match(prediction, /first player wins.*you/);
  assert.equal(await page.locator('.view-coins .coin-grid .coin-row').count(), 3);
  await page.click('#btn-hint');
  assert.deepEqual(await page.locator('.view-coins .coin.hinted').evaluateAll((ns) => ns.map((n) => n.dataset.coin)), ['1', '2', '4', '5']);
  await page.getByRole('button', { name: 'coin (1, 1), heads' }).click();
  await afterHumanMove(0);
  const moves = await page.locator('.move-list li').allTextContents();
  assert.match(moves[0], /turn coins \(0,0\), \(0,1\), \(1,0\) and \(1,1\).*→ hht\/hth\/tht/);
  assert.match(moves[1], /Computer.*turn coins/);
  await shot('corners');
});

test('Fibonacci Nim: the first take limits the reply to twice as many', async () => {
  // 20 = 13 + 5 + 2: taking 2, the smallest Zeckendorf term, wins; the reply may take 1 to 4.
  const prediction = await newGame({ rules: 'fibonacci-nim', heaps: '20', first: 'human', level: 'perfect' });
  assert.match(prediction, /first player wins.*you/);
  await clickTake(1, 2);
  await afterHumanMove(0);
  const moves = await page.locator('.move-list li').allTextContents();
  assert.match(moves[0], /take 2 from heap 1.*→ 18\/4/);
  const reply = moves[1].match(/take (\d+) from heap 1/);
  assert.ok(reply, moves[1]);
  assert.ok(Number(reply[1]) >= 1 && Number(reply[1]) <= 4, moves[1]);
  assert.equal(Number((await heapSizes())[0]), 18 - Number(reply[1]));
  await shot('fibonacci-nim');
});
