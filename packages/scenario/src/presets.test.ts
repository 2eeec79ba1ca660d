import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRESET_ID, PRESETS, findPreset } from './presets';
import { checkShowMe, checkShowMeAgainst, lookForShow, lookForText } from './guide';
import { parseScenarioText } from './parse-scenario-text';
import { SCENARIO_VERSION } from './scenario';

const presetDir = new URL('../presets/', import.meta.url);
const files = readdirSync(presetDir)
  .filter((name) => name.endsWith('.json'))
  .sort();
const fileText = (name: string) => readFileSync(new URL(name, presetDir), 'utf8');

/** The preset whose scenario is this file's content. */
function presetOfFile(name: string) {
  const content = parseScenarioText(fileText(name));
  return PRESETS.find((p) => JSON.stringify(p.scenario) === JSON.stringify(content));
}

describe('PRESETS', () => {
  it('lists the first lesson first, then papers 000 to 004 in order, then the backbones, then contention resolution', () => {
    expect(PRESETS.map((p) => p.id)).toEqual([
      'first-lesson',
      'paper000',
      'paper001',
      'paper002',
      'paper003-slow',
      'paper003-fast',
      'paper004',
      'nsfnet',
      'nsfnet-continuity',
      'usnet',
      'contention-resolution',
    ]);
    const papers = PRESETS.map((p) => p.paper?.slice(0, 3) ?? null);
    expect(papers).toEqual([null, '000', '001', '002', '003', '003', '004', null, null, null, null]);
  });

  it('has unique, URL-safe ids', () => {
    const ids = PRESETS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(encodeURIComponent(id)).toBe(id);
    }
  });

  it('opens on paper 000 by default', () => {
    expect(findPreset(DEFAULT_PRESET_ID)?.paper).toMatch(/^000/);
    expect(findPreset('no-such-preset')).toBeUndefined();
  });

  it('has a scenario for every preset file and a file for every preset', () => {
    expect(files.length).toBe(PRESETS.length);
    const matched = files.map(presetOfFile);
    expect(
      matched.every((p) => p !== undefined),
      `unmatched: ${files.filter((_, i) => !matched[i])}`,
    ).toBe(true);
    expect(new Set(matched).size).toBe(PRESETS.length);
  });

  it.each(files)('%s passes the text parser and is scenario format v1', (name) => {
    const scenario = parseScenarioText(fileText(name));
    expect(scenario.version).toBe(SCENARIO_VERSION);
    expect(Number.isInteger(scenario.seed)).toBe(true);
    expect(scenario.duration).toBeGreaterThan(0);
    expect(scenario.sampleInterval).toBeGreaterThan(0);
    expect(scenario.flows.length).toBeGreaterThan(0);
  });

  describe.each(PRESETS.map((p) => [p.id, p] as const))('%s', (_id, preset) => {
    it('is titled as its scenario is named', () => {
      expect(preset.title).toBe(preset.scenario.name);
    });

    it('tells the class what to look for, in 2 to 4 sentences', () => {
      expect(preset.lookFor.length).toBeGreaterThanOrEqual(2);
      expect(preset.lookFor.length).toBeLessThanOrEqual(4);
      for (const point of preset.lookFor) expect(lookForText(point)).toMatch(/^\S.*[.!?]$/);
      expect(preset.summary).not.toMatch(/\n/);
      expect(preset.summary.length).toBeGreaterThan(0);
    });

    it('gives every point a Show me that its scenario can run', () => {
      preset.lookFor.forEach((point, i) => {
        const show = lookForShow(point);
        expect(show, `lookFor[${i}] has no Show me`).not.toBeNull();
        expect(checkShowMe(show, `lookFor[${i}].show`)).toBeNull();
        expect(checkShowMeAgainst(show!, structuredClone(preset.scenario), `lookFor[${i}].show`)).toBeNull();
      });
    });

    it('states its assumptions', () => {
      expect(preset.assumptions.length).toBeGreaterThan(0);
      if (preset.paper !== null) expect(preset.figure).not.toBeNull();
    });

    it('has unique node ids, links between known nodes, and node positions on a 900 x 400 canvas', () => {
      const ids = preset.scenario.nodes.map((n) => n.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const node of preset.scenario.nodes) {
        expect(node.x, node.id).toBeGreaterThanOrEqual(0);
        expect(node.x, node.id).toBeLessThanOrEqual(900);
        expect(node.y, node.id).toBeGreaterThanOrEqual(0);
        expect(node.y, node.id).toBeLessThanOrEqual(400);
      }
      const linkIds = preset.scenario.links.map((l) => l.id);
      expect(new Set(linkIds).size).toBe(linkIds.length);
      for (const link of preset.scenario.links) {
        expect(ids, link.id).toContain(link.a);
        expect(ids, link.id).toContain(link.b);
      }
      for (const flow of preset.scenario.flows) {
        expect(ids).toContain(flow.src);
        expect(ids).toContain(flow.dst);
      }
    });

    it('does not let one importer change it behind the others’ backs', () => {
      expect(Object.isFrozen(preset)).toBe(true);
      expect(Object.isFrozen(preset.scenario.flows[0])).toBe(true);
      expect(structuredClone(preset.scenario)).toEqual(preset.scenario);
    });
  });

  // The app edits the preset it opens: every field must be there for the editor's panels.
  it('spells out every field of every preset', () => {
    for (const preset of PRESETS) {
      const s = preset.scenario;
      // `traffic` (docs/mesh.md) is optional: the backbone presets give it.
      expect(
        Object.keys(s)
          .filter((k) => k !== 'traffic')
          .sort(),
        preset.id,
      ).toEqual(['background', 'duration', 'flows', 'links', 'name', 'nodes', 'obs', 'sampleInterval', 'seed', 'version']);
      for (const node of s.nodes) {
        // A core's `conversion` is optional (docs/mesh.md): the backbone presets give it.
        if (node.kind === 'core')
          expect(
            Object.keys(node)
              .filter((k) => k !== 'conversion')
              .sort(),
            node.id,
          ).toEqual(['fdl', 'id', 'kind', 'setupTime', 'x', 'y']);
      }
      for (const link of s.links) {
        const keys =
          link.kind === 'packet'
            ? ['a', 'arq', 'b', 'delay', 'id', 'kind', 'loss', 'queue', 'rate']
            : ['a', 'b', 'burstLoss', 'delay', 'id', 'kind', 'rate', 'wavelengths'];
        // `cost` is optional (docs/routing.md): presets give it where routes must not rest
        // on a tie of delays (paper 000) or ACKs must avoid the core (paper 003).
        expect(
          Object.keys(link)
            .filter((k) => k !== 'cost')
            .sort(),
          link.id,
        ).toEqual(keys);
      }
      for (const flow of s.flows) {
        expect(Object.keys(flow.tcp).sort(), flow.id).toEqual([
          'delayedAck',
          'dupAckThreshold',
          'initialCwnd',
          'initialSsthresh',
          'maxWindow',
          'mss',
          'rto',
          'variant',
        ]);
        expect(Object.keys(flow.tcp.rto).sort()).toEqual(['fixed', 'initial', 'max', 'min']);
      }
      expect(
        Object.keys(s.obs)
          .filter((k) => k !== 'wavelengthChoice')
          .sort(),
      ).toEqual(['assembly', 'burstLoss', 'controlProcessing', 'offset', 'reservation', 'scheduling']);
    }
  });
});
