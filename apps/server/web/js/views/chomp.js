// The "chomp" view: each bar a grid of squares, row 1 at the top, the poisoned square (1,1)
// marked, its rows numbered down the left and its columns along the top as a move names them
// (ROW COLUMN). Pointing at a square (hover or keyboard focus) shows the squares a click would eat: it
// and every square below and right of it. A click (or Enter) plays the server's move whose "row"
// and "column" fields name that square; the view reads the components' "rows" field (row
// lengths) and the moves' "row"/"column" fields, never move text. The hint marks the squares its
// move eats.

import { el } from '../dom.js';
import { DrawnView, showMove } from './common.js';

export const help = {
  board: 'Chocolate bar. Arrow keys choose a square, Enter eats it with every square below and right of it; the poisoned square (1,1) is never eaten.',
  keys: '←→↑↓ square · Enter eat',
};

const poisoned = (row, column) => row === 1 && column === 1;

export class ChompView extends DrawnView {
  // The move of component `index` eating (row, column), or undefined.
  moveAt(index, row, column) {
    return (this.args?.moves ?? []).find((m) => m.component === index && Number(m.row) === row && Number(m.column) === column);
  }

  play(index, row, column) {
    if (!this.args?.interactive) return;
    if (poisoned(row, column)) {
      this.host.refuse('The square (1,1) is poisoned: eat any other square');
      return;
    }
    if (!this.args.moves) {
      this.host.refuse('Too many moves to list here: type the row and column to eat');
      return;
    }
    const move = this.moveAt(index, row, column);
    if (move) this.host.play(move);
    else this.host.refuse(`You cannot eat square (${row},${column})`);
  }

  // Marks with `cls` the squares of component `index` that eating (row, column) takes.
  mark(cls, index, row, column) {
    for (const node of this.root.querySelectorAll(`.chomp-cell[data-component="${index}"]`)) {
      const r = Number(node.dataset.row);
      const c = Number(node.dataset.column);
      node.classList.toggle(cls, r >= row && c >= column && !poisoned(r, c));
    }
  }

  clear(cls) {
    for (const node of this.root.querySelectorAll(`.chomp-cell.${cls}`)) node.classList.remove(cls);
  }

  cell(component, row, column) {
    const index = component.index;
    const poison = poisoned(row, column);
    const playable = this.args.interactive && !poison;
    const point = () => {
      if (playable) this.mark('doomed', index, row, column);
    };
    return el('button', {
      type: 'button',
      class: `chomp-cell${poison ? ' poisoned' : ''}`,
      'data-component': index,
      'data-row': row,
      'data-column': column,
      tabindex: -1,
      'aria-label': `square (${row},${column})${poison ? ', poisoned' : ''}`,
      'aria-disabled': playable ? false : 'true',
      onclick: () => this.play(index, row, column),
      onmouseenter: point,
      onfocus: point,
      onmouseleave: () => this.clear('doomed'),
      onblur: () => this.clear('doomed'),
    }, poison ? '☠' : '');
  }

  draw() {
    const { components, hint } = this.args;
    const bars = components.map((c) => {
      const rows = (c.fields?.rows ?? []).map(Number);
      // Rows and columns are labelled as a move names them: ROW COLUMN, from 1 at the top left.
      const label = (cls, n) => el('span', { class: `chomp-label ${cls}`, 'aria-hidden': 'true' }, String(n));
      const widest = Math.max(0, ...rows);
      const head = el('div', { class: 'chomp-head' }, el('span', { class: 'chomp-label chomp-corner', 'aria-hidden': 'true' }),
          ...Array.from({ length: widest }, (_, k) => label('chomp-column-label', k + 1)));
      const lines = rows.map((length, r) => el('div', { class: 'chomp-row' }, label('chomp-row-label', r + 1),
          ...Array.from({ length }, (_, k) => this.cell(c, r + 1, k + 1))));
      const bar = el('div', { class: 'chomp-bar', role: 'group', 'aria-label': c.label }, head, ...lines);
      // The widest row sets the cell size on a narrow screen (style.css), so the bar never
      // widens the page. CSSOM, which the page's Content-Security-Policy allows.
      bar.style.setProperty('--columns', String(Math.max(1, ...rows)));
      return bar;
    });
    this.root.replaceChildren(...bars);
    if (hint) this.mark('hinted', hint.component, Number(hint.row), Number(hint.column));
    // One square of the first bar takes the Tab focus; the arrows move from there.
    const first = this.root.querySelector('.chomp-cell:not(.poisoned)');
    if (first && this.args.interactive) first.tabIndex = 0;
  }

  // Fades out the squares a move eats; resolves when done.
  // The squares a move eats fade (the computer's stay marked a moment); resolves when seen.
  animate(move, options) {
    if (move.row === undefined) return Promise.resolve();
    return showMove((cls) => this.mark(cls, move.component, Number(move.row), Number(move.column)), options, 'eaten');
  }

  // Arrow keys move between the squares of a bar (from the first bar when none has the focus);
  // Enter or Space eats the focused one.
  onKey(e) {
    if (!this.args?.interactive) return;
    const current = document.activeElement?.classList?.contains('chomp-cell') ? document.activeElement : null;
    if ((e.key === 'Enter' || e.key === ' ') && current) {
      e.preventDefault();
      this.play(Number(current.dataset.component), Number(current.dataset.row), Number(current.dataset.column));
      return;
    }
    const step = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] }[e.key];
    if (!step) return;
    e.preventDefault();
    const from = current ?? this.root.querySelector('.chomp-cell:not(.poisoned)');
    if (!from) return;
    const { component, row, column } = from.dataset;
    const target = !current ? from : this.root.querySelector(
        `.chomp-cell[data-component="${component}"][data-row="${Number(row) + step[0]}"][data-column="${Number(column) + step[1]}"]`);
    target?.focus();
  }
}
