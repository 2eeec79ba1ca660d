import { describe, expect, it } from 'vitest';
import { LABEL_H, layoutRows, marginLabels, rowsHeight, type GanttRow } from './rowLayout';

const spec = (link: number, wavelengths: number) => ({ link, dir: 0, label: `f${link}`, wavelengths });

/** Rows follow each other without overlapping. */
function expectStacked(rows: readonly GanttRow[]): void {
  for (let i = 1; i < rows.length; i++) expect(rows[i].y).toBeGreaterThanOrEqual(rows[i - 1].y + rows[i - 1].h);
}

/** No two labels overlap (LABEL_H tall each), and each lies within its own row or track. */
function expectLabelsApart(rows: readonly GanttRow[]): void {
  const labels = marginLabels(rows);
  for (let i = 1; i < labels.length; i++) expect(labels[i].y - labels[i - 1].y).toBeGreaterThanOrEqual(LABEL_H);
  for (const l of labels) {
    expect(l.y - LABEL_H / 2).toBeGreaterThanOrEqual(0);
    expect(l.y + LABEL_H / 2).toBeLessThanOrEqual(rowsHeight(rows));
  }
}

describe('Gantt rows', () => {
  it('one link: a row per wavelength, then "no room"; lanes capped in a tall view', () => {
    const rows = layoutRows([spec(1, 2)], [0], 200);
    expect(rows.map((r) => [r.type, r.label])).toEqual([
      ['lane', 'λ1'],
      ['lane', 'λ2'],
      ['noroom', 'no room'],
    ]);
    expect(rows[1].y).toBe(rows[0].y + rows[0].h);
    expect(rows[0].h).toBe(64);
    expect(rowsHeight(rows)).toBeLessThanOrEqual(200);
  });

  it('several links (a core node): headers, and lanes seen beyond the scenario count', () => {
    const rows = layoutRows([spec(1, 2), spec(2, 1)], [0, 3], 300);
    expect(rows.map((r) => r.type)).toEqual(['header', 'lane', 'lane', 'noroom', 'header', 'lane', 'lane', 'lane', 'noroom']);
    expect(rows.filter((r) => r.type === 'lane' && r.track === 1).map((r) => (r.type === 'lane' ? r.lane : -1))).toEqual([0, 1, 2]);
    expect(rowsHeight(rows)).toBeLessThanOrEqual(300);
    expectStacked(rows);
  });

  it('a core with three fibers of seven wavelengths fits the 160 px of a 1280x720 view, its labels apart', () => {
    const rows = layoutRows([spec(0, 7), spec(1, 7), spec(2, 7)], [0, 0, 0], 160);
    expect(rowsHeight(rows)).toBeLessThanOrEqual(160);
    expect(rows.filter((r) => r.type === 'lane')).toHaveLength(21);
    expectStacked(rows);
    expectLabelsApart(rows);
    // Lanes that thin are named as a range, once per fiber.
    expect(
      marginLabels(rows)
        .filter((l) => l.kind === 'lane')
        .map((l) => l.text),
    ).toEqual(['λ1–7', 'λ1–7', 'λ1–7']);
  });

  it('names every few lanes when they are thinner than a label but still apart', () => {
    const rows = layoutRows([spec(0, 16)], [0], 16 * 8 + 30);
    const lanes = marginLabels(rows).filter((l) => l.kind === 'lane');
    expect(lanes.length).toBeGreaterThan(3);
    expect(lanes.length).toBeLessThan(16);
    expect(lanes[0].text).toBe('λ1');
    expectLabelsApart(rows);
  });

  it('names every lane when lanes are as tall as a label', () => {
    const rows = layoutRows([spec(0, 7)], [0], 400);
    expect(
      marginLabels(rows)
        .filter((l) => l.kind === 'lane')
        .map((l) => l.text),
    ).toEqual(['λ1', 'λ2', 'λ3', 'λ4', 'λ5', 'λ6', 'λ7']);
    expectLabelsApart(rows);
  });

  it('never overlaps, for any number of links, wavelengths and heights', () => {
    for (const height of [40, 90, 160, 240, 480, 900]) {
      for (const links of [1, 2, 3, 4, 6]) {
        for (const w of [1, 2, 4, 7, 16, 64]) {
          const specs = Array.from({ length: links }, (_, i) => spec(i, w));
          const rows = layoutRows(
            specs,
            specs.map(() => 0),
            height,
          );
          expectStacked(rows);
          expectLabelsApart(rows);
          for (const r of rows) expect(r.h).toBeGreaterThanOrEqual(2);
        }
      }
    }
  });

  it('is as short as it can be when even the thinnest layout is taller than the view', () => {
    const rows = layoutRows([spec(0, 64), spec(1, 64), spec(2, 64)], [0, 0, 0], 100);
    expect(rowsHeight(rows)).toBeGreaterThan(100);
    expect(rows.filter((r) => r.type === 'lane').every((r) => r.h === 2)).toBe(true);
  });

  it('no tracks, no rows', () => {
    expect(layoutRows([], [], 200)).toEqual([]);
    expect(marginLabels([])).toEqual([]);
  });
});
