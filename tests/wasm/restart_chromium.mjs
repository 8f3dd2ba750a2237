// What restarting the engine's worker costs in Debian's Chromium (headless): a page, served with
// the engine from a loopback server, starts engine_worker.js 21 times, each time sending a
// Kayles move with the computer's reply (the page's request) and terminating it after the second
// answer. Printed: the first start (cold), then the medians of the time from `new Worker` to the
// first answer and of the second answer, for a worker that compiles the module itself and for one
// handed the compiled module ({wasmModule}). A measurement, not a test: it fails only when an
// answer is not 200.
//
//   node tests/wasm/restart_chromium.mjs [ENGINE_DIR]
// playwright-core is the browser tests' (npm ci in tests/e2e); CHROMIUM overrides /usr/bin/chromium.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const engineDir = path.resolve(process.argv[2] ?? path.join(here, '../../build/wasm/engine'));
const { chromium } = await import(path.join(here, '../e2e/node_modules/playwright-core/index.mjs'));

const page = `<!doctype html><meta charset="utf-8"><title>engine restarts</title>
<script type="module">
const url = new URL('/engine/engine_worker.js', location.href);
const body = JSON.stringify({ rules: 'kayles', position: '8 5', moves: ['1 2'], misere: false,
  people: [0], analysis: true, reply: 'perfect', seed: 1, legal_moves: 2000 });
function ask(worker, message) {
  return new Promise((resolve) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.postMessage(message);
  });
}
window.restarts = async (count, handed) => {
  const module = handed ? await WebAssembly.compileStreaming(fetch('/engine/nimkit_engine.wasm')) : null;
  const runs = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    const worker = new Worker(url, { type: 'module' });
    if (module) worker.postMessage({ wasmModule: module });
    const first = await ask(worker, { id: 1, path: '/api/game', body });
    const between = performance.now();
    const second = await ask(worker, { id: 2, path: '/api/game', body });
    runs.push({ first: between - start, second: performance.now() - between,
                statuses: [first.status, second.status] });
    worker.terminate();
  }
  return runs;
};
</script>`;
const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
const server = http.createServer((request, response) => {
  if (request.url === '/') {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(page);
    return;
  }
  const name = request.url.startsWith('/engine/') ? path.basename(request.url) : '';
  try {
    const data = readFileSync(path.join(engineDir, name));
    response.writeHead(200, { 'Content-Type': types[path.extname(name)] ?? 'application/octet-stream' });
    response.end(data);
  } catch {
    response.writeHead(404);
    response.end();
  }
}).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
let status = 0;
try {
  const tab = await (await browser.newContext()).newPage();
  await tab.goto(`http://127.0.0.1:${server.address().port}/`);
  await tab.waitForFunction(() => typeof window.restarts === 'function');
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const handed of [false, true]) {
    const runs = await tab.evaluate(([count, h]) => window.restarts(count, h), [21, handed]);
    if (runs.some((run) => run.statuses.some((s) => s !== 200))) status = 1;
    console.log(`${handed ? 'handed the compiled module' : 'compiling the module itself'}: ` +
                `first start ${runs[0].first.toFixed(1)} ms to its first answer; medians of ` +
                `${runs.length}: ${median(runs.map((r) => r.first)).toFixed(1)} ms to the first ` +
                `answer, ${median(runs.map((r) => r.second)).toFixed(2)} ms for the second`);
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(status);
