/**
 * Theory beside the measurement (issue 19): the throughput chart's theory lines come from
 * this run's own counters, and a sweep over a loss probability draws on log axes with
 * Padhye and Mathis over its points.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { counter, fillSweep, numberAttr, openRunning, openScenarioFile, snapshot, waitIdle } from './helpers';

/** The preset the app opens on (paper 000: one Reno flow, 1 % data-burst loss). */
const PAPER000 = JSON.parse(readFileSync(new URL('../packages/scenario/presets/paper000-lobs.json', import.meta.url), 'utf8'));
const TCP = PAPER000.flows[0].tcp as { mss: number; maxWindow: number; rto: { min: number } };
/**
 * The validation's Erlang-B loss system (Poisson background bursts onto one wavelength, no
 * TCP), with what the spec leaves to the engine's defaults written out, as a file the app
 * opens must have it: paper 000's node, fiber and OBS settings, without its loss.
 */
const ERLANG_SPEC_BASE = JSON.parse(readFileSync(new URL('../validation/specs/theory-erlang-b.json', import.meta.url), 'utf8')).base;
const ERLANG_SYSTEM = {
  ...ERLANG_SPEC_BASE,
  // Paper 000 has nodes of these names and a fiber: their fields fill what the spec omits.
  nodes: (ERLANG_SPEC_BASE.nodes as { id: string }[]).map((n) => ({ ...PAPER000.nodes.find((p: { id: string }) => p.id === n.id), ...n })),
  links: (ERLANG_SPEC_BASE.links as object[]).map((l) => ({ ...PAPER000.links.find((p: { kind: string }) => p.kind === 'fiber'), ...l })),
  flows: [],
  obs: { ...PAPER000.obs, ...ERLANG_SPEC_BASE.obs, burstLoss: { data: 0, ack: 0 } },
};

interface FlowCounters {
  segmentsSent: number;
  fastRetransmits: number;
  rtos: number;
  meanRtt: number;
}

const flowCounters = (page: Page) => page.evaluate(() => (window.__obsSummary?.() as { flows: FlowCounters[] } | null)?.flows[0] ?? null);

/** p in percent, three significant digits, as the app writes it. */
const lossText = (p: number) => `${Number((p * 100).toPrecision(3))} %`;

