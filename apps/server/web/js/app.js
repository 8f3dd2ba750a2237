// The page: wires the board, the hint, the move list, the new-game form and the Grundy view to
// the JSON API. The game's parts live in state.js (URL + local storage); its record (positions,
// move texts, mistakes, whose turn, the winner) is what POST /api/game answers for them, the
// library's Match, asked once per change with the analysis of the position and its legal moves
// (the computer's reply is made in that same request); the server holds nothing.
// Nothing here knows how a ruleset draws or how its moves read: the board (board.js) hands the
// position to the renderer of its view (js/views/), which turns clicks into moves of the server's
// list; the app plays such move objects and keeps their notation only to record them.

import { api, pageAnswers } from './api.js';
import { Board } from './board.js';
import { renderHint } from './hint.js';
import { GrundyView } from './grundy.js';
import { renderReview } from './review.js';
import {
  escapeHtml, favouredSide, renderDrawOffer, renderMistake, renderMoves, renderStatus, showBanner, sideName, thrown,
} from './status.js';
import { setupNewGame, openNewGame, syncParams } from './newgame.js';
import * as state from './state.js';
import { keepOffline } from './offline.js';
import { engineKind } from './transport.js';

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const COMPUTER_PAUSE_MS = 450;  // lets a person see whose turn it is before the computer moves
const MOVES_LISTED = 2000;      // the most legal moves the server lists: a longer list is no list

let rulesets = [];
let game = null;
let record = null;    // the server's record of `game` (POST /api/game), null while it is asked
let epoch = 0;       // bumped whenever the game changes; async work from an older epoch is dropped
let busy = false;    // a move is being applied or the computer is thinking
let stale = true;    // `record` is not yet the record of `game` (its answer is awaited)
let current = { analysis: null, moves: null };
const analyses = new Map();
// Answers the page has before it asks (a saved game's record, asked alongside the ruleset list at
// load; the first game's, which the server put into the page; the record a computer's reply came
// with), by request; each is taken once.
const early = new Map();
const earlyKey = (kind, body) => `${kind}|${JSON.stringify(body)}`;
function ask(kind, body, send) {
  const key = earlyKey(kind, body);
  const answer = early.get(key) ?? send();
  early.delete(key);
  return answer;
}

// A message for a few seconds: at the foot of the window, or, given an `anchor` (the move box),
// right after it, where the eyes are when it answers what was typed there.
function toast(message, kind = 'info', anchor = null) {
  const node = $('toast');
  if (anchor) anchor.after(node);
  else if (node.parentElement !== document.body) document.body.append(node);
  node.textContent = message;
  node.className = `toast ${kind}${anchor ? ' anchored' : ''}`;
  node.hidden = false;
  // Where it is read: a phone's move box can sit at the window's foot.
  if (anchor) node.scrollIntoView?.({ block: 'nearest' });
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { node.hidden = true; }, 3500);
}

function entryFor(spec) {
  const name = spec.split(':')[0];
  return rulesets.find((r) => r.name === name);
}

function levelLabel(level) {
  if (state.hotSeat(game)) return 'hot seat: two players';
  if (level === 'perfect') return 'computer: perfect';
  if (level === 'random') return 'computer: random';
  const m = /^skilled:(.*)$/.exec(level);
  return m ? `computer: skilled ${m[1]}` : `computer: ${level}`;
}

const learning = () => state.modeOf(game) === 'learn';

// Who is to move: 'human' or 'computer' (the record's "to_move", before it comes the plies' parity).
const toMove = () => state.playerOf(game, record ? record.to_move : game.played);

const analysisKey = (position) => `${game.rules}|${game.misere}|${position}`;

async function analyze(position) {
  const key = analysisKey(position);
  if (!analyses.has(key)) {
    const promise = api.analyze(game.rules, game.misere, position);
    analyses.set(key, promise);
    promise.catch(() => analyses.delete(key));
  }
  return analyses.get(key);
}

