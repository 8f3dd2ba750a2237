// The page: wires the board, the hint, the move list, the new-game form and the Grundy view to
// the JSON API. The game lives in state.js (URL + local storage); the server holds nothing.

import { api, ApiError } from './api.js';
import { Board, parseHeap, MAX_STONES } from './board.js';
import { renderHint } from './hint.js';
import { GrundyView } from './grundy.js';
import * as state from './state.js';

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const COMPUTER_PAUSE_MS = 450;  // lets a person see whose turn it is before the computer moves

let rulesets = [];
let game = null;
let epoch = 0;       // bumped whenever the game changes; async work from an older epoch is dropped
let busy = false;    // a move is being applied or the computer is thinking
let current = { analysis: null, moves: null };
const analyses = new Map();

function toast(message, kind = 'info') {
  const node = $('toast');
  node.textContent = message;
  node.className = `toast ${kind}`;
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { node.hidden = true; }, 3500);
}

function entryFor(spec) {
  const name = spec.split(':')[0];
  return rulesets.find((r) => r.name === name);
}

function levelLabel(level) {
  if (level === 'perfect') return 'computer: perfect';
  if (level === 'random') return 'computer: random';
  const m = /^skilled:(.*)$/.exec(level);
  return m ? `computer: skilled ${m[1]}` : `computer: ${level}`;
}

async function analyze(heaps) {
  const key = `${game.rules}|${game.misere}|${heaps.join(' ')}`;
  if (!analyses.has(key)) {
    const promise = api.analyze(game.rules, game.misere, heaps);
    analyses.set(key, promise);
    promise.catch(() => analyses.delete(key));
  }
  return analyses.get(key);
}

// --- moves the human can make ------------------------------------------------------------------

// Reads move notation: "2 3" / "2 3 1 1" (heap, take[, parts]) or "1:3 2:3" (several heaps).
function moveParts(move) {
  const single = /^(\d+) (\d+)(?: |$)/.exec(move.move);
  if (single) return [{ heap: Number(single[1]) - 1, take: single[2], single: true }];
  return [...move.move.matchAll(/(\d+):(\d+)/g)].map((m) => ({ heap: Number(m[1]) - 1, take: m[2], single: false }));
}

// From the position's full move list: per heap, the takes a stone click can express, and
// whether other kinds of move exist (a zero move, several heaps at once).
function legalMap(moves) {
  const map = new Map();
  const info = (h) => {
    if (!map.has(h)) map.set(h, { takes: new Set(), other: false, zero: false });
    return map.get(h);
  };
  for (const move of moves) {
    for (const part of moveParts(move)) {
      const entry = info(part.heap);
      if (part.single && part.take !== '0') entry.takes.add(part.take);
      else {
        entry.other = true;
        if (part.take === '0') entry.zero = true;
      }
    }
  }
  return map;
}

async function candidates(heap, take) {
  if (current.moves && !current.moves.truncated) {
    return current.moves.moves.filter((m) => moveParts(m).some((p) => p.single && p.heap === heap && p.take === String(take)));
  }
  const answer = await api.moves(game.rules, state.position(game), { heap: heap + 1, take: String(take) });
  return answer.moves;
}

function showChooser(title, moves) {
  $('chooser-title').textContent = title;
  const list = $('chooser-list');
  list.replaceChildren(...moves.map((m) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn chooser-item';
    b.textContent = m.description;
    b.addEventListener('click', () => { hideChooser(); humanMove(m); });
    return b;
  }));
  $('chooser').hidden = false;
  list.querySelector('button')?.focus();
}

function hideChooser() {
  $('chooser').hidden = true;
}

async function onTake(heap, take) {
  if (!humanTurn()) return;
  hideChooser();
  try {
    const options = await candidates(heap, take);
    if (options.length === 0) {
      const summary = entryFor(game.rules)?.summary;
      toast(`You cannot take ${take} from heap ${heap + 1}${summary ? ` — rules: ${summary}` : ''}.`, 'warn');
    } else if (options.length === 1) {
      await humanMove(options[0]);
    } else {
      showChooser(`Take ${take} from heap ${heap + 1}, leaving…`, options);
    }
  } catch (e) {
    toast(e.message, 'error');
  }
}

