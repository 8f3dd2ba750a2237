// A module worker answering the JSON API with the WebAssembly engine (engine.js), for a page with
// no server: new Worker(new URL('engine_worker.js', ...), {type: 'module'}).
//
//   worker.postMessage({id, path, body, method?})  →  message {id, status, body}
//
// `body` is the request's JSON text (none for GET /api/rulesets and /api/health; `method` as
// engine.js's call). Messages are answered one at a time, in order. A page cancels a long call by
// terminating the worker and starting another: the new one compiles the module again (the
// browser's code cache makes that quick) unless the first message gives it as
// {wasmModule: WebAssembly.Module}, which it then uses instead. When the engine cannot start,
// every message is answered {id, status: 0, body: '', error} (status 0, as a fetch that failed).
import { createEngine } from './engine.js';

let engine = null;

function start(options) {
  engine = createEngine(options);
  engine.catch(() => {});  // reported to each message instead
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.wasmModule instanceof WebAssembly.Module && engine === null) {
    start({ wasmModule: message.wasmModule });
    return;
  }
  if (engine === null) start({});
  const { id, path, body, method } = message;
  try {
    const answer = await (await engine).call(path, body, method);
    self.postMessage({ id, status: answer.status, body: answer.body });
  } catch (error) {
    self.postMessage({ id, status: 0, body: '', error: `the engine could not start: ${error}` });
  }
};
