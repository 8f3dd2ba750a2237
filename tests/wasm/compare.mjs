// The WebAssembly engine answers as `nimkit serve` does: every request below is sent to both — the
// native server on a free loopback port and the engine (build/wasm/engine) in this process — and
// the two answers must have the same status and the same body, byte for byte.
//
//   node tests/wasm/compare.mjs NIMKIT ENGINE_DIR CATALOGUE
//
// The requests: GET /api/health and /api/rulesets; for every registry entry's examples, at the
// entry's start: analyze (normal and misère play), moves, move at three levels, a game played
// for a few moves with the computer's replies (game with "reply", a seed each), random starts
// with seeds, and grundy; heaps past 2^32 on every ruleset on heaps; skill levels as typed; loopy
// digraphs (draws); then every HTTP case of the bad-input catalogue (its status and error text).
// Two things in an answer may differ legitimately, and are reported, not failed: whether a
// request ran out of its time (the deadline of a second; the engine runs slower than the server),
// an answer that differs where either side names "the time limit"; and the "seed" a move or a
// game's reply draws when the request gives none (catalogue cases), the rest of the answer the
// same.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [nimkit, engineDir, cataloguePath] = process.argv.slice(2);
if (!nimkit || !engineDir || !cataloguePath) {
  console.error('usage: compare.mjs NIMKIT ENGINE_DIR CATALOGUE');
  process.exit(2);
}

const { createEngine } = await import(path.resolve(engineDir, 'engine.js'));
// Emscripten 3.1.6's glue cannot fetch a file path under Node: the bytes are handed to it.
const engine = await createEngine({
  wasmBinary: readFileSync(path.join(engineDir, 'nimkit_engine.wasm')),
});

function startServer() {
  const server = spawn(nimkit, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const found = out.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (found) resolve({ server, base: found[0] });
    });
    server.on('exit', (code) => reject(new Error(`nimkit serve exited with ${code}: ${out}`)));
  });
}
const { server, base } = await startServer();

const encoder = new TextEncoder();
const bytesOf = (body) => (body === undefined ? undefined : typeof body === 'string' ? encoder.encode(body) : body);

