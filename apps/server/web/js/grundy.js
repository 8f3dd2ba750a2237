// The Grundy view: for a ruleset whose components are one size n, g(n) for n < N plotted (up to a million values),
// the first values tabulated, and whether a period is proved, stated plainly; for a ruleset on
// pairs of sizes, the table g(a, b). Which rulesets are offered, and with which picture, comes
// from the server (each ruleset's "shape" in GET /api/rulesets), never from names here.

import { api } from './api.js';
import { drawSequence, drawValues, drawGrid } from './grundy_chart.js';

const fmt = (n) => Number(n).toLocaleString('en');

// Default counts per shape: a sequence long enough to show Kayles' period, a table that fits.
const DEFAULT_COUNT = { sequence: 120, grid: 24 };

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

// The period, in plain words: proved (with its proof), or how far it was checked and why the
// server stopped there, in terms of this page.
export function periodStatus(data) {
  if (data.proved) {
    const saltus = Number(data.saltus ?? 0) ? `, saltus ${fmt(data.saltus)}` : '';
    return {
      proved: true,
      head: `Proved: period ${fmt(data.period)}, preperiod ${fmt(data.preperiod)}${saltus}.`,
      detail: `Proof: ${data.proof}; values compared up to n = ${fmt(data.checked_to)}.`,
    };
  }
  const checked = fmt(data.searched_to);
  switch (data.stopped) {
    case 'no_theorem':
      return {
        proved: false,
        head: 'No period claimed: no periodicity theorem applies to this ruleset.',
        detail: 'A period is only reported when a theorem proves it, never guessed from the values shown.',
      };
    case 'request_limit':
      return {
        proved: false,
        head: `Not proved: checked up to n = ${checked}.`,
        detail: `The server gives one plot a bounded amount of work (${data.no_period}) and stopped there. Press Plot again to search further: the server keeps the values it computed and continues from n = ${checked}.`,
      };
    default:
      return {
        proved: false,
        head: `Not proved: checked up to n = ${checked}.`,
        detail: `No period is proved by n = ${checked}, the furthest the server searches for one plot.`,
      };
  }
}

// A refusal from the server, in terms of this page's controls where it concerns them.
export function refusalText(error, shape) {
  const data = error.data ?? {};
  if (data.field === 'count' && data.max !== undefined) {
    return shape === 'grid'
      ? `Size must be a whole number from 1 to ${fmt(data.max)}.`
      : `Values must be a whole number from 1 to ${fmt(data.max)}.`;
  }
  if (data.stopped === 'request_limit') {
    const known = data.known_to === null || data.known_to === undefined ? '' : ` Values are known up to n = ${fmt(data.known_to)}.`;
    return `The server gives one plot a bounded amount of work, and these values need more.${known} Press Plot again to continue from there (the server keeps what it computed), or ask for fewer values.`;
  }
  return error.message;
}

export class GrundyView {
  // `parts`: the form's controls and the drawing targets (from app.js), getRulesets() and
  // getRules() (the spec of the game in play, or null); the rest of the view's elements are found
  // by id in its section.
  constructor(parts) {
    const byId = (id) => document.getElementById(id);
    this.p = { ...parts, status: byId('g-status'), countName: byId('g-count-name'), tableTitle: byId('g-table-title'), root: byId('view-grundy') };
    parts = this.p;
    this.ready = false;
    this.asked = 0;        // the number of the last plot asked for: only its answer is drawn
    this.followed = null;  // the ruleset in play when the view last followed it
    parts.form.addEventListener('submit', (e) => { e.preventDefault(); this.plot(); });
    // A new choice is plotted at once: the picture never stays another ruleset's.
    parts.select.addEventListener('change', () => {
      parts.params.dataset.touched = '';
      parts.syncParams(parts.select, parts.params, parts.paramsLabel, null, parts.summary);
      this.syncShape();
      this.plot();
    });
    parts.params.addEventListener('input', () => { parts.params.dataset.touched = '1'; });
    // The plot is drawn to the chart's width: redrawn when the page's width changes it.
    this.plotted = null;  // the sequence on show, or null
    let width = 0;
    new ResizeObserver(([entry]) => {
      const now = Math.round(entry.contentRect.width);
      if (now === width) return;
      width = now;
      if (this.plotted && now > 0) drawSequence(parts.chart, parts.legend, this.plotted);
    }).observe(parts.chart.parentElement);
  }

  // Takes the last plot away (a refused or failed request): no old picture under a new heading.
  clear() {
    const { p } = this;
    this.plotted = null;
    p.facts.replaceChildren();
    delete p.facts.dataset.count;
    delete p.facts.dataset.rules;
    p.status.hidden = true;
    p.status.replaceChildren();
    p.chart.replaceChildren();
    p.chart.parentElement.hidden = true;
    p.legend.replaceChildren();
    p.legend.hidden = true;
    p.tableTitle.textContent = '';
    p.table.replaceChildren();
    p.table.parentElement.querySelector('canvas.ggrid-canvas')?.remove();
  }

