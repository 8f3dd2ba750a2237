// The page: wires the board, the hint, the move list, the new-game form and the Grundy view to
// the JSON API. The game lives in state.js (URL + local storage); the server holds nothing.
// Nothing here knows how a ruleset draws or how its moves read: the board (board.js) hands the
// position to the renderer of its view (js/views/), which turns clicks into moves of the server's
// list; the app plays such move objects and keeps their notation only to record them.

import { api } from './api.js';
import { Board } from './board.js';
import { renderHint } from './hint.js';
import { GrundyView } from './grundy.js';
import { renderReview } from './review.js';
import { setupNewGame, openNewGame, syncParams } from './newgame.js';
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
  if (state.hotSeat(game)) return 'hot seat: two players';
  if (level === 'perfect') return 'computer: perfect';
  if (level === 'random') return 'computer: random';
  const m = /^skilled:(.*)$/.exec(level);
  return m ? `computer: skilled ${m[1]}` : `computer: ${level}`;
}

const learning = () => state.modeOf(game) === 'learn';

// The name of a side of state.sideOf, as a sentence starts with it.
const SIDE_NAMES = { you: 'You', computer: 'The computer', p1: 'Player 1', p2: 'Player 2' };
const sideName = (side) => SIDE_NAMES[side];
// The side of the player who wins with perfect play from the position after `index` plies.
const favouredSide = (analysis, index) => state.sideOf(game, analysis.winner === 'first' ? index : index + 1);

const analysisKey = (tokens) => `${game.rules}|${game.misere}|${tokens.join(' ')}`;

// The position with no components left, which ends a game whose components vanish when played
// out (a graph's last vertex removed). The API refuses an empty position, and nothing needs
// asking: a sum of no games has no move, so the player to move has lost in normal play and won
// in misère play (the other player moved last), as the server says of any terminal position.
function emptyAnalysis() {
  return {
    rules: game.rules, convention: game.misere ? 'misere' : 'normal', position: '', components: [],
    terminal: true, winner: game.misere ? 'first' : 'second', winning_moves: [],
    winning_move_count: 0, method: 'none', explanation: {},
  };
}

async function analyze(tokens) {
  if (tokens.length === 0) return emptyAnalysis();
  const key = analysisKey(tokens);
  if (!analyses.has(key)) {
    const promise = api.analyze(game.rules, game.misere, tokens);
    analyses.set(key, promise);
    promise.catch(() => analyses.delete(key));
  }
  return analyses.get(key);
}

// Keeps an analysis that came with another answer (the computer's move), saving a request.
function remember(tokens, promise) {
  if (!analyses.has(analysisKey(tokens))) analyses.set(analysisKey(tokens), promise);
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
  fetchMoves: async (query) => (await api.moves(game.rules, state.position(game), query)).moves,
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
  return game && !busy && current.analysis && !current.analysis.terminal && state.toMove(game) === 'human';
}

// The library's record of `move` played after the moves on the board (POST /api/game: the record
// Match keeps), whose "threw_away_win" and "better" the page shows; the rule is the library's.
async function recordOf(move) {
  const texts = [...game.moves.slice(0, game.cursor).map((m) => m.text), move.move];
  const answer = await api.game(game.rules, game.misere, game.start, texts);
  return answer.moves[answer.moves.length - 1];
}