async function onHeapMoves(heap) {
  if (!humanTurn() || !current.moves) return;
  const moves = current.moves.moves.filter((m) => moveParts(m).some((p) => p.heap === heap && !(p.single && p.take !== '0')));
  showChooser(`Other moves on heap ${heap + 1}`, moves);
}

function humanTurn() {
  return game && !busy && current.analysis && !current.analysis.terminal && state.toMove(game) === 'human';
}

async function humanMove(move) {
  if (!humanTurn()) return;
  busy = true;
  const my = epoch;
  try {
    const before = current.analysis;
    const parts = moveParts(move);
    if (parts.length === 1 && parts[0].single) await board.animateTake(parts[0].heap, parts[0].take);
    const after = await analyze(state.tokensOf(move));
    if (my !== epoch) return;
    state.play(game, move, before.winner === 'first' && after.winner === 'first');
  } catch (e) {
    toast(e.message, 'error');
  } finally {
    busy = false;
  }
  changed();
}

async function computerMove(my) {
  busy = true;
  try {
    await sleep(COMPUTER_PAUSE_MS);
    if (my !== epoch) return;
    const heaps = state.position(game);
    const before = await analyze(heaps);
    const answer = await api.move(game.rules, game.misere, heaps, game.level);
    if (my !== epoch) return;
    const parts = moveParts(answer.move);
    if (parts.length === 1 && parts[0].single) await board.animateTake(parts[0].heap, parts[0].take);
    const after = answer.analysis ?? await analyze(state.tokensOf(answer.move));
    if (my !== epoch) return;
    state.play(game, answer.move, before.winner === 'first' && after.winner === 'first');
  } catch (e) {
    if (my === epoch) showBanner('error', `The computer could not move: ${e.message}`);
    return;
  } finally {
    if (my === epoch) busy = false;
  }
  changed();
}

// --- rendering ---------------------------------------------------------------------------------