// Keeps an analysis that came with another answer (the game's record), saving a request.
function remember(position, analysis) {
  if (!analyses.has(analysisKey(position))) analyses.set(analysisKey(position), Promise.resolve(analysis));
}

// --- moves the human can make ------------------------------------------------------------------

// What the renderers call back (see board.js): a click made into a move of the server's list.
const host = {
  play: (move) => humanMove(move),
  choose: (title, moves) => { if (humanTurn()) showChooser(title, moves); },
  refuse: (text) => {
    const summary = entryFor(game.rules)?.summary;
    toast(`${text}${summary ? ` — rules: ${summary}` : ''}.`, 'warn');
  },
  // The server's moves for the current position matching `query` (a view's move fields), for when
  // the full list was too long to send.
  fetchMoves: async (query) => (await api.moves(game.rules, record.position, query)).moves,
};

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

function humanTurn() {
  return game && record && !busy && current.analysis && !current.analysis.terminal && toMove() === 'human';
}

// A move (an object of the server's move lists) is recorded by its notation; the record the
// server makes of it (POST /api/game) says what it did, whether it threw away a win and which
// move would have won, and lists the legal moves of the position it leaves.
async function humanMove(move) {
  if (!humanTurn()) return;
  busy = true;
  const my = epoch;
  try {
    hideChooser();
    await board.animate(move);
  } finally {
    busy = false;
  }
  if (my !== epoch) return;
  state.play(game, move.move);
  changed();
}

// One request: the record of the game after the computer's reply (POST /api/game with "reply"),
// with the analysis and the legal moves where it then stands, which the refresh takes as its own.
async function computerMove(my) {
  busy = true;
  let answer;
  try {
    await sleep(COMPUTER_PAUSE_MS);
    if (my !== epoch) return;
    answer = await api.game(state.request(game), true, { reply: game.level, legal_moves: MOVES_LISTED });
    if (my !== epoch) return;
    showComputerMove(answer.reply.description);
    await board.animate(answer.reply, { computer: true });
    if (my !== epoch) return;
  } catch (e) {
    if (my === epoch) showBanner('error', `The computer could not move: ${e.message}`);
    return;
  } finally {
    if (my === epoch) busy = false;
  }
  state.play(game, answer.reply.move);
  early.set(earlyKey('game', state.request(game)), Promise.resolve(answer));
  changed(answer.reply.position);
}

// --- rendering ---------------------------------------------------------------------------------

// The status line under the banner: what the computer just did, in the server's words (the
// move's "description"); a live region, so it is announced as the move is shown on the board.
function showComputerMove(description) {
  const node = $('last-move');
  node.textContent = description ? `Computer: ${description}` : '';
}

// The status line after a redraw: the computer's move when it made the last one.
function renderLastMove() {
  const last = record.moves[record.played - 1];
  const text = last && state.playerOf(game, last.mover) === 'computer' ? last.description : '';
  if ($('last-move').textContent !== (text ? `Computer: ${text}` : '')) showComputerMove(text);
}

function renderHeader() {
  const entry = entryFor(game.rules);
  // The registry's display name ("Dawson's Chess"), with the parameters of a ruleset that has them.
  const params = game.rules.includes(':') ? ` (${game.rules.slice(game.rules.indexOf(':') + 1)})` : '';
  $('game-rules').textContent = entry?.title ? `${entry.title}${params}` : game.rules;
  $('game-convention').textContent = game.misere ? 'misère · last to move loses' : 'normal · last to move wins';
  $('game-convention').classList.toggle('misere', game.misere);
  $('game-level').textContent = levelLabel(game.level);
  $('game-mode').textContent = learning() ? 'learn mode' : 'play mode';
  $('game-summary').textContent = entry ? `Rules: ${entry.parameters ? entry.summary : entry.rules}.` : '';
  // A game that can be drawn (the ruleset's loopy fact, or a sum holding a draw) marks draws too.
  const drawn = record.analysis?.winner === 'draw' || record.moves.some((m) => m.threw_away_draw);
  $('legend-draw').hidden = !(entry?.loopy || drawn);
}

