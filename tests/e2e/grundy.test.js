// The Grundy view as a person uses it: the proved period of octal 0.16, a million values plotted,
// Wythoff's table g(a, b), only the rulesets that have a picture of their values, and refusals
// worded for the page's controls. Expected values come from the CLI, run here independently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { api, page, until, newGame, ARTIFACTS, SITE } from './harness.js';

const NIMKIT = [process.env.NIMKIT,
  path.join(import.meta.dirname, '../../build/release/apps/cli/nimkit'),
  path.join(import.meta.dirname, '../../build/dev/apps/cli/nimkit')].find((p) => p && fs.existsSync(p));

function cli(...args) {
  assert.ok(NIMKIT, 'no nimkit binary: set NIMKIT to its path');
  return execFileSync(NIMKIT, args, { encoding: 'utf8' });
}

// Opens the view and plots `rules` (with parameters) at `count`; waits for the answer.
async function plot(rules, params, count) {
  await page.click('#tab-grundy');
  await until(page, () => document.getElementById('g-ruleset').options.length > 0, null, 'the ruleset list');
  await page.selectOption('#g-ruleset', rules);
  if (params !== undefined) await page.fill('#g-params', params);
  await page.fill('#g-count', String(count));
  await submit();
}

async function submit() {
  await until(page, () => document.getElementById('view-grundy').dataset.busy !== 'true', null, 'the previous plot');
  await page.evaluate(() => { document.getElementById('g-facts').dataset.rules = ''; });
  await page.click('#grundy-form button[type=submit]');
  await until(page, () => document.getElementById('view-grundy').dataset.busy === 'false' &&
      (document.getElementById('g-facts').dataset.rules !== '' || !document.getElementById('g-error').hidden),
  null, 'the plot');
}

test('octal 0.16 shows its period 149459 as proved, as the CLI proves it', async () => {
  const cliText = cli('grundy', '--rules', 'octal:0.16', '--count', '1', '--period');
  const [, period, preperiod] = cliText.match(/period (\d+), preperiod (\d+) \(proved/);
  assert.equal(period, '149459');
  await plot('octal', '0.16', 1000);
  // One plot gets a bounded share of the server's work; a busy machine may need a second press,
  // and the page says so plainly meanwhile.
  for (let i = 0; i < 10 && await page.locator('#g-status').getAttribute('data-proved') !== 'true'; i += 1) {
    assert.match(await page.locator('#g-status').textContent(), /^Not proved: checked up to n = [\d,]+\. .*Press Plot again/);
    await submit();
  }
  const status = await page.locator('#g-status').textContent();
  const fmt = (n) => Number(n).toLocaleString('en');
  assert.match(status, new RegExp(`^Proved: period ${fmt(period)}, preperiod ${fmt(preperiod)}\\.`));
  assert.match(status, /periodicity theorem/);
  assert.match(await page.locator('[data-testid=period]').textContent(), new RegExp(`period ${period}`));
  await page.screenshot({ path: path.join(ARTIFACTS, 'grundy-016.png'), fullPage: false });
});

test('a count of a million values plots in bands, with the first values in the table', async () => {
  await plot('octal', '0.16', 1000000);
  assert.equal(await page.locator('#g-facts').getAttribute('data-count'), '1000000');
  assert.equal(await page.locator('#g-chart').getAttribute('data-drawn'), 'bands');
  const bands = await page.evaluate(() => document.querySelector('#g-chart .gband').getAttribute('d').split('M').length - 1);
  assert.equal(bands, 1000);
  assert.match(await page.locator('#g-table-title').textContent(), /first 10,000 values/);
  // The table's numbers agree with the CLI's.
  const first = cli('grundy', '--rules', 'octal:0.16', '--count', '30').trim().split('\n');
  for (const n of [0, 7, 13, 29]) {
    assert.equal(await page.locator(`#g-table td[title^="g(${n}) ="]`).textContent(), first[n]);
  }
  // The plot's first band spans g(0) .. g(999): its top is the largest of those values.
  const top = Math.max(...cli('grundy', '--rules', 'octal:0.16', '--count', '1000').trim().split('\n').map(Number));
  const y = await page.evaluate(() => {
    const d = document.querySelector('#g-chart .gband').getAttribute('d');
    return Number(d.split('M')[1].split('V')[1]);
  });
  const yOf = await page.evaluate((v) => {
    const ticks = [...document.querySelectorAll('#g-chart .grid')];
    const zero = Number(ticks[0].getAttribute('y1'));
    const max = Number(document.querySelector('#g-facts .fact.muted b').textContent);
    const topY = 28;
    return zero - (v * (zero - topY)) / max;
  }, top);
  assert.ok(Math.abs(y - yOf) < 0.2, `first band tops at ${y}, expected ${yOf} for g = ${top}`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'grundy-million.png'), fullPage: false });
});

