/** Building networks by mouse in the topology editor (apps/web/src/editor). */
import { expect, type Page } from '@playwright/test';

/** Clicks a palette kind, then the canvas at a fraction of its size. */
export async function placeNode(page: Page, kind: 'host' | 'router' | 'edge' | 'core', fx: number, fy: number): Promise<void> {
  const svg = page.getByTestId('topology');
  const box = await svg.boundingBox();
  if (!box) throw new Error('no topology canvas');
  await page.getByTestId(`palette-${kind}`).click();
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

/** With the link tool: each pair of node ids becomes a link. */
export async function linkNodes(page: Page, pairs: [string, string][]): Promise<void> {
  await page.getByTestId('palette-link').click();
  for (const [a, b] of pairs) {
    await page.locator(`[data-node="${a}"]`).click();
    await page.locator(`[data-node="${b}"]`).click();
  }
  await page.keyboard.press('Escape');
}

export async function addFlow(page: Page, src: string, dst: string): Promise<void> {
  await openPanel(page);
  await page.getByTestId('open-flows').click();
  await page.getByTestId('add-flow').click();
  await page.locator(`[data-node="${src}"]`).click();
  await page.locator(`[data-node="${dst}"]`).click();
}

/**
 * From an empty network: H1 - E1 - C1 - E2 - H2 (packet, fiber, fiber, packet) and a
 * flow tcp1 from H1 to H2, then Play. Link ids: l1 (H1-E1), f1 (E1-C1), f2 (C1-E2), l2 (E2-H2).
 */
export async function buildChain(page: Page): Promise<void> {
  await openPanel(page);
  await page.getByTestId('open-network').click();
  await page.getByTestId('new-network').click();
  const topology = page.getByTestId('topology');
  await expect(topology).toHaveAttribute('data-nodes', '0');
  await placeNode(page, 'host', 0.08, 0.45);
  await placeNode(page, 'edge', 0.3, 0.45);
  await placeNode(page, 'core', 0.5, 0.45);
  await placeNode(page, 'edge', 0.7, 0.45);
  await placeNode(page, 'host', 0.92, 0.45);
  await expect(topology).toHaveAttribute('data-nodes', '5');
  await linkNodes(page, [
    ['H1', 'E1'],
    ['E1', 'C1'],
    ['C1', 'E2'],
    ['E2', 'H2'],
  ]);
  await expect(topology).toHaveAttribute('data-links', '4');
  await addFlow(page, 'H1', 'H2');
  // New stopped the old run: the network built waits at t = 0 for Play, as a person presses it.
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await page.getByTestId('play-pause').click();
}

/** The side panel opens on a selection; otherwise its Panel button shows it. */
export async function openPanel(page: Page): Promise<void> {
  const show = page.getByTestId('show-panel');
  if (await show.isVisible()) await show.click();
}
