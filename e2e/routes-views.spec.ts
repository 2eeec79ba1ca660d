/**
 * Issue 21's routing fields in the views, on the real engine: a scenario whose data crosses
 * the OBS core while ACKs return over a router (asymmetric costs), with a group of copies
 * that each have their own access links. The panel edits the new fields through the store
 * (undo restores them), shows the engine's routes in words, the log says which optical
 * path bursts took ("via C1") and names the drawn access links, and the channel view
 * names the route of the burst under the pointer.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { numberAttr, snapshot, waitIdle } from './helpers';

const scenario = JSON.parse(readFileSync(new URL('./fixtures/routing-panel.json', import.meta.url), 'utf8'));
const hash = `#s=1.${deflateSync(JSON.stringify(scenario)).toString('base64url')}`;

type Doc = { flows: Array<Record<string, any>>; links: Array<Record<string, any>> };
const doc = (page: Page) => page.evaluate(() => window.__obsDocument?.() as Doc);

async function selectFlow(page: Page, id: string): Promise<void> {
  const show = page.getByTestId('show-panel');
  if (await show.isVisible()) await show.click();
  await page.getByTestId('open-flows').click();
  await page.getByTestId('flow-list').locator(`[data-flow="${id}"] button`).first().click();
  await expect(page.getByTestId('property-panel')).toHaveAttribute('data-selection', 'flow');
}

async function commit(page: Page, path: string, text: string): Promise<void> {
  const field = page.getByTestId(`field-${path}`);
  await field.fill(text);
  await field.press('Enter');
}

test('the panel edits start spread and access, shows the routes in words, and undo restores', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`./${hash}`);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await selectFlow(page, 'tcp2');

  // What the engine computed: data over the core, ACKs back over R1 (cost 0 that way).
  const routes = page.getByTestId('flow-routes');
  await expect(routes).toContainText('Data: E1 → C1 → E2');
  await expect(routes).toContainText('ACKs: E2 → R1 → E1');
  await expect(routes).toContainText('ACKs do not cross the OBS core');
  await expect(routes).not.toContainText('(forced)');

  // Access is one thing per side, already on here; its fields are the copy's link.
  await expect(page.getByTestId('field-flows[1].access.src')).toBeChecked();
  await commit(page, 'flows[1].startSpread', '50 ms');
  await expect.poll(async () => (await doc(page)).flows[1].startSpread).toBe(0.05);
  await commit(page, 'flows[1].access.src.rate', '20 Mbit/s');
  await expect.poll(async () => (await doc(page)).flows[1].access.src.rate).toBe(2e7);
  await expect(page.getByTestId('field-flows[1].access.src.rate')).toHaveValue('20 Mbit/s');
  // The engine reloaded the edited scenario: the routes are shown again, the same.
  await expect(routes).toContainText('Data: E1 → C1 → E2');

  // A forced ACK route typed with spaces comes back with arrows and "(forced)".
  await commit(page, 'flows[1].ackRoute', 'E2 C1 E1');
  await expect.poll(async () => (await doc(page)).flows[1].ackRoute).toEqual(['E2', 'C1', 'E1']);
  await expect(page.getByTestId('field-flows[1].ackRoute')).toHaveValue('E2 → C1 → E1');
  await expect(routes).toContainText('ACKs: E2 → C1 → E1 (forced)');
  await expect(routes).not.toContainText('ACKs do not cross the OBS core');
  // An unknown node is refused inline, naming the item.
  await commit(page, 'flows[1].route', 'E1 X E2');
  await expect(page.getByTestId('error-flows[1].route')).toContainText('"X"');
  await page.getByTestId('undo').click();
  await page.getByTestId('undo').click();
  await expect.poll(async () => (await doc(page)).flows[1].ackRoute).toBeUndefined();

  // Undo restores the rate, then the spread, exactly as the file had them.
  await page.getByTestId('undo').click();
  await expect.poll(async () => (await doc(page)).flows[1].access.src.rate).toBe(1e8);
  await page.getByTestId('undo').click();
  await expect.poll(async () => JSON.stringify((await doc(page)).flows[1])).toBe(JSON.stringify(scenario.flows[1]));
  await page.getByTestId('redo').click();
  await expect.poll(async () => (await doc(page)).flows[1].startSpread).toBe(0.05);

  // A link's cost, per direction as the file gives it; clearing both removes the field.
  await page.locator('[data-link="pE1R1"] .link-hit').click();
  await expect(page.getByTestId('property-panel')).toHaveAttribute('data-selection', 'link');
  await expect(page.getByTestId('field-links[4].costPerDirection')).toBeChecked();
  await expect(page.getByTestId('field-links[4].cost.ab')).toHaveValue('1');
  await expect(page.getByTestId('field-links[4].cost.ba')).toHaveValue('0');
  await expect(page.getByTestId('field-links[4].cost.ba')).toHaveAttribute('placeholder', '0.0001 (the delay)');
  await commit(page, 'links[4].cost.ab', '');
  await commit(page, 'links[4].cost.ba', '');
  await expect.poll(async () => 'cost' in (await doc(page)).links[4]).toBe(false);
  await page.getByTestId('undo').click();
  await expect.poll(async () => (await doc(page)).links[4].cost).toEqual({ ba: 0 });
  expect(errors).toEqual([]);
});

test('opening the panel on a flow and a link of a scenario without the new fields adds none', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  // The first lesson uses none of the fields (paper 000, the default, now gives costs).
  await page.getByTestId('preset').selectOption('first-lesson');
  await expect(page.getByTestId('phase')).toHaveText(/Running|Finished/);
  const before = JSON.stringify(await doc(page));
  // Opening the preset is the last undo step; focusing fields must add none.
  const lastStep = await page.getByTestId('undo').getAttribute('aria-label');
  await selectFlow(page, 'tcp1');
  await expect(page.getByTestId('flow-routes')).toContainText(/Data: Server → E1 → .* → Client/);
  // Focus and leave the new fields without typing: nothing is committed.
  for (const path of ['flows[0].startSpread', 'flows[0].route', 'flows[0].ackRoute']) {
    await page.getByTestId(`field-${path}`).focus();
    await page.getByTestId(`field-${path}`).blur();
  }
  await expect(page.getByTestId('field-flows[0].access.src')).not.toBeChecked();
  // The app opens on a preset: take its first fiber link, whatever its id.
  const fiber = page.locator('[data-link][data-kind="fiber"]').first();
  const linkId = (await fiber.getAttribute('data-link'))!;
  const index = (await doc(page)).links.findIndex((l) => l.id === linkId);
  await fiber.locator('.link-hit').click();
  await page.getByTestId(`field-links[${index}].cost`).focus();
  await page.getByTestId(`field-links[${index}].cost`).blur();
  await expect(page.getByTestId('undo')).toHaveAttribute('aria-label', lastStep!);
  expect(JSON.stringify(await doc(page))).toBe(before);
});

test('the log says which route a burst took and names access links; the channel view names the route under the pointer', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`./${hash}`);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await page.getByTestId('tab-log').click();
  await page.getByTestId('log-filter-formed').check();
  const rows = page.getByTestId('log-row');
  await expect(rows.filter({ hasText: /E1 sends burst \d+ to E2 via C1 \(data, / }).first()).toBeVisible({ timeout: 20_000 });
  // No raw index and no "undefined" in any row shown.
  // (Read until rows are there: the virtual list re-renders when the engine's routes arrive.)
  let texts: string[] = [];
  await expect.poll(async () => (texts = await rows.allTextContents()).length).toBeGreaterThan(0);
  for (const t of texts) expect(t).not.toMatch(/undefined|\blink \d+\b|\bnode \d+\b/);
  // Data bursts only: ACKs never enter a burst here (they return over R1).
  await page.getByTestId('log-search').fill('ACK, ');
  await expect(page.getByTestId('log-count')).toHaveAttribute('data-shown', '0');
  await page.getByTestId('log-search').fill('');

  // A burst picked in the log: the channel view says which route it took, hop by hop with
  // each hop's wavelength (issue 23). The run to its end (5 s): the log holds still, and its
  // last bursts are among the recent events.
  await page.getByRole('radio', { name: 'max' }).check();
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 60_000 });
  await waitIdle(page);
  const id = /sends burst (\d+) /.exec(
    (await rows
      .filter({ hasText: / via C1 / })
      .last()
      .textContent())!,
  )![1];
  await rows.filter({ hasText: `sends burst ${id} ` }).click();
  await page.getByTestId('tab-channels').click();
  const hops = page.getByTestId('channel-hops');
  await expect(hops).toContainText(`From the log: burst ${id} (data`);
  // The preset drops bursts at C1 (injected loss): the second hop may say so.
  await expect(hops).toHaveAttribute('data-hops', /^E1→C1 λ\d+ · C1→E2 (λ\d+|not yet|dropped \(\w+\))$/);

  const gantt = page.getByTestId('channel-gantt');
  await expect.poll(() => numberAttr(gantt, 'data-bars'), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.getByTestId('channel-hold').click();
  await waitIdle(page);
  // Held at a moment TCP may idle (after a loss): widen the window until it holds bars.
  for (let i = 0; i < 8 && (await numberAttr(gantt, 'data-bars')) === 0; i++) {
    await page.getByTestId('channel-zoom-out').click();
    await waitIdle(page);
  }
  expect(await numberAttr(gantt, 'data-bars')).toBeGreaterThan(0);
  // Sweep the pointer along each wavelength's row (the margin labels give their heights).
  const canvas = gantt.locator('canvas');
  const box = (await canvas.boundingBox())!;
  const labels = JSON.parse((await gantt.getAttribute('data-labels'))!) as [string, number, number, number, number][];
  const lanes = labels.filter(([text]) => text.startsWith('λ')).map(([, , top, , bottom]) => (top + bottom) / 2);
  expect(lanes.length).toBeGreaterThan(0);
  const caption = page.getByTestId('channel-burst');
  let found = false;
  for (const y of lanes) {
    for (let x = 90; x < box.width - 20 && !found; x += 2) {
      await page.mouse.move(box.x + x, box.y + y);
      // The caption exists only while a burst is named.
      const text = (await caption.count()) > 0 ? await caption.textContent() : '';
      found = /^burst \d+ \(data\) on λ\d, .*: E1 → C1 → E2$/.test(text ?? '');
    }
    if (found) break;
  }
  expect(found, 'a bar under the pointer names its route').toBe(true);
  await snapshot(page, 'routes-channel');
});
