// The first load as a person sees it: a fresh browser (empty cache) has the board drawn within
// 300 ms of navigation, measured in the page (performance.now() against the mark the app sets
// when it first draws the board), and fetches every module at once, not along a chain of imports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { launch } from './browser.js';

const BASE = process.env.NIMKIT_URL ?? 'http://127.0.0.1:8080/';
const TRIES = 5;

// An empty page with one module that sets the mark at once: what the browser alone takes.
const EMPTY = {
  '/': ['text/html', '<!doctype html><title>empty</title><script type="module" src="/m.js"></script>'],
  '/m.js': ['text/javascript', "performance.mark('nimkit:board-ready');"],
};

// Serves EMPTY on a loopback port for the length of `use(url)`.
async function withEmptyPage(use) {
  const server = http.createServer((req, res) => {
    const [type, body] = EMPTY[req.url] ?? ['text/plain', ''];
    res.writeHead(EMPTY[req.url] ? 200 : 404, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  try {
    return await use(`http://127.0.0.1:${server.address().port}/`);
  } finally {
    server.close();
  }
}

// Opens `url` in a fresh browser (a new profile: an empty cache) once the browser has settled
// after its own start, and returns what the page measured of its load.
async function freshLoad(url = BASE) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nimkit-load-'));
  const context = await launch(profile);
  try {
    const page = context.pages()[0] ?? await context.newPage();
    // A browser just started is still starting its helper processes; on a machine of two
    // processors that work would be counted against the page. A person's browser is running.
    await page.goto('about:blank');
    await new Promise((r) => setTimeout(r, 1000));
    await page.goto(url);
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
  // 300 ms is the bound on a quiet machine whose browser shows an empty page (EMPTY) within 50 ms.
  // Where the browser itself is slower (a machine of two processors, other work alongside), the
  // page's own work is slower in proportion, and so is the bound: six times the empty page's time,
  // measured the same way in this run, each try beside a try of the page so both see one load.
  const empties = [];
  const loads = [];
  await withEmptyPage(async (url) => {
    for (let i = 0; i < TRIES; i += 1) {
      empties.push((await freshLoad(url)).ready);
      loads.push(await freshLoad());
    }
  });
  const empty = Math.min(...empties);
  const ready = Math.min(...loads.map((l) => l.ready));
  const bound = Math.round(Math.max(300, 6 * empty));
  assert.ok(ready <= bound, `board ready ${ready.toFixed(0)} ms after navigation (best of ${TRIES}; ` +
    `bound ${bound} ms: the empty page took ${empty.toFixed(0)} ms)`);
  console.log(`# board ready ${ready.toFixed(0)} ms, the empty page ${empty.toFixed(0)} ms (best of ` +
    `${TRIES} each); bound ${bound} ms`);

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
