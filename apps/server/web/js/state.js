// The game the page holds: rules, start position, the moves played and a redo tail. The server
// keeps nothing, so this object is the whole game; it is saved in the URL (shareable) and in
// local storage (a reload resumes it).

const STORAGE_KEY = 'nimkit.game';

// The position a move (from the API) leaves, as notation tokens ("3 4x 5" → ["3", "4x", "5"]).
export function tokensOf(move) {
  return move.position.split(/\s+/).filter(Boolean);
}

// A fresh game. `first` is 'human' or 'computer'; `level` is the API's level text. `mode` is
// 'learn' (predictions, values, hints, mistakes flagged at once) or 'play' (nothing about who is
// winning until the game ends). `opponent` is 'computer' or 'human' (hot seat: two people on one
// device, Player 1 and Player 2; `first` 'human' means Player 1 starts, 'computer' Player 2).
// `position` is the start's text as the server writes it.
export function newGame({ rules, misere, position, first, level, mode = 'learn', opponent = 'computer' }) {
  return {
    v: 1, rules, misere, start: position.split(/\s+/).filter(Boolean), first, level, mode, opponent, moves: [], cursor: 0,
  };
}

// The same start with the players swapped: who moved first now moves second.
export function rematch(game) {
  return newGame({
    rules: game.rules, misere: game.misere, position: game.start.join(' '), level: game.level,
    first: game.first === 'human' ? 'computer' : 'human', mode: modeOf(game), opponent: opponentOf(game),
  });
}

// Links and saves from before modes existed hold neither field.
export const modeOf = (game) => game.mode ?? 'learn';
export const opponentOf = (game) => game.opponent ?? 'computer';
export const hotSeat = (game) => opponentOf(game) === 'human';

// The seat making ply `index` in a hot-seat game: 1 or 2.
export function seatOf(game, index) {
  const firstSeat = game.first === 'human' ? 1 : 2;
  return index % 2 === 0 ? firstSeat : 3 - firstSeat;
}

// Who makes ply `index` as the score sees it: 'you' / 'computer', or 'p1' / 'p2' in hot seat.
export function sideOf(game, index) {
  if (hotSeat(game)) return `p${seatOf(game, index)}`;
  return moverOf(game, index) === 'human' ? 'you' : 'computer';
}

export function position(game) {
  return game.cursor === 0 ? game.start : game.moves[game.cursor - 1].after;
}

// Who makes ply `index` (0-based): 'human' or 'computer'. In hot seat every ply is a human's.
export function moverOf(game, index) {
  if (hotSeat(game)) return 'human';
  const firstMover = game.first;
  const other = firstMover === 'human' ? 'computer' : 'human';
  return index % 2 === 0 ? firstMover : other;
}

export function toMove(game) {
  return moverOf(game, game.cursor);
}

// Plays a move (a move object of the API: "move" notation, "description", "position" after)
// made by whoever is to move; anything that was undone is forgotten. `threw` and `better` (the
// description of a move that would have won) are the library's record of the move
// (POST /api/game), never decided here.
export function play(game, move, threw, better = null) {
  game.moves = game.moves.slice(0, game.cursor);
  game.moves.push({
    text: move.move,
    desc: move.description,
    after: tokensOf(move),
    by: toMove(game),
    threw: Boolean(threw),
    ...(threw && better ? { better } : {}),
  });
  game.cursor = game.moves.length;
}

// Undo goes back to the human's previous turn (taking back the computer's reply too); redo
// replays to the human's next turn. Both return false when there is nothing to do.
export function undo(game) {
  if (!canUndo(game)) return false;
  do {
    game.cursor -= 1;
  } while (game.cursor > 0 && toMove(game) !== 'human');
  return true;
}

export function canUndo(game) {
  for (let c = game.cursor - 1; c >= 0; c -= 1) {
    if (moverOf(game, c) === 'human') return true;
  }
  return false;
}

export function redo(game) {
  if (!canRedo(game)) return false;
  do {
    game.cursor += 1;
  } while (game.cursor < game.moves.length && toMove(game) !== 'human');
  return true;
}

export function canRedo(game) {
  return game.cursor < game.moves.length;
}

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
  return game && game.v === 1 && typeof game.rules === 'string' && Array.isArray(game.start) &&
      Array.isArray(game.moves) && Number.isInteger(game.cursor) && game.cursor >= 0 &&
      game.cursor <= game.moves.length && ['human', 'computer'].includes(game.first) &&
      typeof game.level === 'string' && typeof game.misere === 'boolean' &&
      [undefined, 'learn', 'play'].includes(game.mode) &&
      [undefined, 'computer', 'human'].includes(game.opponent) &&
      game.moves.every((m) => Array.isArray(m.after) && typeof m.text === 'string');
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
      const game = decode(match[1]);
      if (valid(game)) return game;
    } catch (e) {
      // A damaged link: fall back to local storage.
    }
  }
  try {
    const game = JSON.parse(localStorage.getItem(STORAGE_KEY));
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
