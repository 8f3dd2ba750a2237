// The Grundy sequence view: g(n) for n < N of any ruleset, plotted with the preperiod and the
// period marked when the server found them, and the values as a table whose row width is the
// period, so that periodicity shows as repeating columns.

import { api } from './api.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function niceStep(span, target) {
  const raw = span / target;
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return Math.max(1, m * power);
  return Math.max(1, 10 * power);
}

// A value's colour: the same value always gets the same hue, so repeats are easy to see.
function hue(value) {
  return (Number(BigInt(value) % 360n) * 47) % 360;
}

export class GrundyView {
  constructor(parts) {
    this.p = parts;
    this.ready = false;
    parts.form.addEventListener('submit', (e) => { e.preventDefault(); this.plot(); });
    parts.select.addEventListener('change', () => {
      parts.params.dataset.touched = '';
      parts.syncParams(parts.select, parts.params, parts.paramsLabel, null, parts.summary);
    });
    parts.params.addEventListener('input', () => { parts.params.dataset.touched = '1'; });
  }

  show() {
    if (this.ready) return;
    this.ready = true;
    this.p.fillRulesetSelect(this.p.select);
    this.p.syncParams(this.p.select, this.p.params, this.p.paramsLabel, null, this.p.summary);
    this.plot();
  }

  spec() {
    const entry = this.p.getRulesets().find((r) => r.name === this.p.select.value);
    const params = this.p.params.value.trim();
    return entry?.parameters && params ? `${entry.name}:${params}` : this.p.select.value;
  }

  async plot() {
    const { error } = this.p;
    error.hidden = true;
    const count = Number(this.p.count.value);
    try {
      const data = await api.grundy(this.spec(), count);
      this.render(data);
    } catch (e) {
      error.textContent = e.message;
      error.hidden = false;
    }
  }

  render(data) {
    const values = data.values.map((v) => BigInt(String(v)));
    const { period, preperiod } = data;
    const facts = [];
    facts.push(`<span class="fact"><b>${data.values.length}</b> values</span>`);
    if (period) {
      facts.push(`<span class="fact period" data-testid="period">period <b>${period}</b></span>`);
      facts.push(`<span class="fact preperiod">preperiod <b>${preperiod ?? 0}</b></span>`);
    } else {
      facts.push('<span class="fact none">no period found in this range</span>');
    }
    if (data.source) facts.push(`<span class="fact muted">values: ${data.source}</span>`);
    this.p.facts.innerHTML = facts.join('');
    this.p.facts.dataset.rules = data.rules;
    this.drawChart(values, period, preperiod ?? 0);
    this.drawTable(values, period, preperiod ?? 0);
  }

  drawChart(values, period, preperiod) {
    const chart = this.p.chart;
    const W = 1000;
    const H = 380;
    const pad = { l: 44, r: 16, t: 28, b: 36 };
    chart.setAttribute('viewBox', `0 0 ${W} ${H}`);
    chart.replaceChildren();
    const n = values.length;
    const maxV = values.reduce((a, b) => (b > a ? b : a), 0n);
    const top = Number(maxV) || 1;
    const x = (i) => pad.l + (n <= 1 ? 0 : (i * (W - pad.l - pad.r)) / (n - 1));
    const y = (v) => H - pad.b - (Number(v) * (H - pad.t - pad.b)) / top;

    // Preperiod and the first full period, shaded behind the data.
    if (period && preperiod > 0) {
      chart.append(svg('rect', { class: 'zone-pre', x: x(0), y: pad.t, width: Math.max(0, x(Math.min(preperiod, n - 1)) - x(0)), height: H - pad.t - pad.b }));
      chart.append(svg('text', { class: 'zone-label', x: x(0) + 6, y: pad.t - 8 }, `preperiod (n < ${preperiod})`));
    }
    if (period) {
      for (let start = preperiod; start < n; start += period) {
        chart.append(svg('line', { class: start === preperiod ? 'period-start' : 'period-line', x1: x(start), x2: x(start), y1: pad.t, y2: H - pad.b }));
      }
      const end = Math.min(preperiod + period, n - 1);
      chart.append(svg('rect', { class: 'zone-period', x: x(preperiod), y: pad.t, width: Math.max(2, x(end) - x(preperiod)), height: H - pad.t - pad.b }));
      chart.append(svg('text', { class: 'zone-label period', x: x(preperiod) + 6, y: pad.t - 8 }, `period ${period}`));
    }

    // Axes and ticks.
    const yStep = niceStep(top, 6);
    for (let v = 0; v <= top; v += yStep) {
      chart.append(svg('line', { class: 'grid', x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v) }));
      chart.append(svg('text', { class: 'tick', x: pad.l - 8, y: y(v) + 4, 'text-anchor': 'end' }, String(v)));
    }
    const xStep = niceStep(Math.max(1, n - 1), 10);
    for (let i = 0; i < n; i += xStep) {
      chart.append(svg('text', { class: 'tick', x: x(i), y: H - pad.b + 18, 'text-anchor': 'middle' }, String(i)));
    }
    chart.append(svg('text', { class: 'axis-label', x: W - pad.r, y: H - 4, 'text-anchor': 'end' }, 'n'));
    chart.append(svg('text', { class: 'axis-label', x: 8, y: pad.t - 8 }, 'g(n)'));

    // The values: a line to follow the shape, a dot per value.
    chart.append(svg('polyline', { class: 'gline', points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ') }));
    const r = n > 400 ? 1.6 : n > 150 ? 2.6 : 4;
    values.forEach((v, i) => {
      const dot = svg('circle', { class: 'gdot', cx: x(i).toFixed(1), cy: y(v).toFixed(1), r });
      dot.style.setProperty('--h', hue(v));  // CSSOM, which the page's CSP allows
      dot.append(svg('title', {}, `g(${i}) = ${v}`));
      chart.append(dot);
    });
    this.p.legend.innerHTML = period
        ? `<span class="key pre"></span> preperiod <span class="key per"></span> first period <span class="key line"></span> period boundaries`
        : '';
  }

  drawTable(values, period, preperiod) {
    const width = period && period <= 32 ? period : 10;
    const table = this.p.table;
    table.replaceChildren();
    const head = document.createElement('tr');
    head.append(Object.assign(document.createElement('th'), { textContent: 'n' }));
    for (let c = 0; c < width; c += 1) head.append(Object.assign(document.createElement('th'), { textContent: `+${c}` }));
    table.append(Object.assign(document.createElement('thead'), {}));
    table.tHead.append(head);
    const body = document.createElement('tbody');
    for (let row = 0; row * width < values.length; row += 1) {
      const tr = document.createElement('tr');
      tr.append(Object.assign(document.createElement('th'), { textContent: String(row * width) }));
      for (let c = 0; c < width; c += 1) {
        const i = row * width + c;
        const td = document.createElement('td');
        if (i < values.length) {
          td.textContent = values[i].toString();
          td.style.setProperty('--h', hue(values[i]));
          td.title = `g(${i}) = ${values[i]}`;
          if (period && i < preperiod) td.className = 'pre';
        }
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(body);
  }
}
