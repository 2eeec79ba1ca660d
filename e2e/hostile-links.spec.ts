/**
 * Issue 17, through the page: a sample of the hostile corpus's links (tests/hostile/
 * links.txt, written by scripts/hostile/generate.mjs) opened in a fresh page each. Every
 * one either opens and runs, or is refused with one safe sentence over the default
 * scenario; none leaves the page without a running engine, throws, or puts a raw control,
 * format or bidi character on screen, and the work saved before is still there at the end.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { writeArtifact } from './helpers';
import { watchPage } from './page-watch';

const LINKS = readFileSync(new URL('../tests/hostile/links.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l !== '');
// Every ninth link: about 21 of 193, spread over the whole corpus (cut, flipped, bombs,
// wrong formats, bidi presets, hostile scenarios).
const SAMPLE = LINKS.filter((_, i) => i % 9 === 4);
const RAW_UNSAFE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/;

test(`${SAMPLE.length} hostile links in the page: each opens or is refused in one safe sentence; the saved work survives`, async ({
  page,
}) => {
  test.setTimeout(SAMPLE.length * 15_000 + 30_000);
  const watch = await watchPage(page);
  await page.goto('./');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  const saved = JSON.stringify({
    format: 1,
    scenario: {
      ...JSON.parse(readFileSync(new URL('../packages/scenario/presets/first-lesson.json', import.meta.url), 'utf8')),
      name: 'Work saved before the links',
    },
    savedAt: Date.now(),
  });
  await page.evaluate((v) => localStorage.setItem('obs-tcp-sim.scenario', v), saved);

  const outcomes: Array<{ line: number; outcome: string; seconds: number }> = [];
  for (const hash of SAMPLE) {
    const line = LINKS.indexOf(hash) + 1;
    const started = Date.now();
    await page.goto('about:blank');
    await page.goto(`./${hash}`);
    const phase = page.getByTestId('phase');
    await expect(phase, `links.txt line ${line}`).toHaveText(/Running|Paused|Finished|Stopped/, { timeout: 15_000 });
    const notice = page.getByTestId('notice-banner');
    const refused = (await notice.count()) > 0 && /could not be opened/.test(await notice.innerText());
    const text = await page.locator('body').innerText();
    expect(RAW_UNSAFE.test(text), `links.txt line ${line}: a raw unsafe character on the page`).toBe(false);
    if (refused) {
      const sentence = await page.getByTestId('notice-text').innerText();
      expect(sentence.length, `links.txt line ${line}`).toBeLessThanOrEqual(400);
      await expect(page.getByTestId('preset'), `links.txt line ${line}`).toHaveValue('paper000');
    }
    outcomes.push({ line, outcome: refused ? 'refused' : await phase.innerText(), seconds: (Date.now() - started) / 1000 });
  }
  writeArtifact('hostile-links.json', outcomes);
  expect(outcomes.some((o) => o.outcome === 'refused')).toBe(true);

  // Without a link again: the work saved before is what opens (no link wrote over it,
  // unless one opened on purpose: then it is the backup, offered in the menu).
  await page.goto('about:blank');
  await page.goto('./');
  const opened = await page.getByTestId('scenario-name').innerText();
  const backup = await page.evaluate(() =>
    Object.keys(localStorage)
      .map((k) => localStorage.getItem(k) ?? '')
      .join('\n'),
  );
  expect(opened === 'Work saved before the links' || backup.includes('Work saved before the links')).toBe(true);
  expect(watch.pageErrors, 'uncaught page errors').toEqual([]);
});
