/**
 * Issue 17: nothing a link or a file says destroys the user's work. The work saved in this
 * browser survives a broken link opened in a fresh tab, a record written by a newer
 * version survives this version, a valid link's replacement can be undone ("Restore
 * previous work"), and a run the engine stopped is not replayed on reload.
 * (The rules: apps/web/src/storage/workKeeper.ts; docs/sharing.md, "Saved work".)
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { openRunning, shot, simTime, snapshot, waitIdle, written } from './helpers';
import { openPanel } from './editor-helpers';

const MAIN = 'obs-tcp-sim.scenario';
const KEPT = 'obs-tcp-sim.kept';
const paper000 = () => JSON.parse(readFileSync(new URL('../packages/scenario/presets/paper000-lobs.json', import.meta.url), 'utf8'));

const stored = (page: Page, key = MAIN) => page.evaluate((k) => localStorage.getItem(k), key);
const savedName = async (page: Page) => {
  const text = await stored(page);
  return text === null ? null : (JSON.parse(text).scenario?.name ?? null);
};

/** Renames the scenario in the editor (an edit of the user's own) and waits until it is saved. */
async function makeWork(page: Page, name: string): Promise<void> {
  await openRunning(page);
  await openPanel(page);
  await page.getByTestId('open-network').click();
  const field = page.getByTestId('field-name');
  await field.fill(name);
  await field.press('Enter');
  await expect(page.getByTestId('scenario-name')).toHaveText(name);
  await expect.poll(() => savedName(page)).toBe(name);
}

/**
 * A fresh tab of the same browser (same storage), opened on `hash`. The tests close the tab
 * that made the work once it is saved: a headless browser draws every open tab, and a run
 * playing in one nobody looks at only slows the others.
 */
async function freshTab(context: BrowserContext, hash: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(`./${hash}`);
  await expect(tab.getByTestId('phase')).not.toHaveText(/Loading/);
  return tab;
}

/**
 * A picture of a running page for e2e/artifacts/ (what the notice says is the point, not
 * the charts: helpers.ts's snapshot waits for an idle moment, which a busy machine may
 * give only when the run ends).
 */
async function picture(page: Page, name: string): Promise<void> {
  const dir = new URL('./artifacts/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  await shot(page, new URL(`${name}.png`, dir).pathname);
}

/** Anything the page was going to write is written (it writes at most twice a second). */
const pastTheSaver = written;

test('a broken link in a fresh tab shows the default and leaves the saved work; a reload brings it back', async ({ page, context }) => {
  await makeWork(page, 'My saved work');
  const work = await stored(page);
  await page.getByTestId('share-toggle').click();
  await page.getByTestId('copy-link').click();
  const good = new URL(await page.getByTestId('share-link').inputValue()).hash;
  await page.close();

  for (const hash of [good.slice(0, good.length - 40), '#preset=%E2%80%AEmoc.elpmaxe.live%20ta%20won%20nepo']) {
    const tab = await freshTab(context, hash);
    const notice = tab.getByTestId('notice-banner');
    await expect(notice).toContainText('This link could not be opened');
    await expect(notice).toContainText('Showing the default scenario instead. Your saved work is kept.');
    await expect(tab.getByTestId('preset')).toHaveValue('paper000');
    await expect(tab.getByTestId('phase')).toHaveText('Running');
    // The app's own notice never carries the link's bidi override or line separators.
    expect(await tab.getByTestId('notice-text').textContent()).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    if (hash.startsWith('#preset')) {
      await expect(tab.getByTestId('notice-text')).toContainText('"\\u{202E}moc.elpmaxe.live');
      await picture(tab, 'saved-work-01-broken-link');
    }
    await pastTheSaver(tab);
    expect(await stored(tab), 'the saved work, byte for byte').toBe(work);
    // The same tab reloaded without the link (the address no longer carries it): the work.
    expect(new URL(tab.url()).hash).toBe('');
    await tab.reload();
    await expect(tab.getByTestId('scenario-name')).toHaveText('My saved work');
    await expect(tab.getByTestId('notice-banner')).toHaveCount(0);
    await tab.close();
  }

  // Or straight from the notice: "Open my saved work".
  const tab = await freshTab(context, '#s=1.AAAA');
  await tab.getByTestId('notice-open-saved').click();
  await expect(tab.getByTestId('scenario-name')).toHaveText('My saved work');
  await expect(tab.getByTestId('phase')).toHaveText('Running');
  expect(await stored(tab)).toBe(work);
});

test('a record saved by a newer version is never written over: kept, said, offered for download', async ({ page, context }) => {
  await page.goto('./');
  const newer = JSON.stringify({ format: 2, scenario: { ...paper000(), name: 'Saved by version 2' }, layout: { panels: ['x'] } });
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [MAIN, newer]);
  await page.close();

  // A broken link in a fresh tab, then that tab reloaded without it.
  const tab = await freshTab(context, '#s=1.AAAA');
  await expect(tab.getByTestId('notice-banner')).toContainText(
    'cannot be read by this version (it was saved by a newer version of the simulator (storage format 2',
  );
  await pastTheSaver(tab);
  expect(await stored(tab)).toBe(newer);
  await tab.reload();
  const notice = tab.getByTestId('notice-banner');
  await expect(notice).toContainText('The scenario saved in this browser could not be opened: it was saved by a newer version');
  await expect(notice).toContainText('It is kept as it was');
  await expect(tab.getByTestId('phase')).toHaveText('Running');
  await pastTheSaver(tab);
  expect(await stored(tab)).toBe(newer);
  await picture(tab, 'saved-work-02-newer-version');

  // Download it: the scenario inside, as a file the newer version opens.
  const [download] = await Promise.all([tab.waitForEvent('download'), tab.getByTestId('notice-download-kept').click()]);
  expect(download.suggestedFilename()).toBe('saved-scenario.json');
  expect(JSON.parse(readFileSync((await download.path())!, 'utf8')).name).toBe('Saved by version 2');

  // The user's own edit is saved, and only now, with the record set aside word for word.
  await makeWork(tab, 'Mine, in version 1');
  expect(JSON.parse((await stored(tab, KEPT))!).records.map((r: { text: string }) => r.text)).toEqual([newer]);
  await tab.getByTestId('share-toggle').click();
  await expect(tab.getByTestId('kept-record')).toContainText('A scenario this version cannot open: it was saved by a newer version');
  await picture(tab, 'saved-work-03-kept-in-menu');
  const [again] = await Promise.all([tab.waitForEvent('download'), tab.getByTestId('kept-download').click()]);
  expect(JSON.parse(readFileSync((await again.path())!, 'utf8')).name).toBe('Saved by version 2');
});

