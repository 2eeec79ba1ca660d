/**
 * Slips of issue 36, each where it was seen: the Legend button past the network pane's edge
 * at 1920x1080; "(edited)" cut off at the end of the preset picker at 1280x720; the network
 * cropped in presenter mode after a Show me; a backbone's fifth results tab cut at the edge
 * of presenter's results column; paper 003's fan labels cut at both edges of presenter's
 * network. (The packet rate over E1 is a unit test: animation/overlayLabels.test.ts.)
 */
import { expect, test, type Page } from '@playwright/test';
import { waitIdle } from './helpers';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const inside = (a: Box, b: Box) => a.left >= b.left - 0.5 && a.top >= b.top - 0.5 && a.right <= b.right + 0.5 && a.bottom <= b.bottom + 0.5;

async function open(page: Page, preset: string, presenter: boolean): Promise<void> {
  await page.goto(`./#preset=${preset}`);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  if (presenter) {
    await page.locator('body').press('p');
    await expect(page.getByTestId('app')).toHaveAttribute('data-presenter', 'true');
  }
  await waitIdle(page);
}

const box = (b: { x: number; y: number; width: number; height: number }) => ({
  left: b.x,
  top: b.y,
  right: b.x + b.width,
  bottom: b.y + b.height,
});

/** Presenter mode on or off by its key, on the open page, and the page drawn in it. */
async function setPresenter(page: Page, on: boolean): Promise<void> {
  const app = page.getByTestId('app');
  if (((await app.getAttribute('data-presenter')) === 'true') !== on) await page.locator('body').press('p');
  await expect(app).toHaveAttribute('data-presenter', String(on));
  await waitIdle(page);
}

// Each check below reads the same page in both modes, presenter switched by its key as a
// teacher does (the page is laid out again, EditorCanvas.tsx refits): a page load less each.

test('the Legend button inside the network pane at 1920x1080, normal and presenter', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await open(page, 'paper000', false);
  for (const presenter of [false, true]) {
    await setPresenter(page, presenter);
    const toggle = (await page.getByTestId('legend-toggle').boundingBox())!;
    const pane = (await page.getByTestId('topology').boundingBox())!;
    expect(
      inside(box(toggle), box(pane)),
      `${presenter ? 'presenter' : 'normal'}: toggle ${JSON.stringify(toggle)} in pane ${JSON.stringify(pane)}`,
    ).toBe(true);
  }
});

test('"(edited)" stays in sight in the preset picker at 1280x720, and the results tabs in their column, normal and presenter', async ({
  page,
}) => {
  await open(page, 'usnet', false);
  await page.getByTestId('loss-data').fill('1');
  await waitIdle(page);
  for (const presenter of [false, true]) {
    const mode = presenter ? 'presenter' : 'normal';
    await setPresenter(page, presenter);
    const picker = page.getByTestId('preset');
    await expect(picker.locator('option:checked')).toHaveText(/\(edited\)/);
    // The mark's own width, in the select's font, from the select's text start: it fits
    // within the part of the select that shows text (its width less padding and arrow).
    const room = await picker.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0].text;
      const at = text.indexOf('(edited)');
      const end = ctx.measureText(text.slice(0, at + '(edited)'.length)).width;
      const arrow = 24;
      const shown = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
      return { end, shown, visible: select.getBoundingClientRect().right <= innerWidth };
    });
    expect(room.visible, mode).toBe(true);
    expect(room.end, `${mode}: "(edited)" ends at ${room.end} px, the select shows ${room.shown} px`).toBeLessThanOrEqual(room.shown);
    // The same page: each results tab whole inside the results column, its words on one line.
    const tabs = await page.locator('.tabs [role="tab"]:visible').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        const column = el.closest('.tabs')!.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.3;
        return {
          name: el.textContent,
          inColumn: r.left >= column.left - 0.5 && r.right <= column.right + 0.5,
          oneLine: r.height < 1.8 * line,
        };
      }),
    );
    expect(tabs.length, mode).toBeGreaterThanOrEqual(5);
    expect(
      tabs.filter((t) => !t.inColumn || (presenter && !t.oneLine)).map((t) => t.name),
      mode,
    ).toEqual([]);
  }
});

test('paper003-slow, presenter at 1280x720: both fans’ labels whole inside the network pane', async ({ page }) => {
  await open(page, 'paper003-slow', true);
  const pane = (await page.getByTestId('topology').boundingBox())!;
  const labels = await page.getByTestId('fan-label').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }),
  );
  expect(labels).toHaveLength(2);
  const paneBox = { left: pane.x, top: pane.y, right: pane.x + pane.width, bottom: pane.y + pane.height };
  expect(labels.filter((l) => !inside(l, paneBox))).toEqual([]);
  // Apart from each other, and each saying at least how many copies it stands for.
  expect(
    labels[0].right <= labels[1].left ||
      labels[1].right <= labels[0].left ||
      labels[0].bottom <= labels[1].top ||
      labels[1].bottom <= labels[0].top,
  ).toBe(true);
  for (const l of labels) expect(l.text).toMatch(/^×80\b/);
});

// Presenter mode has no Fit button: after a Show me (which may set a core's option and
// switch the view under the network), the whole network must still be in its pane.
for (const [preset, point] of [
  ['contention-resolution', 2],
  ['paper000', 0],
] as const) {
  test(`${preset}, presenter at 1280x720: every node in the pane after Show me ${point + 1}`, async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, preset, true);
    await page.getByTestId('preset-info-toggle').click();
    await page.getByTestId(`show-me-${point}`).click();
    await expect(page.getByTestId('preset-info')).toHaveCount(0);
    await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-guide', 'show-me');
    await expect(page.getByTestId('phase')).toHaveText('Paused', { timeout: 90_000 });
    await waitIdle(page);
    const { pane, nodes } = await page.getByTestId('topology').evaluate((svg) => {
      const box = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
      return {
        pane: box(svg.getBoundingClientRect()),
        nodes: [...svg.querySelectorAll('g[data-node]')].map((g) => ({
          id: g.getAttribute('data-node'),
          ...box(g.querySelector(':scope > g')!.getBoundingClientRect()),
        })),
      };
    });
    expect(nodes.filter((n) => !inside(n, pane)).map((n) => n.id)).toEqual([]);
  });
}
