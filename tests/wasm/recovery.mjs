// The engine after an abort: the server answers a request that fails unexpectedly 500 and one
// that runs out of memory 503, and goes on answering; the engine (engine.js) answers the same
// statuses and bodies and goes on with a fresh instance. Each failure is made for real: a trap
// (a read past memory), memory running out within a request (the new-handler's abort), and no
// room left for the request itself.
//
//   node tests/wasm/recovery.mjs ENGINE_DIR
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [engineDir] = process.argv.slice(2);
const { createEngine } = await import(path.resolve(engineDir, 'engine.js'));
const engine = await createEngine({
  wasmBinary: readFileSync(path.join(engineDir, 'nimkit_engine.wasm')),
});
const internal = { status: 500, body: '{"contract":2,"error":"internal error"}' };
const outOfMemory = {
  status: 503,
  body: '{"contract":2,"error":"the server is out of memory for this request"}',
};
const request = '{"position":"3 4 5"}';
const healthy = async (before) => {
  assert.equal((await engine.call('/api/analyze', request)).status, 200);
  assert.ok(engine.instance() !== before, 'a fresh instance answers after a failure');
};

// A trap: the path handed over lies past the end of memory.
let instance = engine.instance();
const call = instance._nimkit_call;
instance._nimkit_call = (method, methodSize, _path, _pathSize, body, bodySize) =>
  call(method, methodSize, 0x7fffff00, 40, body, bodySize);
assert.deepEqual(await engine.call('/api/analyze', request), internal);
await healthy(instance);

// Memory running out while the request is answered: all of it taken but a little, enough for
// the request's text and not for its answer.
instance = engine.instance();
const taken = [];
for (const size of [64 << 20, 1 << 20, 4096, 64]) {
  for (let at = instance._malloc(size); at !== 0; at = instance._malloc(size)) taken.push(at);
}
instance._free(taken.pop());
assert.equal(instance.nimkitOutOfMemory, undefined);
assert.deepEqual(await engine.call('/api/analyze', request), outOfMemory);
assert.equal(instance.nimkitOutOfMemory, true, 'the new-handler marked the instance');
await healthy(instance);

// No room for the request itself.
instance = engine.instance();
for (const size of [64 << 20, 1 << 20, 4096, 16]) {
  while (instance._malloc(size) !== 0);
}
assert.deepEqual(await engine.call('/api/analyze', request), outOfMemory);
await healthy(instance);
console.log('engine recovery: a trap answered 500, memory running out 503, each then a fresh instance');