function renderButtons() {
  const idle = !busy && !stale;
  $('btn-undo').disabled = !(idle && record && state.canUndo(record));
  $('btn-redo').disabled = !(idle && record && state.canRedo(record));
  $('btn-hint').hidden = !learning();
  $('keys-hint').hidden = !learning();
  $('btn-hint').disabled = !humanTurn() || !learning();
  $('typed-move-text').disabled = !humanTurn();
}

function renderScore() {
  const now = state.score();
  $('score').textContent = state.hotSeat(game)
    ? `Player 1 ${now.p1} – ${now.p2} Player 2`
    : `You ${now.you} – ${now.computer} Computer`;
}

// At the end of a game: the score counts it (once), and the review shows who was winning after
// each move. `my` is the refresh's epoch.
async function finish(my) {
  const played = record.moves.slice(0, record.played);
  // A draw agreed is no one's win.
  if (record.played > 0 && record.played === record.moves.length && !record.draw_agreed) {
    state.recordWin(game, state.sideOf(game, record.winner));
    state.save(game);
  }
  renderScore();
  const positions = [record.start, ...played.map((m) => m.position)];
  let analyses;
  try {
    analyses = await Promise.all(positions.map((p) => analyze(p)));
  } catch (e) {
    return;
  }
  if (my !== epoch || played.length === 0) return;
  const a = state.hotSeat(game) ? 'p1' : 'you';
  renderReview({ svg: $('review-chart'), summary: $('review-summary'), list: $('review-mistakes') }, {
    // Who was winning: side a, the other, or neither (null: a draw).
    winning: analyses.map((x, i) => (x.winner === 'draw' ? null : favouredSide(game, x, i) === a)),
    moves: played.map((m) => ({
      desc: m.description, threw: thrown(m), better: m.better, name: sideName(state.sideOf(game, m.mover)),
    })),
    names: state.hotSeat(game) ? ['Player 1', 'Player 2'] : ['You', 'Computer'],
  });
  $('review-card').hidden = false;
}

// The move the hint suggests: where play can repeat the winning move that makes the win come
// (not every winning move does), else the first winning move, or in a draw the first that keeps it.
const hintedMove = (analysis) =>
  analysis.finite_win_move ?? analysis.winning_moves?.[0] ?? analysis.drawing_moves?.[0] ?? null;

// The moves on the board when the person chose to play on rather than agree a draw (the offer
// then waits for the next position to come back).
let declined = null;

// What the board colours as winning moves: every winning move, in learn mode, once Hint was
// pressed (never before: the board does not give the game away unasked).
let hinted = false;
const winningShown = () => (learning() && hinted ? current.analysis?.winning_moves ?? null : null);

// Marks (once) the moment the first board is drawn, for the page's load test and figures.
function markBoardReady() {
  if (performance.getEntriesByName('nimkit:board-ready').length === 0) {
    performance.mark('nimkit:board-ready');
    keepOffline();  // after the first board, so that caching the site never delays it
  }
}

// The record of the game with the analysis of its position and, for a person to move, its legal
// moves: one request.
function askGame() {
  const parts = state.request(game);
  const humanNext = state.playerOf(game, game.played) === 'human';
  return ask('game', parts, () => api.game(parts, true, humanNext ? { legal_moves: MOVES_LISTED } : {}));
}

// Saves the game and shows it anew.
function changed() {
  declined = null;
  state.save(game);
  refresh();
}

