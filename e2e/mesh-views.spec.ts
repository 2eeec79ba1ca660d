/**
 * Issue 23's views in the real app: a mesh scenario (packages/scenario/scenarios/
 * mesh-features.json: a ring of four cores without, with limited and with full wavelength
 * conversion, a traffic matrix and a TCP flow) shows a loss matrix tab with a cell per
 * pair that carries bursts, and the channel view says which wavelength a clicked burst
 * took on each hop. Screenshots for people go to e2e/artifacts/.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { numberAttr, openScenarioDrawn, seriousViolations, snapshot, waitIdle } from './helpers';

const mesh = JSON.parse(readFileSync(new URL('../packages/scenario/scenarios/mesh-features.json', import.meta.url), 'utf8'));

/** The pairs of edges with bursts: the matrix's weighted pairs, and the TCP flow's E0 → E2 and its ACKs back. */
const edges = ['E0', 'E1', 'E2', 'E3'];
const weighted = (mesh.traffic.matrix as number[][]).flatMap((row, i) => row.flatMap((w, j) => (w > 0 ? [`${edges[i]}-${edges[j]}`] : [])));
const PAIRS = [...new Set([...weighted, 'E0-E2', 'E2-E0'])];

test('a mesh run: the loss matrix per pair of edges, and a burst’s wavelength on each hop', async ({ page }) => {
  await openScenarioDrawn(page, mesh, 'C0');
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 30_000 });

  // ---- the loss matrix ----
  await page.getByTestId('tab-loss').click();
  const matrix = page.getByTestId('loss-matrix');
  await expect(matrix).toHaveAttribute('data-edges', '4');
  for (const pair of PAIRS) {
    const cell = page.getByTestId(`loss-cell-${pair}`);
    expect(await numberAttr(cell, 'data-sent'), `${pair} sent bursts`).toBeGreaterThan(0);
    const loss = await numberAttr(cell, 'data-loss');
    expect(loss).toBeGreaterThanOrEqual(0);
    expect(loss).toBeLessThanOrEqual(1);
    await expect(cell).toHaveAttribute(
      'title',
      /sent [\d,]+, delivered [\d,]+, dropped [\d,]+ \(no wavelength [\d,]+, injected [\d,]+, late [\d,]+\)/,
    );
  }
  // E1 sends nothing to E3 (weight 0): no cell to colour.
  await expect(page.getByTestId('loss-cell-E1-E3')).toHaveCount(0);
  await expect(page.getByTestId('loss-when')).toContainText('the whole run');
  await page.getByTestId('loss-cell-E0-E2').hover();
  await expect(page.getByTestId('loss-caption')).toContainText('E0 → E2 (E0 → C0 → C1 → C2 → E2)');
  await snapshot(page, 'mesh-loss-matrix');
  expect(await seriousViolations(page), 'the loss matrix').toEqual([]);

  // ---- the channel view: C1 → C2 carries the TCP flow and E1's traffic to E2 ----
  await page.getByTestId('tab-channels').click();
  const picker = page.getByTestId('channel-picker');
  await picker.selectOption((await picker.locator('option', { hasText: 'r12: C1 → C2' }).getAttribute('value'))!);
  const gantt = page.getByTestId('channel-gantt');
  // Held, as a teacher stops the view to point at one burst: a click still selects.
  await page.getByTestId('channel-hold').click();
  await expect(gantt).not.toHaveAttribute('data-sample-bar', '');
  await waitIdle(page);
  const [x, y, id] = (await gantt.getAttribute('data-sample-bar'))!.split(',').map(Number);
  const box = (await gantt.locator('canvas').boundingBox())!;
  await page.mouse.click(box.x + x, box.y + y);
  const hops = page.getByTestId('channel-hops');
  await expect(hops).toHaveAttribute('data-burst', String(id));
  // Its bar is boxed in the timeline, and the strip says so.
  await expect(gantt).toHaveAttribute('data-selected-bars', '1');
  await expect(hops).toContainText('dashed box below');
  // A burst from the window's first half has long crossed its later hops: every hop says
  // its wavelength, or that the burst was dropped there or did not reach it. C1 → C2 was taken.
  const words = (await hops.getAttribute('data-hops'))!;
  // C2 and C3 deflect, C1 and C2 cut bursts short: a hop may also say so.
  for (const hop of words.split(' · '))
    expect(hop).toMatch(/^\w+→\w+ (λ\d+(, cut at \w+: .+)?|dropped \(.+\)|not reached|full, deflected at \w+ \(\d+\w\w\))$/);
  expect(words).toMatch(/C1→C2 λ\d+/);
  expect(await page.getByTestId('channel-hop').count()).toBeGreaterThanOrEqual(3);
  await snapshot(page, 'mesh-channel-hops');
  expect(await seriousViolations(page), 'the channel view with a burst’s hops').toEqual([]);
  // A new run numbers its bursts again: the selection of the old one goes.
  await page.getByTestId('reset').click();
  await expect(hops).toHaveCount(0);
});