async function nativeAnswer(method, url, body) {
  const response = await fetch(base + url, {
    method,
    body: bytesOf(body),
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
  return { status: response.status, body: await response.text() };
}

const counts = { same: 0, timeDependent: 0, drawnSeed: 0, failed: 0 };
const notes = [];

function timeLimited(answer) {
  return answer.status === 422 && answer.body.includes('the time limit');
}

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Whether the two answers differ only in the seed each side drew for a request that gave none.
function onlyDrawnSeeds(request, native, wasm) {
  const asked = parsed(new TextDecoder().decode(bytesOf(request) ?? new Uint8Array(0)));
  const [a, b] = [parsed(native.body), parsed(wasm.body)];
  if (native.status !== wasm.status || !a || !b || !asked || 'seed' in asked) return false;
  delete a.seed;
  delete b.seed;
  return JSON.stringify(a) === JSON.stringify(b);
}

// Sends one request to both; returns the engine's answer, parsed.
async function compare(label, method, url, body) {
  const t0 = performance.now();
  const native = await nativeAnswer(method, url, body);
  const wasm = await engine.call(url, bytesOf(body) ?? undefined, method);
  if (native.status === wasm.status && native.body === wasm.body) {
    counts.same += 1;
  } else if (onlyDrawnSeeds(body, native, wasm)) {
    counts.drawnSeed += 1;
    notes.push(`drawn seed: ${label}: the answers differ in their "seed" only`);
  } else if (timeLimited(native) || timeLimited(wasm)) {
    counts.timeDependent += 1;
    notes.push(`time-dependent: ${label}: server ${native.status}, engine ${wasm.status}`);
  } else {
    counts.failed += 1;
    let at = 0;
    while (at < native.body.length && native.body[at] === wasm.body[at]) at += 1;
    notes.push(`DIFFERENT: ${label}: ${method} ${url}\n  server ${native.status}: ` +
               `…${native.body.slice(Math.max(0, at - 80), at + 120)}\n  engine ${wasm.status}: ` +
               `…${wasm.body.slice(Math.max(0, at - 80), at + 120)}`);
  }
  // NIMKIT_COMPARE_SLOW_MS=300 names the requests that took longer (both answers).
  if (performance.now() - t0 > Number(process.env.NIMKIT_COMPARE_SLOW_MS ?? Infinity)) console.log(`slow ${(performance.now() - t0).toFixed(0)} ms: ${label} ${native.status} ${wasm.status} ${wasm.body.slice(0, 150)}`);
  return parsed(wasm.body) ?? {};
}

const post = (label, url, request) => compare(label, 'POST', url, JSON.stringify(request));

// A game of up to `plies` moves: a person's move (the first legal move, or the last on odd turns),
// then the computer's reply at `level`, each request the page would send.
async function playGame(label, rules, position, level, seed, plies) {
  let moves = [];
  for (let ply = 0; ply < plies; ply += 1) {
    const request = { rules, position, moves, people: [0], analysis: true, legal_moves: 50 };
    const answer = await post(`${label} ply ${ply}`, '/api/game', request);
    const legal = answer.legal_moves?.moves ?? [];
    if (answer.over || legal.length === 0) return;
    moves = [...moves, legal[ply % 2 === 0 ? 0 : legal.length - 1].move];
    const replied = await post(`${label} reply ${ply}`, '/api/game',
                               { ...request, moves, reply: level, seed: seed + ply, legal_moves: 50 });
    if (!replied.moves || replied.over) return;
    moves = replied.moves.map((m) => m.move);
  }
}

async function registrySuite() {
  await compare('health', 'GET', '/api/health');
  const { rulesets } = await compare('rulesets', 'GET', '/api/rulesets');
  await hugeHeapSuite(rulesets);
  await levelSuite();
  await loopySuite();
  for (const entry of rulesets) {
    for (const rules of entry.examples) {
      const position = entry.start;
      const at = `${rules} at ${position}`;
      await post(`analyze ${at}`, '/api/analyze', { rules, position });
      await post(`analyze misère ${at}`, '/api/analyze', { rules, position, misere: true });
      await post(`moves ${at}`, '/api/moves', { rules, position });
      for (const [level, seed] of [['perfect', 1], ['random', 2], ['skilled:0.5', 3]]) {
        await post(`move ${level} ${at}`, '/api/move', { rules, position, level, seed });
      }
      await playGame(`game ${at}`, rules, position, 'perfect', 11, 4);
      await playGame(`game skilled ${at}`, rules, position, 'skilled:0.6', 21, 3);
      if (entry.random) {
        for (const seed of [1, 2, 3]) {
          const start = await post(`random ${rules} seed ${seed}`, '/api/random', { rules, seed });
          if (start.position !== undefined) {
            await post(`analyze random ${rules} seed ${seed}`, '/api/analyze',
                       { rules, position: start.position });
          }
        }
      }
      const count = entry.shape === 'grid' ? 24 : 300;
      await post(`grundy ${rules}`, '/api/grundy', { rules, count });
    }
  }
}

// Heaps past 2^32, where wasm32's 32-bit size_t would cut a size or an index the native build
// keeps whole: every ruleset on heaps, analysed, its moves listed and a move chosen.
async function hugeHeapSuite(rulesets) {
  const sizes = ['4294967298', '1099511627777', '9223372036854775813', '18446744073709551615'];
  for (const entry of rulesets) {
    if (entry.arity === undefined) continue;
    for (const rules of entry.examples) {
      const per = Math.max(entry.arity, 1);
      const position = Array.from({ length: 2 * per }, (_, i) => sizes[i % sizes.length]).join(' ');
      const at = `${rules} at ${position}`;
      await post(`analyze ${at}`, '/api/analyze', { rules, position });
      await post(`moves ${at}`, '/api/moves', { rules, position, limit: 5 });
      await post(`move ${at}`, '/api/move', { rules, position, level: 'random', seed: 5 });
    }
  }
}

// Loopy games (digraphs with cycles): values ∞{K}, draws and the drawing moves, a game whose play
// can go on for ever.
async function loopySuite() {
  const positions = ['digraph:c>d,d>c,u>c,u>z@u nim:1', 'digraph:a>b,b>c,c>a@a',
                     'digraph:a>b,b>a,b>c,c>d@a digraph:x>y,y>x@x', 'digraph:s>a,a>b,b>a,a>t@s nim:2'];
  for (const position of positions) {
    await post(`analyze ${position}`, '/api/analyze', { position });
    await post(`analyze misère ${position}`, '/api/analyze', { position, misere: true });
    await post(`moves ${position}`, '/api/moves', { position });
    await post(`move ${position}`, '/api/move', { position, level: 'perfect', seed: 4 });
    await playGame(`game ${position}`, 'nim', position, 'perfect', 31, 4);
  }
}

// Skill levels as typed: the engine reads a skill with strtod where the native build has
// from_chars (emscripten's libc++ has no from_chars of a double); both must accept the same texts
// and read the same numbers.
async function levelSuite() {
  const skills = ['0.5', '.5', '5.', '1', '0', '-0', '50%', '100%', '12.5%', '1e-1', '1E-1', '5e-1%',
                  '1e-310', '3e-324', '2e-324', '0e-999', '1e-999', '1e999', ' 0.5', '0.5 ', '+0.5', '0x1p-1', 'inf', 'nan', '1e',
                  '1e+', '0.5e-', '--1', '1-', '0,5', '', '%', '0.1000000000000000055511151231257827',
                  '0.30000000000000004', '2', '101%'];
  for (const skill of skills) {
    await post(`level skilled:${skill}`, '/api/move',
               { position: '3 4 5', level: `skilled:${skill}`, seed: 9 });
  }
}

// The catalogue's data and fragments: {{TEXT*N}} repeated, then \n \t \r \0 \\ and \xHH as bytes
// (tests/catalogue/run_catalogue.py reads them so).
function decode(data) {
  if (data === '-') return new Uint8Array(0);
  const text = data.replace(/\{\{(.*?)\*(\d+)\}\}/g, (_, piece, n) => piece.repeat(Number(n)));
  const simple = { n: 10, t: 9, r: 13, 0: 0, '\\': 92 };
  const out = [];
  for (const piece of text.split(/(\\x[0-9a-fA-F]{2}|\\[ntr0\\])/)) {
    if (piece.startsWith('\\x') && piece.length === 4) out.push(parseInt(piece.slice(2), 16));
    else if (piece.startsWith('\\') && piece.length === 2) out.push(simple[piece[1]]);
    else out.push(...encoder.encode(piece));
  }
  return new Uint8Array(out);
}

async function catalogueSuite() {
  let cases = 0;
  for (const line of readFileSync(cataloguePath, 'utf-8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [section, id, kind, args, data] = line.split('\t');
    if (section === 'section' || kind !== 'http') continue;
    const [method, url] = args.split(' ');
    await compare(`catalogue ${id}`, method, url, data === '-' && method === 'GET' ? undefined : decode(data));
    cases += 1;
  }
  return cases;
}

let status = 0;
try {
  const started = performance.now();
  await registrySuite();
  const catalogued = await catalogueSuite();
  for (const note of notes) console.log(note);
  console.log(`wasm engine vs nimkit serve: ${counts.same} answers identical, ` +
              `${counts.timeDependent} time-dependent, ${counts.drawnSeed} with a drawn seed, ` +
              `${counts.failed} different ` +
              `(${catalogued} catalogue cases among them) in ` +
              `${((performance.now() - started) / 1000).toFixed(1)} s`);
  status = counts.failed === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  status = 1;
} finally {
  server.kill();
}
process.exit(status);
