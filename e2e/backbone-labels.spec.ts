/**
 * Backbones readable on a projector (issue 36): USNET and NSFNET, normal and presenter, at
 * 1280x720 and 1920x1080, run until bursts are dropped ("contention (bg)" on the network),
 * and then no two node names overlap, no name covers a node, and no label of the animation
 * (drop counts, packet rates) covers a node, a name or another such label.
 *
 * Boxes are the browser's own for the SVG (node glyphs and names, getBoundingClientRect)
 * and, for the canvas, the boxes it measured as it painted (data-labels on the animation
 * layer, animation/paint.ts). Screenshots go to e2e/artifacts/backbone-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { shot, waitIdle, writeArtifact } from './helpers';

interface Box {
  what: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What is drawn on the network now, in page pixels. */
interface Drawn {
  glyphs: Box[];
  names: Box[];
  marks: Box[];
  /** The legend (its toggle, or the open box) over the canvas's top-right corner. */
  legend: Box[];
}

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

/** More than half a pixel each way: boxes that only touch do not count. */
const cover = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

function pairs(as: Box[], bs: Box[], same: boolean, skip?: (a: Box, b: Box) => boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < as.length; i++) {
    for (let j = same ? i + 1 : 0; j < bs.length; j++) {
      if (skip?.(as[i], bs[j])) continue;
      if (cover(as[i], bs[j])) out.push(`${as[i].what} / ${bs[j].what}`);
    }
  }
  return out;
}

async function drawn(page: Page): Promise<Drawn> {
  return page.getByTestId('topology').evaluate((svg) => {
    const box = (what: string, r: DOMRect) => ({ what, left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    const glyphs = [...svg.querySelectorAll('g[data-node]')].map((g) =>
      box(`node ${g.getAttribute('data-node')}`, g.querySelector(':scope > g')!.getBoundingClientRect()),
    );
    const names = [...svg.querySelectorAll('g[data-node] .node-label')].map((t) =>
      box(`name ${t.closest('[data-node]')!.getAttribute('data-node')}`, t.getBoundingClientRect()),
    );
    const canvas = svg.parentElement!.querySelector<HTMLCanvasElement>('[data-testid="animation-layer"]');
    const origin = canvas?.getBoundingClientRect();
    const painted = JSON.parse(canvas?.dataset.labels ?? '[]') as Array<[string, number, number, number, number]>;
    const marks = painted.map(([text, l, t, r, b]) => ({
      what: `"${text}"`,
      left: origin!.left + l,
      top: origin!.top + t,
      right: origin!.left + r,
      bottom: origin!.top + b,
    }));
    const key = svg.closest('.editor-canvas-box')?.querySelector('[data-testid="legend-box"]');
    const legend = key ? [box('the legend', key.getBoundingClientRect())] : [];
    return { glyphs, names, marks, legend };
  });
}

/** Everything that covers something it must not. */
function problems(d: Drawn): string[] {
  // A name's own node: the name sits beside it, their boxes may only touch.
  const own = (a: Box, b: Box) => a.what.slice(5) === b.what.slice(5);
  return [
    ...pairs(d.names, d.names, true),
    ...pairs(d.names, d.glyphs, false, own),
    ...pairs(d.marks, d.glyphs, false),
    ...pairs(d.marks, d.names, false),
    ...pairs(d.marks, d.marks, true),
    ...pairs(d.marks, d.legend, false),
    ...pairs(d.names, d.legend, false),
  ];
}

async function openPreset(page: Page, id: string): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`./#preset=${id}`);
  await expect(page.getByTestId('preset')).toHaveValue(id);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  // Slowly, so the run (5 simulated seconds) is still dropping bursts when it is read.
  await page.getByRole('radio', { name: '0.1×' }).check();
  await keepRunning(page);
  expect(errors, 'uncaught page errors').toEqual([]);
}

/**
 * On a loaded machine the run may have ended (at 1× before the test slowed it, or at 0.1×
 * while four views were read): then it plays again (CI once waited a minute for drops on a
 * finished run).
 */
async function keepRunning(page: Page): Promise<void> {
  if ((await page.getByTestId('phase').textContent()) === 'Finished') await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText('Running');
}

/** Presenter mode on or off, by its key, as a teacher switches it. */
async function setPresenter(page: Page, on: boolean): Promise<void> {
  const app = page.getByTestId('app');
  if (((await app.getAttribute('data-presenter')) === 'true') !== on) await page.locator('body').press('p');
  await expect(app).toHaveAttribute('data-presenter', String(on));
}

/** A drop's label: its reason ("contention (bg) ×12") or, where only that fits, its count ("×12"). */
const dropLabel = (b: Box) => /contention|^"×\d+"$/.test(b.what);

/**
 * Waits until the network flashes drops, then reads what is drawn a few times (labels come
 * and go).
 */
async function withDrops(page: Page): Promise<Drawn[]> {
  const layer = page.getByTestId('animation-layer');
  // The pointer off the network: a name the layout leaves out shows while the pointer is on its
  // node (on top, as asked for), which is not a label placed over it.
  await page.mouse.move(1, 1);
  await expect.poll(async () => Number(await layer.getAttribute('data-flashes')), { timeout: 60_000 }).toBeGreaterThan(0);
  const seen: Drawn[] = [];
  for (let i = 0; i < 4; i++) {
    seen.push(await drawn(page));
    await page.waitForTimeout(250);
  }
  return seen;
}

// One page per backbone and size, its run going on, for both modes: presenter mode switched
// on the running page, as a teacher does (an untouched network is fitted again,
// EditorCanvas.tsx), instead of a page loaded and a run started for each view. Not the
// sizes on one page: the legend's room is measured once per mode (EditorArea.tsx), at the
// size it was first drawn, and presenter's text grows with the window's height.
for (const id of ['usnet', 'nsfnet']) {
  for (const size of SIZES) {
    test(`${id} at ${size.width}x${size.height}, normal then presenter: names apart, drop and rate labels off nodes and names`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await openPreset(page, id);
      for (const presenter of [false, true]) {
        const mode = presenter ? 'presenter' : 'normal';
        await setPresenter(page, presenter);
        await keepRunning(page);
        // Read once the page drew the view in its mode.
        await waitIdle(page);
        const seen = await withDrops(page);
        await shot(page, `e2e/artifacts/backbone-${id}-${mode}-${size.width}.png`);
        const nodes = Number(await page.getByTestId('topology').getAttribute('data-nodes'));
        expect(seen[0].glyphs.length, mode).toBe(nodes);
        expect(
          seen.some((d) => d.marks.some(dropLabel)),
          `${mode}: a drop label was read`,
        ).toBe(true);
        const found = [...new Set(seen.flatMap(problems))];
        writeArtifact(`backbone-${id}-${mode}-${size.width}.json`, {
          nodes,
          namesDrawn: seen.map((d) => d.names.length),
          animationLabels: seen.map((d) => d.marks.map((m) => m.what)),
          overlaps: found,
        });
        expect(found, `${mode}: ${found.length} overlaps`).toEqual([]);
      }
    });
  }
}
