import { describe, expect, it } from 'vitest';
import { findPreset, PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { chartCaption, exportCaption, wrapParts } from './exportCaption';
import { layoutKeys } from './chartExport';

const paper000 = findPreset('paper000')!;

describe('export caption', () => {
  it('names the preset and the key parameters of paper 000', () => {
    const { title, parts } = exportCaption({
      scenario: paper000.scenario as Scenario,
      presetTitle: paper000.title,
      edited: false,
      liveChanges: 0,
    });
    expect(title).toContain(paper000.title);
    expect(title).toBe(`${paper000.title} — preset`);
    const text = parts.join(' · ');
    expect(text).toMatch(/^1 TCP flow \(\w+, MSS \d+ B\)/);
    expect(text).toContain('burst loss: data 1.0 %, ACK 0.0 %');
    expect(text).toContain('fibers 2 λ × 1.25 Gbit/s');
    expect(text).toMatch(/seed \d+/);
    expect(text).toContain('20 s simulated');
    expect(text).not.toContain('live change');
  });

  it('says when the preset was edited, renamed, or changed live', () => {
    const renamed = { ...(structuredClone(paper000.scenario) as Scenario), name: 'My lesson' };
    const c = exportCaption({ scenario: renamed, presetTitle: paper000.title, edited: true, liveChanges: 2 });
    expect(c.title).toBe(`My lesson — from the preset "${paper000.title}", edited`);
    expect(c.parts.at(-1)).toBe('2 live changes (dashed markers)');
    const own = exportCaption({ scenario: { ...renamed, name: '' }, presetTitle: null, edited: false, liveChanges: 1 });
    expect(own.title).toBe('Untitled scenario');
    expect(own.parts.at(-1)).toBe('1 live change (dashed markers)');
  });

  it('counts replicated flows and lists their variants once; a network without fiber says so', () => {
    const slow = findPreset('paper003-slow')!;
    expect(exportCaption({ scenario: slow.scenario as Scenario, presetTitle: slow.title, edited: false, liveChanges: 0 }).parts[0]).toMatch(
      /^80 TCP flows \(/,
    );
    const dumbbell = findPreset('paper004')!;
    const parts = exportCaption({
      scenario: dumbbell.scenario as Scenario,
      presetTitle: dumbbell.title,
      edited: false,
      liveChanges: 0,
    }).parts;
    expect(parts[0]).toContain('Tahoe, Reno, NewReno');
    expect(parts).toContain('no fiber (packet switching only)');
    const empty = { ...(structuredClone(paper000.scenario) as Scenario), flows: [] };
    expect(exportCaption({ scenario: empty, presetTitle: null, edited: false, liveChanges: 0 }).parts[0]).toBe('no TCP flow');
  });

  it('captions the run as it started, not the values changed since', () => {
    const start = structuredClone(paper000.scenario) as Scenario;
    const caption = chartCaption({ presetId: 'paper000', edited: true, run: { start, changes: [{}] } });
    expect(caption.parts.join(' · ')).toContain('data 1.0 %');
    expect(caption.parts.at(-1)).toBe('1 live change (dashed markers)');
  });

  it('has a caption for every preset', () => {
    for (const p of PRESETS) {
      const c = exportCaption({ scenario: p.scenario as Scenario, presetTitle: p.title, edited: false, liveChanges: 0 });
      expect(c.title.length).toBeGreaterThan(3);
      expect(c.parts.length).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('caption wrapping and key rows', () => {
  const width = (t: string) => t.length * 7;

  it('wraps parts at the width, joined by a middle dot', () => {
    const lines = wrapParts(['aaaa', 'bbbb', 'cccc', 'dddd'], 7 * 11, width);
    expect(lines).toEqual(['aaaa · bbbb', 'cccc · dddd']);
    for (const l of lines) expect(width(l)).toBeLessThanOrEqual(77);
    // A part too long for any line stands alone.
    expect(wrapParts(['x'.repeat(30), 'y'], 70, width)).toEqual(['x'.repeat(30), 'y']);
    expect(wrapParts([], 70, width)).toEqual([]);
  });

  it('keeps every key inside the chart\'s width (the RTT chart cut "newreno RTT samples")', () => {
    const labels = ['tahoe RTT samples', 'reno RTT samples', 'newreno RTT samples', 'all flows (mean)', 'tahoe', 'reno', 'newreno'];
    const block = layoutKeys(labels, 340, width);
    expect(block.keys).toHaveLength(labels.length);
    expect(block.width).toBeLessThanOrEqual(340);
    labels.forEach((l, i) => expect(block.keys[i].x + 27 + width(l)).toBeLessThanOrEqual(340));
    // Rows never put two keys on top of each other.
    for (let i = 1; i < labels.length; i++) {
      const a = block.keys[i - 1];
      const b = block.keys[i];
      if (a.y === b.y) expect(b.x).toBeGreaterThanOrEqual(a.x + 27 + width(labels[i - 1]));
    }
    expect(block.height).toBe(Math.max(...block.keys.map((k) => k.y)) - 12 + 18);
    // A key wider than the chart has a row of its own; the block says how wide it is.
    const wide = layoutKeys(['a'.repeat(80), 'b'], 340, width);
    expect(wide.keys.map((k) => k.x)).toEqual([0, 0]);
    expect(wide.width).toBe(27 + 560);
  });
});
