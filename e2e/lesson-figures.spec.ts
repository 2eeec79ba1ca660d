/**
 * Issue 36, "tests hold each text to its view": every figure a lesson step or a preset's
 * "What to look for" point quotes is on screen when its step (opened by its link) or its
 * Show me (pressed in the preset's panel) has paused: in the status line, the counters, a
 * table, the log rows, a slider's value or another label, never only in the text itself (and
 * not in a tooltip). A figure matches within the rounding of the coarser of the two
 * ("13.0 Mbit/s" in the text, "13.04 Mbit/s" or "13 Mbit/s" on screen). Every Show me
 * must pause (one that opens the Sweep tab may leave the sweep ready to run). Numbers
 * that are not figures of the run (a step's own arithmetic, a paper's figures) are listed
 * with the reason in apps/web/src/lessons/notFigures.ts. What the figures are in the runs
 * is held by apps/web/src/lessons/*Runs.test.ts; this spec holds that the view shows them.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { quotedFigures, shownFigures, shows } from './quoted-figures';
import { notFiguresAt, pointPlace, stepPlace } from '../apps/web/src/lessons/notFigures';

interface GuideStep {
  title?: string;
  text: string;
  pauseAt?: { event: string };
  view?: { tab?: string };
}

interface LessonFile {
  id: string;
  steps: GuideStep[];
}

/** The catalog's files in menu order (catalog.ts imports the same JSON). */
const CATALOG = readFileSync(new URL('../apps/web/src/lessons/catalog.ts', import.meta.url), 'utf8');
const LESSONS: LessonFile[] = [...CATALOG.matchAll(/from '\.\/data\/([\w-]+\.json)'/g)].map(
  ([, file]) => JSON.parse(readFileSync(new URL(`../apps/web/src/lessons/data/${file}`, import.meta.url), 'utf8')) as LessonFile,
);

/**
 * Parameters of the scenario a text quotes that the page does not label anywhere yet (an
 * edge's assembly timer, a core's processing time, the minimum RTO): issue 36 wants them in
 * a visible label, which is still to be done. Listed so that the spec fails the day one is
 * labelled (and the entry must go) and so that no new one comes unnoticed.
 */
const UNLABELLED_PARAMETERS: Record<string, string[]> = {
  'first-lesson point 1': ['2 ms'],
  'burst-and-offset step 1': ['10 Mbit/s', '2 ms', '10 µs'],
  'burst-and-offset step 3': ['9.2 ms', '10.2005 ms', '1 µs'],
  'burst-and-offset step 5': ['10 µs', '11.5 µs', '10 µs', '0.5 µs', '1 µs', '35 ms', '2 ms'],
  'data-vs-ack-loss step 1': ['2 ms'],
  'data-vs-ack-loss step 3': ['0.2 s', '0.2 s'],
  'data-vs-ack-loss step 4': ['2 ms'],
  'tahoe-reno-newreno step 5': ['0.2 s'],
  'paper002 point 2': ['50 %'],
  'paper003-slow point 1': ['10 MB'],
  'paper004 point 4': ['4000 B', '10 segments'],
};

/**
 * The texts the page shows now outside the guide's own text: visible text nodes in the
 * viewport (not covered, not clipped away by a scrolled box), and the values of visible
 * fields. Tooltips, hidden and screen-reader-only text do not count.
 */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = '.lesson-step, [data-testid=preset-info], [role=tooltip], .visually-hidden, .sr-only, title, script, style';
    const inView = (r: DOMRect) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
    const onTop = (el: Element, r: DOMRect) => {
      const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (el.contains(hit) || hit.contains(el));
    };
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest(skip)) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some((r) => inView(r) && onTop(el, r))) out.push(text);
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
      if (field.closest(skip) || !field.checkVisibility()) continue;
      const r = field.getBoundingClientRect();
      if (!inView(r) || !onTop(field, r)) continue;
      if (field instanceof HTMLSelectElement) out.push(field.selectedOptions[0]?.textContent ?? '');
      else if (['text', 'number'].includes(field.type)) out.push(field.value);
    }
    return out;
  });
}

/** The figures of `text` the page does not show now, as written, less those `place` may leave out. */
async function missingFigures(page: Page, place: string, text: string): Promise<string[]> {
  const shown = shownFigures(await visibleTexts(page));
  const excused = notFiguresAt(place);
  return quotedFigures(text)
    .filter((f) => !excused.includes(f.text) && !shows(shown, f))
    .map((f) => f.text);
}

/** Holds `place` to its view: nothing missing but its unlabelled parameters, and those still missing. */
function expectShown(place: string, text: string, missing: string[]): void {
  expect(missing, `${place}: "${text}"`).toEqual(UNLABELLED_PARAMETERS[place] ?? []);
}

/**
 * A step without a pause that tells the teacher to press a button ("Press Run A and B"):
 * the button by that name is on screen without scrolling, and pressed, as the teacher would.
 */
async function pressNamedButton(page: Page, text: string): Promise<void> {
  const named = /Press ([A-Z][\w ]*?)[.,:;]/.exec(text);
  if (!named) return;
  const button = page.getByRole('button', { name: named[1], exact: true });
  await expect(button, `the button "${named[1]}" the text names`).toBeInViewport({ ratio: 1 });
  await button.click();
}

const status = (page: Page) => page.getByTestId('lesson-status');