async function humanMove(move) {
  if (!humanTurn()) return;
  busy = true;
  const my = epoch;
  try {
    hideChooser();
    await board.animate(move);
    analyze(state.tokensOf(move)).catch(() => {});
    const record = await recordOf(move);
    if (my !== epoch) return;
    state.play(game, move, record.threw_away_win, record.better);
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
    const now = state.position(game);
    const answer = await api.move(game.rules, game.misere, now, game.level);
    if (my !== epoch) return;
    showComputerMove(answer.move.description);
    await board.animate(answer.move, { computer: true });
    if (answer.analysis) remember(state.tokensOf(answer.move), Promise.resolve(answer.analysis));
    const record = await recordOf(answer.move);
    if (my !== epoch) return;
    state.play(game, answer.move, record.threw_away_win, record.better);
  } catch (e) {
    if (my === epoch) showBanner('error', `The computer could not move: ${e.message}`);
    return;
  } finally {
    if (my === epoch) busy = false;
  }
  changed();
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
  const last = game.moves[game.cursor - 1];
  const text = last?.by === 'computer' ? last.desc : '';
  if ($('last-move').textContent !== (text ? `Computer: ${text}` : '')) showComputerMove(text);
}

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
  // The registry's display name ("Dawson's Chess"), with the parameters of a ruleset that has them.
  const params = game.rules.includes(':') ? ` (${game.rules.slice(game.rules.indexOf(':') + 1)})` : '';
  $('game-rules').textContent = entry?.title ? `${entry.title}${params}` : game.rules;
  $('game-convention').textContent = game.misere ? 'misère · last to move loses' : 'normal · last to move wins';
  $('game-convention').classList.toggle('misere', game.misere);
  $('game-level').textContent = levelLabel(game.level);
  $('game-mode').textContent = learning() ? 'learn mode' : 'play mode';
  $('game-summary').textContent = entry ? `Rules: ${entry.parameters ? entry.summary : entry.rules}.` : '';
}

