// The harness every browser end-to-end test file imports: each test gets a fresh browser context
// (its own storage and cache) and the page loaded. Chromium is Debian's /usr/bin/chromium,
// headless, one browser per test file; the page must make no request outside the server
// (checked on every test).
import { before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP, launch, startBrowser } from './browser.js';

export { launch };

export const BASE = process.env.NIMKIT_URL ?? 'http://127.0.0.1:8080/';
// Whether BASE is the static site (the engine in the page's worker, no nimkit server), as
// run.sh --site says.
export const SITE = process.env.NIMKIT_SITE === '1';
// run.sh --site puts the static site's screenshots apart (artifacts/site): both passes may run at
// once.
export const ARTIFACTS = process.env.NIMKIT_ARTIFACTS ?? path.join(import.meta.dirname, 'artifacts');
export const TIMEOUT = 20_000;

// The answer to one API request, asked of the engine the page uses (the server, or the engine in
// the page's worker on the static site) through the page's window.nimkit.call: the parsed answer,
// or {error, status} for a refusal. For tests that compare what the page shows with the engine.
export const api = (path, body) => page.evaluate(({ p, b }) => window.nimkit.call(p, b), { p: path, b: body });

export let context;
export let page;
let browser;
let foreign;  // requests to anywhere but the server

before(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  browser = await startBrowser();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: DESKTOP });
  page = await context.newPage();
  foreign = [];
  const origin = new URL(BASE).origin;
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  page.on('pageerror', (e) => { throw e; });
  await page.goto(BASE);
  await waitPhase(['human', 'over', 'computer']);
});

afterEach(async () => {
  assert.deepEqual(foreign, [], 'the page made requests outside the server');
  await context.close();
});

after(async () => {
  await browser?.close();
});

export async function shot(name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

export async function plies() {
  return Number(await page.evaluate(() => document.body.dataset.plies));
}

export async function phase() {
  return page.evaluate(() => document.body.dataset.phase);
}

// Polls `predicate` in the page until it holds. (page.waitForFunction compiles its predicate
// with eval, which the page's Content-Security-Policy rightly forbids; evaluate() does not.)
export async function until(target, predicate, arg, what) {
  const deadline = Date.now() + TIMEOUT;
  while (!(await target.evaluate(predicate, arg))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

// Waits until the game is in one of `phases` (with at least `minPlies` moves played).
export async function waitPhase(phases, minPlies = 0, target = page) {
  await until(target, ([want, min]) => want.includes(document.body.dataset.phase) &&
      Number(document.body.dataset.plies) >= min, [phases, minPlies],
      `phase ${phases.join('/')} after ${minPlies} moves`);
}

// After the human's move: wait for the computer's reply (or the end).
export async function afterHumanMove(pliesBefore) {
  await waitPhase(['human', 'over'], pliesBefore + 1);
  if (await phase() === 'human' && await plies() === pliesBefore + 1) {
    throw new Error('the computer did not reply');
  }
}

export async function heapSizes() {
  return page.locator('.heap-size').allTextContents();
}

export async function bannerState() {
  return page.locator('#banner').getAttribute('data-state');
}

// Starts a game through the new-game form.
export async function newGame({ rules = 'nim', params, misere = false, heaps, first = 'human', level = 'perfect' }) {
  await page.click('#btn-new');
  await page.selectOption('#f-ruleset', rules);
  if (params !== undefined) await page.fill('#f-params', params);
  await page.check(`input[name=convention][value=${misere ? 'misere' : 'normal'}]`);
  await page.fill('#f-position', heaps);
  await page.check(`input[name=first][value=${first}]`);
  await page.check(`input[name=level][value=${level}]`);
  await until(page, () => document.getElementById('f-prediction').textContent.length > 0, null, 'the prediction');
  const prediction = await page.locator('#f-prediction').textContent();
  await page.click('#f-start');
  await waitPhase(['human', 'over']);
  return prediction;
}

// Takes `take` objects from heap `heap` (1-based) by clicking the stone that many from the end.
export async function clickTake(heap, take) {
  const stones = page.locator(`.heap[data-heap="${heap}"] .stone`);
  const count = await stones.count();
  await stones.nth(count - take).click();
}

