/**
 * Issue 36, "tests hold each text to its view": every figure a lesson step or a preset's
 * "What to look for" point quotes is on screen when its step (opened by its link) or its
 * Show me (pressed in the preset's panel) has paused: in the status line, the counters, a
 * table, the log rows, a slider's value or another label, never only in the text itself (and
 * not in a tooltip). A figure matches within the rounding of the coarser of the two
 * ("13.0 Mbit/s" in the text, "13.04 Mbit/s" or "13 Mbit/s" on screen). Every Show me
 * must pause (one that opens the Sweep tab may leave the sweep ready to run). The settings
 * a text quotes count as shown in the strip under it (lessons/QuotedSettings.tsx): it is
 * outside the text. Numbers that are not figures of the run (a step's own arithmetic, a
 * theory's figures) are listed with the reason in apps/web/src/lessons/notFigures.ts. What
 * the figures are in the runs is held by apps/web/src/lessons/*Runs.test.ts; this spec
 * holds that the view shows them.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { quotedFigures, shownFigures, shows } from './quoted-figures';
import { notFiguresAt, pointPlace, stepPlace } from '../apps/web/src/lessons/notFigures';
import { PRESET_IDS, simTime, snapshot } from './helpers';
import { BACKGROUND_CONTENTION, expectFirstInLog, KIND, pausedAt, playToPause, status } from './lesson-pauses';
import { expectStepSentenceMovesNothing, places, roomProblems } from './room';

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
 * The texts the page shows now outside the guide's own text: visible text nodes in the
 * viewport (not covered, not clipped away by a scrolled box), the values of visible
 * fields, and the words the time-space diagram drew on its canvas. Tooltips, hidden and
 * screen-reader-only text do not count. The strip of settings under the guide's text
 * (data-testid quoted-settings) is outside it, and counts.
 */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = '.lesson-step, [data-testid=preset-info], [role=tooltip], .visually-hidden, .sr-only, title, script, style';
    const inView = (r: DOMRect) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
    // What is painted topmost there. A caption over the network lets clicks through
    // (pointer-events: none) and hit-testing would look past it: it is tested as painted.
    const hitAt = (el: HTMLElement, x: number, y: number) => {
      if (getComputedStyle(el).pointerEvents !== 'none') return document.elementFromPoint(x, y);
      const [value, priority] = [el.style.getPropertyValue('pointer-events'), el.style.getPropertyPriority('pointer-events')];
      el.style.setProperty('pointer-events', 'auto', 'important');
      const hit = document.elementFromPoint(x, y);
      el.style.setProperty('pointer-events', value, priority);
      return hit;
    };
    const onTop = (el: HTMLElement, r: DOMRect) => {
      const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
      const hit = hitAt(el, x, y);
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
    // The time-space diagram's words are drawn on its canvas: the figure lists those it
    // placed, each with its box in the canvas's CSS pixels (TimeSpaceArea.tsx, data-labels).
    for (const figure of document.querySelectorAll<HTMLElement>('[data-testid=timespace-figure]')) {
      const canvas = figure.querySelector('canvas');
      if (!canvas || !canvas.checkVisibility()) continue;
      const c = canvas.getBoundingClientRect();
      const labels = JSON.parse(figure.dataset.labels ?? '[]') as Array<[string, number, number, number, number]>;
      for (const [text, left, top, right, bottom] of labels) {
        const r = new DOMRect(c.left + left, c.top + top, right - left, bottom - top);
        const inCanvas = r.left >= c.left - 1 && r.right <= c.right + 1 && r.top >= c.top - 1 && r.bottom <= c.bottom + 1;
        if (inCanvas && inView(r) && onTop(canvas, r)) out.push(text);
      }
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

/**
 * The figures `place`, paused, leaves off its view once the page has drawn the pause. The
 * log takes in new rows at most every 160 ms (EventLogArea's SYNC_INTERVAL_MS) and then
 * scrolls to the focused event, so the status may say "paused" a frame or two before the
 * row the text quotes is in view: asked again until nothing is missing, for 15 s at most.
 */
async function missingWhenDrawn(page: Page, place: string, text: string): Promise<string[]> {
  const until = Date.now() + 15_000;
  for (;;) {
    const missing = await missingFigures(page, place, text);
    if (missing.length === 0 || Date.now() > until) return missing;
    // A few frames: the page's own clock, not a fixed wait.
    await page.evaluate(() => new Promise((drawn) => setTimeout(() => requestAnimationFrame(drawn), 100)));
  }
}

/**
 * A step without a pause that tells the teacher to press a button ("Press Run A and B",
 * "Pause, then press Next burst (B)"): the buttons by those names are on screen without
 * scrolling, and pressed in that order, as the teacher would.
 */
async function pressNamedButton(page: Page, text: string): Promise<void> {
  const named = /(Pause, then )?[Pp]ress ([A-Z][\w ]*?)(?: \([A-Z]\))?[.,:;]/.exec(text);
  if (!named) return;
  for (const name of [...(named[1] ? ['Pause'] : []), named[2]]) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button, `the button "${name}" the text names`).toBeInViewport({ ratio: 1 });
    await button.click();
  }
}

