/**
 * Issue 19: a class that opened the app once can run it without a network. The built app
 * (apps/web/dist, copied) is served from a sub-path, /obs/, by npm start's own server
 * (scripts/dist-server.mjs: the security headers, application/wasm), as GitHub Pages
 * serves a project. Loaded once; then the network is cut (Chromium offline, and the server
 * closed too, so nothing can reach it) and the page is reloaded: a preset runs to its end,
 * and a share link opens and runs. A new deployment is offered, and Reload brings it.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { createDistServer } from '../scripts/dist-server.mjs';
import { readTree } from '../apps/web/service-worker/plugin';
import { precacheOf, serviceWorkerSource, SERVICE_WORKER_FILE } from '../apps/web/service-worker/precache';
import { counter, shot, simTime, waitIdle } from './helpers';
import { watchPage } from './page-watch';

const BUILT = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const TEMPLATE = fileURLToPath(new URL('../apps/web/service-worker/service-worker.js', import.meta.url));
const PREFIX = '/obs/';

// The offline copy is what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

let site = ''; // a copy of dist/, which the update test deploys again
let server: Server | null = null;
let base = ''; // http://127.0.0.1:<port>/obs/

test.beforeEach(async () => {
  site = mkdtempSync(path.join(tmpdir(), 'obs-offline-'));
  cpSync(BUILT, site, { recursive: true });
  expect(readFileSync(path.join(site, SERVICE_WORKER_FILE), 'utf8'), 'dist/sw.js: build the web app first').toContain('const PRECACHE = {');
  server = createDistServer({ dist: site, prefix: PREFIX });
  // Port 0: the system picks a free one, so this runs beside anyone else's servers.
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PREFIX}`;
});

test.afterEach(async () => {
  await stopServer();
  rmSync(site, { recursive: true, force: true });
});

async function stopServer() {
  if (!server) return;
  const closing = new Promise((resolve) => server!.close(resolve));
  server.closeAllConnections();
  await closing;
  server = null;
}

/** The URLs this build's service worker stores, absolute. */
function precachedUrls(): string[] {
  const source = readFileSync(path.join(site, SERVICE_WORKER_FILE), 'utf8');
  const list = JSON.parse(/const PRECACHE = (\{.*\});/.exec(source)![1]) as { files: { url: string }[] };
  return list.files.map(({ url }) => new URL(url, base).href);
}

/** Every URL in the caches of the page's origin. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls.sort();
  });

/** The first visit: the app runs, and the service worker has stored it and serves the page. */
async function visitOnce(page: Page) {
  await page.goto(base);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  expect(await page.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).pathname)).toBe(`${PREFIX}sw.js`);
  expect(await cachedUrls(page)).toEqual(precachedUrls().sort());
}

/** Cuts the network: Chromium offline, and the server closed; checks a request the cache cannot answer fails. */
async function cutNetwork(context: BrowserContext) {
  await context.setOffline(true);
  await stopServer();
  const probe = await context.newPage(); // its own page: the failed request logs an error there, not in the watched one
  await probe.goto(base); // served by the service worker
  const outcome = await probe.evaluate(
    (url) =>
      fetch(url, { cache: 'no-store' }).then(
        (r) => `HTTP ${r.status}`,
        () => 'no network',
      ),
    `${base}not-stored.txt`,
  );
  expect(outcome, 'a request past the cache reaches nothing').toBe('no network');
  await probe.close();
}

/** Runs the scenario on screen to its end at full speed. */
async function runToTheEnd(page: Page, duration: number) {
  await page.getByRole('radio', { name: 'max' }).check();
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 120_000 });
  // The phase may say so a frame before the clock has drawn the run's last frame.
  await waitIdle(page);
  expect(await simTime(page)).toBeCloseTo(duration, 6);
  expect(await counter(page, 'goodput')).toBeGreaterThan(0);
}

