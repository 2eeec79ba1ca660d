/**
 * The room a lesson step's view gets on a 1280x720 projector (issue 36), measured in the
 * browser where the step has paused, in the normal layout and in presenter mode:
 * - a step that opens the event log: the list at least 120 px high, with rows in it whole
 *   and at least 14 px text (the status line says "In the event log: …");
 * - a step that shows charts: every plot it draws at least 100 px high;
 * - a step with a question: the question wholly on screen, nothing scrolled;
 * - and nothing moves when the step sentence (Next event, Next burst) comes, changes its
 *   number of lines, or goes: it lies over the network instead of pushing it down.
 * lesson-figures.spec.ts measures every step of every lesson with these.
 */
import { expect, type Page } from '@playwright/test';
import { waitIdle } from './helpers';

const LOG_LIST_MIN = 120;
const PLOT_MIN = 100;
const TEXT_MIN = 14;

/** What the page shows now, measured in the browser: the problems found, in words. */
export async function roomProblems(page: Page): Promise<string[]> {
  await waitIdle(page);
  return page.evaluate(
    ({ LOG_LIST_MIN, PLOT_MIN, TEXT_MIN }) => {
      const problems: string[] = [];
      const shown = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      const px = (n: number) => `${Math.round(n)} px`;
      const doc = document.documentElement;
      if (doc.scrollHeight > innerHeight + 1) problems.push(`the page scrolls: ${px(doc.scrollHeight)} high`);
      if (doc.scrollWidth > innerWidth + 1) problems.push(`the page scrolls sideways: ${px(doc.scrollWidth)} wide`);

      const list = document.querySelector('[data-testid=log-list]');
      if (list && shown(list)) {
        const box = list.getBoundingClientRect();
        if (box.height < LOG_LIST_MIN) problems.push(`the event log's list is ${px(box.height)} high`);
        if (box.bottom > innerHeight + 1) problems.push(`the event log's list ends ${px(box.bottom - innerHeight)} below the screen`);
        const rows = [...list.querySelectorAll('[data-testid=log-row]')].filter((row) => {
          const r = row.getBoundingClientRect();
          return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
        });
        if (rows.length === 0) problems.push('the event log shows no whole row');
        for (const row of rows.slice(0, 1)) {
          const size = parseFloat(getComputedStyle(row).fontSize);
          if (size < TEXT_MIN) problems.push(`the event log's rows are in ${size} px text`);
        }
      }

      for (const plot of document.querySelectorAll('[data-testid$="-plot"], .compare-chart-box')) {
        if (!shown(plot)) continue;
        const r = plot.getBoundingClientRect();
        const name = plot.getAttribute('data-testid') ?? 'a compare chart';
        if (r.height < PLOT_MIN) problems.push(`${name} is ${px(r.height)} high`);
        if (r.bottom > innerHeight + 1) problems.push(`${name} ends ${px(r.bottom - innerHeight)} below the screen`);
      }

      const question = document.querySelector('.lesson-question');
      if (question && shown(question)) {
        const q = question.getBoundingClientRect();
        const body = document.querySelector('.lesson-body')!;
        const b = body.getBoundingClientRect();
        if (body.scrollTop > 0) problems.push('the lesson text is scrolled');
        if (q.bottom > Math.min(b.bottom, innerHeight) + 1)
          problems.push(`the question ends ${px(q.bottom - Math.min(b.bottom, innerHeight))} below view`);
        if (q.top < b.top - 1) problems.push('the question starts above the lesson column');
      }
      return problems;
    },
    { LOG_LIST_MIN, PLOT_MIN, TEXT_MIN },
  );
}

/**
 * Where the network's drawing and the results are on the page, once the layout has settled:
 * two readings a frame apart that agree. Entering or leaving presenter mode lays the page
 * out anew over a frame or two (the network's box follows its column's new size), and a
 * reading in between is neither layout (seen once: 558x285 between 733 and 558 wide).
 */
export async function places(page: Page): Promise<string[]> {
  let last = await placesNow(page);
  for (let reading = 0; reading < 30; reading++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const now = await placesNow(page);
    if (now.join('|') === last.join('|')) return now;
    last = now;
  }
  throw new Error(`the layout did not settle in 30 readings: ${last.join(', ')}`);
}

/** Where the network's drawing and the results are now. */
const placesNow = (page: Page) =>
  page.evaluate(() =>
    ['[data-testid=topology]', '.bottom', '.lesson-body'].map((s) => {
      const el = document.querySelector(s);
      if (!el) return `${s}: none`;
      const r = el.getBoundingClientRect();
      return `${s}: ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    }),
  );

/**
 * Next event (N) and Next burst (B) write the step sentence over the network: nothing moves
 * from `before` (measured with no sentence, in the same mode) as it comes and changes.
 */
export async function expectStepSentenceMovesNothing(page: Page, mode: string, before: string[]): Promise<void> {
  const phase = page.getByTestId('phase');
  // A step that plays on (no pause) is paused first: the sentence is written while paused.
  if ((await phase.textContent()) === 'Running') await page.keyboard.press('Space');
  await expect(phase).toHaveText(/Paused|Finished/);
  if ((await phase.textContent()) === 'Finished') return;
  const caption = page.getByTestId('step-caption');
  for (const key of ['n', 'b', 'n']) {
    await page.keyboard.press(key);
    await expect(caption).toBeVisible();
    await waitIdle(page);
    const sentence = (await caption.textContent()) ?? '';
    expect(await places(page), `${mode}: after ${key.toUpperCase()}, "${sentence}"`).toEqual(before);
    const box = (await caption.boundingBox())!;
    expect(box.y + box.height, `${mode}: the step sentence ends on screen`).toBeLessThanOrEqual(720);
  }
}
