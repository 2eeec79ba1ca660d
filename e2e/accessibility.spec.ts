/**
 * axe-core over the app's main states: no critical and no serious violation (WCAG 2.1 A
 * and AA rules, plus axe's best practices reported but not failing). The counts of every
 * state go to the test output and to e2e/artifacts/axe.json.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openRunning, shot, waitIdle, writeArtifact } from './helpers';

interface StateResult {
  state: string;
  violations: { id: string; impact: string | null; nodes: number; help: string; targets: string[] }[];
}
const results: StateResult[] = [];

async function audit(page: Page, state: string): Promise<StateResult> {
  await waitIdle(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const result: StateResult = {
    state,
    violations: axe.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      nodes: v.nodes.length,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })),
  };
  results.push(result);
  const line = result.violations.map((v) => `${v.impact} ${v.id} x${v.nodes}`).join(', ') || 'none';
  console.log(`axe ${state}: ${line}`);
  return result;
}

function serious(result: StateResult) {
  return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
}

// One worker runs this file's tests in order: axe.json gathers what each of them found.
test.describe.configure({ mode: 'default' });
test.afterAll(() => writeArtifact('axe.json', results));

test('each chart has a text alternative, and the main states have no critical or serious accessibility violation', async ({ page }) => {
  test.setTimeout(180_000);
  await openRunning(page);
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  // Each chart has a text alternative: its latest values, and a table on request (read on
  // this paused page, the table closed again before the audits: a test of its own loaded it again).
  for (const [id, title] of [
    ['chart-cwnd', 'cwnd (segments)'],
    ['chart-throughput', 'throughput'],
    ['chart-rtt', 'RTT (ms)'],
  ]) {
    const chart = page.getByTestId(id);
    const describedBy = await chart.getAttribute('aria-describedby');
    expect(describedBy, id).toBeTruthy();
    const words = page.locator(`[id="${describedBy}"]`);
    await expect(words).toContainText(`${title}`);
    await expect(words).toContainText(/latest at \d+\.\d+ s: tcp1 /);
  }
  await page.getByTestId('chart-cwnd-table-toggle').click();
  const table = page.getByTestId('chart-cwnd-table');
  await expect(table.locator('thead th')).toHaveText(['time', 'tcp1']);
  await expect(table.locator('tbody tr')).toHaveCount(12);
  await expect(table.locator('tbody tr').last().locator('td')).toHaveText(/\d/);
  await shot(page, new URL('./artifacts/chart-table.png', import.meta.url).pathname);
  await page.getByTestId('chart-cwnd-table-toggle').click();
  await expect(table).toHaveCount(0);
  const states: Array<[string, () => Promise<void>]> = [
    ['charts', async () => {}],
    ['channels', () => page.getByTestId('tab-channels').click()],
    ['event log', () => page.getByTestId('tab-log').click()],
    ['compare', () => page.getByTestId('tab-compare').click()],
    ['sweep', () => page.getByTestId('tab-sweep').click()],
    [
      'what to look for',
      async () => {
        await page.getByTestId('tab-charts').click();
        await page.getByTestId('preset-info-toggle').click();
      },
    ],
    [
      'share menu',
      async () => {
        await page.getByTestId('preset-info-toggle').click();
        await page.getByTestId('share-toggle').click();
      },
    ],
    [
      'node selected in the editor',
      async () => {
        await page.getByTestId('share-toggle').click();
        await page.getByTestId('topology').locator('g[data-node="E1"]').click();
        await expect(page.locator('.editor-body.with-panel')).toBeVisible();
      },
    ],
    [
      'presenter mode',
      async () => {
        await page.locator('body').press('p');
        await expect(page.getByTestId('app')).toHaveAttribute('data-presenter', 'true');
      },
    ],
  ];
  const failures: string[] = [];
  for (const [state, enter] of states) {
    await enter();
    for (const v of serious(await audit(page, state)))
      failures.push(`${state}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
  }
  await page.goto('./?embed#preset=paper000');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  for (const v of serious(await audit(page, 'embed'))) failures.push(`embed: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
  expect(failures).toEqual([]);
});