function renderMoves(over = false) {
  const list = $('move-list');
  const items = game.moves.map((m, i) => {
    const li = document.createElement('li');
    // Play mode keeps mistakes to itself until the game is over.
    const shown = m.threw && (learning() || over);
    li.className = `${m.by}${i >= game.cursor ? ' undone' : ''}${shown ? ' threw' : ''}`;
    li.dataset.testid = 'move';
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = state.hotSeat(game) ? sideName(state.sideOf(game, i)) : (m.by === 'human' ? 'You' : 'Computer');
    const detail = document.createElement('span');
    detail.className = 'detail';
    const what = document.createElement('span');
    what.className = 'what';
    what.textContent = m.desc;
    const after = document.createElement('span');
    after.className = 'after';
    after.textContent = `→ ${m.after.length ? m.after.join(' ') : '(nothing left)'}`;
    detail.append(what, after);
    li.append(who, detail);
    if (shown) {
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
  // The newest move in sight within the list's own scrolling box; the page itself stays put.
  if (list.scrollHeight > list.clientHeight) list.scrollTop = list.scrollHeight;
}

function renderButtons() {
  const idle = !busy;
  $('btn-undo').disabled = !(idle && state.canUndo(game));
  $('btn-redo').disabled = !(idle && state.canRedo(game));
  $('btn-hint').hidden = !learning();
  $('keys-hint').hidden = !learning();
  $('btn-hint').disabled = !humanTurn() || !learning();
  $('typed-move-text').disabled = !humanTurn();
}

function renderStatus(analysis) {
  const mover = state.toMove(game);
  const winnerIsMover = analysis.winner === 'first';
  const hot = state.hotSeat(game);
  if (analysis.terminal) {
    const winner = favouredSide(analysis, game.cursor);
    const rule = game.misere ? 'last to move loses' : 'last to move wins';
    const text = game.cursor === 0
      ? 'No moves are possible from this position.'
      : `${sideName(state.sideOf(game, game.cursor - 1))} made the last move — ${rule}.`;
    const headline = winner === 'computer' ? 'The computer wins.' : `${sideName(winner)} win${winner === 'you' ? '' : 's'}!`;
    showBanner(winner === 'computer' ? 'lost' : 'won', `<strong>${headline}</strong> ${escapeHtml(text)}`);
    return;
  }
  const turn = hot ? `<strong>${sideName(state.sideOf(game, game.cursor))} to move.</strong>`
    : mover === 'human' ? '<strong>Your move.</strong>' : '<strong>Computer is thinking…</strong>';
  const kind = mover === 'human' ? 'turn' : 'thinking';
  if (!learning()) {
    showBanner(kind, turn);
    return;
  }
  const valueName = analysis.method === 'nim-sum' ? 'nim-sum' : 'Grundy value';
  const value = analysis.grundy !== undefined && !game.misere
    ? ` (${valueName} ${analysis.grundy}${String(analysis.grundy) === '0' ? '' : ' ≠ 0'})` : '';
  const favoured = favouredSide(analysis, game.cursor);
  let predicted;
  if (favoured === 'you') predicted = `With perfect play <strong>you win</strong> from here${value}.`;
  else if (favoured === 'computer') predicted = `With perfect play <strong>the computer wins</strong> from here${value} — unless it slips.`;
  else predicted = `With perfect play <strong>${sideName(favoured)} wins</strong> from here${value}.`;
  // Remoteness counts both players' moves; the player to move wins or loses in that many.
  const length = analysis.remoteness === undefined ? ''
    : ` <span id="remoteness">${sideName(state.sideOf(game, game.cursor))}: ${winnerIsMover ? 'win' : 'lose'} in ` +
      `${analysis.remoteness} move${analysis.remoteness === 1 ? '' : 's'}.</span>`;
  const intro = game.cursor === 0 ? `Prediction: ` : '';
  showBanner(kind, `${turn} ${intro}${predicted}${length}`);
}

// Learn mode: a move that threw a win away is named at once, with a move that would have won.
// It stays up until the next human turn's move (the computer's reply does not hide it).
function renderMistake() {
  const notice = $('mistake');
  notice.hidden = true;
  if (!learning()) return;
  for (let i = game.cursor - 1; i >= 0 && i >= game.cursor - 2; i -= 1) {
    if (state.moverOf(game, i) !== 'human') continue;
    const m = game.moves[i];
    if (!m.threw) return;
    const who = sideName(state.sideOf(game, i));
    notice.textContent = `Mistake: ${who === 'You' ? 'your' : `${who}'s`} move "${m.desc}" threw away a win` +
        (m.better ? ` — ${m.better} would have won.` : '.');
    notice.hidden = false;
    return;
  }
}

function renderScore() {
  const now = state.score();
  $('score').textContent = state.hotSeat(game)
    ? `Player 1 ${now.p1} – ${now.p2} Player 2`
    : `You ${now.you} – ${now.computer} Computer`;
}

// At the end of a game: the score counts it (once), and the review shows who was winning after
// each move. `my` is the refresh's epoch.
async function finish(analysis, my) {
  if (game.cursor > 0 && game.cursor === game.moves.length) {
    state.recordWin(game, favouredSide(analysis, game.cursor));
    state.save(game);
  }
  renderScore();
  const positions = [game.start, ...game.moves.slice(0, game.cursor).map((m) => m.after)];
  let analyses;
  try {
    analyses = await Promise.all(positions.map((p) => analyze(p)));
  } catch (e) {
    return;
  }
  if (my !== epoch || game.cursor === 0) return;
  const a = state.hotSeat(game) ? 'p1' : 'you';
  renderReview({ svg: $('review-chart'), summary: $('review-summary'), list: $('review-mistakes') }, {
    winning: analyses.map((x, i) => favouredSide(x, i) === a),
    moves: game.moves.slice(0, game.cursor).map((m, i) => ({ ...m, name: sideName(state.sideOf(game, i)) })),
    names: state.hotSeat(game) ? ['Player 1', 'Player 2'] : ['You', 'Computer'],
  });
  $('review-card').hidden = false;
}

// What the board colours as winning moves: every winning move, in learn mode, once Hint was
// pressed (never before: the board does not give the game away unasked).
let hinted = false;
const winningShown = () => (learning() && hinted ? current.analysis?.winning_moves ?? null : null);

// Marks (once) the moment the first board is drawn, for the page's load test and figures.
function markBoardReady() {
  if (performance.getEntriesByName('nimkit:board-ready').length === 0) performance.mark('nimkit:board-ready');
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
  hinted = false;
  $('hint-card').hidden = true;
  $('review-card').hidden = true;
  const now = state.position(game);
  // Asked at once with the analysis, not after it: the page waits for one answer, not two.
  const movesAsked = state.toMove(game) === 'human' ? api.moves(game.rules, now, { limit: 2000 }) : null;
  movesAsked?.catch(() => {});
  renderHeader();
  renderMoves();
  renderLastMove();
  renderMistake();
  renderScore();
  current = { analysis: null, moves: null };
  board.wait();
  renderButtons();
  let analysis;
  try {
    analysis = await analyze(now);
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
    const parts = [...new Set(analysis.components.map((c) => c.title ?? c.rules))];
    $('game-rules').textContent = 'Sum of games';
    $('game-summary').textContent = `Components: ${parts.join(' + ')}. A move is a move in one component.`;
  }
  renderStatus(analysis);
  if (analysis.terminal || state.toMove(game) === 'computer') {
    await board.show({ analysis, moves: null, interactive: false });
    if (my !== epoch) return;
    markBoardReady();
    renderHelp();
    renderButtons();
    if (analysis.terminal) {
      renderMoves(true);
      await finish(analysis, my);
      if (my !== epoch) return;
      document.body.dataset.phase = 'over';
    } else {
      document.body.dataset.phase = 'computer';
      computerMove(my);
    }
    return;
  }
  try {
    current.moves = await (movesAsked ?? api.moves(game.rules, now, { limit: 2000 }));
  } catch (e) {
    current.moves = null;
  }
  if (my !== epoch) return;
  // A truncated list is no list: the renderer then asks the server about each click.
  const moves = current.moves && !current.moves.truncated ? current.moves.moves : null;
  await board.show({ analysis, moves, interactive: true, winning: winningShown() });
  if (my !== epoch) return;
  markBoardReady();
  renderHelp();
  renderButtons();
  document.body.dataset.phase = 'human';
}

// The texts that depend on the view: the board's label, the keys, the typed move's example.
function renderHelp() {
  $('board').setAttribute('aria-label', board.help('board') ?? 'Board');
  const keys = board.help('keys');
  $('keys-view').textContent = keys ? `${keys} · ` : '';
  $('typed-move-text').placeholder = board.help('typed') ?? '';
}

function showHint() {
  if (!humanTurn() || !learning()) return;
  const analysis = current.analysis;
  renderHint($('hint-body'), analysis, (move) => humanMove(move));
  $('hint-card').hidden = false;
  hinted = true;
  board.redraw({ interactive: true, hint: analysis.winning_moves?.[0] ?? null, winning: winningShown() });
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
  getRulesets: () => rulesets, syncParams,
});

function wire() {
  $('tab-play').addEventListener('click', () => showView('play'));
  $('tab-grundy').addEventListener('click', () => showView('grundy'));
  $('brand').addEventListener('click', (e) => { e.preventDefault(); showView('play'); });
  $('btn-hint').addEventListener('click', showHint);
  $('hint-close').addEventListener('click', () => { $('hint-card').hidden = true; hinted = false; board.redraw({ interactive: humanTurn(), winning: winningShown() }); });
  $('btn-undo').addEventListener('click', () => { if (!busy && state.undo(game)) changed(); });
  $('btn-redo').addEventListener('click', () => { if (!busy && state.redo(game)) changed(); });
  $('btn-new').addEventListener('click', () => openNewGame(game));
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
      const answer = await api.moves(game.rules, state.position(game), { move: text });
      $('typed-move-text').value = '';
      await humanMove(answer.moves[0]);
    } catch (err) {
      toast(err.message, 'error');
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

async function main() {
  wire();
  // The game's analysis is asked alongside the ruleset list rather than after it.
  const rulesetsAsked = api.rulesets();
  game = state.load();
  if (game) analyze(state.position(game)).catch(() => {});
  try {
    rulesets = (await rulesetsAsked).rulesets;
  } catch (e) {
    showBanner('error', `Cannot reach the nimkit server: ${escapeHtml(e.message)}`);
    return;
  }
  // A first visit plays the registry's first ruleset from its start.
  game ??= state.newGame({ rules: rulesets[0].name, misere: false, position: rulesets[0].start, first: 'human', level: 'perfect' });
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