/**
 * Opens step n of a lesson by its link (a new document: a hash alone would not reload the
 * page) and waits until it has paused where it should or, without a pause, has settled.
 */
async function openStep(page: Page, lesson: string, n: number, step: GuideStep): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`./#lesson=${lesson}&step=${n}`);
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-step', String(n));
  if (step.pauseAt) await playToPause(page);
  await expect(status(page)).toHaveAttribute('data-kind', step.pauseAt ? 'paused' : /^(paused|ready)$/, { timeout: 90_000 });
  await expect(page.getByTestId('phase')).toHaveText(/Paused|Running|Finished/);
}

const presenter = (page: Page) => page.getByTestId('app');

// One test per step holds both its figures and its room (e2e/room.ts): each would open the
// step and run it to its pause, the costly part, on its own.
for (const lesson of LESSONS) {
  lesson.steps.forEach((step, i) => {
    const n = i + 1;
    const place = stepPlace(lesson.id, i);
    test(`${lesson.id}, step ${n} (${step.title}): every figure it quotes is on screen where it pauses, and its view has the room at 1280x720, normal and presenter`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 1280, height: 720 });
      await openStep(page, lesson.id, n, step);
      const normal = await roomProblems(page);
      const normalPlaces = await places(page);
      await snapshot(page, `room-${lesson.id}-${n}-normal`);
      if (step.pauseAt) expect(await missingWhenDrawn(page, place, step.text), `${place}: "${step.text}"`).toEqual([]);

      await page.keyboard.press('p');
      await expect(presenter(page)).toHaveAttribute('data-presenter', 'true');
      const projected = await roomProblems(page);
      const projectedPlaces = await places(page);
      await snapshot(page, `room-${lesson.id}-${n}-presenter`);
      expect({ normal, presenter: projected }).toEqual({ normal: [], presenter: [] });
      if (step.pauseAt && /\bcounters\b/i.test(step.text)) {
        // Projected, the sidebar's counters are hidden: a step that sends the class to them shows them under its text.
        for (const row of await page.locator('.lesson-counters .counter').all()) await expect(row, place).toBeInViewport({ ratio: 1 });
        await expect(page.locator('.lesson-counters .counter')).toHaveCount(6);
      }

      // Next event and Next burst from here on: the run moves past the step's moment.
      await expect(page.getByTestId('step-caption')).toHaveCount(0);
      await expectStepSentenceMovesNothing(page, 'presenter', projectedPlaces);
      await page.keyboard.press('p');
      await expect(presenter(page)).toHaveAttribute('data-presenter', 'false');
      await expectStepSentenceMovesNothing(page, 'normal', normalPlaces);

      if (!step.pauseAt) {
        // No pause: what it names comes as the run or the comparison goes on, from the step as it opens.
        await openStep(page, lesson.id, n, step);
        await pressNamedButton(page, step.text);
        await expect
          .poll(() => missingFigures(page, place, step.text), { timeout: 60_000, message: `${place}: "${step.text}"` })
          .toEqual([]);
      }
    });
  });
}

/** Opens a preset afresh (a new document: a hash alone would not reload the page). */
async function openPreset(page: Page, preset: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`./#preset=${preset}`);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await page.getByTestId('preset-info-toggle').click();
}

/**
 * One point per preset, the quickest to reach, and what its pause must be: the status
 * line's event and words, the first such event in the log where `log` (a burst formed names
 * its optical path, "to E2 via C1", as the log does). Held after that point's figures.
 */
