// A stand-in for the server's Node Kayles answers, for a server built without the ruleset (it
// lives on branch node-kayles until merged). It answers /api/rulesets (the real list plus a
// node-kayles entry) and /api/analyze, /api/moves, /api/move for rules "node-kayles" with the
// shapes the library writes (apps/json/json.cc over src/games/node_kayles.cc): components with
// view "graph" and fields {vertices, edges}; moves with "vertex", "component", "move" (the vertex
// number), "description" and "position". Normal play only; small graphs, values by brute force.
// Every other request goes to the real server.

export const ENTRY = {
  name: 'node-kayles',
  parameters: '',
  summary: 'remove a vertex and all its neighbours from a graph',
  examples: ['node-kayles'],
  view: 'graph',
  start: '1-2,2-3,3-4,4-5,5-1,1-3',
};

// Tokens ("1-2,2-3" or "1-2" "3") → {vertices: sorted numbers, adj: Map v → Set}.
function parse(tokens) {
  const adj = new Map();
  const add = (v) => { if (!adj.has(v)) adj.set(v, new Set()); };
  for (const token of tokens) {
    for (const piece of String(token).split(',')) {
      const [a, b] = piece.split('-').map(Number);
      if (!Number.isInteger(a) || a < 1 || (b !== undefined && (!Number.isInteger(b) || b < 1 || a === b))) {
        throw new Error(`bad graph item "${piece}": expected a vertex "3" or an edge "1-2"`);
      }
      add(a);
      if (b !== undefined) {
        add(b);
        adj.get(a).add(b);
        adj.get(b).add(a);
      }
    }
  }
  return adj;
}

const sorted = (xs) => [...xs].sort((x, y) => x - y);

// The connected components, each a Map, in order of their smallest vertex.
function components(adj) {
  const seen = new Set();
  const out = [];
  for (const v of sorted(adj.keys())) {
    if (seen.has(v)) continue;
    const part = new Map();
    const stack = [v];
    seen.add(v);
    while (stack.length) {
      const u = stack.pop();
      part.set(u, adj.get(u));
      for (const w of adj.get(u)) if (!seen.has(w)) { seen.add(w); stack.push(w); }
    }
    out.push(part);
  }
  return out;
}

function edges(g) {
  const out = [];
  for (const a of sorted(g.keys())) for (const b of sorted(g.get(a))) if (a < b) out.push([a, b]);
  return out;
}

function items(g) {
  const e = edges(g);
  return e.length ? e.map(([a, b]) => `${a}-${b}`) : sorted(g.keys()).map(String);
}

const closed = (g, v) => new Set([v, ...g.get(v)]);

function without(g, gone) {
  const out = new Map();
  for (const [v, n] of g) if (!gone.has(v)) out.set(v, new Set([...n].filter((w) => !gone.has(w))));
  return out;
}

// The vertices that stand for a move: the smallest of each class of twins (same closed
// neighbourhood), as the library lists them.
function movers(g) {
  const seen = new Set();
  const out = [];
  for (const v of sorted(g.keys())) {
    const key = sorted(closed(g, v)).join(',');
    if (!seen.has(key)) { seen.add(key); out.push(v); }
  }
  return out;
}

const memo = new Map();
function grundy(g) {
  const key = edges(g).map((e) => e.join('-')).join(',') + '|' + sorted(g.keys()).join(',');
  if (memo.has(key)) return memo.get(key);
  const seen = new Set();
  for (const v of movers(g)) {
    seen.add(components(without(g, closed(g, v))).reduce((x, part) => x ^ grundy(part), 0));
  }
  let value = 0;
  while (seen.has(value)) value += 1;
  memo.set(key, value);
  return value;
}

const notation = (parts) => parts.flatMap(items).join(' ');

