// How the page reaches the engine: over HTTP to `nimkit serve`, or to the engine compiled to
// WebAssembly running in a Web Worker (the static site, built by scripts/site.sh). Both answer the
// same requests (docs/api.md) with the same JSON and status; the page's `<meta name="nimkit-engine"
// content="worker">` chooses the worker. A request is (path, body): "/api/rulesets" takes no body
// and is a GET over HTTP, every other path a POST of its JSON body.
//
// Either way an answer is {status, text}: the status the server gives (0 when the engine was not
// reached) and the JSON text, which api.js reads. A call may be cancelled with an AbortSignal: over
// HTTP the fetch is aborted; in the worker, where a computation cannot be interrupted, the worker
// is ended and a new one started, and the other calls it had are asked again of the new one (every
// request is a pure function of its body, so asking twice is harmless).

export const engineKind =
  document.querySelector('meta[name="nimkit-engine"]')?.content === 'worker' ? 'worker' : 'server';

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

// Relative to the page, so that the site works from any folder of a web server.
const url = (path) => new URL(`.${path}`, document.baseURI);

async function overHttp(path, body, signal) {
  const init = body === undefined
    ? { method: 'GET', signal }
    : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal };
  let response;
  try {
    response = await fetch(url(path), init);
  } catch (e) {
    if (signal?.aborted) throw new Cancelled();
    return { status: 0, text: JSON.stringify({ error: 'the nimkit server is not reachable' }) };
  }
  return { status: response.status, text: await response.text() };
}

// The engine in a Web Worker (js/engine_worker.js): posts {id, path, body} (body as JSON text, or
// undefined for a GET) and reads {id, status, body} (body as JSON text; status 0 and an `error`
// when the engine could not start).
class WorkerEngine {
  constructor() {
    this.pending = new Map();  // id → {path, body, resolve}
    this.nextId = 1;
    this.start();
  }

  start() {
    this.worker = new Worker(url('/js/engine_worker.js'), { type: 'module' });
    this.worker.onmessage = ({ data }) => {
      const call = this.pending.get(data.id);
      if (!call) return;
      this.pending.delete(data.id);
      const text = data.status === 0 ? JSON.stringify({ error: data.error ?? 'the engine failed' }) : data.body;
      call.resolve({ status: data.status, text });
    };
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      const failed = [...this.pending.values()];
      this.pending.clear();
      const text = JSON.stringify({ error: `the engine did not start (${event.message ?? 'worker error'})` });
      for (const call of failed) call.resolve({ status: 0, text });
    };
  }

  post(id, { path, body }) {
    this.worker.postMessage({ id, path, body });
  }

  call(path, body, signal) {
    if (signal?.aborted) return Promise.reject(new Cancelled());
    const id = this.nextId++;
    const text = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { path, body: text, resolve });
      this.post(id, { path, body: text });
      signal?.addEventListener('abort', () => {
        if (!this.pending.delete(id)) return;
        reject(new Cancelled());
        this.restart();
      }, { once: true });
    });
  }

  // Ends the worker (and whatever it computes) and asks a new one the calls still waiting.
  restart() {
    this.worker.terminate();
    this.start();
    for (const [id, call] of this.pending) this.post(id, call);
  }
}

let worker = null;

// Sends one request; resolves to {status, text}, rejects with Cancelled when `signal` aborts it.
// Each request is marked in the page's performance timeline ("nimkit:request", its path as the
// detail), so that the tests count the requests a move makes whichever engine answers.
export function send(path, body, signal) {
  performance.mark('nimkit:request', { detail: path });
  if (engineKind === 'server') return overHttp(path, body, signal);
  worker ??= new WorkerEngine();
  return worker.call(path, body, signal);
}
