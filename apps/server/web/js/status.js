// What the page says about the game record (POST /api/game, the library's Match) and the analysis
// of where it stands: the banner (whose turn, who wins with perfect play, or a draw), the move list
// with the wins and draws thrown away, the mistake notice of learn mode and the offer to end a
// game whose position has come back as a draw. Each renderer takes the game's parts (state.js),
// its record and, where it needs them, the analysis and whether the page teaches (learn mode).

import * as state from './state.js';

const $ = (id) => document.getElementById(id);

// The name of a side of state.sideOf, as a sentence starts with it.
const SIDE_NAMES = { you: 'You', computer: 'The computer', p1: 'Player 1', p2: 'Player 2' };
export const sideName = (side) => SIDE_NAMES[side];

// The side of the player who wins with perfect play from the position after `index` plies, or
// null in a draw (neither can force a win).
export function favouredSide(game, analysis, index) {
  if (analysis.winner === 'draw') return null;
  return state.sideOf(game, analysis.winner === 'first' ? index : index + 1);
}

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function showBanner(kind, html) {
  const banner = $('banner');
  banner.className = `banner ${kind}`;
  banner.dataset.state = kind;
  $('banner-text').innerHTML = html;
}

// The banner of a finished game: its winner, the record's (Match's), as the terminal game names
// it; or the draw the players agreed, with what perfect play would make of where it stands.
function renderOver(game, record, analysis) {
  const plies = record.played;
  if (record.draw_agreed) {
    const favoured = favouredSide(game, analysis, plies);
    const still = favoured === null ? 'neither player can force a win from here'
      : `${sideName(favoured)} could have forced a win from here`;
    showBanner('drawn', `<strong>Draw agreed.</strong> The game ended as a draw by agreement after ${plies} ` +
        `move${plies === 1 ? '' : 's'}: ${escapeHtml(still)}.`);
    return;
  }
  const winner = state.sideOf(game, record.winner);
  const rule = game.misere ? 'last to move loses' : 'last to move wins';
  const text = plies === 0
    ? 'No moves are possible from this position.'
    : `${sideName(state.sideOf(game, plies - 1))} made the last move — ${rule}.`;
  const headline = winner === 'computer' ? 'The computer wins.' : `${sideName(winner)} win${winner === 'you' ? '' : 's'}!`;
  showBanner(winner === 'computer' ? 'lost' : 'won', `<strong>${headline}</strong> ${escapeHtml(text)}`);
}

// The banner of a game in progress: whose turn, and in learn mode who wins with perfect play
// (with the value that says so, and the moves left when the analysis has them), or the draw.
// `mover` is 'human' or 'computer'.
export function renderStatus(game, record, analysis, { learning, mover }) {
  if (record.over) {
    renderOver(game, record, analysis);
    return;
  }
  const plies = record.played;
  const turn = state.hotSeat(game) ? `<strong>${sideName(state.sideOf(game, plies))} to move.</strong>`
    : mover === 'human' ? '<strong>Your move.</strong>' : '<strong>Computer is thinking…</strong>';
  const kind = mover === 'human' ? 'turn' : 'thinking';
  if (!learning) {
    showBanner(kind, turn);
    return;
  }
  // A loopy game's value may be infinite, ∞{0,2}: its text, not a nimber that is or is not 0.
  const infinite = typeof analysis.grundy === 'string' && analysis.grundy.startsWith('∞');
  const valueName = infinite ? 'generalized value' : analysis.method === 'nim-sum' ? 'nim-sum' : 'Grundy value';
  const value = analysis.grundy !== undefined && !game.misere
    ? ` (${valueName} ${analysis.grundy}${infinite || String(analysis.grundy) === '0' ? '' : ' ≠ 0'})` : '';
  const favoured = favouredSide(game, analysis, plies);
  let predicted;
  if (favoured === null) predicted = `<strong>Draw: neither player can force a win</strong> from here${value}.`;
  else if (favoured === 'you') predicted = `With perfect play <strong>you win</strong> from here${value}.`;
  else if (favoured === 'computer') predicted = `With perfect play <strong>the computer wins</strong> from here${value} — unless it slips.`;
  else predicted = `With perfect play <strong>${sideName(favoured)} wins</strong> from here${value}.`;
  // Remoteness counts both players' moves; the player to move wins or loses in that many.
  const length = analysis.remoteness === undefined ? ''
    : ` <span id="remoteness">${sideName(state.sideOf(game, plies))}: ${analysis.winner === 'first' ? 'win' : 'lose'} in ` +
      `${analysis.remoteness} move${analysis.remoteness === 1 ? '' : 's'}.</span>`;
  const intro = plies === 0 ? `Prediction: ` : '';
  showBanner(kind, `${turn} ${intro}${predicted}${length}`);
}

