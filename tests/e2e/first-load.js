// First-load figures for docs/performance.md: opens the page in a fresh browser context (empty
// cache) `runs` times and prints the median first contentful paint and the time the board is
// drawn (both from navigation start, measured in the page with performance.now()); with --again,
// also the board of a second visit in the same profile once the page's service worker is ready
// (the static site's warm cache). Not a test:
//   NIMKIT_URL=http://127.0.0.1:PORT/ node first-load.js [runs] [--again]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from './browser.js';

const BASE = process.env.NIMKIT_URL ?? 'http://127.0.0.1:8080/';
const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 9);
const again = process.argv.includes('--again');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The moment the board is drawn: the app's performance mark, or (for a page without one) the
// moment the body's data-phase first says the human may move, seen by a MutationObserver.
function watchBoard() {
  new MutationObserver((_, observer) => {
    if (document.body?.dataset.phase === 'human' && window.boardSeenAt === undefined) {
      window.boardSeenAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-phase'] });
}

const paints = [];
const boards = [];
const warm = [];
for (let i = 0; i < runs; i += 1) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nimkit-load-'));
  const context = await launch(profile);
  const page = context.pages()[0] ?? await context.newPage();
  await page.addInitScript(watchBoard);
  // A browser just started is still starting its helper processes (as load.test.js waits too).
  await page.goto('about:blank');
  await new Promise((r) => setTimeout(r, 1000));
  await page.goto(BASE);
  const seen = async () => page.evaluate(() => {
    const mark = performance.getEntriesByName('nimkit:board-ready')[0]?.startTime;
    return mark ?? window.boardSeenAt ?? null;
  });
  const boardSeen = async () => {
    let board = await seen();
    while (board === null) {
      await new Promise((r) => setTimeout(r, 20));
      board = await seen();
    }
    return board;
  };
  boards.push(await boardSeen());
  const paint = await page.evaluate(() =>
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  if (paint !== null) paints.push(paint);  // a page drawn before its first paint has none
  if (again) {
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto('about:blank');
    await new Promise((r) => setTimeout(r, 300));
    await page.goto(BASE);
    warm.push(await boardSeen());
  }
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
console.log(`first contentful paint: median ${median(paints).toFixed(0)} ms ` +
  `(${paints.map((x) => x.toFixed(0)).join(' ')})`);
console.log(`board ready:            median ${median(boards).toFixed(0)} ms ` +
  `(${boards.map((x) => x.toFixed(0)).join(' ')})`);
if (again) {
  console.log(`board ready, next visit: median ${median(warm).toFixed(0)} ms ` +
    `(${warm.map((x) => x.toFixed(0)).join(' ')})`);
}