test('theory lines: capacity, Mathis and Padhye from the run’s own loss and RTT', async ({ page }) => {
  test.setTimeout(120_000);
  await openRunning(page);
  const chart = page.getByTestId('chart-throughput');
  const ref = (kind: string) => page.getByTestId(`chart-throughput-ref-${kind}`);

  // Off by default.
  await expect(ref('capacity')).toHaveCount(0);

  // Back at t = 0, nothing sent yet: the capacity only, and the reason for the rest.
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await waitIdle(page);
  await page.getByTestId('theory-lines').check();
  await expect(page.getByTestId('theory-note')).toContainText('no segment sent yet');
  await expect(ref('capacity')).toBeVisible();
  // The bottleneck is the 1 Gbit/s access link (the fibers carry 2 x 1.25 Gbit/s); the chart draws Mbit/s.
  expect(await numberAttr(ref('capacity'), 'data-value')).toBeCloseTo(1000, 9);
  await expect(ref('capacity')).toHaveAttribute('title', /link Server-E1/);
  await expect(ref('mathis')).toHaveCount(0);

  // Run to the end: the lines follow the run's counters.
  await page.getByRole('radio', { name: 'max' }).check();
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 60_000 });
  await waitIdle(page);

  const f = (await flowCounters(page))!;
  expect(f.segmentsSent).toBeGreaterThan(1000);
  const p = (f.fastRetransmits + f.rtos) / f.segmentsSent;
  expect(p).toBeGreaterThan(0);
  // The measured values the lines are drawn from, next to the switch; the RTO count is the counters' own.
  expect(await numberAttr(page.getByTestId('theory-p'), 'data-value')).toBeCloseTo(p, 12);
  await expect(page.getByTestId('theory-p')).toHaveText(
    `p = ${lossText(p)} (${(f.fastRetransmits + f.rtos).toLocaleString('en-US')} loss events in ${f.segmentsSent.toLocaleString('en-US')} segments)`,
  );
  expect(await numberAttr(page.getByTestId('theory-rtt'), 'data-value')).toBeCloseTo(f.meanRtt, 12);
  expect(await counter(page, 'rtos')).toBe(f.rtos);

  // Mathis: MSS/RTT x sqrt(3/2)/sqrt(p); Padhye with T0 = the RTO floor and the window limit.
  const rtt = f.meanRtt;
  const mathis = (((TCP.mss * 8) / rtt) * Math.sqrt(1.5 / p)) / 1e6;
  const t0 = Math.max(TCP.rto.min, rtt);
  const padhyeSegments = Math.min(
    TCP.maxWindow / rtt,
    1 / (rtt * Math.sqrt((2 * p) / 3) + t0 * Math.min(1, 3 * Math.sqrt((3 * p) / 8)) * p * (1 + 32 * p * p)),
  );
  const padhye = (padhyeSegments * TCP.mss * 8) / 1e6;
  expect((await numberAttr(ref('mathis'), 'data-value')) / mathis).toBeCloseTo(1, 9);
  expect((await numberAttr(ref('padhye'), 'data-value')) / padhye).toBeCloseTo(1, 9);
  await expect(ref('mathis')).toContainText(/^Mathis [\d.]+ Mbit\/s$/);
  await expect(ref('mathis')).toHaveAttribute(
    'title',
    new RegExp(`p = ${lossText(p).replace('.', '\\.')} \\(${f.fastRetransmits} fast retransmits \\+ ${f.rtos} RTOs`),
  );
  await expect(ref('padhye')).toHaveAttribute('title', /T0 = 200 ms/);
  // The lines themselves are painted (the axis holds the models; the capacity is named above it).
  await expect(ref('capacity')).toHaveAttribute('data-above', 'true');
  await expect(ref('mathis')).toHaveAttribute('data-above', 'false');
  await expect(ref('padhye')).toHaveAttribute('data-above', 'false');
  expect(await numberAttr(chart, 'data-drawn')).toBeGreaterThan(0);
  await snapshot(page, 'theory-01-lines');

  // Switched off, gone.
  await page.getByTestId('theory-lines').uncheck();
  await expect(ref('mathis')).toHaveCount(0);
  await expect(page.getByTestId('theory-basis')).toHaveCount(0);
});

