// Debian's Chromium, as every e2e browser launches it (playwright.config.ts and the scan spec's own browsers):
// its old headless shell (package chromium-headless-shell), which Playwright itself prefers for headless
// runs: it draws no browser window around the page, so a test's browsers leave the two cores to the app.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
