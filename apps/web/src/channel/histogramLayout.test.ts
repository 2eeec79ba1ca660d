import { describe, expect, it } from 'vitest';
import { binLabels, histogramLayout, MIN_PLOT, tickLabelWidth } from './histogramLayout';

describe('histogram layout', () => {
  it('gives up the axis titles before the bars get shorter than MIN_PLOT', () => {
    // 1280x720: about 90 px per histogram.
    const small = histogramLayout(290, 90);
    expect(small.titles).toBe(false);
    expect(small.innerH).toBeGreaterThanOrEqual(MIN_PLOT);
    expect(small.margin.top + small.innerH + small.margin.bottom).toBe(90);
    // 1920x1080: room for both.
    const large = histogramLayout(290, 200);
    expect(large.titles).toBe(true);
    expect(large.innerH).toBeGreaterThanOrEqual(MIN_PLOT);
    expect(large.innerW).toBe(290 - large.margin.left - large.margin.right);
  });

  it('never has a negative plot', () => {
    expect(histogramLayout(10, 10)).toMatchObject({ innerW: 0, innerH: 0 });
  });
});

describe('bin labels', () => {
  const overlapFree = (labels: ReturnType<typeof binLabels>) => {
    for (let i = 1; i < labels.length; i++)
      expect(labels[i].x).toBeGreaterThanOrEqual(labels[i - 1].x + tickLabelWidth(labels[i - 1].text));
  };

  it('skip bins so that "128 KiB" and its neighbours do not touch, and stay inside the box', () => {
    const texts = ['64 KiB', '128 KiB', '256 KiB', '512 KiB'];
    const labels = binLabels(texts, 230, 8);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.length).toBeLessThan(4);
    overlapFree(labels);
    for (const l of labels) expect(l.x + tickLabelWidth(l.text)).toBeLessThanOrEqual(238);
  });

  it('label every bin when there is room', () => {
    const labels = binLabels(['0', '2', '4', '8'], 400, 8);
    expect(labels.map((l) => l.text)).toEqual(['0', '2', '4', '8']);
    overlapFree(labels);
  });

  it('leave out a last label that would be cut at the right edge', () => {
    // One bin 40 px wide: "32 KiB" (about 51 px) starting at its edge would pass 40 + 8.
    expect(binLabels(['32 KiB'], 40, 8)).toEqual([]);
    const many = binLabels(['64 B', '128 B', '256 B', '512 B', '1 KiB', '2 KiB', '4 KiB', '8 KiB', '16 KiB', '32 KiB'], 230, 8);
    overlapFree(many);
    for (const l of many) expect(l.x + tickLabelWidth(l.text)).toBeLessThanOrEqual(238);
  });

  it('nothing to label, nothing labelled', () => {
    expect(binLabels([], 200, 8)).toEqual([]);
    expect(binLabels(['1'], 0, 8)).toEqual([]);
  });
});
