// The game the page holds: its parts, as POST /api/game takes them — the rules, the start, the
// moves made in move notation and how many of them stand (`played`; the rest were taken back) —
// and the page's own settings (who plays which seat, the computer's level, the mode). The record
// of the game (the positions, the move texts, whether a move threw away a win or a draw, whose
// turn it is, the winner) is the library's Match, which the server rebuilds from these parts (and
// a draw the players agreed, `drawn`) on every change:
// the page keeps none of it, so the page and the terminal game keep one record by one rule. The
// server keeps nothing either: this object is saved in the URL (shareable) and in local storage
// (a reload resumes it).

const STORAGE_KEY = 'nimkit.game';

// A fresh game. `first` is 'human' or 'computer'; `level` is the API's level text. `mode` is
// 'learn' (predictions, values, hints, mistakes flagged at once) or 'play' (nothing about who is
// winning until the game ends). `opponent` is 'computer' or 'human' (hot seat: two people on one
// device, Player 1 and Player 2; `first` 'human' means Player 1 starts, 'computer' Player 2).
// `position` is the start's text as the server writes it.
export function newGame({ rules, misere, position, first, level, mode = 'learn', opponent = 'computer' }) {
  return { v: 2, rules, misere, start: position, first, level, mode, opponent, moves: [], played: 0 };
}

// The same start with the players swapped: who moved first now moves second.
export function rematch(game) {
  return newGame({
    rules: game.rules, misere: game.misere, position: game.start, level: game.level,
    first: game.first === 'human' ? 'computer' : 'human', mode: modeOf(game), opponent: opponentOf(game),
  });
}

// Links and saves from before modes existed hold neither field.
export const modeOf = (game) => game.mode ?? 'learn';
export const opponentOf = (game) => game.opponent ?? 'computer';
export const hotSeat = (game) => opponentOf(game) === 'human';

// The seat of Match's player `mover` (0: the one who moved first, 1: the other; a record's
// "mover" and "to_move", or a ply's number, whose parity is its mover's) in a hot-seat game:
// 1 or 2.
export function seatOf(game, mover) {
  const firstSeat = game.first === 'human' ? 1 : 2;
  return mover % 2 === 0 ? firstSeat : 3 - firstSeat;
}

// Who Match's player `mover` is as the score sees it: 'you' / 'computer', or 'p1' / 'p2' in hot
// seat.
export function sideOf(game, mover) {
  if (hotSeat(game)) return `p${seatOf(game, mover)}`;
  return playerOf(game, mover) === 'human' ? 'you' : 'computer';
}

// Who Match's player `mover` is: 'human' or 'computer'. In hot seat both are humans.
export function playerOf(game, mover) {
  if (hotSeat(game)) return 'human';
  const other = game.first === 'human' ? 'computer' : 'human';
  return mover % 2 === 0 ? game.first : other;
}

// The game's parts as POST /api/game reads them. A draw agreed ends the game where it stands.
export function request(game) {
  const parts = {
    rules: game.rules, misere: game.misere, position: game.start, moves: game.moves, played: game.played,
    people: people(game),
  };
  if (game.drawn) parts.draw_agreed = true;
  return parts;
}

// Ends the game as a draw both players agree to, where it stands (the record's "draw_offered":
// the position has come back a third time). A move, undo or redo takes the agreement back.
export function agreeDraw(game) {
  game.drawn = true;
}

// The seats a person plays (0: the one who moved first): both in hot seat.
function people(game) {
  if (hotSeat(game)) return [0, 1];
  return [game.first === 'human' ? 0 : 1];
}

// Makes a move (its notation) after those that stand; the moves taken back are forgotten.
export function play(game, text) {
  game.moves = [...game.moves.slice(0, game.played), text];
  game.played = game.moves.length;
  delete game.drawn;
}

