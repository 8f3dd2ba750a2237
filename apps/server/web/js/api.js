// The JSON API, over the page's transport (transport.js: HTTP to `nimkit serve`, or the engine in a
// Web Worker). Integers beyond 2^53 (sizes up to 2^64-1, Grundy values up to 2^128) would lose
// digits in JSON.parse, so they are read back as decimal strings instead.
import { send } from './transport.js';

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

// The answer to one request, parsed: its data, or an ApiError with the status and the refusal.
async function call(path, body, signal) {
  const { status, text } = await send(path, body, signal);
  let data;
  try {
    data = parseExact(text);
  } catch (e) {
    throw new ApiError(`unexpected answer from the engine (HTTP ${status})`, status);
  }
  if (status < 200 || status >= 300) throw new ApiError(data.error ?? `HTTP ${status}`, status, data);
  return data;
}

// For tests and for anyone at the browser's console: the answer to a request as the server would
// give it, whichever engine the page uses — the parsed answer, or {error, status} for a refusal.
window.nimkit = {
  call: async (path, body) => {
    const { status, text } = await send(path, body);
    const data = parseExact(text);
    return status >= 200 && status < 300 ? data : { ...data, status };
  },
};

// A position is its text, or the tokens of its text (a saved game's), joined here.
const text = (position) => (Array.isArray(position) ? position.join(' ') : position);

export const api = {
  rulesets: () => call('/api/rulesets'),
  analyze: (rules, misere, position) => call('/api/analyze', { rules, misere, position: text(position) }),
  moves: (rules, position, extra = {}) => call('/api/moves', { rules, position: text(position), ...extra }),
  // A random start for a ruleset whose entry says "random".
  random: (rules) => call('/api/random', { rules }),
  // `signal` cancels it (a new plot asked for before this one came).
  grundy: (rules, count, signal) => call('/api/grundy', { rules, count }, signal),
  // The record of a game from its parts (state.request: rules, misere, start, moves, played): the
  // library's Match; with `analysis`, the analysis of the position it stands at too.
  // `extra`: "reply" (the computer's move first, at that level) and "legal_moves" (how many of the
  // legal moves where the game then stands to list); see docs/api.md.
  game: (parts, analysis = false, extra = {}) => call('/api/game', { ...parts, analysis, ...extra }),
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
