import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './scripts/chromium';

/**
 * End-to-end tests of the built app (apps/web/dist, served by `vite preview`) in Debian's
 * Chromium (its headless shell, scripts/chromium.ts). Build first:
 * `npm run build -w @obs-tcp-sim/web` (scripts/test.sh does).
 * Never `playwright install`: the browser comes from the system (scripts/setup-system.sh).
 */
// E2E_PORT lets two runs coexist on one machine (several people working at once).
const PORT = Number(process.env.E2E_PORT ?? 4173);

/**
 * Timings of the page (long tasks, frame rate while the engine runs flat out): they need
 * the machine to themselves, so they run in `npm run bench` (PAGE_BENCH=1), not in the gate.
 */
const PAGE_BENCH = ['main-thread.spec.ts', 'page-sweep.spec.ts', 'page-realtime.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Two pages at a time: most tests wait on a run paced in simulated time, so two share the
  // two cores well (half the wall time); the timings that need a quiet machine are in
  // PAGE_BENCH. E2E_WORKERS=1 runs one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Tests of one file may run on either worker (a long file is not one worker's alone);
  // a file whose tests share a result says so (test.describe.configure).
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1280, height: 720 },
    deviceScaleFactor: 1,
    headless: true,
    // A failed test keeps its actions, console and network. Screencast frames and a DOM
    // snapshot per action cost more than the tests themselves (the lesson walks took 167 s
    // with them, 93 s without): E2E_TRACE=full records them when a failure needs them.
    trace:
      process.env.E2E_TRACE === 'full'
        ? 'retain-on-failure'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: false },
    screenshot: 'only-on-failure',
    // A first visit stores the whole app for offline use (1.6 MB through the service
    // worker into the cache): 0.15 s of CPU in each of ~250 fresh contexts, for a copy no
    // test but offline.spec.ts (which allows it) ever opens. Blocked, the page runs online
    // only, as in a browser without service workers, and shows the same.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--disable-quic'],
    },
  },
  projects: [
    { name: 'gate', testIgnore: PAGE_BENCH },
    ...(process.env.PAGE_BENCH === '1' ? [{ name: 'page-bench', testMatch: PAGE_BENCH, workers: 1 }] : []),
  ],
  webServer: {
    // Fail fast with a clear message instead of serving a stale or missing build.
    command: `test -f dist/index.html || { echo "apps/web/dist missing: run npm run build -w @obs-tcp-sim/web" >&2; exit 1; }; npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    cwd: 'apps/web',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
