// Every example of the registry (GET /api/rulesets), as a person meets it on a desktop (1280×860)
// and on a phone (390×844): the game loads from its start position, the page never scrolls
// sideways, the phone's board objects and controls are touch targets of at least 40 px, and a
// click (a tap) on the board — not the move box — plays a legal move that the move list then
// shows in the server's words. Heaps of 20 to 40 objects and a heap of a million are loaded too.
// A screenshot per example and size (the board; on a phone the whole game card) goes to the
// artifacts, or into docs/screenshots/ (example-NAME.png, example-NAME-phone.png) when
// NIMKIT_DOCS_SHOTS=1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { page, api, BASE, waitPhase, until } from './harness.js';
import { SCREENSHOTS, moveTexts } from './views.js';

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

// The games: every registry example from its entry's start, and the large heaps.
async function games() {
  const { rulesets } = await api('/api/rulesets');
  const out = [];
  for (const entry of rulesets) {
    for (const rules of entry.examples) out.push({ rules, start: entry.start, view: entry.view, shot: rules });
  }
  out.push({ rules: 'kayles', start: '20 15', view: 'pins', shot: 'kayles-20-15' });
  out.push({ rules: 'nim', start: '40 20 1000000', view: 'heaps', shot: 'nim-40-20-1000000' });
  return out;
}

// Opens `game` as a shared link would: the game is in the URL.
async function open(game) {
  const saved = {
    v: 2, rules: game.rules, misere: false, start: game.start, first: 'human',
    level: 'perfect', mode: 'learn', opponent: 'computer', moves: [], played: 0,
  };
  const code = Buffer.from(JSON.stringify(saved)).toString('base64url');
  // From a blank page, so that the link loads once (a hash change alone would not reload it,
  // and a reload would leave the first load's requests to the server running beside its own).
  await page.goto('about:blank');
  await page.goto(new URL(`#game=${code}`, BASE).href);
  await waitPhase(['human']);
  // The pointer away from the board: no hover preview left from the last game in the pictures.
  await page.mouse.move(0, 0);
}

const pressRelease = async (box) => {
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.up();
};

// Plays one legal move of `view` by clicking the board as a person would.
const PLAY = {
  heaps: () => page.locator('#board .stone:not(.illegal):not(:disabled)').last().click(),
  pins: async () => {
    // The first pin whose run (as the pointer shows it) is a move.
    const pins = page.locator('#board .pin');
    for (let i = 0; i < await pins.count(); i += 1) {
      const box = await pins.nth(i).boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      if (await page.locator('#board .pin.taking').count() > 0 &&
          await page.locator('#board .pin.taking.illegal').count() === 0) {
        await pressRelease(box);
        return;
      }
    }
    throw new Error('no pin knocks down a legal run');
  },
  split: () => page.locator('#board .divider:not(.illegal)').first().click(),
  queen: () => page.locator('#board .square.reach:not(:disabled)').first().click(),
  moore: async () => {
    await page.locator('#board .moore-row .stone').last().click();
    await page.locator('.moore-take').click();
  },
  graph: () => page.locator('#board .view-graph [role=button]:not([aria-disabled="true"])').first().click(),
  hackenbush: () => page.locator('#board .hb-edge.playable').first().click(),
  digraph: () => page.getByRole('button', { name: /: move the token to / }).first().click(),
  coins: () => page.locator('#board .coin:not([aria-disabled="true"]):not(:disabled)').last().click(),
  chomp: () => page.locator('#board .chomp-cell:not(.poisoned):not([aria-disabled="true"])').last().click(),
  cram: async () => pressRelease(await page.locator('#board .cram-cell.empty').first().boundingBox()),
};

