// engine_worker.js's protocol, run in a Node worker thread given the `self` a browser worker has:
// answers {id, status, body} in the order asked, the same as the engine's own; a worker handed the
// compiled module uses it; one whose module cannot be loaded answers every message with status 0
// and an error (here: Node's fetch reads no file: URL, so only a handed module starts).
//
//   node tests/wasm/worker.mjs ENGINE_DIR
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const [engineDir] = process.argv.slice(2);
const workerUrl = pathToFileURL(path.resolve(engineDir, 'engine_worker.js')).href;
const { compileEngine, createEngine } = await import(path.resolve(engineDir, 'engine.js'));
const wasmModule = await compileEngine({
  wasmBinary: readFileSync(path.join(engineDir, 'nimkit_engine.wasm')),
});
const engine = await createEngine({ wasmModule });

// The worker thread: `self` as a browser's, then the worker script itself.
const bootstrap = `
  import { parentPort } from 'node:worker_threads';
  globalThis.self = { postMessage: (message) => parentPort.postMessage(message) };
  await import(${JSON.stringify(workerUrl)});
  parentPort.on('message', (data) => self.onmessage({ data }));
`;
function startWorker() {
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`));
  const answers = [];
  const waiting = [];
  worker.on('message', (answer) => (waiting.length ? waiting.shift()(answer) : answers.push(answer)));
  const next = () => (answers.length ? Promise.resolve(answers.shift()) : new Promise((r) => waiting.push(r)));
  return { worker, next };
}

const requests = [
  { id: 7, path: '/api/analyze', body: '{"rules":"kayles","position":"8 5"}' },
  { id: 'b', path: '/api/rulesets' },
  { id: 9, path: '/api/analyze', body: '{"position":"3 4 5"}', method: 'GET' },
  { id: 10, path: '/api/nothing', body: '{}' },
  { id: 11, path: '/api/game', body: '{"position":"3 4 5","moves":["1 2"],"reply":"perfect","seed":3}' },
];

const handed = startWorker();
handed.worker.postMessage({ wasmModule });
for (const request of requests) handed.worker.postMessage(request);
for (const request of requests) {
  const answer = await handed.next();
  const expected = await engine.call(request.path, request.body, request.method);
  assert.deepEqual(answer, { id: request.id, status: expected.status, body: expected.body });
}
await handed.worker.terminate();

const unloaded = startWorker();
unloaded.worker.postMessage(requests[0]);
const refused = await unloaded.next();
assert.equal(refused.id, 7);
assert.equal(refused.status, 0);
assert.match(refused.error, /^the engine could not start: /);
await unloaded.worker.terminate();
console.log(`engine worker: ${requests.length} messages answered in order as the engine answers them; ` +
            'a worker that cannot load the module answers status 0');