/**
 * The fastest speed where it changes nothing the spec reads: a pause at the end of the run,
 * which the engine cannot run past. Any other pause keeps the step's own speed: faster, the
 * engine runs on further past the moment before it stops (at "max", seconds past an event
 * of the first milliseconds), and the counters would count that too.
 */
async function fastest(page: Page): Promise<() => Promise<void>> {
  const nothing = async () => {};
  const waiting = (await status(page).textContent()) ?? '';
  const until = /t = ([\d.]+) (µs|ms|s)\b/.exec(waiting);
  if (!until) return nothing;
  const at = Number(until[1]) * { µs: 1e-6, ms: 1e-3, s: 1 }[until[2] as 'µs' | 'ms' | 's'];
  const end = Number(/of ([\d.]+) s/.exec((await page.locator('.clock-of').textContent()) ?? '')?.[1]);
  if (!(at >= end)) return nothing;
  const speeds = page.getByTestId('speed');
  const own = await speeds.locator('input:checked').getAttribute('value');
  await speeds.getByRole('radio', { name: 'max' }).check();
  // The step's own speed again once paused: the line under the speeds is longer at max and
  // would push the counters down, which the teacher, at the step's speed, would see.
  return async () => {
    if (own) await speeds.getByRole('radio', { name: own, exact: true }).check();
  };
}

for (const lesson of LESSONS) {
  lesson.steps.forEach((step, i) => {
    const n = i + 1;
    test(`${lesson.id}, step ${n} (${step.title}): every figure it quotes is on screen where it pauses`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`./#lesson=${lesson.id}&step=${n}`);
      await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-step', String(n));
      let restore = async () => {};
      if (step.pauseAt) {
        await expect(status(page)).toHaveAttribute('data-kind', /^(waiting|paused)$/, { timeout: 30_000 });
        if ((await status(page).getAttribute('data-kind')) === 'waiting') restore = await fastest(page);
      }
      await expect(status(page)).toHaveAttribute('data-kind', step.pauseAt ? 'paused' : /^(paused|ready)$/, { timeout: 90_000 });
      await restore();
      const place = stepPlace(lesson.id, i);
      if (step.pauseAt) expectShown(place, step.text, await missingFigures(page, place, step.text));
      if (step.pauseAt && /\bcounters\b/i.test(step.text)) {
        // Projected, the sidebar's counters are hidden: a step that sends the class to them shows them under its text.
        await page.keyboard.press('p');
        await expect(page.getByTestId('app')).toHaveAttribute('data-presenter', 'true');
        for (const row of await page.locator('.lesson-counters .counter').all()) await expect(row, place).toBeInViewport({ ratio: 1 });
        await expect(page.locator('.lesson-counters .counter')).toHaveCount(6);
        await page.keyboard.press('p');
      } else {
        // No pause: what it names comes as the run or the comparison goes on.
        await pressNamedButton(page, step.text);
        const expected = UNLABELLED_PARAMETERS[place] ?? [];
        await expect
          .poll(() => missingFigures(page, place, step.text), { timeout: 60_000, message: `${place}: "${step.text}"` })
          .toEqual(expected);
      }
    });
  });
}

/** The presets, by id, as the source lists them (the spec's list of tests must be known before a page opens). */
const PRESET_IDS = [
  ...readFileSync(new URL('../packages/scenario/src/presets.ts', import.meta.url), 'utf8').matchAll(/^ {4}id: '([\w-]+)',$/gm),
].map(([, id]) => id);

/** Opens a preset afresh (a new document: a hash alone would not reload the page). */
async function openPreset(page: Page, preset: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`./#preset=${preset}`);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await page.getByTestId('preset-info-toggle').click();
}

for (const preset of PRESET_IDS) {
  test(`${preset}: every Show me pauses, and every figure its sentence quotes is on screen there`, async ({ page }) => {
    test.setTimeout(300_000);
    await openPreset(page, preset);
    const points = await page.locator('.look-for li').evaluateAll((items) =>
      items.map((li, index) => ({
        index,
        text: li.querySelector('span')?.textContent ?? '',
        show: li.querySelector('.show-me') !== null,
      })),
    );
    const problems: string[] = [];
    for (const p of points.filter((x) => x.show)) {
      if (p.index > 0) await openPreset(page, preset);
      await page.getByTestId(`show-me-${p.index}`).click();
      await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-guide', 'show-me');
      const where = `point ${p.index + 1} (${p.text.slice(0, 40)}…)`;
      await expect(status(page)).toHaveAttribute('data-kind', /^(waiting|paused|ready)$/, { timeout: 30_000 });
      if ((await status(page).getAttribute('data-kind')) === 'ready') {
        if ((await page.getByTestId('tab-sweep').getAttribute('aria-selected')) !== 'true')
          problems.push(`${where}: its Show me never pauses`);
        continue;
      }
      const restore = (await status(page).getAttribute('data-kind')) === 'waiting' ? await fastest(page) : async () => {};
      await expect(status(page)).toHaveAttribute('data-kind', 'paused', { timeout: 90_000 });
      await restore();
      const place = pointPlace(preset, p.index);
      const missing = await missingFigures(page, place, p.text);
      const allowed = UNLABELLED_PARAMETERS[place] ?? [];
      if (JSON.stringify(missing) !== JSON.stringify(allowed)) problems.push(`${where}: not on screen: ${missing.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
}