// What a move threw away, as the record marks it: 'win', 'draw' or null.
export const thrown = (m) => (m.threw_away_win ? 'win' : m.threw_away_draw ? 'draw' : null);

// The record's moves, those taken back (for redo) shown apart; the wins and draws thrown away
// marked in learn mode, and in play mode once the game is over.
export function renderMoves(game, record, { learning, over = false }) {
  const list = $('move-list');
  const items = record.moves.map((m) => {
    const li = document.createElement('li');
    const lost = learning || over ? thrown(m) : null;
    const by = state.playerOf(game, m.mover);
    li.className = `${by}${m.played ? '' : ' undone'}${lost === 'win' ? ' threw' : lost === 'draw' ? ' threw-draw' : ''}`;
    li.dataset.testid = 'move';
    li.dataset.move = m.move;
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = state.hotSeat(game) ? sideName(state.sideOf(game, m.mover)) : (by === 'human' ? 'You' : 'Computer');
    const detail = document.createElement('span');
    detail.className = 'detail';
    const what = document.createElement('span');
    what.className = 'what';
    what.textContent = m.description;
    const after = document.createElement('span');
    after.className = 'after';
    after.textContent = `→ ${m.position || '(nothing left)'}`;
    detail.append(what, after);
    li.append(who, detail);
    if (lost) {
      const mark = document.createElement('span');
      mark.className = lost === 'win' ? 'mark-threw' : 'mark-threw-draw';
      mark.title = `this move threw away a ${lost}`;
      mark.textContent = lost === 'win' ? '✗' : '½✗';
      li.append(mark);
    }
    return li;
  });
  list.replaceChildren(...items);
  $('moves-empty').hidden = items.length > 0;
  $('moves-count').textContent = record.played ? `${record.played} played` : '';
  // The newest move in sight within the list's own scrolling box; the page itself stays put.
  if (list.scrollHeight > list.clientHeight) list.scrollTop = list.scrollHeight;
}

// Learn mode: a move that threw a win or a draw away is named at once, with a move that would have
// won or kept it. It stays up until the next human turn's move (the computer's reply does not
// hide it).
export function renderMistake(game, record, { learning }) {
  const notice = $('mistake');
  notice.hidden = true;
  if (!learning) return;
  for (let i = record.played - 1; i >= 0 && i >= record.played - 2; i -= 1) {
    const m = record.moves[i];
    if (state.playerOf(game, m.mover) !== 'human') continue;
    const lost = thrown(m);
    if (!lost) return;
    const who = sideName(state.sideOf(game, m.mover));
    const better = lost === 'win' ? 'would have won' : 'would have kept it drawn';
    notice.textContent = `Mistake: ${who === 'You' ? 'your' : `${who}'s`} move "${m.description}" threw away a ${lost}` +
        (m.better ? ` — ${m.better} ${better}.` : '.');
    notice.hidden = false;
    return;
  }
}

// The offer to end the game as a draw: when the position has stood the third time (or more) with
// the same player to move (the record's "draw_offered"), at a person's turn, unless they chose to
// play on in this very position (`declined`: the moves on the board then).
export function renderDrawOffer(record, { humanTurn, declined }) {
  const offer = $('draw-offer');
  const shown = Boolean(record.draw_offered) && humanTurn && declined !== record.played;
  offer.hidden = !shown;
  if (shown) {
    $('draw-offer-text').textContent = `This position has now stood ${record.repetitions} times with the same ` +
        'player to move: the game may be going round in circles.';
  }
}
