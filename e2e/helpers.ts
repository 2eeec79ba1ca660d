import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

/**
 * Every preset's id, in the order packages/scenario/src/presets.ts lists them (and the
 * picker should offer them), read from its source: presets.ts imports JSON files, which the
 * specs cannot. presets.test.ts holds that order to the list the app is meant to have.
 */
export const PRESET_IDS = [
  ...readFileSync(new URL('../packages/scenario/src/presets.ts', import.meta.url), 'utf8').matchAll(/^ {4}id: '([\w-]+)',$/gm),
].map(([, id]) => id);

/**
 * The backbone presets (28 to 50 nodes): legibility.spec.ts leaves them out of its walk of
 * every preset (backbone-labels.spec.ts reads them), so app.spec.ts's walk runs them.
 */
export const BACKBONE_PRESET_IDS = ['nsfnet', 'nsfnet-continuity', 'usnet'];

/** Waits for the app's idle hook (apps/web/src/testHooks.ts): no pending engine call or redraw. */
export async function waitIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => typeof window.__obsIdle === 'function');
  await page.evaluate(() => window.__obsIdle!());
}

/**
 * Presses Pause and waits until the page has drawn the pause: the status says "Paused"
 * before the frame the engine had already sent is drawn (it may still move the clock by a
 * frame and add rows to the log), so a test that reads the paused page waits for idle too.
 */
export async function pauseDrawn(page: Page): Promise<void> {
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await waitIdle(page);
}

/** axe-core's critical and serious violations in the page now (WCAG 2.1 A and AA), once it is idle. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await waitIdle(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return axe.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** A numeric data attribute of an element (frames and summaries write them, not timers). */
export async function numberAttr(locator: Locator, name: string): Promise<number> {
  const raw = await locator.getAttribute(name);
  return raw === null || raw === '' ? NaN : Number(raw);
}

/**
 * Waits until the page is idle and nothing waits to be written to the saved work or the
 * address bar (apps/web/src/testHooks.ts, `__obsWritten`): what they hold then stays until
 * something else happens. For checks that nothing was written, instead of sleeping past
 * the saver's and the address bar's delays.
 */
export async function written(page: Page): Promise<void> {
  await page.waitForFunction(() => typeof window.__obsWritten === 'function');
  await page.evaluate(() => window.__obsWritten!());
}

export const simTime = (page: Page) => numberAttr(page.getByTestId('sim-time'), 'data-now');
export const cwndPoints = (page: Page) => numberAttr(page.getByTestId('chart-cwnd'), 'data-points');
export const counter = (page: Page, id: string) => numberAttr(page.getByTestId(`counter-${id}`), 'data-value');

/** Opens the app and waits until the engine has delivered samples and a summary. */
export async function openRunning(page: Page): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('./');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => cwndPoints(page)).toBeGreaterThan(0);
  await expect.poll(() => counter(page, 'bursts-sent')).toBeGreaterThan(0);
  expect(errors, 'uncaught page errors').toEqual([]);
}

/** Opens the Share and files panel unless it is open. */
export async function openSharePanel(page: Page): Promise<void> {
  if (!(await page.getByTestId('share-panel').isVisible())) await page.getByTestId('share-toggle').click();
}

/** Opens a scenario file as a person would (Share and files, Open): `contents` is the file's text, or a value written as JSON. */
export async function openScenarioFile(page: Page, contents: unknown, name = 'scenario.json'): Promise<void> {
  await openSharePanel(page);
  const text = typeof contents === 'string' ? contents : JSON.stringify(contents);
  await page.getByTestId('open-file-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/**
 * Opens the app, then a scenario file, and waits for `node` to be drawn; the share panel
 * is closed again so the whole network shows.
 */
export async function openScenarioDrawn(page: Page, scenario: unknown, node: string): Promise<void> {
  await page.goto('./');
  await waitIdle(page);
  await openScenarioFile(page, scenario, 'routing.json');
  await expect(page.locator(`g[data-node="${node}"]`)).toBeVisible();
  if (await page.getByTestId('share-panel').isVisible()) await page.getByTestId('share-toggle').click();
}

/** Fills the sweep form's range and run fields, in the order a person would. */
export async function fillSweep(
  page: Page,
  fields: Partial<Record<'from' | 'to' | 'steps' | 'seeds' | 'duration', string>>,
): Promise<void> {
  for (const name of ['from', 'to', 'steps', 'seeds', 'duration'] as const) {
    const value = fields[name];
    if (value !== undefined) await page.getByTestId(`sweep-${name}`).fill(value);
  }
}

/** Writes a measured figure to e2e/artifacts/<name> (the folder is made if missing, so a spec runs alone). */
export function writeArtifact(name: string, value: unknown): void {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(path.join(ARTIFACTS, name), JSON.stringify(value, null, 2) + '\n');
}

/** Saves a screenshot of a settled page to e2e/artifacts/ for people to look at. */
export async function snapshot(page: Page, name: string): Promise<void> {
  await waitIdle(page);
  await shot(page, path.join(ARTIFACTS, `${name}.png`));
}

/**
 * A screenshot to look at, taken only when asked (`SHOTS=1 npx playwright test`): a picture
 * checks nothing, and the gate should not pay for it.
 */
export async function shot(page: Page, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.SHOTS === '1') await page.screenshot({ path: file, ...options });
}

declare global {
  interface Window {
    __obsIdle?: () => Promise<void>;
    __obsWritten?: () => Promise<void>;
  }
}

/**
 * Sets the run's simulated duration and sample interval in the side panel (Settings),
 * then closes the panel. At full speed the presets end within a second or three; a longer
 * run keeps the engine busy for the whole measurement, and a long run is the hard case
 * for the charts.
 */
export async function setRunLength(page: Page, duration: number, sampleIntervalMs: number): Promise<void> {
  const show = page.getByTestId('show-panel');
  if (await show.isVisible()) await show.click();
  await page.getByTestId('open-network').click();
  for (const [id, value] of [
    ['field-duration', `${duration} s`],
    ['field-sampleInterval', `${sampleIntervalMs} ms`],
  ] as const) {
    const field = page.getByTestId(id);
    await field.fill(value);
    await field.press('Enter');
    await expect(field).toHaveValue(value);
  }
  await page.getByTestId('close-panel').click();
}
