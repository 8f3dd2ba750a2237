// Drawing for the Grundy view: the plot of g(n) (a dot per value while they fit, otherwise the
// server's bands, the smallest and largest value of each run of sizes), the table of the first
// values whose row width is the period, and the table g(a, b) of a ruleset on pairs of sizes.

const SVG = 'http://www.w3.org/2000/svg';
// Up to this many values the plot draws a dot per value; past it, the bands.
export const MAX_DOTS = 2000;
// Period boundaries are drawn while there are at most this many of them.
const MAX_PERIOD_LINES = 200;

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
export function hue(value) {
  return (Number(BigInt(value) % 360n) * 47) % 360;
}

function cell(tag, text) {
  return Object.assign(document.createElement(tag), { textContent: text });
}

// Axes, grid lines, and the preperiod and period zones of a plot of n values up to `top`.
// Returns whether the period boundaries were drawn (not when there would be too many).
function frame(chart, { n, top, period, preperiod, x, y, box }) {
  const { W, H, pad } = box;
  let lines = false;
  if (period && preperiod > 0) {
    chart.append(svg('rect', { class: 'zone-pre', x: x(0), y: pad.t, width: Math.max(0, x(Math.min(preperiod, n - 1)) - x(0)), height: H - pad.t - pad.b }));
    chart.append(svg('text', { class: 'zone-label', x: x(0) + 6, y: pad.t - 8 }, `preperiod (n < ${preperiod})`));
  }
  if (period && preperiod < n) {
    lines = (n - preperiod) / period <= MAX_PERIOD_LINES;
    if (lines) {
      for (let start = preperiod; start < n; start += period) {
        chart.append(svg('line', { class: start === preperiod ? 'period-start' : 'period-line', x1: x(start), x2: x(start), y1: pad.t, y2: H - pad.b }));
      }
    }
    const end = Math.min(preperiod + period, n - 1);
    chart.append(svg('rect', { class: 'zone-period', x: x(preperiod), y: pad.t, width: Math.max(2, x(end) - x(preperiod)), height: H - pad.t - pad.b }));
    // Inside the zone, below the preperiod's label, so that the two never overlap.
    chart.append(svg('text', { class: 'zone-label period', x: x(preperiod) + 6, y: pad.t + 16 }, `period ${period}`));
  }
  // About one label per 40 px of height and per 90 px of width: readable at any size.
  const yStep = niceStep(top, Math.max(3, Math.min(8, Math.floor((H - pad.t - pad.b) / 40))));
  for (let v = 0; v <= top; v += yStep) {
    chart.append(svg('line', { class: 'grid', x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v) }));
    chart.append(svg('text', { class: 'tick', x: pad.l - 8, y: y(v) + 4, 'text-anchor': 'end' }, String(v)));
  }
  const xStep = niceStep(Math.max(1, n - 1), Math.max(2, Math.min(10, Math.floor((W - pad.l - pad.r) / 90))));
  for (let i = 0; i < n; i += xStep) {
    chart.append(svg('text', { class: 'tick', x: x(i), y: H - pad.b + 18, 'text-anchor': 'middle' }, i.toLocaleString('en')));
  }
  chart.append(svg('text', { class: 'axis-label', x: W - pad.r, y: H - 4, 'text-anchor': 'end' }, 'n'));
  chart.append(svg('text', { class: 'axis-label', x: 8, y: pad.t - 8 }, 'g(n)'));
  return lines;
}

// The drawing's size in its own units: the chart's width on the page in CSS pixels (so that its
// text is drawn at the size the style sheet says, whatever the screen), and a height that suits
// it. 1000 × 380 when the chart is not laid out (hidden).
function chartBox(chart) {
  const width = Math.round(chart.parentElement?.clientWidth ?? 0);
  if (width < 100) return { W: 1000, H: 380 };
  return { W: width, H: Math.round(Math.max(220, Math.min(380, width * 0.62))) };
}

