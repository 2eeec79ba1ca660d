/**
 * Share & files (issue 6): a copied link opens the same scenario in a new page and gives
 * the same summary; every kind of bad link gives its reason and the default scenario; a
 * reload keeps the scenario being worked on; scenario files open, exports download.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { openRunning, openScenarioFile, openSharePanel, snapshot, waitIdle, written } from './helpers';

const DEFAULT_NAME = 'Paper 000: LOBS testbed, data-burst vs ACK-burst loss';

/** paper 000 cut to 1.5 s with another seed and 2 % data-burst loss: an edited scenario. */
function shortScenario(): Record<string, unknown> {
  const s = JSON.parse(readFileSync(new URL('../packages/scenario/presets/paper000-lobs.json', import.meta.url), 'utf8'));
  return { ...s, name: 'short run <b>not bold</b>', seed: 7, duration: 1.5, obs: { ...s.obs, burstLoss: { data: 0.02, ack: 0 } } };
}

/** Runs to the end at full speed and returns the summary the export menu saves. */
async function finalSummary(page: Page): Promise<Record<string, unknown>> {
  await page.getByRole('radio', { name: 'max' }).check();
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 60_000 });
  await waitIdle(page);
  await openSharePanel(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-summary').click()]);
  const summary = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  delete summary.wallTime; // the only field that depends on the machine
  return summary;
}

test('a copied link opens the same scenario in a new page, with the same summary', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openRunning(page);
  await openScenarioFile(page, shortScenario());
  await expect(page.getByTestId('scenario-name')).toHaveText('short run <b>not bold</b>');
  await openSharePanel(page);
  await page.getByTestId('copy-link').click();
  const url = await page.getByTestId('share-link').inputValue();
  expect(url).toMatch(/#s=1\.[A-Za-z0-9_-]+$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await snapshot(page, 'share-01-link');
  const here = await finalSummary(page);

  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByTestId('scenario-name')).toHaveText('short run <b>not bold</b>');
  expect(await other.locator('b').count()).toBe(0); // the name is text, never markup
  await expect(other.getByTestId('loss-data')).toHaveAttribute('aria-valuetext', /2(\.0)? %/);
  // The address bar is a share link to what is on screen: the same link.
  await expect.poll(() => new URL(other.url()).hash).toBe(new URL(url).hash);
  expect(await finalSummary(other)).toEqual(here);

  // What made it (issue 39, item 4): the file Save… writes, run by the CLI, gives the same
  // summary with the same provenance: engine build, version, scenario hash, seed.
  const [saved] = await Promise.all([other.waitForEvent('download'), other.getByTestId('save-scenario').click()]);
  const cli = JSON.parse(execFileSync(process.execPath, ['packages/cli/bin/obs-sim.mjs', (await saved.path())!], { encoding: 'utf8' }));
  delete cli.wallTime;
  expect(here.provenance).toEqual({
    engine: expect.stringMatching(/^[0-9a-f]{16}$/),
    version: expect.any(String),
    scenario: expect.stringMatching(/^[0-9a-f]{16}$/),
    seed: 7,
  });
  expect(here).toEqual(cli);
});

const BAD_LINKS: Array<[string, string, RegExp]> = [
  ['truncated', '', /damaged|truncated|could not be read|incomplete/i],
  ['corrupted', '', /damaged|altered|corrupt/i],
  ['oversized', `#s=1.${'A'.repeat(70_000)}`, /too long/],
  ['wrong version', '#s=9.eJyrVgooSk0uyczPU7JSMDRQqgUAM3sE9w', /newer|version/i],
  ['not ours', '#view=3', /holds no scenario/],
  ['unknown preset', '#preset=paper999', /preset/i],
];

test('each kind of bad link gives its reason and the default scenario', async ({ page }) => {
  test.setTimeout(120_000);
  await openRunning(page);
  await page.getByTestId('share-toggle').click();
  await page.getByTestId('copy-link').click();
  const good = new URL(await page.getByTestId('share-link').inputValue()).hash;
  const hostile = (patch: (s: Record<string, unknown>) => void) => {
    const s = shortScenario();
    patch(s);
    return `#s=1.${deflateSync(JSON.stringify(s)).toString('base64url')}`;
  };
  const links: Array<[string, string, RegExp]> = BAD_LINKS.map(([what, hash, reason]) => {
    if (what === 'truncated') return [what, good.slice(0, good.length - 40), reason];
    if (what === 'corrupted') return [what, good.slice(0, 60) + (good[60] === 'A' ? 'B' : 'A') + good.slice(61), reason];
    return [what, hash, reason];
  });
  links.push(['a million flows', hostile((s) => ((s.flows as Array<Record<string, unknown>>)[0].count = 1_000_000)), /flows\[0\]\.count/]);
  links.push(['script in a name', hostile((s) => (s.name = 'x\u202e<script>window.__pwned=1</script>')), /name/]);
  for (const [what, hash, reason] of links) {
    // A fresh page load each time (a hash change alone keeps the page and the work on it).
    await page.goto('about:blank');
    await page.goto(`./${hash}`);
    const notice = page.getByTestId('notice-banner');
    await expect(notice, what).toContainText('This link could not be opened');
    await expect(notice, what).toContainText(reason);
    await expect(notice, what).toContainText('default scenario');
    await expect(page.getByTestId('phase'), what).toHaveText('Running');
    await expect(page.getByTestId('preset'), what).toHaveValue('paper000');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), what).toBeUndefined();
  }
  await snapshot(page, 'share-02-bad-link');
});

