/**
 * The channel view and the event log on the real engine: reservations per wavelength
 * appear on the default scenario, drops read as sentences, the filters narrow the list,
 * and clicking a drop in the log shows its link, held at that moment, in the channel view.
 * Every assertion reads what the page drew from engine frames (data attributes, rows).
 */
import { expect, test, type Page } from '@playwright/test';
import { numberAttr, openRunning, snapshot, waitIdle } from './helpers';

async function setAckLossToMax(page: Page): Promise<void> {
  const slider = page.getByTestId('loss-ack');
  await slider.focus();
  await slider.press('End'); // 10 %
  await expect(page.getByTestId('loss-ack-value')).toHaveText('10.0 %');
}

// The app opens on whatever preset is the default: name no node.
const ACK_DROP = /burst \d+ \(ACK, \d+ ACKs? of \S+\) dropped at \S+ on its way to \S+: injected loss/;

test('the channel view shows wavelength reservations of the busiest fiber and the histograms', async ({ page }) => {
  await openRunning(page);
  await page.getByTestId('tab-channels').click();
  const gantt = page.getByTestId('channel-gantt');
  await expect(gantt).toHaveAttribute('data-selection', /^link:\d:[01]$/);
  await expect.poll(() => numberAttr(gantt, 'data-reservations')).toBeGreaterThan(50);
  // A long window (TCP idles for an RTO after each loss, so a few ms may hold nothing).
  const auto = Number(await gantt.getAttribute('data-window'));
  for (let i = 0; i < 8 && Number(await gantt.getAttribute('data-window')) < 0.5; i++) {
    await page.getByTestId('channel-zoom-out').click();
  }
  expect(Number(await gantt.getAttribute('data-window'))).toBeGreaterThan(auto);
  await expect.poll(() => numberAttr(gantt, 'data-bars'), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.getByTestId('channel-hold').click();
  await expect(page.getByTestId('channel-hold')).toHaveAttribute('aria-pressed', 'true');
  await waitIdle(page);
  expect(await numberAttr(gantt, 'data-bars')).toBeGreaterThan(0);
  await expect.poll(() => numberAttr(page.getByTestId('hist-burst-bytes'), 'data-total')).toBeGreaterThan(0);
  await expect.poll(() => numberAttr(page.getByTestId('hist-segments'), 'data-total')).toBeGreaterThan(0);
  await snapshot(page, 'channel-01-held');

  // A core node shows each of its outgoing fibers.
  const core = page.getByTestId('channel-picker').locator('option[value^="node:"]').first();
  await page.getByTestId('channel-picker').selectOption((await core.getAttribute('value'))!);
  await expect(gantt).toHaveAttribute('data-selection', /^node:/);
  const before = Number(await gantt.getAttribute('data-window'));
  await page.getByTestId('channel-zoom-in').click();
  await expect.poll(async () => Number(await gantt.getAttribute('data-window'))).toBeLessThan(before);
  await page.getByTestId('channel-hold').click(); // back to following now
  await expect(page.getByTestId('channel-hold')).toHaveAttribute('aria-pressed', 'false');
});

test('the event log says why bursts are dropped, and its filters narrow the list', async ({ page }) => {
  await openRunning(page);
  await setAckLossToMax(page);
  await page.getByTestId('tab-log').click();
  const rows = page.getByTestId('log-row');
  await expect(rows.filter({ hasText: ACK_DROP }).first()).toBeVisible({ timeout: 20_000 });
  await expect(rows.filter({ hasText: /^\d+\.\d{3} s✕burst \d+ \(ACK, / }).first()).toBeVisible();
  await snapshot(page, 'channel-02-log');

  // Kinds: without drops, no drop sentence is left.
  await page.getByTestId('log-filter-drops').uncheck();
  await waitIdle(page);
  await expect(rows.filter({ hasText: 'dropped' })).toHaveCount(0);
  await page.getByTestId('log-filter-drops').check();

  // Search: every shown row matches.
  await page.getByTestId('log-search').fill('injected');
  await waitIdle(page);
  const shown = await rows.allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const text of shown) expect(text).toContain('injected');

  // Node: only drops at the node chosen remain.
  await page.getByTestId('log-search').fill('');
  const sentence = (await rows.filter({ hasText: ACK_DROP }).first().textContent())!;
  const node = / dropped at (\S+) /.exec(sentence)![1];
  await page.getByTestId('log-filter-node').selectOption({ label: node });
  await waitIdle(page);
  const drops = await rows.filter({ hasText: 'dropped' }).allTextContents();
  expect(drops.length).toBeGreaterThan(0);
  for (const text of drops) expect(text).toContain(` dropped at ${node} `);
  await page.getByTestId('log-filter-node').selectOption({ label: 'All nodes' });
  await expect(page.getByTestId('log-count')).toHaveAttribute('data-shown', /[1-9]/);
});

test('clicking a drop in the log shows its link, held at that moment, in the channel view', async ({ page }) => {
  await openRunning(page);
  await setAckLossToMax(page);
  await page.getByTestId('tab-log').click();
  // The newest drop: the channel view draws from the recent events only.
  const drop = page.getByTestId('log-row').filter({ hasText: ACK_DROP }).last();
  await expect(drop).toBeVisible({ timeout: 20_000 });
  // Until a row is picked, the list follows the newest row: scrolled to the bottom, and
  // the last row drawn is the last of the list.
  await expect
    .poll(() =>
      page.getByTestId('log-list').evaluate((el) => {
        const drawn = el.querySelectorAll<HTMLElement>('[data-testid="log-row"]');
        const lastRow = drawn[drawn.length - 1];
        const spacer = el.firstElementChild as HTMLElement;
        return {
          atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 2,
          lastDrawnIsNewest: !!lastRow && lastRow.offsetTop + lastRow.offsetHeight === spacer.offsetHeight,
        };
      }),
    )
    .toEqual({ atBottom: true, lastDrawnIsNewest: true });
  const dropText = (await drop.textContent()) ?? '';
  const seq = await drop.getAttribute('data-seq');
  await page
    .getByTestId('log-row')
    .and(page.locator(`[data-seq="${seq}"]`))
    .click();
  const selected = page.getByTestId('log-row').and(page.locator('[aria-selected="true"]'));
  await expect(selected).toHaveAttribute('data-seq', seq!);
  // Keyboard: the list keeps the focus and arrow keys move the selection.
  await expect(page.getByTestId('log-list')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(selected).not.toHaveAttribute('data-seq', seq!);
  await page.keyboard.press('ArrowDown');
  await expect(selected).toHaveAttribute('data-seq', seq!);
  // The network marks where it happened.
  await expect(page.getByTestId('animation-layer')).toHaveAttribute('data-focus', '1');
  await page.getByTestId('tab-channels').click();
  const gantt = page.getByTestId('channel-gantt');
  await expect(gantt).toHaveAttribute('data-selection', /^link:\d+:[01]$/);
  const to = / on its way to (\S+):/.exec(dropText)?.[1];
  await expect(page.getByTestId('channel-picker').locator('option:checked')).toHaveText(new RegExp(`→ ${to}$`));
  await expect(page.getByTestId('channel-hold')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => numberAttr(gantt, 'data-drops')).toBeGreaterThan(0);
  await snapshot(page, 'channel-03-focused-drop');
});
