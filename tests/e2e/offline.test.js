// The static site offline and installed: after one visit, with the network gone, a reload still
// draws the board and plays a game against the computer (the service worker's cache
// and the engine in the page's worker); and Chromium finds the site installable as an app. Only
// for the static site (run.sh --site): `nimkit serve`'s page has no service worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { page, context, launch, SITE, BASE, waitPhase, clickTake, afterHumanMove, shot } from './harness.js';

test('the static site plays offline after one visit, and installs as an app', { skip: !SITE && 'the static site only (run.sh --site)' }, async () => {
  await page.goto(BASE);
  await waitPhase(['human']);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Chromium's own verdict on the manifest, the icons and the service worker, in a browser with a
  // profile (the tests' own contexts are incognito, where nothing installs).
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nimkit-install-'));
  const persistent = await launch(profile);
  try {
    const tab = persistent.pages()[0] ?? await persistent.newPage();
    await tab.goto(BASE);
    await tab.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await persistent.newCDPSession(tab);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'the site is installable');
  } finally {
    await persistent.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  const manifest = await page.evaluate(async () => (await fetch('manifest.webmanifest')).json());
  assert.equal(manifest.display, 'standalone');
  assert.deepEqual(manifest.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes),
    ['192x192', '512x512', '512x512']);
  // The network gone, as for a phone on the bus: no request reaches the static server.
  await context.setOffline(true);
  // The page comes from the service worker's cache, the answers from the engine in the worker.
  await page.reload();
  await waitPhase(['human']);
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller !== null), true);
  const analysis = await page.evaluate(() => window.nimkit.call('/api/analyze', { position: '3 4 5' }));
  assert.equal(analysis.winner, 'first');
  await clickTake(1, 1);
  await afterHumanMove(0);
  await waitPhase(['human', 'over']);
  assert.ok(Number(await page.evaluate(() => document.body.dataset.plies)) >= 2, 'the computer replied');
  await shot('offline-site');
  await context.setOffline(false);
});
