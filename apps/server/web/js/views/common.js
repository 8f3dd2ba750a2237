// What every view shares: how long a move is shown, how it is shown, and the keyboard walk over a
// view's focusable objects. Nothing here knows a game: a view says which nodes a move marks and
// what activating a node plays.

export const PLAYED_MS = 260;      // how long a person's own move is seen leaving
export const COMPUTER_MS = 1100;   // how long the computer's move stays marked

export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

// Resolves after `ms` milliseconds.
export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Shows a move: `mark(cls)` marks what it changes with 'computer-move' (the computer's move, kept
// COMPUTER_MS) or `played` (a person's, kept PLAYED_MS); nothing is marked for a person's move
// when the reader asked for reduced motion. Resolves when the move has been seen.
export function showMove(mark, { computer = false } = {}, played = 'leaving') {
  if (!computer && reducedMotion()) return Promise.resolve();
  mark(computer ? 'computer-move' : played);
  return pause(computer ? COMPUTER_MS : PLAYED_MS);
}

// The keyboard over `nodes` (the view's playable objects, in order): the arrow keys move the focus
// to the next or previous one (around the end; the first when none has it), Enter or Space
// calls `activate` with the focused one.
export function walkFocus(e, nodes, activate) {
  const current = nodes.indexOf(document.activeElement);
  if ((e.key === 'Enter' || e.key === ' ') && current >= 0) {
    e.preventDefault();
    activate(nodes[current]);
    return;
  }
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  if (!step) return;
  e.preventDefault();
  nodes[current < 0 ? 0 : (current + step + nodes.length) % nodes.length].focus();
}

// A view drawn whole from what render is given (`args`: components, moves, interactive, hint,
// winning, ...); a subclass supplies draw() and may extend render.
// host: play(move), choose(title, moves), refuse(text), fetchMoves(query) (see ../board.js)
// Plays the one move in `options`, asks which when there are several, or says why not.
export function playOne(host, options, refusal, title) {
  if (options.length === 0) host.refuse(refusal);
  else if (options.length === 1) host.play(options[0]);
  else host.choose(title, options);
}

export class DrawnView {
  constructor(root, host) {
    this.root = root;
    this.host = host;
    this.args = null;
  }

  render(args) {
    this.args = args;
    this.draw();
  }
}
