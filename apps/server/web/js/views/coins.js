// The "coins" view (coin-turning games): each row a line of numbered coins, heads or tails. A
// move turns some coins, the rightmost from heads to tails: clicking a heads coin (or Enter on
// it) plays the move of the server's list that ends there when there is one, and otherwise
// offers every such move in the chooser. The view reads the components' "coins" field (1 heads,
// 0 tails) and the moves' "coins" field (the coins turned, ascending), never move text. A grid
// (Turning Corners) also has "columns": its coins come row by row, coin k (from 1) is (x, y) =
// ((k − 1) / columns, (k − 1) % columns), and a move's last coin is the one going to tails.

import { el } from '../dom.js';
import { DrawnView, playOne, showMove, walkFocus } from './common.js';

export const help = {
  board: 'Coins. Tab or arrow keys choose a coin, Enter turns it (the rightmost coin turned must be heads).',
  keys: 'Tab / ←→ coin · Enter turn',
};

const coinsOf = (move) => (Array.isArray(move.coins) ? move.coins : [move.coins]).map(Number);
const rightmost = (move) => Math.max(...coinsOf(move));

// A coin's name: its number in a row, (x, y) in a grid of `columns`.
function coinName(coin, columns) {
  if (!columns) return `${coin}`;
  return `(${Math.floor((coin - 1) / columns)}, ${(coin - 1) % columns})`;
}

export class CoinsView extends DrawnView {
  // The moves of component `index` whose rightmost coin is `coin`.
  movesEndingAt(index, coin) {
    return (this.args?.moves ?? []).filter((m) => m.component === index && rightmost(m) === coin);
  }

  columnsOf(index) {
    const c = this.args?.components.find((x) => x.index === index);
    return c?.fields?.columns === undefined ? 0 : Number(c.fields.columns);
  }

  play(index, coin) {
    if (!this.args?.interactive) return;
    if (!this.args.moves) {
      this.host.refuse('Too many moves to list here: type the coins to turn');
      return;
    }
    const options = this.movesEndingAt(index, coin);
    const name = coinName(coin, this.columnsOf(index));
    playOne(this.host, options, `You cannot turn coin ${name} from heads to tails`, `Turn coin ${name} and…`);
  }

  draw() {
    const { components, interactive, hint } = this.args;
    const rows = components.map((c) => {
      const faces = (c.fields?.coins ?? []).map(Number);
      const columns = this.columnsOf(c.index);
      const marked = hint && hint.component === c.index ? new Set(coinsOf(hint)) : new Set();
      const winning = new Set((this.args.winning ?? []).filter((m) => m.component === c.index).flatMap(coinsOf));
      const coins = faces.map((face, i) => {
        const coin = i + 1;
        const heads = face === 1;
        const playable = interactive && heads && (!this.args.moves || this.movesEndingAt(c.index, coin).length > 0);
        return el('button', {
          type: 'button',
          class: `coin ${heads ? 'heads' : 'tails'}${marked.has(coin) ? ' hinted' : ''}${winning.has(coin) ? ' winning' : ''}`,
          'data-coin': coin,
          'data-component': c.index,
          tabindex: playable ? 0 : -1,
          'aria-label': `coin ${coinName(coin, columns)}, ${heads ? 'heads' : 'tails'}`,
          'aria-disabled': playable ? false : 'true',
          onclick: () => this.play(c.index, coin),
        }, el('span', { class: 'coin-face' }, heads ? 'H' : 'T'), el('span', { class: 'coin-number' }, coinName(coin, columns)));
      });
      if (!columns) return el('div', { class: 'coin-row', role: 'group', 'aria-label': c.label }, ...coins);
      const lines = [];
      for (let i = 0; i < coins.length; i += columns) lines.push(el('div', { class: 'coin-row' }, ...coins.slice(i, i + columns)));
      return el('div', { class: 'coin-grid', role: 'group', 'aria-label': c.label }, ...lines);
    });
    this.root.replaceChildren(...rows);
  }

  // Turns over the coins a move turns (the computer's stay marked a moment); resolves when done.
  animate(move, options) {
    if (move.coins === undefined) return Promise.resolve();
    return showMove((cls) => {
      for (const coin of coinsOf(move)) {
        this.root.querySelector(`.coin[data-component="${move.component}"][data-coin="${coin}"]`)?.classList.add(cls);
      }
    }, options, 'turning');
  }

  // Arrow keys move between the heads coins; Enter or Space turns the focused one.
  onKey(e) {
    const nodes = [...this.root.querySelectorAll('.coin.heads')];
    if (!this.args?.interactive || nodes.length === 0) return;
    walkFocus(e, nodes, (node) => this.play(Number(node.dataset.component), Number(node.dataset.coin)));
  }
}