test('a sweep of data-burst loss by a factor, on log axes, with Padhye and Mathis over the points', async ({ page }) => {
  test.setTimeout(240_000);
  await openRunning(page);
  // The main run rests while the sweep has the cores.
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await page.getByTestId('tab-sweep').click();
  await expect(page.getByTestId('sweep-parameter').locator('option:checked')).toHaveText('data-burst drop probability');
  await page.getByTestId('sweep-spacing').selectOption('factor');
  // From 0 cannot be spread by a factor: said, and nothing runs.
  await page.getByTestId('sweep-from').fill('0');
  await expect(page.getByTestId('sweep-status')).toContainText('above 0');
  await expect(page.getByTestId('sweep-run')).toBeDisabled();
  await fillSweep(page, { from: '0.2', to: '2', steps: '3', seeds: '2', duration: '8' });
  await page.getByTestId('sweep-normalised').uncheck();
  await expect(page.getByTestId('sweep-theory-note')).toHaveAttribute('data-kind', 'tcp');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-state', 'done', { timeout: 200_000 });

  const plot = page.getByTestId('sweep-plot');
  await expect(plot).toHaveAttribute('data-points', '3');
  await expect(plot).toHaveAttribute('data-overlays', 'padhye mathis');
  const means = (await plot.getAttribute('data-means'))!.split(' ').map(Number);
  for (const key of ['padhye', 'mathis']) {
    const values = (await page.getByTestId(`sweep-overlay-${key}`).getAttribute('data-values'))!.split(' ').map(Number);
    expect(values, key).toHaveLength(3);
    // Models of a Reno flow in Mbit/s: falling as the loss rises, within a factor of ten of the runs.
    for (let i = 0; i < 3; i++) {
      expect(values[i] / means[i], `${key} at point ${i}`).toBeGreaterThan(0.3);
      expect(values[i] / means[i], `${key} at point ${i}`).toBeLessThan(10);
      if (i > 0) expect(values[i]).toBeLessThan(values[i - 1]);
    }
  }
  await expect(page.getByTestId('sweep-key')).toContainText('Padhye at each point');

  // Log axes: the parameter's values are 0.2, 0.632, 2 % (a constant factor).
  await page.getByTestId('sweep-log-x').check();
  await page.getByTestId('sweep-log-y').check();
  await expect(plot).toHaveAttribute('data-log-x', 'true');
  await expect(plot).toHaveAttribute('data-log-y', 'true');
  await expect(plot.locator('text.axis-title').first()).toContainText('(log scale)');
  await snapshot(page, 'theory-02-sweep-log');

  // The closed form can be taken off.
  await page.getByTestId('sweep-closed-form').uncheck();
  await expect(plot).toHaveAttribute('data-overlays', '');

  // Over an output no closed form fits: the reason instead of a curve.
  await page.getByTestId('sweep-closed-form').check();
  await page.getByTestId('sweep-output').selectOption('bursts.droppedContention');
  await expect(page.getByTestId('sweep-theory-note')).toHaveAttribute('data-kind', 'none');
  await expect(page.getByTestId('sweep-theory-note')).toContainText('Erlang-B');
});

test('a sweep of background load on one wavelength, with Erlang-B over the share of bursts lost', async ({ page }) => {
  test.setTimeout(240_000);
  await openRunning(page);
  await openScenarioFile(page, ERLANG_SYSTEM, 'erlang.json');
  await expect(page.getByTestId('scenario-name')).toContainText('Erlang-B loss system');
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await page.getByTestId('tab-sweep').click();
  const load = page.getByTestId('sweep-parameter').locator('option', { hasText: /^load of background source 1/ });
  await page.getByTestId('sweep-parameter').selectOption((await load.getAttribute('value'))!);
  await fillSweep(page, { from: '0.3', to: '0.9', steps: '3', seeds: '2', duration: '4' });
  await page.getByTestId('sweep-normalised').uncheck();
  await page.getByTestId('sweep-output').selectOption('bursts.background.droppedContention / bursts.background.sent');
  await expect(page.getByTestId('sweep-theory-note')).toHaveAttribute('data-kind', 'erlang');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-state', 'done', { timeout: 200_000 });

  const plot = page.getByTestId('sweep-plot');
  await expect(plot).toHaveAttribute('data-overlays', 'erlangB');
  const means = (await plot.getAttribute('data-means'))!.split(' ').map(Number);
  const erlang = (await page.getByTestId('sweep-overlay-erlangB').getAttribute('data-values'))!.split(' ').map(Number);
  // One wavelength: B(1, A) = A / (1 + A), in percent; the runs within 10 % of it.
  expect(erlang).toEqual([0.3, 0.6, 0.9].map((a) => expect.closeTo((100 * a) / (1 + a), 6)));
  for (let i = 0; i < 3; i++) {
    expect(means[i] / erlang[i], `point ${i}`).toBeGreaterThan(0.9);
    expect(means[i] / erlang[i], `point ${i}`).toBeLessThan(1.1);
  }
  await expect(page.getByTestId('sweep-key')).toContainText('Erlang-B for each point');
  await snapshot(page, 'theory-03-sweep-erlang');
});

declare global {
  interface Window {
    __obsSummary?: () => unknown;
  }
}
