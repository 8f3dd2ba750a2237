// How fast the WebAssembly engine answers under Node: the module's compile and instantiate times
// and a new engine's first call (cold, then again), and a move as the page plays it (POST
// /api/game with the person's move, the computer's reply, the analysis and the legal moves) in Nim
// and in Kayles, each the median of 21 calls on a fresh engine. Fails when a move's median passes
// BOUND_MS (default 20). Given NIMKIT, it also times a few long requests on the engine and on
// `nimkit serve` (medians of 5), for the ratio of the two.
//
//   node tests/wasm/speed.mjs ENGINE_DIR [BOUND_MS [NIMKIT]]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [engineDir, bound = '20', nimkit] = process.argv.slice(2);
const { compileEngine, createEngine } = await import(path.resolve(engineDir, 'engine.js'));
const bytes = readFileSync(path.join(engineDir, 'nimkit_engine.wasm'));
const runs = 21;

const median = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
async function timed(work) {
  const start = performance.now();
  const value = await work();
  return [performance.now() - start, value];
}

const compiles = [];
for (let i = 0; i < runs; i += 1) compiles.push((await timed(() => compileEngine({ wasmBinary: bytes })))[0]);
const wasmModule = await compileEngine({ wasmBinary: bytes });
const instantiations = [];
const firstCalls = [];
for (let i = 0; i < runs; i += 1) {
  const [ms, engine] = await timed(() => createEngine({ wasmModule }));
  instantiations.push(ms);
  firstCalls.push((await timed(() => engine.call('/api/rulesets')))[0]);
}
// The first of each is cold (V8 compiles functions lazily, on their first call, and keeps a module
// it compiled: the later ones are what a restarted engine costs when the module is at hand).
console.log(`module ${bytes.length} bytes, cold: compile ${compiles[0].toFixed(1)} ms, ` +
            `instantiate ${instantiations[0].toFixed(1)} ms, first GET /api/rulesets ` +
            `${firstCalls[0].toFixed(1)} ms; again (medians of ${runs}): compile ` +
            `${median(compiles).toFixed(1)} ms, instantiate ${median(instantiations).toFixed(1)} ms, ` +
            `first GET /api/rulesets ${median(firstCalls).toFixed(1)} ms`);

// The page's request after a person's move: the game so far, the reply asked for, the analysis
// and up to 2000 legal moves of the position the reply leaves.
const games = [
  ['Nim', { rules: 'nim', position: '3 4 5', moves: ['1 2'] }],
  ['Kayles', { rules: 'kayles', position: '8 5', moves: ['1 2'] }],
  ['Kayles, later', { rules: 'kayles', position: '8 5', moves: ['1 2', '1 1', '3 3'] }],
];
let status = 0;
for (const [name, game] of games) {
  const engine = await createEngine({ wasmModule });
  const times = [];
  let answer;
  for (let i = 0; i < runs; i += 1) {
    const request = { ...game, misere: false, people: [0], analysis: true, reply: 'perfect', seed: i,
                      legal_moves: 2000 };
    [times[i], answer] = await timed(() => engine.call('/api/game', JSON.stringify(request)));
    if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.body}`);
  }
  const ms = median(times);
  console.log(`${name}: POST /api/game with a reply, median ${ms.toFixed(2)} ms, first ` +
              `${times[0].toFixed(2)} ms, slowest ${Math.max(...times).toFixed(2)} ms ` +
              `(${answer.body.length} bytes answered)`);
  if (ms > Number(bound)) status = 1;
}
if (status !== 0) console.log(`a move took more than ${bound} ms (median)`);

if (nimkit) {
  const server = spawn(nimkit, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise((resolve) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const found = out.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (found) resolve(found[0]);
    });
  });
  const long = [
    ['misère Kayles 9 7 8', '/api/analyze', { misere: true, position: 'kayles:9 kayles:7 kayles:8' }],
    ["Moore's Nim (2) 12 9 10", '/api/analyze', { rules: 'moore:2', position: '12 9 10' }],
    ['Node Kayles, 16-cycle and chords', '/api/analyze', {
      rules: 'node-kayles',
      position: '1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-11,11-12,12-13,13-14,14-15,15-16,16-1,1-9,3-12',
    }],
    ['grundy 0.16 to 100000', '/api/grundy', { rules: 'octal:0.16', count: 100000 }],
  ];
  const engine = await createEngine({ wasmModule });
  for (const [name, url, request] of long) {
    const body = JSON.stringify(request);
    const [wasm, native] = [[], []];
    for (let i = 0; i < 5; i += 1) {
      wasm.push((await timed(() => engine.call(url, body)))[0]);
      native.push((await timed(async () => (await fetch(base + url, { method: 'POST', body })).text()))[0]);
    }
    console.log(`${name}: engine ${median(wasm).toFixed(1)} ms, server ${median(native).toFixed(1)} ms ` +
                `(x${(median(wasm) / median(native)).toFixed(2)})`);
  }
  server.kill();
}
process.exit(status);
