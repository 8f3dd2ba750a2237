// The new-game form: the ruleset list (GET /api/rulesets, never written here), its parameters,
// the position (its default, its help and its example are the entry's "start" and "notation";
// the text typed goes to the server as it is, and the server's error is shown), who starts, the
// computer's level, and a prediction of the winner that follows the form as it changes.

import { api, ApiError } from './api.js';

const $ = (id) => document.getElementById(id);

let rulesets = [];
let onStart = () => {};

const selectedEntry = () => rulesets.find((r) => r.name === $('f-ruleset').value);

const form = {
  spec() {
    const entry = selectedEntry();
    const params = $('f-params').value.trim();
    return entry?.parameters && params ? `${entry.name}:${params}` : entry?.name ?? 'nim';
  },
  // The position as typed: the server reads it in the ruleset's notation.
  position() { return $('f-position').value.trim(); },
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

// The position box follows the chosen ruleset: it starts from the entry's "start", and a box the
// person has not typed in (or one typed for another ruleset) follows the ruleset chosen. Its help
// is the entry's notation, with its example.
function syncPosition() {
  const entry = selectedEntry();
  const input = $('f-position');
  if (!input.dataset.touched || input.dataset.ruleset !== entry?.name) {
    input.value = entry?.start ?? '';
    input.dataset.touched = '';
  }
  input.dataset.ruleset = entry?.name ?? '';
  input.placeholder = entry?.notation?.example ?? '';
  $('f-position-help').textContent = entry?.notation
    ? `${entry.notation.syntax} Example: ${entry.notation.example}` : '';
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
      const analysis = await api.analyze(form.spec(), form.misere(), form.position());
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

// A random start for the chosen ruleset, drawn by the server (POST /api/random) for the rulesets
// whose entry says "random": a small start of any family the server can draw.
async function randomPosition() {
  try {
    $('f-position').value = (await api.random(form.spec())).position;
    $('f-position').dataset.touched = '1';
  } catch (e) {
    $('f-error').textContent = e.message;
    $('f-error').hidden = false;
  }
  // How many draws have come back (a draw may give the start already shown): for the tests.
  $('f-random').dataset.draws = String(Number($('f-random').dataset.draws ?? 0) + 1);
  predict();
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
  $('f-random').hidden = !selectedEntry()?.random;
  dialog.showModal();
  predict();
}

async function startNewGame(e) {
  e.preventDefault();
  const spec = form.spec();
  const typed = form.position();
  const phase = document.body.dataset.phase;
  // Synchronously, so that a watcher cannot take the old game's phase for the new one's.
  document.body.dataset.phase = 'loading';
  let start;
  try {
    start = await api.analyze(spec, form.misere(), typed);
  } catch (err) {
    document.body.dataset.phase = phase;
    $('f-error').textContent = err.message;
    $('f-error').hidden = false;
    return;
  }
  $('new-game').close();
  // The server's own text of the position, e.g. "1-2 2-3" for typed "1-2,2-3".
  onStart({ rules: spec, misere: form.misere(), position: start.position, first: form.first(), level: form.level(),
    mode: form.mode(), opponent: form.opponent() });
}

// Takes the registry's entries and what to do with a started game ({rules, misere, position,
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
    $('f-random').hidden = !selectedEntry()?.random;
    predict();
  });
  $('f-params').addEventListener('input', () => { $('f-params').dataset.touched = '1'; predict(); });
  $('f-position').addEventListener('input', () => { $('f-position').dataset.touched = '1'; predict(); });
  $('f-random').addEventListener('click', randomPosition);
  $('f-skill').addEventListener('input', () => {
    $('f-skill-out').textContent = `${$('f-skill').value}%`;
    document.querySelector('input[name=level][value=skilled]').checked = true;
  });
  for (const input of document.querySelectorAll('#new-form input[type=radio]')) input.addEventListener('change', predict);
}