function moveJson(parts, c, v) {
  const g = parts[c];
  const gone = closed(g, v);
  const others = sorted(gone).filter((w) => w !== v);
  const after = parts.flatMap((p, i) => (i === c ? components(without(p, gone)) : [p]));
  return {
    vertex: v,
    component: c,
    move: String(v),
    description: `remove vertex ${v}${others.length ? ` (and ${others.join(', ')})` : ''}`,
    position: notation(components(new Map(after.flatMap((p) => [...p])))),
  };
}

function allMoves(parts) {
  return parts.flatMap((g, c) => movers(g).map((v) => moveJson(parts, c, v)));
}

function analysisJson(parts) {
  const values = parts.map(grundy);
  const total = values.reduce((x, y) => x ^ y, 0);
  const moves = allMoves(parts);
  const winning = moves.filter((m) => {
    const after = components(parse(m.position.split(' ').filter(Boolean)));
    return m.position === '' || after.reduce((x, p) => x ^ grundy(p), 0) === 0;
  });
  const width = Math.max(1, ...values.map((v) => v.toString(2).length));
  const fieldsOf = (g) => ({ vertices: sorted(g.keys()), edges: edges(g).flat() });
  const label = (g) => `graph ${items(g).join(',')}`;
  return {
    rules: 'node-kayles',
    convention: 'normal',
    heaps: [],
    vertices: parts.flatMap((g) => sorted(g.keys())),
    edges: parts.flatMap((g) => edges(g).flat()),
    position: notation(parts),
    grundy: total,
    winner: total ? 'first' : 'second',
    winning_moves: total ? winning : [],
    winning_move_count: total ? winning.length : 0,
    method: 'grundy',
    components: parts.map((g, i) => ({
      rules: 'node-kayles', view: 'graph', items: items(g), label: label(g), fields: fieldsOf(g), grundy: values[i],
    })),
    explanation: {
      heading: 'Nim-sum of the Grundy values, in binary, XORed column by column',
      rows: parts.map((g, i) => ({
        label: label(g), value: values[i], binary: values[i].toString(2).padStart(width, '0'),
        rules: `node-kayles ${items(g).join(',')}`, reason: '',
      })),
      width,
      total,
      total_binary: total.toString(2).padStart(width, '0'),
      columns: [],
      lines: [total ? `X = ${total} is not 0, so the player to move (first) wins: move so that X becomes 0.`
        : 'X = 0: every move leaves X non-zero, so the player to move (first) loses against perfect play.'],
      component_moves: [],
      winning_moves: winning.map((m) => m.description),
    },
    terminal: parts.length === 0,
  };
}

// Installs the stand-in on a Playwright page (before it loads).
export async function install(page) {
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    if (path === '/api/rulesets') {
      const response = await route.fetch();
      const body = await response.json();
      body.rulesets.push(ENTRY);
      await route.fulfill({ response, json: body });
      return;
    }
    const body = request.postDataJSON?.() ?? null;
    if (!body || String(body.rules ?? '').split(':')[0] !== 'node-kayles') {
      await route.continue();
      return;
    }
    if (!body.heaps?.length) {
      // As the server: an empty position cannot be sent (a game's last move leaves one).
      await route.fulfill({ status: 422, json: { error: '"heaps" is empty: give at least one heap' } });
      return;
    }
    try {
      const parts = components(parse(body.heaps));
      let answer;
      if (path === '/api/analyze') {
        answer = analysisJson(parts);
      } else if (path === '/api/moves') {
        let moves = allMoves(parts);
        if (body.move !== undefined) moves = moves.filter((m) => m.move === String(body.move));
        answer = { rules: 'node-kayles', position: notation(parts), count: moves.length, moves, truncated: false };
      } else if (path === '/api/move') {
        const analysis = analysisJson(parts);
        const move = analysis.winning_moves[0] ?? allMoves(parts)[0];
        const after = components(parse(move.position.split(' ').filter(Boolean)));
        answer = { move, analysis: analysisJson(after) };
      } else {
        await route.continue();
        return;
      }
      await route.fulfill({ json: answer });
    } catch (e) {
      await route.fulfill({ status: 422, json: { error: e.message } });
    }
  });
}
