/**
 * The browser every in-browser run uses (Playwright's tests, the benchmark's Chromium
 * rounds): Debian's Chromium, never a downloaded one, started headless with what this
 * machine needs (no sandbox as root, no GPU) and without the background traffic that
 * would disturb a measurement.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