// The board objects and controls a finger uses, smaller than 40 px either way. The edges of drawn
// graphs are left out: they are aimed at along their length over a hit band wider than the line
// (a box measure says nothing of a slanted line).
function smallTargets() {
  const targets = document.querySelectorAll(
    '#board button:not(:disabled), ' +
    '#board [role=button]:not([aria-disabled="true"]):not(.hb-edge):not(.edge-move), ' +
    '.toolbar button:not([hidden]), #typed-move input, #typed-move button, .tabs button');
  return [...targets].filter((n) => n.getClientRects().length > 0).map((n) => {
    const box = n.getBoundingClientRect();
    return { what: `${n.tagName.toLowerCase()}.${n.getAttribute('class') ?? ''} ${n.getAttribute('aria-label') ?? n.textContent.trim()}`, w: box.width, h: box.height };
  }).filter(({ w, h }) => w < 39.5 || h < 39.5).map(({ what, w, h }) => `${what} (${w.toFixed(0)}×${h.toFixed(0)})`);
}

// What the game card would clip: board objects and controls reaching past its right edge.
function spilled() {
  const card = document.querySelector('.board-card').getBoundingClientRect();
  return [...document.querySelectorAll('.board-card *')]
    .filter((n) => n.getClientRects().length > 0 && n.getBoundingClientRect().right > card.right + 0.5)
    .map((n) => `${n.tagName.toLowerCase()}.${n.getAttribute('class') ?? ''}`);
}

async function everyExample(size, suffix) {
  await page.setViewportSize(size);
  const failures = [];
  for (const game of await games()) {
    const name = `${game.rules} ${game.start} at ${size.width}×${size.height}`;
    try {
      await open(game);
      const scroll = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      assert.ok(scroll[0] <= scroll[1], `the page is ${scroll[0]} px wide in a ${scroll[1]} px window`);
      assert.deepEqual(await page.evaluate(spilled), [], 'drawn past the board card\'s edge (clipped)');
      if (size === PHONE) assert.deepEqual(await page.evaluate(smallTargets), [], 'touch targets under 40 px');
      // The board on a desktop; on a phone the whole game card, to show that it fits.
      const file = `example-${game.shot.replace(/[^A-Za-z0-9.]+/g, '-')}${suffix}.png`;
      await page.locator(size === PHONE ? '.board-card' : '#board').screenshot({ path: path.join(SCREENSHOTS, file) });

      const listed = await api('/api/moves', { rules: game.rules, position: game.start, limit: 2000 });
      assert.ok(listed.moves, `the server listed no moves: ${JSON.stringify(listed)}`);
      const legal = listed.moves.map((m) => m.description);
      await PLAY[game.view]();
      // A click that reaches several moves opens the chooser: any of them will do.
      if (await page.locator('#chooser').isVisible()) await page.locator('#chooser-list button').first().click();
      await until(page, () => Number(document.body.dataset.plies) >= 1, null, 'the move played');
      const [first] = await moveTexts();
      assert.ok(legal.includes(first), `the move list says "${first}", not one of the legal moves`);
      assert.ok(scroll[0] <= scroll[1]);
      const after = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
      assert.ok(after, 'the page scrolls sideways after the move');
    } catch (e) {
      failures.push(`${name}: ${e.message}`);
    }
  }
  assert.deepEqual(failures, []);
}

test('every registry example at 1280×860: no sideways scroll, a click plays a move the list shows', async () => {
  await everyExample(DESKTOP, '');
});

test('every registry example at 390×844: no sideways scroll, 40 px targets, a tap plays a move', async () => {
  await everyExample(PHONE, '-phone');
});

test('large positions at 390×844: rows wrap or boards scale, nothing scrolls sideways or is clipped', async () => {
  await page.setViewportSize(PHONE);
  const large = [
    ['nim', '50 30 1000000'], ['grundy', '30 25'], ['lasker', '40 33'], ['dawson', '40 30'],
    ['moore:2', '40 2'], ['staircase', '20 20 20'], ['wythoff', '20 23'], ['chomp', '10 10 10 10'],
    ['turning-turtles', 'hthhtthththhthtthhhthhtthththt'],
  ];
  const failures = [];
  for (const [rules, start] of large) {
    await open({ rules, start });
    const scroll = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    if (scroll[0] > scroll[1]) failures.push(`${rules} ${start}: the page is ${scroll[0]} px wide`);
    const clipped = await page.evaluate(spilled);
    if (clipped.length) failures.push(`${rules} ${start}: clipped ${clipped.slice(0, 3).join(', ')}`);
  }
  assert.deepEqual(failures, []);
});
