// The game the page holds: rules, start position, the moves played and a redo tail. The server
// keeps nothing, so this object is the whole game; it is saved in the URL (shareable) and in
// local storage (a reload resumes it).

const STORAGE_KEY = 'nimkit.game';

export function heapTokens(heaps) {
  return heaps.map((h) => String(h));
}

// The position a move (from the API) leaves, as notation tokens ("3 4x 5" → ["3", "4x", "5"]).
export function tokensOf(move) {
  return move.position.split(/\s+/).filter(Boolean);
}

// A fresh game. `first` is 'human' or 'computer'; `level` is the API's level text.
export function newGame({ rules, misere, heaps, first, level }) {
  return { v: 1, rules, misere, start: heapTokens(heaps), first, level, moves: [], cursor: 0 };
}

export function position(game) {
  return game.cursor === 0 ? game.start : game.moves[game.cursor - 1].after;
}

// Who makes ply `index` (0-based): 'human' or 'computer'.
export function moverOf(game, index) {
  const firstMover = game.first;
  const other = firstMover === 'human' ? 'computer' : 'human';
  return index % 2 === 0 ? firstMover : other;
}

export function toMove(game) {
  return moverOf(game, game.cursor);
}

// Plays a move (a move object of the API: "move" notation, "description", "position" after)
// made by whoever is to move; anything that was undone is forgotten.
export function play(game, move, threw) {
  game.moves = game.moves.slice(0, game.cursor);
  game.moves.push({
    text: move.move,
    desc: move.description,
    after: tokensOf(move),
    by: toMove(game),
    threw: Boolean(threw),
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
