/**
 * The browser every in-browser run uses (Playwright's tests, the benchmark's Chromium
 * rounds): Debian's Chromium, never a downloaded one, started headless with what this
 * machine needs (no sandbox as root, no GPU) and without the background traffic that
 * would disturb a measurement.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Playwright's tests run in Chromium's headless shell (Debian's chromium-headless-shell,
 * the same Blink and V8 without the desktop browser around them), as Playwright itself
 * does by default for headless runs. Each new context and each page load costs about
 * half the CPU it costs in the full browser (0.77 s against 1.6 s to a running page here),
 * and the gate opens about 250 of them.
 */
export const TEST_CHROMIUM_PATH = '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