test('a 14-edge backbone: the matrix scrolls inside its box, names in view, the page never sideways', async ({ page }) => {
  // NSFNET without conversion, 50 ms: backboneScenario of @obs-tcp-sim/scenario/backbones (docs/mesh.md section 5).
  const nsfnet = JSON.parse(readFileSync(new URL('./fixtures/nsfnet-short.json', import.meta.url), 'utf8'));
  await openScenarioDrawn(page, nsfnet, 'E-SEA');
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 30_000 });
  await page.getByTestId('tab-loss').click();
  await expect(page.getByTestId('loss-matrix')).toHaveAttribute('data-edges', '14');
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(1280);
  // Scrolled to its far corner, the edges' names are still there.
  await page.locator('.loss-scroll').evaluate((el) => el.scrollTo(el.scrollWidth, el.scrollHeight));
  const scroll = (await page.locator('.loss-scroll').boundingBox())!;
  const corner = (await page.locator('.loss-corner').boundingBox())!;
  expect(corner.x).toBeGreaterThanOrEqual(scroll.x - 1);
  expect(corner.y).toBeGreaterThanOrEqual(scroll.y - 1);
  await snapshot(page, 'mesh-loss-matrix-nsfnet');
});

type MeshDoc = {
  nodes: { id: string; conversion?: unknown }[];
  obs: { wavelengthChoice?: string };
  traffic?: { matrix: unknown; load: number };
};
const doc = (page: Page) => page.evaluate(() => window.__obsDocument!()) as Promise<MeshDoc>;

test('the panel edits a core’s conversion, the wavelength choice and the traffic matrix, refusing with the field’s name', async ({
  page,
}) => {
  await openScenarioDrawn(page, mesh, 'C0');
  // The fitted ring draws E1 over C1: select C1 by keyboard, as its label says.
  await page.locator('g[data-node="C1"]').focus();
  await page.keyboard.press('Enter');
  const conversion = page.getByTestId('field-nodes[1].conversion');
  await expect(conversion).toHaveValue('range');
  await expect(page.getByTestId('field-nodes[1].conversion.range')).toHaveValue('2');
  await page.getByTestId('field-nodes[1].conversion.range').fill('0');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('error-nodes[1].conversion.range')).toContainText('Conversion range');
  await page.keyboard.press('Escape');
  await conversion.selectOption('none');
  await expect.poll(async () => (await doc(page)).nodes[1].conversion).toBe('none');
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /C1: wavelength conversion none/);
  await conversion.selectOption('full');
  await expect.poll(async () => (await doc(page)).nodes[1].conversion).toBeUndefined();

  await page.getByTestId('open-network').click();
  await expect(page.getByTestId('field-obs.wavelengthChoice')).toHaveValue('random');
  await page.getByTestId('field-obs.wavelengthChoice').selectOption('first-fit');
  await expect.poll(async () => (await doc(page)).obs.wavelengthChoice).toBe('first-fit');

  // The given matrix as a grid: a refused weight names the cell and the rule; a good one is one edit.
  const weight = page.getByTestId('traffic-weight-E0-E1');
  await weight.fill('-1');
  await weight.press('Enter');
  await expect(page.getByTestId('error-traffic.matrix')).toHaveText('The weight from "E0" to "E1" must be from 0 to 1e9 (it is -1)');
  await weight.fill('3');
  await weight.press('Enter');
  await expect.poll(async () => ((await doc(page)).traffic!.matrix as number[][])[0][1]).toBe(3);
  await expect(page.getByTestId('error-traffic.matrix')).toHaveCount(0);
  await page.getByTestId('field-traffic.load').fill('11');
  await page.getByTestId('field-traffic.load').press('Enter');
  await expect(page.getByTestId('error-traffic.load')).toContainText('Network load');
  await page.getByTestId('field-traffic.load').press('Escape');
  await page.getByTestId('traffic-fields').scrollIntoViewIfNeeded();
  await snapshot(page, 'mesh-panel-traffic');
  expect(await seriousViolations(page), 'the panel with the traffic grid').toEqual([]);
  await page.getByTestId('field-traffic').uncheck();
  await expect.poll(async () => (await doc(page)).traffic).toBeUndefined();
});
