// The JSON API, over fetch. Integers beyond 2^53 (sizes up to 2^64-1, Grundy values up to 2^128)
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

// A position is its text, or the tokens of its text (a saved game's), joined here.
const text = (position) => (Array.isArray(position) ? position.join(' ') : position);

export const api = {
  rulesets: () => call('GET', '/api/rulesets'),
  analyze: (rules, misere, position) => call('POST', '/api/analyze', { rules, misere, position: text(position) }),
  moves: (rules, position, extra = {}) => call('POST', '/api/moves', { rules, position: text(position), ...extra }),
  // A random start for a ruleset whose entry says "random".
  random: (rules) => call('POST', '/api/random', { rules }),
  grundy: (rules, count) => call('POST', '/api/grundy', { rules, count }),
  // The record of a game from its parts (state.request: rules, misere, start, moves, played): the
  // library's Match; with `analysis`, the analysis of the position it stands at too.
  // `extra`: "reply" (the computer's move first, at that level) and "legal_moves" (how many of the
  // legal moves where the game then stands to list); see docs/api.md.
  game: (parts, analysis = false, extra = {}) => call('POST', '/api/game', { ...parts, analysis, ...extra }),
};

// The answers the server put into the page when it served it (index.html's "first-answers":
// the ruleset list, the first ruleset's game), or null when there are none.
export function pageAnswers() {
  const text = document.getElementById('first-answers')?.textContent;
  if (!text) return null;
  try {
    return parseExact(text);
  } catch (e) {
    return null;
  }
}