test('a valid link replaces the saved work, and "Restore previous work" brings it back', async ({ page, context }) => {
  await makeWork(page, 'My saved work');
  await page.close();
  const tab = await freshTab(context, '#preset=paper004');
  await expect(tab.getByTestId('preset')).toHaveValue('paper004');
  await expect.poll(() => savedName(tab)).toMatch(/\(paper 004\)$/);
  // Reloaded without the link: the link's scenario is the saved one now...
  await tab.reload();
  await expect(tab.getByTestId('preset')).toHaveValue('paper004');
  // ...and the work it replaced is one click away, with its name and when it was saved.
  await tab.getByTestId('share-toggle').click();
  const previous = tab.getByTestId('previous-work');
  await expect(previous).toContainText('"My saved work", saved ');
  await expect(previous).toContainText('replaced by a link');
  await picture(tab, 'saved-work-04-restore-previous');
  await tab.getByTestId('restore-previous').click();
  await expect(tab.getByTestId('scenario-name')).toHaveText('My saved work');
  await expect(tab.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => savedName(tab)).toBe('My saved work');
  await tab.reload();
  await expect(tab.getByTestId('scenario-name')).toHaveText('My saved work');
  // The two changed places: the link's scenario can come back the same way.
  await tab.getByTestId('share-toggle').click();
  await expect(tab.getByTestId('previous-work')).toContainText('"Dumb-bell: Tahoe vs Reno vs NewReno (paper 004)"');
});

test('a scenario whose run the engine stopped opens paused after a reload, saying why', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  const record = JSON.stringify({
    format: 1,
    scenario: { ...paper000(), name: 'Crashed last time' },
    savedAt: Date.now(),
    stopped: { reason: 'the engine ran out of memory (written by the test)', at: Date.now() },
  });
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [MAIN, record]);
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await expect(page.getByTestId('scenario-name')).toHaveText('Crashed last time');
    await expect(page.getByTestId('phase')).toHaveText('Paused');
    const notice = page.getByTestId('notice-banner');
    await expect(notice).toContainText('The last run of this scenario was stopped: the engine ran out of memory (written by the test).');
    await expect(notice).toContainText('It is loaded but not started: press Play to run it anyway.');
    await page.waitForTimeout(1000);
    await waitIdle(page);
    expect(await simTime(page), 'not replayed').toBe(0);
    expect(await stored(page), 'the record and its mark are kept').toBe(record);
  }
  await snapshot(page, 'saved-work-05-stopped-run');
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => simTime(page)).toBeGreaterThan(0);
});