  // Opens on the ruleset in play (`getRules()`, a spec such as "grundy" or "subtraction:1,2,3")
  // when it has a picture and has changed since the view last opened; otherwise on what was
  // chosen here.
  show() {
    const first = !this.ready;
    if (first) {
      this.ready = true;
      this.fillSelect();
    }
    const rules = this.p.getRules?.() ?? null;
    const follow = rules !== null && rules !== this.followed && this.follow(rules);
    this.followed = rules;
    if (!first && !follow) return;
    this.p.syncParams(this.p.select, this.p.params, this.p.paramsLabel, null, this.p.summary);
    this.syncShape();
    this.plot();
  }

  // Chooses `rules` in the form when it is offered; whether it was.
  follow(rules) {
    const name = rules.split(':')[0];
    if (![...this.p.select.options].some((o) => o.value === name)) return false;
    this.p.select.value = name;
    const params = rules.includes(':') ? rules.slice(name.length + 1) : '';
    this.p.params.value = params;
    this.p.params.dataset.touched = params ? '1' : '';
    return true;
  }

  // Only rulesets with a picture of their values, as the server says.
  fillSelect() {
    const select = this.p.select;
    const offered = this.p.getRulesets().filter((r) => r.shape === 'sequence' || r.shape === 'grid');
    select.replaceChildren(...offered.map((r) => Object.assign(document.createElement('option'), {
      value: r.name, textContent: r.name, title: r.summary,
    })));
  }

  entry() {
    return this.p.getRulesets().find((r) => r.name === this.p.select.value);
  }

  shape() {
    return this.entry()?.shape ?? 'sequence';
  }

  // The count box means "values" for a sequence and "size" for a table; its default follows.
  syncShape() {
    const shape = this.shape();
    if (this.p.count.dataset.shape === shape) return;
    this.p.count.dataset.shape = shape;
    this.p.countName.textContent = shape === 'grid' ? 'Size' : 'Values';
    this.p.count.value = String(DEFAULT_COUNT[shape]);
  }

  spec() {
    const entry = this.entry();
    const params = this.p.params.value.trim();
    return entry?.parameters && params ? `${entry.name}:${params}` : this.p.select.value;
  }

  async plot() {
    const { error } = this.p;
    error.hidden = true;
    const shape = this.shape();
    const text = this.p.count.value.trim();
    if (!/^\d+$/.test(text) || Number(text) < 1) {
      ++this.asked;
      this.clear();
      error.textContent = `${shape === 'grid' ? 'Size' : 'Values'} must be a whole number of at least 1.`;
      error.hidden = false;
      return;
    }
    // The last plot is taken away at once: until the answer comes, nothing of another request
    // is on show, and an answer to an earlier request is dropped when it comes late.
    const my = ++this.asked;
    this.clear();
    this.p.root.dataset.busy = 'true';
    // The earlier request is cancelled too: the engine stops computing what nobody will see.
    this.cancel?.abort();
    this.cancel = new AbortController();
    try {
      const data = await api.grundy(this.spec(), Number(text), this.cancel.signal);
      if (my !== this.asked) return;
      if (data.shape === 'grid') this.renderGrid(data); else this.render(data);
    } catch (e) {
      if (my !== this.asked) return;
      this.clear();
      error.textContent = refusalText(e, shape);
      error.hidden = false;
    } finally {
      if (my === this.asked) this.p.root.dataset.busy = 'false';
    }
  }

  render(data) {
    const { p } = this;
    const facts = [`<span class="fact"><b>${fmt(data.count)}</b> values</span>`];
    if (data.proved) {
      facts.push(`<span class="fact period" data-testid="period">period <b>${data.period}</b></span>`);
      facts.push(`<span class="fact preperiod">preperiod <b>${data.preperiod}</b></span>`);
    }
    facts.push(`<span class="fact muted">largest value <b>${data.max_value}</b></span>`);
    if (data.source) facts.push(`<span class="fact muted">values: ${escapeHtml(data.source)}</span>`);
    p.facts.innerHTML = facts.join('');
    const status = periodStatus(data);
    p.status.hidden = false;
    p.status.dataset.proved = String(status.proved);
    p.status.replaceChildren(Object.assign(document.createElement('b'), { textContent: status.head }),
        ' ', Object.assign(document.createElement('span'), { className: 'muted', textContent: status.detail }));
    p.chart.parentElement.hidden = false;
    p.legend.hidden = false;
    this.plotted = data;
    drawSequence(p.chart, p.legend, data);
    const listed = data.values.length;
    p.tableTitle.textContent = listed < Number(data.count)
      ? `The first ${fmt(listed)} values, g(0) to g(${fmt(listed - 1)})`
      : 'Values';
    drawValues(p.table, data);
    p.facts.dataset.count = String(data.count);
    p.facts.dataset.rules = data.rules;
  }

  renderGrid(data) {
    const { p } = this;
    const side = Number(data.count);
    p.facts.innerHTML = `<span class="fact"><b>${side} × ${side}</b> values g(a, b)</span>` +
        (data.source ? `<span class="fact muted">values: ${escapeHtml(data.source)}</span>` : '');
    p.status.hidden = false;
    p.status.dataset.proved = '';
    p.status.textContent = 'Each cell is g(a, b), the Grundy value of the position (a, b); the 0 cells are the positions the player to move loses.';
    this.plotted = null;
    p.chart.parentElement.hidden = true;
    p.legend.hidden = true;
    p.tableTitle.textContent = 'g(a, b): a down, b across';
    drawGrid(p.table, data.grid);
    p.facts.dataset.count = String(side);
    p.facts.dataset.rules = data.rules;
  }
}
