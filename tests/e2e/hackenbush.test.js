// Green Hackenbush as a person plays it: every edge can be cut by a click, parallel ones too, each
// edge keeps its number until it is cut, and no edge's number sits under another edge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page, newGame, waitPhase } from './harness.js';
import { moveTexts } from './views.js';

const edge = (n) => page.locator(`.view-hackenbush .hb-edge[data-edge="${n}"]`);

test('Hackenbush: each of two parallel edges is clickable and cuts itself', async () => {
  // g-1 then 1-2 twice: edges 2 and 3 are parallel. The older text (the ground as 0) is the same
  // picture, captioned in today's words.
  for (const [n, heaps] of [[3, 'g-1,1-2,1-2'], [2, '0-1,1-2,1-2']]) {
    await newGame({ rules: 'hackenbush', heaps, first: 'human', level: 'perfect' });
    assert.equal(await page.getByTestId('hackenbush-caption').textContent(), 'edges e1=g-1 e2=1-2 e3=1-2');
    for (const m of [2, 3]) {
      assert.match(await edge(m).getAttribute('class'), /\bplayable\b/, `edge ${m} cannot be cut`);
      assert.notEqual(await edge(m).getAttribute('aria-disabled'), 'true', `edge ${m} cannot be cut`);
    }
    // A click on the middle of edge n (its disc, where only it runs) cuts edge n, not its twin.
    const box = await edge(n).locator('circle.hb-hit').boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await waitPhase(['computer', 'human', 'over'], 1);
    assert.equal((await moveTexts())[0], `cut edge ${n} (1-2)`);
  }
});

test('Hackenbush: an edge keeps its number after other edges are cut', async () => {
  await newGame({ rules: 'hackenbush', heaps: '0-1,1-2,2-0,0-3,0-4', first: 'human', level: 'perfect' });
  const box = await edge(2).locator('circle.hb-hit').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await waitPhase(['human', 'over'], 2);
  // Edge 2 is gone; the computer's cut took one more; the others are drawn under their numbers.
  const left = await page.locator('.view-hackenbush .hb-edge').evaluateAll((ns) => ns.map((n) => n.dataset.edge));
  assert.equal(left.includes('2'), false);
  assert.equal(left.length, 3);
  const cut = Number((await moveTexts())[1].match(/^cut edge (\d+)/)[1]);
  assert.deepEqual(left.map(Number), [1, 3, 4, 5].filter((n) => n !== cut));
});

test('Hackenbush: no edge number sits on a parallel edge or a loop', async () => {
  await newGame({ rules: 'hackenbush', heaps: '0-1,1-2,2-0,2-3,3-3,0-4,4-5,4-5,4-5', first: 'human', level: 'perfect' });
  const overlaps = await page.evaluate(() => {
    const edges = [...document.querySelectorAll('.view-hackenbush .hb-edge')];
    const out = [];
    for (const e of edges) {
      const label = e.querySelector('.hb-number').getBoundingClientRect();
      for (const other of edges) {
        if (other === e) continue;
        // Points along the other edge's line: none may fall inside this edge's number.
        const line = other.querySelector('.hb-line');
        const length = line.getTotalLength();
        const matrix = line.getScreenCTM();
        for (let s = 0; s <= length; s += 2) {
          const p = line.getPointAtLength(s).matrixTransform(matrix);
          if (p.x >= label.left && p.x <= label.right && p.y >= label.top && p.y <= label.bottom) {
            out.push(`label ${e.dataset.edge} under edge ${other.dataset.edge}`);
            break;
          }
        }
      }
    }
    return out;
  });
  assert.deepEqual(overlaps, []);
});
