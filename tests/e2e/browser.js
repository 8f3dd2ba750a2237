// Debian's Chromium, headless, with a fresh user-data-dir `dir` (an empty cache): what every test
// and the first-load figures (first-load.js) open the page in.
import { chromium } from 'playwright-core';

export function launch(dir, viewport = { width: 1280, height: 860 }) {
  return chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
    viewport,
  });
}
