/**
 * Issue 36, marks a room can see: in presenter mode at 1280x720 a data burst on the network
 * is at least 8 px thick and 24 px long and a control packet (BHP) at least 14 px, measured
 * on the animation's canvas by colour as a person sees them (the pixels of the data burst's
 * blue, and of the BHP's near-black, in connected patches on the fiber); and at 1× and
 * faster, where a real burst crosses a fiber in less than a frame, burst glyphs still move
 * across it, and the network says they are a sample, slowed.
 *
 * Screenshots: e2e/artifacts/room-marks-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { simTime, snapshot, waitIdle } from './helpers';

/** The colours drawn (apps/web/src/animation/style.ts): the data burst's blue, the BHP's near-black. */
const DATA_BLUE: Rgb = [0x00, 0x72, 0xb2];
const BHP_DARK: Rgb = [0x22, 0x22, 0x22];
type Rgb = [number, number, number];

/** A patch of connected pixels of one colour on the canvas, in CSS px. */
interface Patch {
  left: number;
  top: number;
  width: number;
  height: number;
  pixels: number;
}

/**
 * The patches of `color` (each channel within `tolerance`, fully opaque: the edge pixels a
 * canvas blends with the white behind it are not counted) on the canvas, inside `area`
 * (canvas px). 4-connected, as a person sees one mark.
 */
async function patches(
  page: Page,
  color: Rgb,
  tolerance: number,
  area: { left: number; top: number; right: number; bottom: number },
): Promise<Patch[]> {
  return page.getByTestId('animation-layer').evaluate(
    (canvas: HTMLCanvasElement, { color, tolerance, area }) => {
      const ctx = canvas.getContext('2d')!;
      const { width, height } = canvas;
      const data = ctx.getImageData(0, 0, width, height).data;
      const scale = width / canvas.getBoundingClientRect().width;
      const x0 = Math.max(0, Math.floor(area.left * scale));
      const x1 = Math.min(width, Math.ceil(area.right * scale));
      const y0 = Math.max(0, Math.floor(area.top * scale));
      const y1 = Math.min(height, Math.ceil(area.bottom * scale));
      const match = (i: number) =>
        data[i + 3] >= 250 &&
        Math.abs(data[i] - color[0]) <= tolerance &&
        Math.abs(data[i + 1] - color[1]) <= tolerance &&
        Math.abs(data[i + 2] - color[2]) <= tolerance;
      const seen = new Uint8Array(width * height);
      const out: { left: number; top: number; width: number; height: number; pixels: number }[] = [];
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const p = y * width + x;
          if (seen[p] || !match(p * 4)) continue;
          let [l, r, t, b, n] = [x, x, y, y, 0];
          const stack = [p];
          seen[p] = 1;
          while (stack.length > 0) {
            const q = stack.pop()!;
            const qx = q % width;
            const qy = (q - qx) / width;
            n++;
            l = Math.min(l, qx);
            r = Math.max(r, qx);
            t = Math.min(t, qy);
            b = Math.max(b, qy);
            for (const [nx, ny] of [
              [qx + 1, qy],
              [qx - 1, qy],
              [qx, qy + 1],
              [qx, qy - 1],
            ]) {
              if (nx < x0 || nx >= x1 || ny < y0 || ny >= y1) continue;
              const k = ny * width + nx;
              if (!seen[k] && match(k * 4)) {
                seen[k] = 1;
                stack.push(k);
              }
            }
          }
          out.push({ left: l / scale, top: t / scale, width: (r - l + 1) / scale, height: (b - t + 1) / scale, pixels: n });
        }
      return out;
    },
    { color, tolerance, area },
  );
}

/** The canvas area between two nodes' glyphs, a band either side of their line (canvas CSS px): where the fiber's marks are. */
async function fiberArea(page: Page, a: string, b: string) {
  const canvas = (await page.getByTestId('animation-layer').boundingBox())!;
  // The node's glyph (topology/NodeGlyph.tsx), not its name or its hit area.
  const ga = (await page.locator(`g[data-node="${a}"] > g`).first().boundingBox())!;
  const gb = (await page.locator(`g[data-node="${b}"] > g`).first().boundingBox())!;
  const y = ga.y + ga.height / 2 - canvas.y;
  return { left: ga.x + ga.width - canvas.x, right: gb.x - canvas.x, top: y - 60, bottom: y + 60 };
}

const longest = (list: Patch[]) =>
  list.reduce<Patch | null>((best, p) => (!best || Math.max(p.width, p.height) > Math.max(best.width, best.height) ? p : best), null);

async function presenterAt(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(url);
  await page.locator('body').press('p');
  await expect(page.getByTestId('app')).toHaveAttribute('data-presenter', 'true');
}

async function pause(page: Page): Promise<void> {
  if ((await page.getByTestId('phase').textContent()) === 'Running') await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText(/Paused|Finished/);
  await waitIdle(page);
}

