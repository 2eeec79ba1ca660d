/**
 * What the room can read (issue 19): at a projector's 1280x720 and at 1920x1080, for every
 * preset, the network's node names and link labels and the channel view's margin labels
 * (λ1, λ2..., "no room", a core's fiber names) sit apart and inside their drawing; a drop's
 * reason stays visible in a narrow event log; the histograms keep room for their bars; the
 * chart export carries a caption and never cuts a key. And building from scratch: New
 * scenario and back by Undo, deleting a host that has a flow, a core selected in the
 * editor shown in the channel view.
 *
 * Boxes are the browser's own (getBoundingClientRect) for SVG text; for the canvas, the
 * boxes the channel view measured as it drew (data-labels on its figure).
 */
import { expect, test, type Page } from '@playwright/test';
import { BACKBONE_PRESET_IDS, PRESET_IDS, cwndPoints, simTime, snapshot } from './helpers';

/**
 * The backbones (28 to 50 nodes) are not held to every label apart at these sizes: some
 * names touch in the default split, and docs/presets.md shows them with Larger network
 * (judged by screenshot there), as labelLayout.test.ts leaves them out.
 */
const LABELLED_PRESET_IDS = PRESET_IDS.filter((id) => !BACKBONE_PRESET_IDS.includes(id));

interface Box {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

/** Pairs of boxes that overlap by more than half a pixel each way. */
function overlapping(boxes: Box[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
        out.push(`"${a.text}" / "${b.text}"`);
    }
  }
  return out;
}

function outside(boxes: Box[], frame: { left: number; top: number; right: number; bottom: number }): string[] {
  return boxes
    .filter((b) => b.left < frame.left - 0.5 || b.top < frame.top - 0.5 || b.right > frame.right + 0.5 || b.bottom > frame.bottom + 0.5)
    .map((b) => `"${b.text}"`);
}

async function openPreset(page: Page, id: string): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`./#preset=${id}`);
  await expect(page.getByTestId('preset')).toHaveValue(id);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  expect(errors, 'uncaught page errors').toEqual([]);
}

/** The network drawing's text: node names and link labels, in page pixels. */
async function networkText(page: Page): Promise<{ boxes: Box[]; frame: Box; links: number }> {
  return page.getByTestId('topology').evaluate((svg) => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent ?? '', left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const texts = [...svg.querySelectorAll('.node-label, .link-label text')];
    return { boxes: texts.map(box), frame: box(svg), links: svg.querySelectorAll('.link-label text').length };
  });
}

/** Switches the open page to preset `id` by its picker, as a teacher does, and waits for its run. */
async function switchPreset(page: Page, id: string): Promise<void> {
  await page.getByTestId('preset').selectOption(id);
  await expect(page.getByTestId('preset')).toHaveValue(id);
  await expect(page.getByTestId('phase')).toHaveText('Running');
}