// Undo goes back to a person's previous turn (taking back the computer's reply too) and redo
// replays to their next turn, by the rule of the library's Match, which the server's record of the
// game applies: `record.undo_to` and `record.redo_to` are the moves on the board each leaves
// (null when there is nothing to do). Both return false when there is nothing to do.
export function undo(game, record) {
  if (!canUndo(record)) return false;
  game.played = record.undo_to;
  delete game.drawn;
  return true;
}

export const canUndo = (record) => record.undo_to !== null && record.undo_to !== undefined;

export function redo(game, record) {
  if (!canRedo(record)) return false;
  game.played = record.redo_to;
  delete game.drawn;
  return true;
}

export const canRedo = (record) => record.redo_to !== null && record.redo_to !== undefined;

// --- persistence -------------------------------------------------------------------------------

function encode(game) {
  const bytes = new TextEncoder().encode(JSON.stringify(game));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function decode(text) {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

function valid(game) {
  return game && game.v === 2 && typeof game.rules === 'string' && typeof game.start === 'string' &&
      Array.isArray(game.moves) && game.moves.every((m) => typeof m === 'string') &&
      Number.isInteger(game.played) && game.played >= 0 && game.played <= game.moves.length &&
      ['human', 'computer'].includes(game.first) && typeof game.level === 'string' &&
      typeof game.misere === 'boolean' && [undefined, 'learn', 'play'].includes(game.mode) &&
      [undefined, 'computer', 'human'].includes(game.opponent) && [undefined, true].includes(game.drawn);
}

// A game saved by an older page (version 1: the positions as tokens, a cursor) in today's form:
// only its parts are kept, the server rebuilds the rest.
function upgrade(game) {
  if (game?.v !== 1 || !Array.isArray(game.start) || !Array.isArray(game.moves)) return game;
  const { start, moves, cursor, ...rest } = game;
  return { ...rest, v: 2, start: start.join(' '), moves: moves.map((m) => m?.text), played: cursor };
}

export function gameUrl(game) {
  const url = new URL(window.location.href);
  url.hash = `game=${encode(game)}`;
  return url.toString();
}

export function save(game) {
  const hash = `#game=${encode(game)}`;
  if (window.location.hash !== hash) history.replaceState(null, '', hash);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(game));
  } catch (e) {
    // Storage may be full or disabled; the URL still holds the game.
  }
}

// The game from the URL if it holds one, else from local storage, else null.
export function load() {
  const match = /[#&]game=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match) {
    try {
      const game = upgrade(decode(match[1]));
      if (valid(game)) return game;
    } catch (e) {
      // A damaged link: fall back to local storage.
    }
  }
  try {
    const game = upgrade(JSON.parse(localStorage.getItem(STORAGE_KEY)));
    if (valid(game)) return game;
  } catch (e) {
    // Nothing usable saved.
  }
  return null;
}

// --- the score, kept across games on this device -----------------------------------------------

const SCORE_KEY = 'nimkit.score';

// Wins so far: {you, computer, p1, p2}.
export function score() {
  try {
    const saved = JSON.parse(localStorage.getItem(SCORE_KEY));
    if (saved && typeof saved === 'object') return { you: 0, computer: 0, p1: 0, p2: 0, ...saved };
  } catch (e) {
    // Nothing usable saved.
  }
  return { you: 0, computer: 0, p1: 0, p2: 0 };
}

// Counts a finished game once for `winner` (a side of sideOf); the game remembers it was counted,
// so a reload of the finished game counts nothing again.
export function recordWin(game, winner) {
  if (game.scored) return;
  game.scored = true;
  const now = score();
  now[winner] += 1;
  try {
    localStorage.setItem(SCORE_KEY, JSON.stringify(now));
  } catch (e) {
    // Storage may be full or disabled: the score then lasts as long as the page.
  }
}

export function resetScore() {
  try {
    localStorage.removeItem(SCORE_KEY);
  } catch (e) {
    // Nothing to clear.
  }
}
