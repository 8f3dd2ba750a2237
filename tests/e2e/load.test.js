// The first load as a person sees it: a fresh browser (empty cache) has the board drawn and
// playable within 300 ms of navigation on a quiet machine (the median of several loads; on a busy
// one, against a bound set by what an empty page costs the same browser in the same run), measured
// in the page
// (performance.now() against the mark the app sets when it first draws the board), asks the API
// nothing on the way (the server put the first answers into the page), and fetches one script
// (the build bundles the page's modules), not a chain of imports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { launch } from './browser.js';

const BASE = process.env.NIMKIT_URL ?? 'http://127.0.0.1:8080/';
const TRIES = 7;         // loads of the page; the median is judged
const EMPTY_TRIES = 3;   // loads of the empty page, for the bound of a busy machine
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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

// What the page measured of its load: the board-ready mark, the API requests before it, and the
// scripts the page itself fetched (a worker's own fetches are in the worker's timeline).
async function measured(page) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const seen = await page.evaluate(() => {
      const ready = performance.getEntriesByName('nimkit:board-ready')[0]?.startTime;
      if (ready === undefined) return null;
      const paths = performance.getEntriesByType('resource').map((e) => ({ e, path: new URL(e.name).pathname }));
      const api = paths.filter(({ e, path }) => path.startsWith('/api/') && e.startTime < ready).map(({ path }) => path);
      const scripts = paths.filter(({ path }) => /\.m?js$/.test(path)).map(({ path }) => path);
      return { ready, scripts, api };
    });
    if (seen) return seen;
    if (Date.now() > deadline) throw new Error('the board was never drawn');
    await new Promise((r) => setTimeout(r, 10));
  }
}

// Opens `url` in a fresh browser (a new profile: an empty cache) once the browser has settled
// after its own start, and returns what the page measured of its load; with `again`, also of a
// second visit in the same profile once the site's service worker holds the site (a warm cache).
async function freshLoad(url = BASE, { again = false } = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nimkit-load-'));
  const context = await launch(profile);
  try {
    const page = context.pages()[0] ?? await context.newPage();
    // A browser just started is still starting its helper processes; on a machine of two
    // processors that work would be counted against the page. A person's browser is running.
    await page.goto('about:blank');
    await new Promise((r) => setTimeout(r, 1000));
    await page.goto(url);
    const first = await measured(page);
    if (!again) return first;
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto('about:blank');
    await new Promise((r) => setTimeout(r, 300));
    await page.goto(url);
    return { ...first, warm: await measured(page) };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const SITE = process.env.NIMKIT_SITE === '1';

test('a fresh browser has the board ready within 300 ms of navigation on a quiet machine', async () => {
  // On a quiet machine (load average under half the processors) the bound is 300 ms; the static
  // site (the engine in WebAssembly, which a first visit fetches and compiles) has 1 s on its
  // first visit and 300 ms on the next, from the service worker's cache. On a busy machine (CI
  // running the C++ suites beside the browser) the browser itself is slowed, and the page's work
  // in proportion: the bound is then a multiple of what an empty page (EMPTY) takes, measured the
  // same way in this run, interleaved with the page's loads (6, or 20 for the site's first
  // visit), and never below the quiet machine's.
  const empties = [];
  const loads = [];
  const loadBefore = os.loadavg()[0];
  await withEmptyPage(async (url) => {
    for (let i = 0; i < TRIES; i += 1) {
      if (i < EMPTY_TRIES) empties.push((await freshLoad(url)).ready);
      loads.push(await freshLoad(BASE, { again: SITE }));
    }
  });
  const load = Math.max(loadBefore, os.loadavg()[0]);
  const cpus = os.cpus().length;
  const quiet = load < 0.5 * cpus;
  const empty = median(empties);
  const judge = (what, readies, quietBound, factor) => {
    const ready = median(readies);
    const bound = quiet ? quietBound : Math.round(Math.max(quietBound, factor * empty));
    const figures = `${what}: median ${ready.toFixed(0)} ms of ${readies.length} ` +
      `(${readies.map((r) => r.toFixed(0)).join(' ')}); empty page: median ${empty.toFixed(0)} ms; ` +
      `load average ${load.toFixed(2)} on ${cpus} processors (${os.cpus()[0]?.model}); ` +
      `bound ${bound} ms${quiet ? '' : ' (a busy machine)'}`;
    console.log(`# ${figures}`);
    assert.ok(ready <= bound, figures);
  };
  if (SITE) {
    judge('board ready, first visit', loads.map((l) => l.ready), 1000, 20);
    judge('board ready, next visit', loads.map((l) => l.warm.ready), 300, 6);
  } else {
    judge('board ready', loads.map((l) => l.ready), 300, 6);
  }
  // The page drew from what came in it (or, on the static site, asks no server at all): no API
  // request before the board.
  for (const l of loads) assert.deepEqual(l.api, [], 'API requests before the first board');

  // The page's script is one bundled module: nothing waits for an importer to arrive. The static
  // site's page starts the engine's worker, one bundled script too.
  const expected = SITE ? ['/js/app.js', '/js/engine_worker.js'] : ['/js/app.js'];
  for (const { scripts } of loads) assert.deepEqual(scripts, expected, 'scripts fetched');
});
