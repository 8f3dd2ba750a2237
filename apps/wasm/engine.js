// The nimkit engine for JavaScript: the JSON API of `nimkit serve` answered by the WebAssembly
// module (engine.cc) in this thread, the same statuses and bodies as the server's.
//
//   const engine = await createEngine();              // nimkit_engine.wasm beside this file
//   const { status, body } = await engine.call('/api/analyze', '{"position":"3 4 5"}');
//
// call(path, body, method): `body` is the request's text (a string, or its bytes as a Uint8Array);
// `method` is GET when no body is given, else POST. The answer's body is the JSON text the server
// would send. Calls run one at a time, each to its end: a long one is stopped by its deadline (the
// server's, a second) or by terminating the worker it runs in.
//
// createEngine(options) takes the module as `wasmModule` (a compiled WebAssembly.Module, say one
// handed to a new worker), `wasmBinary` (its bytes: Node, where the glue cannot fetch a file) or
// `wasmUrl`; by default it fetches nimkit_engine.wasm from beside this file.
import createNimkitModule from './nimkit_engine.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function compileEngine(options = {}) {
  if (options.wasmModule) return options.wasmModule;
  if (options.wasmBinary) return WebAssembly.compile(options.wasmBinary);
  const url = options.wasmUrl ?? new URL('nimkit_engine.wasm', import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load the engine ${url}: HTTP ${response.status}`);
  // compileStreaming needs the application/wasm type; a server without it still gets the bytes.
  if (response.headers.get('Content-Type') === 'application/wasm') {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

// A fresh instance of the compiled module.
function instantiate(wasmModule) {
  return createNimkitModule({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule));
      return {};
    },
  });
}

function bytesOf(text) {
  if (text === undefined || text === null) return new Uint8Array(0);
  return text instanceof Uint8Array ? text : encoder.encode(String(text));
}

function readAnswer(module, status) {
  const at = module._nimkit_answer();
  const size = module._nimkit_answer_size();
  return { status, body: decoder.decode(module.HEAPU8.subarray(at, at + size)) };
}

export async function createEngine(options = {}) {
  const wasmModule = await compileEngine(options);
  let module = await instantiate(wasmModule);
  // What an instance that aborted answers, written by the engine while it still could.
  const failures = {
    internal: readAnswer(module, module._nimkit_failure(0)),
    outOfMemory: readAnswer(module, module._nimkit_failure(1)),
  };
  let next = null;  // the instance replacing one that aborted

  async function call(path, body, method) {
    if (next) {
      module = await next;
      next = null;
    }
    const verb = method ?? (body === undefined ? 'GET' : 'POST');
    const parts = [encoder.encode(verb), encoder.encode(path), bytesOf(body)];
    const size = parts.reduce((total, part) => total + part.length, 0);
    const at = module._malloc(Math.max(size, 1));
    if (at === 0) {
      // No room for the request itself: what the instance holds (its caches) goes with it.
      next = instantiate(wasmModule);
      return failures.outOfMemory;
    }
    let offset = at;
    const where = parts.map((part) => {
      module.HEAPU8.set(part, offset);
      offset += part.length;
      return [offset - part.length, part.length];
    });
    try {
      const status = module._nimkit_call(...where.flat());
      const answer = readAnswer(module, status);
      module._free(at);
      return answer;
    } catch (error) {
      // The instance aborted (memory ran out, or a failure the server would answer 500): its
      // memory is left as it was, and the next call runs on a new one.
      const answer = module.nimkitOutOfMemory ? failures.outOfMemory : failures.internal;
      next = instantiate(wasmModule);
      return answer;
    }
  }

  // `module`: the compiled module, for another engine (a new worker); `instance()`: the
  // emscripten instance answering now (tests reach into it).
  return { call, module: wasmModule, instance: () => module };
}