test('a bad scenario file is refused with its line, the scenario kept; exports download', async ({ page }) => {
  await openRunning(page);
  await openScenarioFile(page, '{\n  "version": 1,\n  oops\n}', 'broken.json');
  await expect(page.getByTestId('notice-banner')).toContainText(/broken\.json: .*line 3/);
  await expect(page.getByTestId('preset')).toHaveValue('paper000');
  await expect(page.getByTestId('scenario-name')).toBeHidden();
  for (const [id, pattern] of [
    ['export-series', /^t_s,flow,cwnd_segments/],
    ['export-log', /^t_s,category,event/],
    ['export-svg', /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<path d="M/],
  ] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
    expect(readFileSync((await download.path())!, 'utf8'), id).toMatch(pattern);
  }
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
  expect(
    readFileSync((await png.path())!)
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');
  expect(DEFAULT_NAME).toContain('Paper 000');
});

test('A/B compare: data-burst loss 1 % against ACK-burst loss 1 %, overlaid charts and both summaries', async ({ page }) => {
  test.setTimeout(120_000);
  await openRunning(page);
  await page.getByTestId('tab-compare').click();
  await expect(page.getByTestId('compare-data-A')).toHaveValue('1');
  await expect(page.getByTestId('compare-ack-B')).toHaveValue('1');
  // An impossible value is refused by name before anything runs.
  await page.getByTestId('compare-ack-B').fill('150');
  await expect(page.getByTestId('compare-status')).toContainText('B: ACK-burst loss must be at most 100 %');
  await expect(page.getByTestId('compare-ack-B-problem')).toHaveText('ACK-burst loss must be at most 100 %');
  await expect(page.getByTestId('compare-run')).toBeDisabled();
  await page.getByTestId('compare-ack-B').fill('1');
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare-status')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const table = page.getByTestId('compare-table');
  const goodput = table.locator('tr', { hasText: 'Goodput (all flows)' }).locator('td');
  const mbps = async (i: number) => Number((await goodput.nth(i).locator('.compare-mean').textContent())!.replace(/ Mbit\/s$/, ''));
  // Paper 000: losing ACK bursts costs TCP far less than losing data bursts.
  expect(await mbps(1)).toBeGreaterThan(1.5 * (await mbps(0)));
  // Sides named by what differs, three seeds each, and whether it is more than the noise.
  await expect(table.locator('thead th').nth(1)).toHaveText('A: data loss 1 %');
  await expect(table.locator('thead th').nth(2)).toHaveText('B: ACK loss 1 %');
  await expect(goodput.nth(0).locator('.compare-ci')).toHaveText(/^± [0-9.]+ (k|M)?bit\/s$/);
  await expect(page.getByTestId('compare-verdict')).toHaveText(
    /^With 3 seeds each, the goodput of B \(ACK loss 1 %\) is [0-9.]+ % higher than that of A \(data loss 1 %\), more than the noise/,
  );
  expect(Number(await page.getByTestId('compare-throughput').getAttribute('data-points'))).toBeGreaterThan(100);
  await snapshot(page, 'compare-01-data-vs-ack');
});

test('a scenario file dropped on the page opens, and a reload keeps it', async ({ page }) => {
  await openRunning(page);
  const text = JSON.stringify({ ...shortScenario(), name: 'dropped here' });
  const transfer = await page.evaluateHandle((json) => {
    const dt = new DataTransfer();
    dt.items.add(new File([json], 'dropped.json', { type: 'application/json' }));
    return dt;
  }, text);
  await page.dispatchEvent('body', 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent('body', 'drop', { dataTransfer: transfer });
  await expect(page.getByTestId('scenario-name')).toHaveText('dropped here');
  // A reload keeps the scenario being worked on (the file just opened: a test of its own
  // opened one by Share & files first).
  await written(page); // the store writes at most twice a second
  await page.reload();
  await expect(page.getByTestId('scenario-name')).toHaveText('dropped here');
  await expect(page.getByTestId('preset')).toHaveValue('');
});