test('presenter, 20 µs/s: a data burst on the fiber at least 8 x 24 px, its control packet at least 14 px', async ({ page }) => {
  test.setTimeout(120_000);
  // Step 2 of "burst and offset": the burst and, 1 ms ahead of it, its BHP on the 5 ms fiber E1-C1.
  await presenterAt(page, './#lesson=burst-and-offset&step=2');
  await expect(page.getByTestId('lesson-status')).toHaveAttribute('data-kind', 'paused', { timeout: 90_000 });
  await page.getByRole('radio', { name: '20 µs', exact: true }).check();
  const paused = await simTime(page);
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText('Running');
  // 30 µs on: the burst is on the fiber, 1 ms behind its control packet (1.5 s at this speed).
  await expect.poll(() => simTime(page)).toBeGreaterThan(paused + 30e-6);
  await pause(page);
  const canvas = page.getByTestId('animation-layer');
  await expect(canvas).toHaveAttribute('data-bursts', /^[1-9]/);
  await expect(canvas).toHaveAttribute('data-bhps', /^[1-9]/);
  await snapshot(page, 'room-marks-presenter-20us');

  const area = await fiberArea(page, 'E1', 'C1');
  const burst = longest(await patches(page, DATA_BLUE, 24, area));
  expect(burst, 'a data burst drawn in its blue on the fiber').not.toBeNull();
  console.log(`presenter 1280x720, 20 µs/s: data burst ${burst!.width} x ${burst!.height} px`);
  // The fiber is horizontal: the burst's length is its width, its thickness its height.
  expect(burst!.height).toBeGreaterThanOrEqual(8);
  expect(burst!.width).toBeGreaterThanOrEqual(24);
  const bhp = longest(await patches(page, BHP_DARK, 16, area));
  expect(bhp, 'a control packet drawn in its near-black on the fiber').not.toBeNull();
  console.log(`presenter 1280x720, 20 µs/s: control packet ${bhp!.width} x ${bhp!.height} px`);
  expect(Math.min(bhp!.width, bhp!.height)).toBeGreaterThanOrEqual(14);
  // The path uses the room it has: from Server's glyph to Client's, most of the network's width.
  const box = (await page.getByTestId('topology').boundingBox())!;
  const server = (await page.locator('g[data-node="Server"] > g').first().boundingBox())!;
  const client = (await page.locator('g[data-node="Client"] > g').first().boundingBox())!;
  console.log(
    `path ${Math.round(client.x + client.width - server.x)} of ${Math.round(box.width)} px, fiber E1-C1 ${Math.round(area.right - area.left)} px`,
  );
  expect(client.x + client.width - server.x).toBeGreaterThan(0.8 * box.width);
});

test('presenter, 1×: sampled bursts move across the fibers, and the network says they are a sample, slowed', async ({ page }) => {
  test.setTimeout(120_000);
  await presenterAt(page, './#preset=first-lesson');
  await page.getByRole('radio', { name: '1×', exact: true }).check();
  await expect(page.getByTestId('phase')).toHaveText('Running');
  const caption = page.getByTestId('sampled-caption');
  await expect(caption).toBeVisible({ timeout: 20_000 });
  await expect(caption).toHaveText(/^Sampled bursts, slowed: 1 in [\d,]+ shown$/);
  const fontPx = await caption.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(fontPx).toBeGreaterThanOrEqual(24);
  await snapshot(page, 'room-marks-presenter-1x');

  // Two moments a fifth of a second apart: the burst-coloured marks on the fibers are not where they were.
  const areas = [await fiberArea(page, 'E1', 'C1'), await fiberArea(page, 'C1', 'E2')];
  const marksNow = async () => {
    const out: Patch[] = [];
    for (const area of areas) for (const p of await patches(page, DATA_BLUE, 24, area)) if (p.pixels >= 40) out.push(p);
    return out;
  };
  // A mark of the second moment on the lane of one of the first, a few pixels further along.
  const shifted = (before: Patch[], after: Patch[]) =>
    after.some((a) =>
      before.some((b) => Math.abs(a.top - b.top) <= 1 && Math.abs(a.left - b.left) >= 3 && Math.abs(a.left - b.left) <= 80),
    );
  const unmoved = (before: Patch[], after: Patch[]) => after.every((a) => before.some((b) => a.left === b.left && a.top === b.top));
  let moved = false;
  for (let tries = 0; tries < 10 && !moved; tries++) {
    const before = await marksNow();
    await page.waitForTimeout(200);
    const after = await marksNow();
    moved = shifted(before, after) && !unmoved(before, after);
  }
  expect(moved, 'data-burst marks on the fibers move between two frames at 1×').toBe(true);

  // Paused, nothing is sampled: the caption goes.
  await pause(page);
  await expect(caption).toBeHidden();
});