async function refresh() {
  const my = ++epoch;
  // For tests and styling: which phase the game is in (and, once its record is drawn, how many
  // moves stand).
  document.body.dataset.phase = 'loading';
  hideChooser();
  // A message beside the move box answered what was typed in the position left behind.
  if ($('toast').classList.contains('anchored')) $('toast').hidden = true;
  hinted = false;
  $('hint-card').hidden = true;
  $('draw-offer').hidden = true;
  $('review-card').hidden = true;
  // The record, the analysis of the position and its legal moves come in one answer.
  const asked = askGame();
  current = { analysis: null, moves: null };
  stale = true;
  board.wait();
  renderButtons();
  let answer;
  try {
    answer = await asked;
  } catch (e) {
    if (my === epoch) {
      document.body.dataset.phase = 'error';
      showBanner('error', `This game cannot be shown: ${escapeHtml(e.message)}`);
    }
    return;
  }
  if (my !== epoch) return;
  record = answer;
  stale = false;
  document.body.dataset.plies = String(record.played);
  const analysis = record.analysis;
  remember(record.position, analysis);
  current.analysis = analysis;
  renderHeader();
  renderMoves(game, record, { learning: learning() });
  renderLastMove();
  renderMistake(game, record, { learning: learning() });
  renderScore();
  if (analysis.rules === 'sum' && analysis.components.length > 0) {
    // A sum of different rulesets (typed as "kayles:7 nim:3"): name its parts.
    const parts = [...new Set(analysis.components.map((c) => c.title ?? c.rules))];
    $('game-rules').textContent = 'Sum of games';
    $('game-summary').textContent = `Components: ${parts.join(' + ')}. A move is a move in one component.`;
  }
  renderStatus(game, record, analysis, { learning: learning(), mover: toMove() });
  renderDrawOffer(record, { humanTurn: false, declined });
  if (record.over || toMove() === 'computer') {
    await board.show({ analysis, moves: null, interactive: false, start: record.start_components });
    if (my !== epoch) return;
    markBoardReady();
    renderHelp();
    renderButtons();
    if (record.over) {
      renderMoves(game, record, { learning: learning(), over: true });
      await finish(my);
      if (my !== epoch) return;
      document.body.dataset.phase = 'over';
    } else {
      document.body.dataset.phase = 'computer';
      computerMove(my);
    }
    return;
  }
  current.moves = record.legal_moves ?? null;
  // A truncated list is no list: the renderer then asks the server about each click.
  const moves = current.moves && !current.moves.truncated ? current.moves.moves : null;
  await board.show({ analysis, moves, interactive: true, winning: winningShown(), start: record.start_components });
  if (my !== epoch) return;
  markBoardReady();
  renderHelp();
  renderButtons();
  renderDrawOffer(record, { humanTurn: humanTurn(), declined });
  document.body.dataset.phase = 'human';
}

// The texts that depend on the view: the board's label and keys; and how a move is typed, in the
// words of the position's rulesets (the record's "move_syntax", the library's, as `help` says in
// the terminal game) with an example from the position's moves.
function renderHelp() {
  $('board').setAttribute('aria-label', board.help('board') ?? 'Board');
  const keys = board.help('keys');
  $('keys-view').textContent = keys ? `${keys} · ` : '';
  const example = exampleMove();
  $('typed-move-text').placeholder = example ? `e.g. ${example.move}` : '';
  const several = record.move_syntax.length > 1;
  const syntax = record.move_syntax.map((s) => `${several ? `${s.titles.join(', ')}: ` : ''}${s.syntax.split('\n')[0]}`);
  if (example) syntax.push(`Here, e.g. "${example.move}": ${example.description}.`);
  $('typed-move-help').textContent = syntax.join('\n');
}

// A legal move to show how moves are typed: one that does not win when there is one (the box
// gives no hint away), else the first listed.
function exampleMove() {
  const listed = current.moves?.moves ?? [];
  const winning = new Set((current.analysis?.winning_moves ?? []).map((m) => m.move));
  return listed.find((m) => !winning.has(m.move)) ?? listed[0] ?? null;
}

function showHint() {
  if (!humanTurn() || !learning()) return;
  const analysis = current.analysis;
  renderHint($('hint-body'), analysis, (move) => humanMove(move));
  $('hint-card').hidden = false;
  hinted = true;
  board.redraw({ interactive: true, hint: hintedMove(analysis), winning: winningShown() });
  $('hint-card').scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
}

// --- wiring ------------------------------------------------------------------------------------

const board = new Board($('board'), host);

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
  getRulesets: () => rulesets, syncParams, getRules: () => game?.rules ?? null,
});