test('Wythoff shows its table g(a, b), cells as nimkit analyze computes them', async () => {
  await plot('wythoff', undefined, 12);
  assert.equal(await page.locator('#g-count-name').textContent(), 'Size');
  assert.equal(await page.locator('#g-chart').isVisible(), false);
  assert.equal(await page.locator('#g-table td[data-a]').count(), 144);
  for (const [a, b] of [[3, 4], [5, 7], [2, 0], [6, 6], [11, 9]]) {
    const analysis = JSON.parse(cli('analyze', '--rules', 'wythoff', '--json', String(a), String(b)));
    const cell = page.locator(`#g-table td[data-a="${a}"][data-b="${b}"]`);
    assert.equal(await cell.textContent(), String(analysis.grundy), `g(${a}, ${b})`);
    assert.equal(await cell.getAttribute('title'), `g(${a}, ${b}) = ${analysis.grundy}`);
  }
  await page.screenshot({ path: path.join(ARTIFACTS, 'grundy-wythoff.png'), fullPage: false });
  // A large table is painted, a few pixels a cell, and names the cell pointed at.
  await page.fill('#g-count', '200');
  await submit();
  const canvas = page.locator('canvas.ggrid-canvas');
  assert.equal(await canvas.count(), 1);
  assert.equal(await page.locator('#g-table').isVisible(), false);
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + (4.5 / 200) * box.width, box.y + (3.5 / 200) * box.height);
  const analysis = JSON.parse(cli('analyze', '--rules', 'wythoff', '--json', '3', '4'));
  assert.equal(await canvas.getAttribute('title'), `g(3, 4) = ${analysis.grundy}`);
});

test('only rulesets with a sequence or a table are offered, as the server lists them', async () => {
  await page.click('#tab-grundy');
  await until(page, () => document.getElementById('g-ruleset').options.length > 0, null, 'the ruleset list');
  const offered = await page.locator('#g-ruleset option').evaluateAll((os) => os.map((o) => o.value));
  const listed = (await api('/api/rulesets')).rulesets;
  assert.deepEqual(offered, listed.filter((r) => r.shape !== 'none').map((r) => r.name));
  for (const name of ['moore', 'node-kayles', 'chomp', 'ruler']) assert.ok(!offered.includes(name), name);
  for (const name of ['kayles', 'octal', 'wythoff']) assert.ok(offered.includes(name), name);
});

test('refusals speak of the page, never of command-line options', async () => {
  await plot('kayles', undefined, 2000000);
  const error = await page.locator('#g-error').textContent();
  assert.equal(error, 'Values must be a whole number from 1 to 1,000,000.');
  await plot('wythoff', undefined, 1000);
  assert.equal(await page.locator('#g-error').textContent(), 'Size must be a whole number from 1 to 256.');
  // Grundy's game has no period: a million values need more than one plot's work.
  await plot('grundy', undefined, 1000000);
  const stopped = await page.locator('#g-error').textContent();
  assert.match(stopped, /Values are known up to n = [\d,]+\. Press Plot again/);
  assert.doesNotMatch(stopped, /--|limit with/);
});

test('a refusal clears the last plot: no old picture under a new heading', async () => {
  await plot('kayles', undefined, 120);
  assert.ok(await page.locator('#g-chart circle').count() > 0);
  assert.equal(await page.locator('#g-facts').getAttribute('data-rules'), 'kayles');
  await plot('dawson', undefined, 2000000);
  assert.equal(await page.locator('#g-error').isVisible(), true);
  assert.equal(await page.locator('#g-chart > *').count(), 0, 'the old plot is still drawn');
  assert.equal(await page.locator('.chart-wrap').isVisible(), false);
  assert.equal(await page.locator('#g-table tr').count(), 0, 'the old values are still listed');
  assert.equal(await page.locator('#g-facts').textContent(), '');
  assert.equal(await page.locator('#g-status').isVisible(), false);
  // The next plot draws again.
  await plot('dawson', undefined, 60);
  assert.equal(await page.locator('#g-error').isVisible(), false);
  assert.ok(await page.locator('#g-chart circle').count() > 0);
});

