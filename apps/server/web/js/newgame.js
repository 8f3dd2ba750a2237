// The new-game form: the ruleset list (GET /api/rulesets, never written here), its parameters,
// the position (its example is the entry's "start"; "random" draws heaps for heap rulesets, as
// many as the entry's arity wants, or a small random graph), who starts, the computer's level,
// and a prediction of the winner that follows the form as it changes.

import { api, ApiError } from './api.js';

const $ = (id) => document.getElementById(id);

let rulesets = [];
let onStart = () => {};

// Where a ruleset entry does not say "start", a game of its view starts here.
const DEFAULT_START = { heaps: '3 4 5', graph: '1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-1,1-6' };

const selectedEntry = () => rulesets.find((r) => r.name === $('f-ruleset').value);
export const viewOf = (entry) => entry?.view ?? 'heaps';
// Whether the ruleset's positions are heaps (however its view draws them: stones, pins, a queen):
// heap rulesets say their "arity".
export const madeOfHeaps = (entry) => entry?.arity !== undefined || viewOf(entry) === 'heaps';
// The kind of position the box holds: heaps, or the view's own notation.
const positionKind = (entry) => (madeOfHeaps(entry) ? 'heaps' : viewOf(entry));
const startOf = (entry) => entry?.start ?? DEFAULT_START[viewOf(entry)] ?? '';

const form = {
  spec() {
    const entry = selectedEntry();
    const params = $('f-params').value.trim();
    return entry?.parameters && params ? `${entry.name}:${params}` : entry?.name ?? 'nim';
  },
  // The position's tokens. A graph's edges (a directed graph's arrows) may be typed with commas
  // or spaces between them.
  heaps() {
    const text = $('f-heaps').value.trim();
    return text.split(['graph', 'digraph'].includes(viewOf(selectedEntry())) ? /[\s,]+/ : /\s+/).filter(Boolean);
  },
  misere() { return document.querySelector('input[name=convention]:checked').value === 'misere'; },
  first() { return document.querySelector('input[name=first]:checked').value; },
  mode() { return document.querySelector('input[name=mode]:checked').value; },
  opponent() { return document.querySelector('input[name=opponent]:checked').value; },
  level() {
    const kind = document.querySelector('input[name=level]:checked').value;
    return kind === 'skilled' ? `skilled:${$('f-skill').value}%` : kind;
  },
};

// Fills a ruleset select with the registry's entries (those `keep` accepts).
export function fillRulesetSelect(select, keep = () => true) {
  select.replaceChildren(...rulesets.filter(keep).map((r) => {
    const option = document.createElement('option');
    option.value = r.name;
    option.textContent = r.title ? `${r.title} (${r.name})` : r.name;
    option.title = r.rules ?? r.summary;
    return option;
  }));
}

// Shows the parameter box of the chosen ruleset, pre-filled from its first example.
export function syncParams(select, input, label, help, summary) {
  const entry = rulesets.find((r) => r.name === select.value);
  if (!entry) return;
  const example = (entry.examples ?? []).find((e) => e.includes(':'));
  label.hidden = !entry.parameters;
  if (entry.parameters && !input.dataset.touched) input.value = example ? example.slice(entry.name.length + 1) : '';
  input.placeholder = entry.parameters ?? '';
  if (help) help.textContent = entry.parameters ? `Form: ${entry.parameters}. Examples: ${(entry.examples ?? []).join(', ')}` : '';
  if (summary) summary.textContent = entry.title ? `${entry.title}: ${entry.rules}` : entry.summary;
}