function wire() {
  $('tab-play').addEventListener('click', () => showView('play'));
  $('tab-grundy').addEventListener('click', () => showView('grundy'));
  $('brand').addEventListener('click', (e) => { e.preventDefault(); showView('play'); });
  $('btn-hint').addEventListener('click', showHint);
  $('hint-close').addEventListener('click', () => { $('hint-card').hidden = true; hinted = false; board.redraw({ interactive: humanTurn(), winning: winningShown() }); });
  // Undo and redo move along the record; the position they reach is one of its own.
  const travel = (step) => {
    if (busy || stale || !step(game, record)) return;
    changed();
  };
  $('btn-undo').addEventListener('click', () => travel(state.undo));
  $('btn-redo').addEventListener('click', () => travel(state.redo));
  $('btn-new').addEventListener('click', () => openNewGame(game));
  $('draw-accept').addEventListener('click', () => {
    if (!humanTurn() || !record?.draw_offered) return;
    state.agreeDraw(game);
    changed();
  });
  $('draw-decline').addEventListener('click', () => {
    declined = record?.played ?? null;
    $('draw-offer').hidden = true;
  });
  $('btn-rematch').addEventListener('click', () => {
    if (!game) return;
    board.reset();
    game = state.rematch(game);
    busy = false;
    changed();
  });
  $('score-reset').addEventListener('click', () => { state.resetScore(); renderScore(); });
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
      const answer = await api.moves(game.rules, record.position, { move: text });
      $('typed-move-text').value = '';
      await humanMove(answer.moves[0]);
    } catch (err) {
      toast(err.message, 'error', $('typed-move'));
    }
  });

  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select, textarea, dialog') || $('view-play').hidden) return;
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && key === 'z') { e.preventDefault(); $('btn-undo').click(); return; }
    if ((e.ctrlKey || e.metaKey) && key === 'y') { e.preventDefault(); $('btn-redo').click(); return; }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (key === 'h') showHint();
    else if (key === 'u') $('btn-undo').click();
    else if (key === 'r') $('btn-redo').click();
    else if (key === 'n') openNewGame(game);
    else if (key === 'escape') hideChooser();
    // Arrows from outside the board move its cursor; inside, the board hears them itself.
    else if (e.key.startsWith('Arrow') && !$('board').contains(document.activeElement)) { $('board').focus(); board.onKey(e); }
  });
  window.addEventListener('hashchange', () => {
    const loaded = state.load();
    if (loaded && JSON.stringify(loaded) !== JSON.stringify(game)) { game = loaded; busy = false; board.reset(); refresh(); }
  });
}

// A first visit plays the registry's first ruleset from its start.
function firstGame() {
  return state.newGame({ rules: rulesets[0].name, misere: false, position: rulesets[0].start, first: 'human', level: 'perfect' });
}

async function main() {
  wire();
  // What the server put into the page is not asked again: a first visit draws with no request.
  const inlined = pageAnswers();
  const rulesetsAsked = inlined?.rulesets ? Promise.resolve(inlined) : api.rulesets();
  game = state.load();
  if (game) {
    // A saved game's record (with the moves of its position) is asked alongside the ruleset list.
    const asked = askGame();
    asked.catch(() => {});
    early.set(earlyKey('game', state.request(game)), asked);
  }
  try {
    rulesets = (await rulesetsAsked).rulesets;
  } catch (e) {
    showBanner('error', `Cannot reach the nimkit ${engineKind === 'server' ? 'server' : 'engine'}: ${escapeHtml(e.message)}`);
    return;
  }
  if (!game) {
    game = firstGame();
    // The server's answer for this very game, when it put one in the page.
    const known = inlined?.game;
    if (known && known.rules === game.rules && known.start === game.start && known.moves.length === 0) {
      early.set(earlyKey('game', state.request(game)), Promise.resolve(known));
    }
  }
  setupNewGame(rulesets, (settings) => {
    board.reset();
    game = state.newGame(settings);
    busy = false;
    changed();
  });
  document.body.dataset.ready = '1';
  changed();
}

main();
