/**
 * Contention resolved at a core, in the real app (docs/mesh.md sections 6 and 7): a triangle
 * of cores (e2e/fixtures/mesh-contention.json) where C0 deflects bursts the short way C0 → C1
 * has no room for by C2 and cuts others short, C2 cuts too. The animation marks both at
 * the core, the event log says them in words, the panel has their controls. Screenshots for
 * people go to e2e/artifacts/.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { numberAttr, openScenarioDrawn, seriousViolations, shot, snapshot, waitIdle } from './helpers';

const triangle = JSON.parse(readFileSync(new URL('./fixtures/mesh-contention.json', import.meta.url), 'utf8'));

type Doc = {
  nodes: { id: string; deflection?: boolean; segmentation?: boolean }[];
  obs: { maxDeflections?: number };
  background: { model: string; extraOffset?: number; enterAssembly?: boolean }[];
};
const doc = (page: Page) => page.evaluate(() => window.__obsDocument!()) as Promise<Doc>;

test('deflections and cuts: marked at the core, told in the log, set in the panel', async ({ page }) => {
  test.setTimeout(90_000);
  await openScenarioDrawn(page, triangle, 'C0');
  // As a teacher projects it: the network given most of the height.
  await page.getByTestId('layout-toggle').click();
  // Slow enough to see single marks, fast enough that C0 deflects every few frames; from
  // t = 0 (Reset run), as the 3 s run may have ended at the speed the file opened with.
  await page.getByRole('radio', { name: '0.1×' }).check();
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await page.getByTestId('play-pause').click();
  const layer = page.getByTestId('animation-layer');
  await expect.poll(() => numberAttr(layer, 'data-flashes'), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  // Flashes fade in wall time: the shot is taken while they show, not after the page settles.
  await shot(page, 'e2e/artifacts/mesh-contention-animation.png');
  await expect(page.getByTestId('animation-legend')).toContainText('Deflected, goes on');
  await expect(page.getByTestId('animation-legend')).toContainText('Cut short (segmented)');

  await page.getByRole('radio', { name: 'max' }).check();
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 30_000 });
  await page.getByTestId('layout-toggle').click(); // the results get the room back
  await page.getByTestId('tab-log').click();
  const rows = page.getByTestId('log-row');
  await expect(rows.filter({ hasText: /burst \d+ deflected at C0: C0→C1 full, sent on C0→C2 \(1st deflection\)/ }).first()).toBeVisible();
  // The list draws only the rows in view: cuts are fewer, so they are looked for by search,
  // with the filter of their own (deflections and cuts) and without drops and TCP events.
  await page.getByTestId('log-filter-drops').uncheck();
  await page.getByTestId('log-filter-tcp').uncheck();
  await page.getByTestId('log-search').fill('segmented');
  await waitIdle(page);
  const cut = rows.filter({ hasText: /burst \d+ segmented at C[02]: .+ cut on C[02]→C[012], the rest goes on/ });
  await expect(cut.first()).toBeVisible();
  await snapshot(page, 'mesh-contention-log-cuts');
  expect(await seriousViolations(page), 'the log with deflections and cuts').toEqual([]);
  await page.getByTestId('log-search').fill('');
  await waitIdle(page);
  await snapshot(page, 'mesh-contention-log');

  // A deflection picked in the log: the channel view shows its burst's hops, the full one named.
  await page.getByTestId('log-search').fill('deflected');
  await waitIdle(page);
  await rows.last().click();
  await page.getByTestId('tab-channels').click();
  const hops = page.getByTestId('channel-hops');
  await expect(hops).toContainText('C0→C1 full, deflected at C0 (1st)');
  await expect(hops).toHaveAttribute('data-hops', /C0→C1 full, deflected at C0 \(1st\) · C0→C2 λ\d+/);
  await snapshot(page, 'mesh-contention-channel-hops');
  expect(await seriousViolations(page), 'the hop strip of a deflected burst').toEqual([]);
  await page.getByTestId('tab-log').click();
  await page.getByTestId('log-search').fill('');

  // ---- the panel: C0's two check boxes, the deflections per burst, the extra offsets ----
  await page.getByTestId('layout-toggle').click(); // the panel is as tall as the network
  await page.locator('g[data-node="C0"]').focus();
  await page.keyboard.press('Enter');
  const deflection = page.getByTestId('field-nodes[0].deflection');
  const segmentation = page.getByTestId('field-nodes[0].segmentation');
  await expect(deflection).toBeChecked();
  await expect(segmentation).toBeChecked();
  await segmentation.uncheck();
  await expect.poll(async () => (await doc(page)).nodes[0].segmentation).toBeUndefined();
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /C0: segmentation off/);
  await segmentation.check();
  await expect.poll(async () => (await doc(page)).nodes[0].segmentation).toBe(true);
  await page.getByTestId('field-nodes[0].segmentation').scrollIntoViewIfNeeded();
  await waitIdle(page);
  await page.getByTestId('property-panel').screenshot({ path: 'e2e/artifacts/mesh-contention-panel-core.png' });

  await page.getByTestId('open-network').click();
  const max = page.getByTestId('field-obs.maxDeflections');
  await max.fill('3');
  await max.press('Enter');
  await expect.poll(async () => (await doc(page)).obs.maxDeflections).toBe(3);
  const extra = page.getByTestId('field-background[0].extraOffset');
  await extra.fill('200 µs');
  await extra.press('Enter');
  await expect.poll(async () => (await doc(page)).background[0].extraOffset).toBeCloseTo(2e-4, 9);
  // Going self-similar and back keeps the extra offset.
  await page.getByTestId('field-background[0].model').selectOption('self-similar');
  await page.getByTestId('field-background[0].model').selectOption('poisson');
  await expect.poll(async () => (await doc(page)).background[0].extraOffset).toBeCloseTo(2e-4, 9);
  // With shared bursts an extra offset is refused, in the schema's words.
  await page.getByTestId('field-background[0].enterAssembly').check();
  await expect(page.getByTestId('error-background[0].extraOffset')).toContainText('Extra offset cannot apply with enterAssembly');
  await page.getByTestId('field-background[0].extraOffset').scrollIntoViewIfNeeded();
  await waitIdle(page);
  await page.getByTestId('property-panel').screenshot({ path: 'e2e/artifacts/mesh-contention-panel-network.png' });
  await page.getByTestId('field-background[0].enterAssembly').uncheck();
  await expect(page.getByTestId('error-background[0].extraOffset')).toHaveCount(0);

  // Without a deflecting core the deflections per burst are not offered.
  await page.locator('g[data-node="C0"]').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('field-nodes[0].deflection').uncheck();
  await page.getByTestId('open-network').click();
  await expect(page.getByTestId('field-obs.maxDeflections')).toHaveCount(0);
});
