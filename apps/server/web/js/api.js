// The JSON API, over fetch. Integers beyond 2^53 (heaps up to 2^64-1, Grundy values up to 2^128)
// would lose digits in JSON.parse, so they are read back as decimal strings instead.

function parseExact(text) {
  return JSON.parse(text, (key, value, context) => {
    if (typeof value === 'number' && !Number.isSafeInteger(value) && context?.source &&
        /^-?\d+$/.test(context.source)) {
      return context.source;
    }
    return value;
  });
}

export class ApiError extends Error {
  // `data`: the refusal's whole body, for fields a view words in its own terms.
  constructor(message, status, data = {}) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError('the nimkit server is not reachable', 0);
  }
  const text = await response.text();
  let data;
  try {
    data = parseExact(text);
  } catch (e) {
    throw new ApiError(`unexpected answer from the server (HTTP ${response.status})`, response.status);
  }
  if (!response.ok) throw new ApiError(data.error ?? `HTTP ${response.status}`, response.status, data);
  return data;
}

export const api = {
  rulesets: () => call('GET', '/api/rulesets'),
  analyze: (rules, misere, heaps) => call('POST', '/api/analyze', { rules, misere, heaps }),
  move: (rules, misere, heaps, level) => call('POST', '/api/move', { rules, misere, heaps, level }),
  moves: (rules, heaps, extra = {}) => call('POST', '/api/moves', { rules, heaps, ...extra }),
  grundy: (rules, count) => call('POST', '/api/grundy', { rules, count }),
};
