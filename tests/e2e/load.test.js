// The first load as a person sees it: a fresh browser (empty cache) has the board drawn within
// 300 ms of navigation, measured in the page (performance.now() against the mark the app sets
// when it first draws the board), and fetches every module at once, not along a chain of imports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from './browser.js';

const BASE = process.env.NIMKIT_URL ?? 'http://127.0.0.1:8080/';
const TRIES = 3;

// Opens the page in a fresh browser and returns what the page measured of its own load.
async function freshLoad() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nimkit-load-'));
  const context = await launch(profile);
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await page.goto(BASE);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const seen = await page.evaluate(() => {
        const ready = performance.getEntriesByName('nimkit:board-ready')[0]?.startTime;
        if (ready === undefined) return null;
        const modules = performance.getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.startsWith('/js/'))
          .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd }));
        return { ready, modules };
      });
      if (seen) return seen;
      if (Date.now() > deadline) throw new Error('the board was never drawn');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

test('a fresh browser has the board ready within 300 ms of navigation', async () => {
  // The bound is for a quiet machine. Where other work holds the processors (a shared CI runner,
  // a build alongside), the browser's own start-up and script work stretch with the load, so the
  // bound loosens with it: 300 ms while the load average stays under one job per processor.
  const perCore = os.loadavg()[0] / os.cpus().length;
  const bound = perCore < 1 ? 300 : Math.round(300 * Math.min(perCore, 5));
  const loads = [];
  for (let i = 0; i < TRIES; i += 1) loads.push(await freshLoad());
  const best = Math.min(...loads.map((l) => l.ready));
  assert.ok(best <= bound, `board ready ${best.toFixed(0)} ms after navigation (best of ${TRIES}; ` +
    `bound ${bound} ms at a load of ${perCore.toFixed(2)} per processor)`);

  // Every module is asked for before app.js has even arrived: none waits for its importer. A
  // chain of imports shows in every load; a browser slowed by other work can start the preloads
  // after a quick app.js in one load (seen once in CI, with the C++ suites running beside it), so
  // the load with the fewest late modules is the one judged.
  const late = loads.map(({ modules }) => {
    const app = modules.find((m) => m.path === '/js/app.js');
    assert.ok(app, 'app.js was fetched');
    assert.ok(modules.length >= 10, `${modules.length} modules fetched`);
    return modules.filter((m) => m.start > app.end).map((m) => m.path);
  });
  const fewest = late.reduce((a, b) => (b.length < a.length ? b : a));
  assert.deepEqual(fewest, [], `modules fetched only after app.js arrived in every one of ${TRIES} ` +
    'loads (a chain of imports)');
});
