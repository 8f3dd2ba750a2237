// Debian's Chromium, headless: what every test and the first-load figures (first-load.js) open
// the page in.
import { chromium } from 'playwright-core';

const OPTIONS = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
};
export const DESKTOP = { width: 1280, height: 860 };

// A browser of its own with a fresh user-data-dir `dir` (an empty cache, nothing started yet):
// for figures of a first load.
export function launch(dir, viewport = DESKTOP) {
  return chromium.launchPersistentContext(dir, { ...OPTIONS, viewport });
}

// One browser for a test file; each test opens a context of its own in it (browser.newContext:
// its own storage, cookies and cache, like a fresh profile), which takes a fraction of a second
// where starting a browser takes seconds.
export function startBrowser() {
  return chromium.launch(OPTIONS);
}