const SHOW_ME: Array<{ preset: string; point: number; kind: number; words: RegExp; log: boolean }> = [
  {
    preset: 'first-lesson',
    point: 0,
    kind: KIND.formed,
    words: /E1 sends burst 0 (?:to \S+ (?:via [^(]+?|direct) )?\(data, 1 segment of tcp1, 1\.5 KB, offset 11\.5 µs\)/,
    log: false,
  },
  {
    preset: 'paper000',
    point: 2,
    kind: KIND.dropped,
    words: /\(ACK, \d+ ACKs of tcp1\) dropped at C4 on its way to C3: injected loss/,
    log: true,
  },
  {
    preset: 'paper001',
    point: 1,
    kind: KIND.dropped,
    words: /dropped at C1 on its way to C2: no free wavelength \(contention\)/,
    log: true,
  },
  { preset: 'paper002', point: 0, kind: KIND.packetDropped, words: /tcp1 ACK lost on link wlan .*: random loss/, log: true },
  {
    preset: 'paper003-slow',
    point: 0,
    kind: KIND.formed,
    words: /E1 sends burst \d+ (?:to \S+ (?:via [^(]+?|direct) )?\(data, \d+ segments of \d+ flows, mostly slow#\d+/,
    log: false,
  },
  {
    preset: 'paper003-fast',
    point: 0,
    kind: KIND.formed,
    words: /E1 sends burst 0 (?:to \S+ (?:via [^(]+?|direct) )?\(data, 46 segments of 46 flows, mostly fast#0/,
    log: false,
  },
  {
    preset: 'paper004',
    point: 1,
    kind: KIND.packetDropped,
    words: /newreno data segment 3 lost on link bottleneck .*: queue full/,
    log: true,
  },
  // The backbones: a background burst no core could switch (the other backbones' first points
  // pause at the end of the run, with the loss in the Loss matrix tab: lesson-figures.spec.ts).
  { preset: 'nsfnet', point: 0, kind: KIND.dropped, words: BACKGROUND_CONTENTION, log: true },
  // Contention resolved: Show me turns segmentation on at C1 (a set through the store) and
  // pauses at the flow's first burst cut short there; background cuts come first in the log.
  {
    preset: 'contention-resolution',
    point: 2,
    kind: 10,
    words: /burst \d+ segmented at C1: \d+ segments? \([\d.]+ KB\) cut on C1→C2, the rest goes on/,
    log: false,
  },
];

/** A Show me of SHOW_ME, paused: where, as the status line and the log tell it (this changes the view: after the figures). */
async function expectPausedAsListed(page: Page, { preset, kind, words, log }: (typeof SHOW_ME)[number]): Promise<void> {
  const pause = await pausedAt(page, 1);
  expect(pause.kind).toBe(kind);
  expect(pause.text).toMatch(words);
  if (log) await expectFirstInLog(page, pause, words);
  // The frame that held the event is drawn on the next animation frame after the pause.
  await expect.poll(() => simTime(page)).toBeGreaterThanOrEqual(pause.at);
  // Show me leaves the address to the scenario: no lesson link.
  expect(new URL(page.url()).hash).not.toContain('lesson=');
  if (preset === 'paper000') {
    // Its fields went through the store: the sliders show them, and Undo would take them back.
    await expect(page.getByTestId('loss-data-value')).toHaveText('0.0 %');
    await expect(page.getByTestId('loss-ack-value')).toHaveText('1.0 %');
  }
}

for (const preset of PRESET_IDS) {
  test(`${preset}: every Show me that quotes its run pauses, every figure it quotes is on screen there, and the listed one pauses at its event`, async ({
    page,
  }) => {
    // paper003-slow's first Show me runs 80 flows at 0.1× to 1 s.
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
      // The next point's Show me from where the last one paused, as the teacher would press it.
      if (p.index > 0) await page.getByTestId('preset-info-toggle').click();
      await page.getByTestId(`show-me-${p.index}`).click();
      await expect(page.getByTestId('preset-info')).toHaveCount(0);
      await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-guide', 'show-me');
      const listed = SHOW_ME.find((x) => x.preset === preset && x.point === p.index);
      const where = `point ${p.index + 1} (${p.text.slice(0, 40)}…)`;
      await expect(status(page)).toHaveAttribute('data-kind', /^(waiting|paused|ready)$/, { timeout: 30_000 });
      // A Show me without a pause opens the Sweep tab, ready to run.
      if ((await status(page).getAttribute('data-kind')) === 'ready') {
        if ((await page.getByTestId('tab-sweep').getAttribute('aria-selected')) !== 'true')
          problems.push(`${where}: its Show me never pauses`);
        continue;
      }
      const place = pointPlace(preset, p.index);
      // A sentence that quotes no figure of its run has nothing to find on screen at its
      // pause; where it pauses is the engine's and the pause watch's, held for every Show me
      // by showMeRuns, showMeBackbones and showMeContention.test.ts (apps/web/src/lessons).
      // Played to the pause here it cost minutes (paper003-slow's third point runs 80 flows at 0.1× to 5 s).
      if (!listed && !quotedFigures(p.text).some((f) => !notFiguresAt(place).includes(f.text))) continue;
      await playToPause(page, 150_000);
      await expect(status(page)).toHaveAttribute('data-kind', 'paused');
      const missing = await missingWhenDrawn(page, place, p.text);
      if (missing.length > 0) problems.push(`${where}: not on screen: ${missing.join(', ')}`);
      if (listed) await expectPausedAsListed(page, listed);
    }
    expect(problems).toEqual([]);
  });
}