// Plots g(0) .. g(count-1): a dot per value for small counts, else a vertical bar per band from
// its smallest to its largest value (so no value is hidden, however many share a pixel). Drawn
// to the chart's width on the page: call again when that changes (GrundyView does).
export function drawSequence(chart, legend, data) {
  const { W: width, H: height } = chartBox(chart);
  const box = { W: width, H: height, pad: { l: 44, r: 14, t: 28, b: 36 } };
  const { W, H, pad } = box;
  chart.setAttribute('viewBox', `0 0 ${W} ${H}`);
  chart.replaceChildren();
  const n = Number(data.count);
  const top = Number(data.max_value) || 1;
  const period = data.proved ? Number(data.period) : null;
  const preperiod = data.proved ? Number(data.preperiod) : 0;
  const x = (i) => pad.l + (n <= 1 ? 0 : (i * (W - pad.l - pad.r)) / (n - 1));
  const y = (v) => H - pad.b - (Number(v) * (H - pad.t - pad.b)) / top;
  const lines = frame(chart, { n, top, period, preperiod, x, y, box });

  const dots = n <= MAX_DOTS && data.values.length === n;
  chart.dataset.drawn = dots ? 'dots' : 'bands';
  if (dots) {
    const values = data.values.map((v) => BigInt(String(v)));
    chart.append(svg('polyline', { class: 'gline', points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ') }));
    const r = n > 400 ? 1.6 : n > 150 ? 2.6 : 4;
    values.forEach((v, i) => {
      const dot = svg('circle', { class: 'gdot', cx: x(i).toFixed(1), cy: y(v).toFixed(1), r });
      dot.style.setProperty('--h', hue(v));  // CSSOM, which the page's CSP allows
      dot.append(svg('title', {}, `g(${i}) = ${v}`));
      chart.append(dot);
    });
  } else {
    const { width, min, max } = data.bands;
    const step = Number(width);
    let d = '';
    for (let b = 0; b < min.length; b += 1) {
      const xb = x(Math.min(n - 1, b * step + (step - 1) / 2)).toFixed(1);
      // A band of one value still shows: at least a pixel tall.
      const hi = y(max[b]);
      const lo = Math.max(y(min[b]), hi + 1);
      d += `M${xb} ${lo.toFixed(1)}V${hi.toFixed(1)}`;
    }
    chart.append(svg('path', { class: 'gband', d }));
  }
  legend.innerHTML = (period ? '<span class="key pre"></span> preperiod <span class="key per"></span> first period' : '') +
      (lines ? ' <span class="key line"></span> period boundaries' : '') +
      (dots ? '' : `<span class="key band"></span> smallest to largest value of each ${Number(data.bands.width).toLocaleString('en')} values of n`);
}

// The first values, in rows as wide as the period (when it is short), so that periodicity shows
// as repeating columns.
export function drawValues(table, data) {
  const values = data.values.map((v) => BigInt(String(v)));
  const period = data.proved ? Number(data.period) : null;
  const preperiod = data.proved ? Number(data.preperiod) : 0;
  const width = period && period <= 32 ? period : 10;
  clearCanvas(table);
  table.className = 'gtable';
  table.replaceChildren();
  const head = document.createElement('tr');
  head.append(cell('th', 'n'));
  for (let c = 0; c < width; c += 1) head.append(cell('th', `+${c}`));
  table.append(document.createElement('thead'));
  table.tHead.append(head);
  const body = document.createElement('tbody');
  for (let row = 0; row * width < values.length; row += 1) {
    const tr = document.createElement('tr');
    tr.append(cell('th', String(row * width)));
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

// A grid's colour: blue for small values to red for the largest, so that the growth of g(a, b)
// away from the corner and the lines of 0 cells show.
function gridHue(value, top) {
  return Math.round(240 - (240 * Number(value)) / Math.max(1, top));
}

function gridTop(grid) {
  return grid.reduce((m, row) => row.reduce((n, v) => Math.max(n, Number(v)), m), 0);
}

// Past this side the table g(a, b) is painted on a canvas: tens of thousands of table cells
// take seconds to lay out.
const MAX_GRID_CELLS_SIDE = 48;

// Removes a painted grid and shows the table element again.
function clearCanvas(table) {
  table.parentElement.querySelector('canvas.ggrid-canvas')?.remove();
  table.hidden = false;
}

// The grid painted a few pixels per cell, coloured by value (the 0 cells dark); pointing at a
// cell names it in the tooltip.
function paintGrid(table, grid) {
  const side = grid.length;
  const px = Math.max(2, Math.floor(768 / side));
  const canvas = Object.assign(document.createElement('canvas'), { className: 'ggrid-canvas', width: side * px, height: side * px });
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', `g(a, b) for a, b below ${side}, coloured by value`);
  const ctx = canvas.getContext('2d');
  const top = gridTop(grid);
  grid.forEach((row, a) => row.forEach((v, b) => {
    ctx.fillStyle = String(v) === '0' ? '#1f2937' : `hsl(${gridHue(v, top)} 70% 62%)`;
    ctx.fillRect(b * px, a * px, px, px);
  }));
  canvas.addEventListener('mousemove', (e) => {
    const rect = canvas.getBoundingClientRect();
    const a = Math.floor(((e.clientY - rect.top) / rect.height) * side);
    const b = Math.floor(((e.clientX - rect.left) / rect.width) * side);
    if (a >= 0 && a < side && b >= 0 && b < side) canvas.title = `g(${a}, ${b}) = ${grid[a][b]}`;
  });
  table.replaceChildren();
  table.hidden = true;
  table.parentElement.append(canvas);
}

// The table g(a, b): a row per a, a column per b, each cell coloured by its value.
export function drawGrid(table, grid) {
  const side = grid.length;
  clearCanvas(table);
  if (side > MAX_GRID_CELLS_SIDE) {
    paintGrid(table, grid);
    return;
  }
  table.className = 'gtable ggrid';
  const top = gridTop(grid);
  table.replaceChildren();
  const head = document.createElement('tr');
  head.append(cell('th', 'a \\ b'));
  for (let b = 0; b < side; b += 1) head.append(cell('th', String(b)));
  table.append(document.createElement('thead'));
  table.tHead.append(head);
  const body = document.createElement('tbody');
  grid.forEach((row, a) => {
    const tr = document.createElement('tr');
    tr.append(cell('th', String(a)));
    row.forEach((v, b) => {
      const td = cell('td', String(v));
      td.dataset.a = a;
      td.dataset.b = b;
      td.title = `g(${a}, ${b}) = ${v}`;
      td.style.setProperty('--h', gridHue(v, top));
      if (String(v) === '0') td.classList.add('zero');
      tr.append(td);
    });
    body.append(tr);
  });
  table.append(body);
}