// One page per size walks every preset by the picker (a preset opened is fitted to the view
// as one opened by its link: EditorArea.tsx), instead of a page loaded and an engine started
// for each. Back on the Charts tab before each switch: the channel view unmounts, so the
// new preset's view starts from its busiest fiber, not from the previous preset's pick.
for (const size of SIZES) {
  test(`every preset at ${size.width}x${size.height}: network and channel labels apart and inside`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await openPreset(page, LABELLED_PRESET_IDS[0]);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    // The presets checked here are the ones the picker offers.
    const offered = await page
      .getByTestId('preset')
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(offered).toEqual(PRESET_IDS);

    for (const id of LABELLED_PRESET_IDS) {
      if (id !== LABELLED_PRESET_IDS[0]) {
        await page.getByTestId('tab-charts').click();
        await switchPreset(page, id);
      }
      // Each preset loads and runs (app.spec.ts's walk runs the backbones).
      await expect(page.getByTestId('scenario-name')).toBeHidden(); // the preset's own scenario
      await expect.poll(() => simTime(page), { message: id }).toBeGreaterThan(0);
      await expect.poll(() => cwndPoints(page), { message: id }).toBeGreaterThan(0);
      await expect(page.getByTestId('error-banner')).toHaveCount(0);
      const net = await networkText(page);
      const nodes = Number(await page.getByTestId('topology').getAttribute('data-nodes'));
      expect(net.boxes.length - net.links, `${id}: every node has its name`).toBe(nodes);
      expect(overlapping(net.boxes), `${id}: network labels on top of each other`).toEqual([]);
      expect(outside(net.boxes, net.frame), `${id}: network labels cut at the edge`).toEqual([]);

      await page.getByTestId('tab-channels').click();
      if (id === 'paper004') {
        // Packet switching only: nothing to draw, and the view says why.
        await expect(page.getByTestId('channel-area')).toContainText('no fiber link');
        continue;
      }
      const gantt = page.getByTestId('channel-gantt');
      // Each preset's busiest fiber, then each core's fibers (the crowded case). The view
      // shows the first fiber until the run has used one, then moves to the busiest (or
      // keeps a fiber picked before, if this network has it too).
      await expect(gantt).toHaveAttribute('data-chosen-by', /^(busiest|user)$/);
      const values = [await gantt.getAttribute('data-selection')];
      for (const option of await page.getByTestId('channel-picker').locator('option[value^="node:"]').all())
        values.push(await option.getAttribute('value'));
      for (const value of values) {
        if (value && value !== (await gantt.getAttribute('data-selection'))) await page.getByTestId('channel-picker').selectOption(value);
        await expect(gantt).toHaveAttribute('data-selection', value!);
        // Drawn with the lanes of this choice (a previous choice's labels do not count).
        await expect
          .poll(async () =>
            JSON.parse((await gantt.getAttribute('data-labels')) ?? '[]').some((l: unknown[]) => String(l[0]).startsWith('λ')),
          )
          .toBe(true);
        const { labels, canvas } = await gantt.evaluate((fig) => {
          const c = fig.querySelector('canvas')!;
          return {
            labels: JSON.parse(fig.getAttribute('data-labels') ?? '[]') as Array<[string, number, number, number, number]>,
            canvas: { width: c.clientWidth, height: c.clientHeight },
          };
        });
        const boxes = labels.map(([text, left, top, right, bottom]) => ({ text, left, top, right, bottom }));
        expect(overlapping(boxes), `${id}: channel labels of ${value} on top of each other`).toEqual([]);
        expect(
          outside(boxes, { left: 0, top: 0, right: canvas.width, bottom: canvas.height }),
          `${id}: channel labels of ${value} outside the canvas`,
        ).toEqual([]);
      }

      // The histograms keep room for their bars.
      for (const hist of ['hist-burst-bytes', 'hist-segments']) {
        const axis = page.getByTestId(hist).locator('line.axis').nth(1);
        const h = (await axis.boundingBox())?.height ?? 0;
        expect(h, `${id}: ${hist} plot height`).toBeGreaterThanOrEqual(48);
      }
      if (id === 'paper002') await snapshot(page, `legibility-${id}-${size.width}`);
    }
    expect(errors, 'uncaught page errors').toEqual([]);
  });
}

test("a drop's reason stays visible in a log narrower than its sentence", async ({ page }) => {
  // The log is about 560 px wide here: "burst 212 (data, 23 segments of tcp1) dropped at
  // C1 on its way to C2: injected loss" does not fit whole.
  await page.setViewportSize({ width: 1000, height: 720 });
  await openPreset(page, 'paper000');
  await page.getByTestId('tab-log').click();
  await page.getByTestId('log-filter-tcp').uncheck();
  const row = page
    .getByTestId('log-row')
    .filter({ hasText: /segments? of \S+\) dropped at/ })
    .first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  const parts = await row.evaluate((el) => {
    const text = el.querySelector('.log-text')!;
    const reason = el.querySelector('[data-part="reason"]');
    const r = (e: Element) => e.getBoundingClientRect();
    return {
      overflowing:
        text.scrollWidth > text.clientWidth + 1 ||
        [...text.children].some((c) => (c as HTMLElement).scrollWidth > (c as HTMLElement).clientWidth + 1),
      reason: reason?.textContent ?? null,
      reasonBox: reason ? { left: r(reason).left, right: r(reason).right } : null,
      textBox: { left: r(text).left, right: r(text).right },
    };
  });
  expect(parts.overflowing, 'the sentence is longer than the row: the case under test').toBe(true);
  expect(parts.reason).toBe(': injected loss');
  expect(parts.reasonBox!.left).toBeGreaterThanOrEqual(parts.textBox.left - 0.5);
  expect(parts.reasonBox!.right).toBeLessThanOrEqual(parts.textBox.right + 0.5);
  await snapshot(page, 'legibility-log-narrow');
});

test('selecting a core in the editor switches the channel view to it', async ({ page }) => {
  await openPreset(page, 'paper000');
  await page.getByTestId('tab-channels').click();
  const gantt = page.getByTestId('channel-gantt');
  await expect(gantt).toHaveAttribute('data-selection', /^link:/);
  for (const core of ['C2', 'C3']) {
    const value = await page
      .getByTestId('channel-picker')
      .locator('option', { hasText: `${core}: its outgoing fibers` })
      .getAttribute('value');
    await page.locator(`[data-node="${core}"]`).click();
    await expect(page.getByTestId('property-panel')).toHaveAttribute('aria-label', `Core ${core}`);
    await expect(gantt).toHaveAttribute('data-selection', value!);
    await expect(page.getByTestId('channel-picker')).toHaveValue(value!);
  }
  // Picked while another tab is open: shown when the Channels tab opens.
  await page.getByTestId('tab-charts').click();
  await page.locator('[data-node="C1"]').click();
  await page.getByTestId('tab-channels').click();
  await expect(page.getByTestId('channel-picker')).toHaveValue(
    (await page.getByTestId('channel-picker').locator('option', { hasText: 'C1: its outgoing fibers' }).getAttribute('value'))!,
  );
});

