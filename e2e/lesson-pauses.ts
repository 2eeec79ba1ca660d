/**
 * Where a lesson step or a Show me paused, read off the page: the lesson's status line gives
 * the event's kind, time and words (LessonPanel.tsx), and the event log lists the same
 * event. Read by lessons.spec.ts and lesson-figures.spec.ts.
 */
import { expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EnginePause } from './engine-pauses';

/** The engine's visual event kinds the pauses name (packages/engine/src/engine-module.ts VisualEventKind). */
export const KIND = { formed: 0, dropped: 3, packetDropped: 5, tcp: 6 };

/** The words of a background burst no core could switch (the backbones' first pauses). */
export const BACKGROUND_CONTENTION = /burst \d+ \(background\) dropped at \S+ on its way to \S+: no free wavelength \(contention\)/;

export const panel = (page: Page) => page.getByTestId('lesson-panel');
export const status = (page: Page) => page.getByTestId('lesson-status');

export interface Pause {
  at: number;
  /** The engine's event kind, or null for a pause at a time. */
  kind: number | null;
  text: string;
}

/**
 * Plays a step that waits for its moment at "max", then puts the step's own speed back. The
 * engine pauses the run right after the moment a step names at any speed
 * (SimulationRunner.pauseAt; packages/engine's runner tests hold that the moment is the same
 * at 0.01x, 1x and max), so what the page shows there is what the step's own speed shows:
 * only the wait is shorter. The step's own speed again once paused: the line under the
 * speeds is longer at max and would push the counters down, which the teacher would not see.
 * A step that is not waiting (paused already, or without a pause) is left as it is.
 */
export async function playToPause(page: Page, timeout = 90_000): Promise<void> {
  await expect(status(page)).toHaveAttribute('data-kind', /^(waiting|paused|ready)$/, { timeout: 30_000 });
  if ((await status(page).getAttribute('data-kind')) !== 'waiting') return;
  const speeds = page.getByTestId('speed');
  const own = await speeds.locator('input:checked').getAttribute('value');
  if (own !== 'max') await speeds.getByRole('radio', { name: 'max' }).check();
  await expect(status(page)).toHaveAttribute('data-kind', 'paused', { timeout });
  if (own && own !== 'max') await speeds.getByRole('radio', { name: own, exact: true }).check();
}

/** Waits for step `n` (1-based) to pause (played there at "max": playToPause), and reads where. */
export async function pausedAt(page: Page, n: number): Promise<Pause> {
  await expect(panel(page)).toHaveAttribute('data-step', String(n));
  await playToPause(page);
  await expect(status(page)).toHaveAttribute('data-kind', 'paused', { timeout: 90_000 });
  const kind = await status(page).getAttribute('data-event-kind');
  // A pause at the end of the run (a time, no event) leaves the run finished there.
  await expect(page.getByTestId('phase')).toHaveText(kind === null ? /^(Paused|Finished)$/ : 'Paused');
  return {
    at: Number(await status(page).getAttribute('data-at')),
    kind: kind === null ? null : Number(kind),
    text: (await status(page).textContent()) ?? '',
  };
}

/**
 * The first event of `kind` in the event log whose words match `words`: the same time as
 * the pause, and the same sentence in the lesson's status. The log lists drops and TCP
 * events of the whole run, so the first of them is the first of the run.
 */
export async function expectFirstInLog(page: Page, pause: Pause, words: RegExp): Promise<string> {
  expect(pause.kind).not.toBeNull();
  await page.getByTestId('tab-log').click();
  // The list follows its newest rows and draws only those in view: with more drops after
  // the pause than a screenful (paper 002's overshoot), the first one is above. From the top.
  await page.getByTestId('log-list').evaluate((el) => {
    el.scrollTop = 0;
    el.dispatchEvent(new Event('scroll'));
  });
  const row = page
    .getByTestId('log-row')
    .and(page.locator(`[data-kind="${pause.kind}"]`))
    .filter({ hasText: words })
    .first();
  await expect(row).toBeVisible();
  expect(Number(await row.getAttribute('data-time')), 'the pause is at the first such event of the run').toBe(pause.at);
  const sentence = (await row.locator('.log-text').textContent())!;
  expect(pause.text.toLowerCase()).toContain(sentence.toLowerCase());
  return sentence;
}

/**
 * Where the engine itself pauses each step of these lessons, and the log's sentence of a
 * TCP event there (e2e/engine-pauses.ts, run in Node with tsx: a second or two). The specs
 * hold the page to these rather than typing the engine's numbers.
 */
export function enginePauses(...lessons: string[]): Record<string, Array<EnginePause | null>> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const script = fileURLToPath(new URL('./engine-pauses.ts', import.meta.url));
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', script, ...lessons], { cwd: root, encoding: 'utf8' })) as Record<
    string,
    Array<EnginePause | null>
  >;
}

/** The pause of step n (1-based) in `pauses`, which must have one. */
export function enginePause(pauses: Array<EnginePause | null>, n: number): EnginePause {
  const pause = pauses[n - 1];
  if (!pause) throw new Error(`the engine does not pause at step ${n}`);
  return pause;
}