test('the chart is drawn to its width: on a phone it fits, with labels as large as on a desktop', async () => {
  await plot('kayles', undefined, 120);
  const tick = () => page.locator('#g-chart .tick').first().evaluate((n) => n.getBoundingClientRect().height);
  const wide = await tick();
  await page.setViewportSize({ width: 390, height: 844 });
  await until(page, () => document.getElementById('g-chart').getBoundingClientRect().width < 390, null, 'the chart to shrink');
  await until(page, () => Number(document.getElementById('g-chart').getAttribute('viewBox').split(' ')[2]) < 390,
    null, 'the chart redrawn to its width');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the page scrolls sideways');
  const chart = await page.locator('#g-chart').boundingBox();
  const ticks = await page.locator('#g-chart .tick').evaluateAll((ns) => ns.map((n) => n.getBoundingClientRect().right));
  assert.ok(Math.max(...ticks) <= chart.x + chart.width + 1, 'an axis label is cut off');
  const narrow = await tick();
  assert.ok(narrow >= wide * 0.9, `axis labels shrank from ${wide} to ${narrow} px`);
  assert.ok(narrow >= 11, `axis labels ${narrow} px tall`);
});

// What the view shows: the ruleset chosen, the rules of the plot, its facts and period status.
const shown = () => page.evaluate(() => ({
  chosen: document.getElementById('g-ruleset').value,
  rules: document.getElementById('g-facts').dataset.rules ?? null,
  facts: document.getElementById('g-facts').textContent,
  status: document.getElementById('g-status').hidden ? '' : document.getElementById('g-status').textContent,
  points: document.querySelectorAll('#g-chart .gdot').length,
}));

const settled = () => until(page, () => document.getElementById('view-grundy').dataset.busy === 'false' &&
    document.getElementById('g-facts').dataset.rules !== undefined, null, 'the plot');

test('the Grundy tab follows the game in play and the ruleset chosen; a late answer is dropped', async () => {
  const [, kPeriod, kPre] = cli('grundy', '--rules', 'kayles', '--count', '1', '--period').match(/period (\d+), preperiod (\d+) \(proved/);
  assert.match(cli('grundy', '--rules', 'grundy', '--count', '1', '--period'), /no period found/);
  // A game of Grundy's game: the tab opens on it.
  await newGame({ rules: 'grundy', heaps: '7' });
  await page.click('#tab-grundy');
  await settled();
  let view = await shown();
  assert.equal(view.chosen, 'grundy');
  assert.equal(view.rules, 'grundy');
  assert.match(view.status, /^No period claimed/);
  // Kayles chosen: its chart and its proved period.
  await page.selectOption('#g-ruleset', 'kayles');
  await settled();
  view = await shown();
  assert.equal(view.rules, 'kayles');
  assert.match(view.status, new RegExp(`^Proved: period ${kPeriod}, preperiod ${kPre}\\.`));
  assert.match(view.facts, new RegExp(`period ${kPeriod}`));
  assert.equal(view.points, 120);
  // Back to Grundy's game: nothing of Kayles stays.
  await page.selectOption('#g-ruleset', 'grundy');
  await settled();
  view = await shown();
  assert.equal(view.rules, 'grundy');
  assert.doesNotMatch(view.status, /Proved/);
  assert.doesNotMatch(view.facts, /period/);
  // Kayles' answer held back: Dawson's Kayles, chosen after it, stays on show when it comes. Over
  // HTTP the answer is held in the network; the engine in a worker (the static site) has no
  // network to hold it in, and there the earlier request is cancelled (the worker restarted).
  let release = () => {};
  if (!SITE) {
    const held = new Promise((resolve) => { release = resolve; });
    await page.route('**/api/grundy', async (route) => {
      if (JSON.parse(route.request().postData()).rules === 'kayles') await held;
      await route.continue();
    });
  }
  await page.selectOption('#g-ruleset', 'kayles');
  await page.selectOption('#g-ruleset', 'dawson');
  await settled();
  release();
  await page.waitForTimeout(500);
  view = await shown();
  assert.equal(view.chosen, 'dawson');
  assert.equal(view.rules, 'dawson');
  if (!SITE) await page.unroute('**/api/grundy');
  // A new game of Kayles: the tab opens on it again.
  await page.click('#tab-play');
  await newGame({ rules: 'kayles', heaps: '5' });
  await page.click('#tab-grundy');
  await settled();
  view = await shown();
  assert.equal(view.chosen, 'kayles');
  assert.equal(view.rules, 'kayles');
  assert.match(view.status, new RegExp(`^Proved: period ${kPeriod}`));
  await page.screenshot({ path: path.join(ARTIFACTS, 'grundy-follows-game.png'), fullPage: false });
});