test('New scenario empties the network in one step, stops the old run, says what to add, and Undo restores the preset; deleting a host with a flow is one undoable step', async ({
  page,
}) => {
  await openPreset(page, 'paper000');
  const topology = page.getByTestId('topology');
  const nodes = await topology.getAttribute('data-nodes');
  await page.getByTestId('new-scenario').click();
  await expect(topology).toHaveAttribute('data-nodes', '0');
  // The old run stops: nothing runs over an empty network.
  await expect(page.getByTestId('phase')).not.toHaveText('Running');
  // No error before the student did anything: the guide says what to add.
  await expect(page.locator('.status-problem')).toHaveCount(0);
  await expect(page.getByText('Not sent to the engine')).toHaveCount(0);
  await expect(page.getByTestId('preset')).toHaveValue('');
  await expect(page.getByTestId('build-guide')).toHaveAttribute('data-step', 'nodes');
  await expect(page.getByTestId('charts-empty')).toContainText('No TCP flow yet');
  await expect(page.getByTestId('undo')).toHaveAttribute('aria-label', 'Undo new scenario');
  await snapshot(page, 'legibility-new-scenario');

  await page.getByTestId('undo').click();
  await expect(topology).toHaveAttribute('data-nodes', nodes!);
  await expect(page.getByTestId('preset')).toHaveValue('paper000');
  await expect(page.getByTestId('reset-preset')).toHaveCount(0); // not "edited": the preset as it was
  await expect(page.getByTestId('charts-empty')).toHaveCount(0);
  await expect(page.getByTestId('chart-cwnd')).toBeVisible();
  // The old run is back where New stopped it, paused.
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  // Refitted to the preset: every node name inside the drawing again.
  const net = await networkText(page);
  expect(outside(net.boxes, net.frame)).toEqual([]);
  await expect(page.getByTestId('redo')).toHaveAttribute('aria-label', 'Redo new scenario');

  // Deleting a host that has a flow says so before and as it happens, in one undoable step
  // (on the preset Undo brought back: a test of its own loaded it again).
  await page.locator('[data-node="Server"]').click();
  await expect(page.getByTestId('delete-note')).toHaveText(
    'Deleting Server also deletes flow tcp1, link Server-E1 (Undo brings them back).',
  );
  await page.getByTestId('panel-delete').click();
  await expect(page.locator('[data-node="Server"]')).toHaveCount(0);
  await expect(page.getByTestId('editor-status')).toContainText(
    'Deleted host Server with flow tcp1, link Server-E1. Undo (Ctrl+Z) brings them back.',
  );
  await expect(page.getByTestId('undo')).toHaveAttribute('aria-label', 'Undo delete host Server with flow tcp1');
  await expect(page.getByTestId('charts-empty')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.locator('[data-node="Server"]')).toHaveCount(1);
  await expect(page.getByTestId('charts-empty')).toHaveCount(0);
  await expect(page.getByTestId('preset')).toHaveValue('paper000');
  await expect(page.getByTestId('reset-preset')).toHaveCount(0);
});

test('the chart export carries the scenario and its parameters, and cuts no key', async ({ page }) => {
  await openPreset(page, 'paper004');
  await expect.poll(async () => Number(await page.getByTestId('chart-cwnd').getAttribute('data-points'))).toBeGreaterThan(0);
  await page.getByTestId('share-toggle').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
  const svg = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(svg).toContain('Dumb-bell');
  expect(svg).toContain('3 TCP flows (Tahoe, Reno, NewReno');
  expect(svg).toContain('seed 1');
  // Every text of the figure lies inside it, measured by the browser.
  const cut = await page.evaluate((markup) => {
    const holder = document.createElement('div');
    holder.style.position = 'absolute';
    holder.style.left = '0';
    holder.style.top = '0';
    holder.innerHTML = markup;
    document.body.append(holder);
    const root = holder.querySelector('svg')!;
    const width = Number(root.getAttribute('width'));
    const height = Number(root.getAttribute('height'));
    const frame = root.getBoundingClientRect();
    const out = [...root.querySelectorAll('text')]
      .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
      .filter(({ r }) => r.left < frame.left - 0.5 || r.right > frame.left + width + 0.5 || r.bottom > frame.top + height + 0.5)
      .map(({ text }) => text);
    holder.remove();
    return out;
  }, svg);
  expect(cut, "texts cut at the figure's edge").toEqual([]);
});