test('without a visit, offline, the page does not open (the control for the tests below)', async ({ browser }) => {
  const context = await browser.newContext();
  await context.setOffline(true);
  const page = await context.newPage();
  await expect(page.goto(base)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await context.close();
});

test('loaded once from a sub-path, the app reloads offline and runs a preset to its end', async ({ page, context }) => {
  test.setTimeout(240_000);
  const watch = await watchPage(page);
  await visitOnce(page);
  await cutNetwork(context);

  const reloaded = (await page.reload())!;
  expect(reloaded.fromServiceWorker(), 'the page comes from the offline copy').toBe(true);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await page.getByTestId('preset').selectOption('first-lesson');
  await expect(page.getByTestId('preset')).toHaveValue('first-lesson');
  await runToTheEnd(page, 20);
  // The manifest, as Chromium itself loads it (manifest-src, under the page's policy),
  // there offline too; a manifest the policy blocked would come back with no URL and no data.
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
  expect(manifest.url).toBe(`${base}manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data).start_url).toBe('./');
  // Installable but for Playwright's private (incognito) context: manifest, icons, worker.
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  await watch.expectClean();
  await shot(page, fileURLToPath(new URL('./artifacts/offline-01-preset-finished.png', import.meta.url)));
});

test('a share link opened offline opens its scenario and runs it, and Compare A/B starts its workers', async ({ page, context }) => {
  test.setTimeout(180_000);
  await visitOnce(page);
  await cutNetwork(context);

  const preset = JSON.parse(readFileSync(new URL('../packages/scenario/presets/paper000-lobs.json', import.meta.url), 'utf8'));
  const scenario = { ...preset, name: 'handed out offline', seed: 3, duration: 1.5 };
  const link = await context.newPage();
  const watch = await watchPage(link);
  await link.goto(`${base}#s=1.${deflateSync(JSON.stringify(scenario)).toString('base64url')}`);
  await expect(link.getByTestId('scenario-name')).toHaveText('handed out offline');
  await runToTheEnd(link, 1.5);
  expect(await counter(link, 'bursts-sent')).toBeGreaterThan(0);
  // Compare A/B starts two new engine workers: their script and .wasm come from the copy too.
  const engineFiles: string[] = [];
  link.on('response', (r) => {
    if (/\/assets\/(worker-.*\.js|.*\.wasm)$/.test(r.url()))
      engineFiles.push(`${r.fromServiceWorker() ? 'copy' : 'network'} ${r.url().split('/').pop()}`);
  });
  await link.getByTestId('tab-compare').click();
  await link.getByTestId('compare-run').click();
  await expect(link.getByTestId('compare-status')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  // Two workers, each with its script and its engine, none from the network.
  expect(engineFiles.filter((f) => /^copy worker-.*\.js$/.test(f))).toHaveLength(2);
  expect(engineFiles.filter((f) => /^copy .*\.wasm$/.test(f))).toHaveLength(2);
  expect(engineFiles.filter((f) => !f.startsWith('copy'))).toEqual([]);

  await link.goto(`${base}#preset=paper004`);
  await link.reload(); // a new hash on the same page is a hashchange; a class opens it fresh
  await expect(link.getByTestId('preset')).toHaveValue('paper004');
  await expect(link.getByTestId('phase')).toHaveText('Running');
  await watch.expectClean();
});

test('an embedded copy (embed.html, in a slide deck) visited once reloads offline, and so does every page of the build', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const watch = await watchPage(page);
  // The slide deck's iframe is the only visit: the app's own page was never opened.
  await page.goto(`${base}embed.html#preset=paper000`);
  await expect(page.getByTestId('app')).toHaveAttribute('data-embed', 'true');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  expect(await cachedUrls(page)).toEqual(precachedUrls().sort());
  await cutNetwork(context);

  const reloaded = (await page.reload())!;
  expect(reloaded.fromServiceWorker(), 'embed.html comes from the offline copy').toBe(true);
  await expect(page.getByTestId('app')).toHaveAttribute('data-embed', 'true');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => counter(page, 'bursts-sent')).toBeGreaterThan(0);
  await watch.expectClean();

  // Every HTML page the build wrote opens offline, at its own address and with a query.
  const pages = readTree(site)
    .map((f) => f.path)
    .filter((p) => p.endsWith('.html'));
  expect(pages.sort()).toEqual(['embed.html', 'index.html']);
  for (const address of [...pages, '', '?embed', 'embed.html?lang=en']) {
    const other = await context.newPage();
    const response = (await other.goto(`${base}${address}#preset=paper000`))!;
    expect(response.fromServiceWorker(), address).toBe(true);
    await expect(other.getByTestId('phase'), address).toHaveText('Running');
    await other.close();
  }
});

test('a new deployment: the open pages offer it, and Reload brings it, dropping the old copy', async ({ page, context }) => {
  test.setTimeout(150_000);
  await visitOnce(page);
  const before = await cachedUrls(page);
  await expect(page.getByTestId('update-notice')).toBeHidden();
  // A second tab on the same version, as a teacher with two windows.
  const other = await context.newPage();
  await other.goto(base);
  await expect(other.getByTestId('phase')).toHaveText('Running');
  await other.getByTestId('play-pause').click();
  expect(await other.evaluate(() => navigator.serviceWorker.controller !== null), 'the second tab comes from the copy').toBe(true);

  // Deploy again: the page changed, so the build's list has a new version.
  const index = path.join(site, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace('<head>', '<head>\n    <meta name="deployment" content="2" />'));
  const precache = precacheOf(readTree(site));
  writeFileSync(path.join(site, SERVICE_WORKER_FILE), serviceWorkerSource(readFileSync(TEMPLATE, 'utf8'), precache));

  // The browser looks for a new service worker on navigations and every day; ask now.
  // Paused: Chromium puts the check behind a busy page's work (with a run playing on two
  // cores it comes about when the run ends).
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.update()));
  await expect(page.getByTestId('update-notice')).toBeVisible({ timeout: 60_000 });
  await shot(page, fileURLToPath(new URL('./artifacts/offline-02-update-notice.png', import.meta.url)));
  // Until then the open page keeps the version it runs.
  await expect(page.locator('meta[name=deployment]')).toHaveCount(0);

  await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
  await expect(page.locator('meta[name=deployment]')).toHaveAttribute('content', '2');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect(page.getByTestId('update-notice')).toBeHidden();
  const names = await page.evaluate(() => caches.keys());
  expect(names).toEqual([`obs-tcp-sim ${base} ${precache.version}`]);
  expect(await cachedUrls(page)).toEqual(before); // the same files (hashed names unchanged), the new copy

  // The other tab still runs the old version under the new copy: it keeps saying so (never
  // reloaded unasked), and its Reload, with nothing waiting any more, brings the new one.
  await expect(other.getByTestId('update-notice')).toBeVisible();
  await expect(other.locator('meta[name=deployment]')).toHaveCount(0);
  await Promise.all([other.waitForEvent('load'), other.getByTestId('update-reload').click()]);
  await expect(other.locator('meta[name=deployment]')).toHaveAttribute('content', '2');
  await expect(other.getByTestId('update-notice')).toBeHidden();
});