function showBanner(kind, html) {
  const banner = $('banner');
  banner.className = `banner ${kind}`;
  banner.dataset.state = kind;
  $('banner-text').innerHTML = html;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function renderHeader() {
  const entry = entryFor(game.rules);
  $('game-rules').textContent = game.rules === 'nim' ? 'Nim' : game.rules;
  $('game-convention').textContent = game.misere ? 'misère · last to move loses' : 'normal · last to move wins';
  $('game-convention').classList.toggle('misere', game.misere);
  $('game-level').textContent = levelLabel(game.level);
  $('game-summary').textContent = entry ? `Rules: ${entry.summary}.` : '';
}

function renderMoves() {
  const list = $('move-list');
  const items = game.moves.map((m, i) => {
    const li = document.createElement('li');
    li.className = `${m.by}${i >= game.cursor ? ' undone' : ''}${m.threw ? ' threw' : ''}`;
    li.dataset.testid = 'move';
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = m.by === 'human' ? 'You' : 'Computer';
    const detail = document.createElement('span');
    detail.className = 'detail';
    const what = document.createElement('span');
    what.className = 'what';
    what.textContent = m.desc;
    const after = document.createElement('span');
    after.className = 'after';
    after.textContent = `→ ${m.after.join(' ')}`;
    detail.append(what, after);
    li.append(who, detail);
    if (m.threw) {
      const mark = document.createElement('span');
      mark.className = 'mark-threw';
      mark.title = 'this move threw away a win';
      mark.textContent = '✗';
      li.append(mark);
    }
    return li;
  });
  list.replaceChildren(...items);
  $('moves-empty').hidden = items.length > 0;
  $('moves-count').textContent = game.cursor ? `${game.cursor} played` : '';
  list.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
}

function renderButtons() {
  const idle = !busy;
  $('btn-undo').disabled = !(idle && state.canUndo(game));
  $('btn-redo').disabled = !(idle && state.canRedo(game));
  $('btn-hint').disabled = !humanTurn();
  $('typed-move-text').disabled = !humanTurn();
}

function renderStatus(analysis) {
  const mover = state.toMove(game);
  const winnerIsMover = analysis.winner === 'first';
  if (analysis.terminal) {
    const last = state.moverOf(game, game.cursor - 1);
    const winner = winnerIsMover ? mover : last;
    const rule = game.misere ? 'last to move loses' : 'last to move wins';
    const lastName = last === 'human' ? 'You' : 'The computer';
    const text = game.cursor === 0
      ? 'No moves are possible from this position.'
      : `${lastName} made the last move — ${rule}.`;
    showBanner(winner === 'human' ? 'won' : 'lost',
        `<strong>${winner === 'human' ? 'You win!' : 'The computer wins.'}</strong> ${escapeHtml(text)}`);
    return;
  }
  const valueName = analysis.method === 'nim-sum' ? 'nim-sum' : 'Grundy value';
  const value = analysis.grundy !== undefined && !game.misere
    ? ` (${valueName} ${analysis.grundy}${String(analysis.grundy) === '0' ? '' : ' ≠ 0'})` : '';
  const favoured = winnerIsMover ? mover : (mover === 'human' ? 'computer' : 'human');
  const predicted = favoured === 'human'
    ? `With perfect play <strong>you win</strong> from here${value}.`
    : `With perfect play <strong>the computer wins</strong> from here${value} — unless it slips.`;
  const intro = game.cursor === 0 ? `Prediction: ` : '';
  if (mover === 'human') showBanner('turn', `<strong>Your move.</strong> ${intro}${predicted}`);
  else showBanner('thinking', `<strong>Computer is thinking…</strong> ${intro}${predicted}`);
}

function changed() {
  state.save(game);
  refresh();
}

async function refresh() {
  const my = ++epoch;
  // For tests and styling: which phase the game is in, and how many moves stand.
  document.body.dataset.phase = 'loading';
  document.body.dataset.plies = String(game.cursor);
  hideChooser();
  $('hint-card').hidden = true;
  const heaps = state.position(game);
  renderHeader();
  renderMoves();
  current = { analysis: null, moves: null };
  board.set({ heaps, interactive: false });
  renderButtons();
  let analysis;
  try {
    analysis = await analyze(heaps);
  } catch (e) {
    if (my === epoch) {
      document.body.dataset.phase = 'error';
      showBanner('error', `This game cannot be analyzed: ${escapeHtml(e.message)}`);
    }
    return;
  }
  if (my !== epoch) return;
  current.analysis = analysis;
  if (analysis.rules === 'sum') {
    // A sum of different rulesets (typed as "kayles:7 nim:3"): name its parts.
    const parts = [...new Set(analysis.components.map((c) => c.rules))];
    $('game-rules').textContent = 'Sum of games';
    $('game-summary').textContent = `Components: ${parts.join(' + ')}. A move is a move in one component.`;
  }
  renderStatus(analysis);
  if (analysis.terminal) {
    document.body.dataset.phase = 'over';
    renderButtons();
    return;
  }
  if (state.toMove(game) === 'computer') {
    document.body.dataset.phase = 'computer';
    renderButtons();
    computerMove(my);
    return;
  }
  try {
    current.moves = await api.moves(game.rules, heaps, { limit: 2000 });
  } catch (e) {
    current.moves = null;
  }
  if (my !== epoch) return;
  const legal = current.moves && !current.moves.truncated ? legalMap(current.moves.moves) : null;
  board.set({ heaps, interactive: true, legal });
  renderButtons();
  document.body.dataset.phase = 'human';
}

function showHint() {
  if (!humanTurn()) return;
  const analysis = current.analysis;
  renderHint($('hint-body'), analysis, (move) => humanMove(move));
  $('hint-card').hidden = false;
  const move = analysis.winning_moves?.[0];
  const parts = move ? moveParts(move) : [];
  if (parts.length === 1 && parts[0].single) {
    board.set({ heaps: state.position(game), interactive: true, legal: board.legal, highlight: { heap: parts[0].heap, take: Number(parts[0].take) } });
  }
  $('hint-card').scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
}

// --- new game ----------------------------------------------------------------------------------

const form = {
  spec() {
    const entry = rulesets.find((r) => r.name === $('f-ruleset').value);
    const params = $('f-params').value.trim();
    return entry?.parameters && params ? `${entry.name}:${params}` : entry?.name ?? 'nim';
  },
  heaps() { return $('f-heaps').value.trim().split(/\s+/).filter(Boolean); },
  misere() { return document.querySelector('input[name=convention]:checked').value === 'misere'; },
  first() { return document.querySelector('input[name=first]:checked').value; },
  level() {
    const kind = document.querySelector('input[name=level]:checked').value;
    return kind === 'skilled' ? `skilled:${$('f-skill').value}%` : kind;
  },
};

function fillRulesetSelect(select) {
  select.replaceChildren(...rulesets.map((r) => {
    const option = document.createElement('option');
    option.value = r.name;
    option.textContent = r.name;
    option.title = r.summary;
    return option;
  }));
}

// Shows the parameter box of the chosen ruleset, pre-filled from its first example.
function syncParams(select, input, label, help, summary) {
  const entry = rulesets.find((r) => r.name === select.value);
  if (!entry) return;
  const example = (entry.examples ?? []).find((e) => e.includes(':'));
  label.hidden = !entry.parameters;
  if (entry.parameters && !input.dataset.touched) input.value = example ? example.slice(entry.name.length + 1) : '';
  input.placeholder = entry.parameters ?? '';
  if (help) help.textContent = entry.parameters ? `Form: ${entry.parameters}. Examples: ${(entry.examples ?? []).join(', ')}` : '';
  if (summary) summary.textContent = entry.summary;
}

let predictionTimer = 0;
function predict() {
  clearTimeout(predictionTimer);
  predictionTimer = setTimeout(async () => {
    const out = $('f-prediction');
    try {
      const analysis = await api.analyze(form.spec(), form.misere(), form.heaps());
      $('f-error').hidden = true;
      $('f-start').disabled = false;
      if (analysis.terminal) {
        out.textContent = 'Nobody can move from this position.';
        return;
      }
      const firstWins = analysis.winner === 'first';
      const human = form.first() === 'human';
      const youWin = firstWins === human;
      out.className = `prediction ${youWin ? 'good' : 'bad'}`;
      out.textContent = `Prediction: the ${firstWins ? 'first' : 'second'} player wins with perfect play — ` +
          (youWin ? 'that is you.' : 'that is the computer.');
    } catch (e) {
      out.textContent = '';
      $('f-error').textContent = e.message;
      $('f-error').hidden = false;
      $('f-start').disabled = e instanceof ApiError && e.status >= 400;
    }
  }, 200);
}

function randomHeaps() {
  const entry = rulesets.find((r) => r.name === $('f-ruleset').value);
  let count = 3 + Math.floor(Math.random() * 3);
  if (entry?.arity > 1) count = entry.arity * Math.max(1, Math.floor(count / entry.arity));
  const heaps = Array.from({ length: count }, () => 1 + Math.floor(Math.random() * 12));
  $('f-heaps').value = heaps.join(' ');
  predict();
}

function openNewGame() {
  const dialog = $('new-game');
  if (game) {
    const name = game.rules.split(':')[0];
    $('f-ruleset').value = name;
    const params = game.rules.includes(':') ? game.rules.slice(name.length + 1) : '';
    $('f-params').value = params;
    $('f-params').dataset.touched = params ? '1' : '';
    document.querySelector(`input[name=convention][value=${game.misere ? 'misere' : 'normal'}]`).checked = true;
  }
  syncParams($('f-ruleset'), $('f-params'), $('f-params-field'), $('f-params-help'), $('f-summary'));
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
  game = state.newGame({ rules: spec, misere: form.misere(), heaps: start.position.split(/\s+/), first: form.first(), level: form.level() });
  busy = false;
  changed();
}

// --- wiring ------------------------------------------------------------------------------------

const board = new Board($('board'), { onTake, onHeapMoves });

function showView(name) {
  for (const view of ['play', 'grundy']) {
    $(`view-${view}`).hidden = view !== name;
    $(`tab-${view}`).setAttribute('aria-selected', String(view === name));
  }
  if (name === 'grundy') grundyView.show();
}

const grundyView = new GrundyView({
  select: $('g-ruleset'), params: $('g-params'), paramsLabel: $('g-params-label'), count: $('g-count'),
  form: $('grundy-form'), summary: $('g-summary'), error: $('g-error'), facts: $('g-facts'),
  chart: $('g-chart'), legend: $('g-legend'), table: $('g-table'),
  getRulesets: () => rulesets, syncParams, fillRulesetSelect,
});

function wire() {
  $('tab-play').addEventListener('click', () => showView('play'));
  $('tab-grundy').addEventListener('click', () => showView('grundy'));
  $('brand').addEventListener('click', (e) => { e.preventDefault(); showView('play'); });
  $('btn-hint').addEventListener('click', showHint);
  $('hint-close').addEventListener('click', () => { $('hint-card').hidden = true; board.set({ heaps: state.position(game), interactive: humanTurn(), legal: board.legal }); });
  $('btn-undo').addEventListener('click', () => { if (!busy && state.undo(game)) changed(); });
  $('btn-redo').addEventListener('click', () => { if (!busy && state.redo(game)) changed(); });
  $('btn-new').addEventListener('click', openNewGame);
  $('btn-share').addEventListener('click', async () => {
    const url = state.gameUrl(game);
    try {
      await navigator.clipboard.writeText(url);
      toast('Link copied: open it anywhere to continue this game.');
    } catch (e) {
      toast(url);
    }
  });
  $('chooser-close').addEventListener('click', hideChooser);
  $('typed-move').addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = $('typed-move-text').value.trim();
    if (!text || !humanTurn()) return;
    try {
      const answer = await api.moves(game.rules, state.position(game), { move: text });
      $('typed-move-text').value = '';
      await humanMove(answer.moves[0]);
    } catch (err) {
      toast(err.message, 'error');
    }
  });

  $('new-form').addEventListener('submit', startNewGame);
  $('f-cancel').addEventListener('click', () => $('new-game').close());
  $('f-ruleset').addEventListener('change', () => {
    $('f-params').dataset.touched = '';
    syncParams($('f-ruleset'), $('f-params'), $('f-params-field'), $('f-params-help'), $('f-summary'));
    predict();
  });
  $('f-params').addEventListener('input', () => { $('f-params').dataset.touched = '1'; predict(); });
  $('f-heaps').addEventListener('input', predict);
  $('f-random').addEventListener('click', randomHeaps);
  $('f-skill').addEventListener('input', () => {
    $('f-skill-out').textContent = `${$('f-skill').value}%`;
    document.querySelector('input[name=level][value=skilled]').checked = true;
  });
  for (const input of document.querySelectorAll('#new-form input[type=radio]')) input.addEventListener('change', predict);

  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select, textarea, dialog') || $('view-play').hidden) return;
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && key === 'z') { e.preventDefault(); $('btn-undo').click(); return; }
    if ((e.ctrlKey || e.metaKey) && key === 'y') { e.preventDefault(); $('btn-redo').click(); return; }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (key === 'h') showHint();
    else if (key === 'u') $('btn-undo').click();
    else if (key === 'r') $('btn-redo').click();
    else if (key === 'n') openNewGame();
    else if (key === 'escape') hideChooser();
    else if (e.key.startsWith('Arrow') && document.activeElement !== $('board')) { $('board').focus(); board.onKey(e); }
  });
  window.addEventListener('hashchange', () => {
    const loaded = state.load();
    if (loaded && JSON.stringify(loaded) !== JSON.stringify(game)) { game = loaded; busy = false; refresh(); }
  });
}

async function main() {
  wire();
  try {
    rulesets = (await api.rulesets()).rulesets;
  } catch (e) {
    showBanner('error', `Cannot reach the nimkit server: ${escapeHtml(e.message)}`);
    return;
  }
  fillRulesetSelect($('f-ruleset'));
  game = state.load() ?? state.newGame({ rules: 'nim', misere: false, heaps: ['3', '4', '5'], first: 'human', level: 'perfect' });
  document.body.dataset.ready = '1';
  changed();
}

main();
export { MAX_STONES, parseHeap };