const POSITION_HELP = {
  heaps: 'Numbers separated by spaces (notation like 7x or kayles:7 works too).',
  graph: 'Edges a-b separated by commas (e.g. 1-2,2-3,3-4); a lone vertex as its number.',
  cram: 'Rows of . (empty) and # (filled) separated by / (e.g. ..../.#../....).',
  digraph: 'Arrows a>b separated by commas, then @ and the vertex holding the token (e.g. a>b,b>c,a>c@a); @a@b for two tokens.',
  hackenbush: 'Edges a-b separated by commas, vertex 0 being the ground (e.g. 0-1,1-2,2-0 for a triangle on the ground); a loop as 2-2, a second edge between the same vertices written twice.',
  chomp: 'The lengths of the bar\'s rows, top row first, each no longer than the one above (e.g. 5 5 4 2).',
  coins: 'A row of coins, h for heads and t for tails (e.g. hthht); for a grid, rows separated by / (e.g. ttt/thh/tht).',
};

// The position box follows the chosen ruleset: its example is the entry's "start", and a box
// the person has not typed in (or one written for another view) starts from it.
function syncPosition() {
  const entry = selectedEntry();
  const view = positionKind(entry);
  const input = $('f-heaps');
  if (!input.dataset.touched || input.dataset.view !== view) {
    input.value = startOf(entry);
    input.dataset.touched = '';
  }
  input.dataset.view = view;
  input.placeholder = startOf(entry);
  $('f-heaps-label').textContent = view === 'heaps' ? 'Heaps' : 'Position';
  // A view without its own help still gets an example: the registry's start position.
  $('f-heaps-help').textContent = POSITION_HELP[view] ?? `Written like this example: ${startOf(entry)}.`;
}

// Prediction answers can arrive out of order: each carries the number of the form state it was
// asked for, and only the newest is shown. A change clears the old prediction at once, so
// nothing on screen describes a form that no longer is.
let predictionTimer = 0;
let predictionSeq = 0;
function predict() {
  const my = ++predictionSeq;
  clearTimeout(predictionTimer);
  const out = $('f-prediction');
  out.textContent = '';
  out.className = 'prediction';
  predictionTimer = setTimeout(async () => {
    try {
      const analysis = await api.analyze(form.spec(), form.misere(), form.heaps());
      if (my !== predictionSeq) return;
      $('f-error').hidden = true;
      $('f-start').disabled = false;
      if (analysis.terminal) {
        out.textContent = 'Nobody can move from this position.';
        return;
      }
      if (form.mode() === 'play') {
        out.textContent = 'Play mode: who is winning stays hidden until the game ends.';
        return;
      }
      const firstWins = analysis.winner === 'first';
      const human = form.first() === 'human';
      const youWin = firstWins === human;
      out.className = `prediction ${youWin ? 'good' : 'bad'}`;
      const who = form.opponent() === 'human'
        ? `Player ${youWin ? 1 : 2}` : (youWin ? 'you' : 'the computer');
      out.textContent = `Prediction: the ${firstWins ? 'first' : 'second'} player wins with perfect play — that is ${who}.`;
    } catch (e) {
      if (my !== predictionSeq) return;
      out.textContent = '';
      $('f-error').textContent = e.message;
      $('f-error').hidden = false;
      $('f-start').disabled = e instanceof ApiError && e.status >= 400;
    }
  }, 200);
}

const randomInt = (low, high) => low + Math.floor(Math.random() * (high - low + 1));

// A random position for the chosen ruleset: heaps (as many as its arity wants) or, for a graph,
// 5 to 8 vertices with random edges, written "a-b,…" with lone vertices as "a".
function randomPosition() {
  const entry = selectedEntry();
  if (viewOf(entry) === 'graph') return randomGraph();
  if (viewOf(entry) === 'digraph') return randomDigraph();
  let count = randomInt(3, 5);
  if (entry?.arity > 1) count = entry.arity * Math.max(1, Math.floor(count / entry.arity));
  return Array.from({ length: count }, () => randomInt(1, 12)).join(' ');
}

function randomGraph() {
  const n = randomInt(5, 8);
  const items = [];
  const linked = new Set();
  for (let a = 1; a <= n; a += 1) {
    for (let b = a + 1; b <= n; b += 1) {
      if (Math.random() < 0.35) {
        items.push(`${a}-${b}`);
        linked.add(a).add(b);
      }
    }
  }
  for (let v = 1; v <= n; v += 1) if (!linked.has(v)) items.push(String(v));
  return items.join(',');
}

// 5 to 8 vertices a, b, c, … with random arrows from each to later ones (so no cycle), the
// token on a, written "a>b,…@a".
function randomDigraph() {
  const n = randomInt(5, 8);
  const name = (i) => String.fromCharCode(97 + i);
  const arrows = ['a>b'];
  for (let a = 0; a < n; a += 1) {
    for (let b = a + 1; b < n; b += 1) {
      if ((a > 0 || b > 1) && (b === a + 1 || Math.random() < 0.3)) arrows.push(`${name(a)}>${name(b)}`);
    }
  }
  return `${arrows.join(',')}@a`;
}

export function openNewGame(game) {
  const dialog = $('new-game');
  if (game) {
    const name = game.rules.split(':')[0];
    $('f-ruleset').value = name;
    const params = game.rules.includes(':') ? game.rules.slice(name.length + 1) : '';
    $('f-params').value = params;
    $('f-params').dataset.touched = params ? '1' : '';
    document.querySelector(`input[name=convention][value=${game.misere ? 'misere' : 'normal'}]`).checked = true;
    document.querySelector(`input[name=mode][value=${game.mode ?? 'learn'}]`).checked = true;
    document.querySelector(`input[name=opponent][value=${game.opponent ?? 'computer'}]`).checked = true;
  }
  syncParams($('f-ruleset'), $('f-params'), $('f-params-field'), $('f-params-help'), $('f-summary'));
  syncPosition();
  dialog.showModal();
  predict();
}

async function startNewGame(e) {
  e.preventDefault();
  const spec = form.spec();
  const heaps = form.heaps();
  const phase = document.body.dataset.phase;
  // Synchronously, so that a watcher cannot take the old game's phase for the new one's.
  document.body.dataset.phase = 'loading';
  let start;
  try {
    start = await api.analyze(spec, form.misere(), heaps);
  } catch (err) {
    document.body.dataset.phase = phase;
    $('f-error').textContent = err.message;
    $('f-error').hidden = false;
    return;
  }
  $('new-game').close();
  // The server's own notation of the position, e.g. "3 4x 5" for typed "3 4x 5" or numbers.
  onStart({ rules: spec, misere: form.misere(), heaps: start.position.split(/\s+/), first: form.first(), level: form.level(),
    mode: form.mode(), opponent: form.opponent() });
}

// Takes the registry's entries and what to do with a started game ({rules, misere, heaps,
// first, level, mode, opponent}, for state.newGame); wires the form.
export function setupNewGame(entries, start) {
  rulesets = entries;
  onStart = start;
  fillRulesetSelect($('f-ruleset'));
  $('new-form').addEventListener('submit', startNewGame);
  $('f-cancel').addEventListener('click', () => $('new-game').close());
  $('f-ruleset').addEventListener('change', () => {
    $('f-params').dataset.touched = '';
    syncParams($('f-ruleset'), $('f-params'), $('f-params-field'), $('f-params-help'), $('f-summary'));
    syncPosition();
    predict();
  });
  $('f-params').addEventListener('input', () => { $('f-params').dataset.touched = '1'; predict(); });
  $('f-heaps').addEventListener('input', () => { $('f-heaps').dataset.touched = '1'; predict(); });
  $('f-random').addEventListener('click', () => {
    $('f-heaps').value = randomPosition();
    $('f-heaps').dataset.touched = '1';
    predict();
  });
  $('f-skill').addEventListener('input', () => {
    $('f-skill-out').textContent = `${$('f-skill').value}%`;
    document.querySelector('input[name=level][value=skilled]').checked = true;
  });
  for (const input of document.querySelectorAll('#new-form input[type=radio]')) input.addEventListener('change', predict);
}
