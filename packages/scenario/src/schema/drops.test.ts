// The `drops` field (deterministic loss, docs/deterministic-loss.md) in the schema: each
// rule refused where the engine refuses it (scenario_parser.cc readDrops, held together
// by packages/engine/src/schema-engine.contract.test.ts), and the live drop of next bursts.
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../default-scenario';
import { checkSharedScenario } from '../share-limits';
import { isLivePath, livePathsOf, liveFieldOf, liveValueReason, scenarioSchema, validateScenario } from './index';

const withDrops = (drops: unknown) => ({ ...structuredClone(defaultScenario), drops }) as any;
const first = (drops: unknown) => validateScenario(withDrops(drops))[0];

describe('drops', () => {
  it('accepts each kind of rule and keeps them as written', () => {
    const drops = [
      { flow: 'tcp1', segments: [20, 21] },
      { flow: 'tcp1', segments: [20], transmission: 2 },
      { flow: 'tcp1', packets: [7] },
      { edge: 'E1', class: 'data', bursts: [4, 9] },
      { edge: 'E2', class: 'ack', after: 2.5 },
    ];
    expect(validateScenario(withDrops(drops))).toEqual([]);
    expect(scenarioSchema.parse(withDrops(drops)).drops).toEqual(drops);
    expect(scenarioSchema.parse(structuredClone(defaultScenario)).drops).toBeUndefined();
  });

  it('refuses what the engine refuses, naming the field', () => {
    const cases: [unknown, string, RegExp][] = [
      [[{ segments: [1] }], 'drops[0].flow', /Flow is required \(or "edge"/],
      [[{ flow: 'tcp1', edge: 'E1', segments: [1] }], 'drops[0].edge', /cannot be given with "flow"/],
      [[{ flow: 'nope', segments: [1] }], 'drops[0].flow', /unknown flow "nope"/],
      [[{ flow: 3, segments: [1] }], 'drops[0].flow', /must be a string, not a number/],
      [[{ flow: 'tcp1' }], 'drops[0].segments', /is required \(or "packets"\)/],
      [[{ flow: 'tcp1', segments: [1], packets: [1] }], 'drops[0].packets', /cannot be given with "segments"/],
      [[{ flow: 'tcp1', segments: [] }], 'drops[0].segments', /at least one number/],
      [[{ flow: 'tcp1', segments: [1, -2] }], 'drops[0].segments', /whole numbers from 0 to 4294967295 \(item 1 is -2\)/],
      [[{ flow: 'tcp1', segments: ['3'] }], 'drops[0].segments', /item 0 is a string/],
      [[{ flow: 'tcp1', segments: 3 }], 'drops[0].segments', /must be a list of numbers, not a number/],
      [[{ flow: 'tcp1', packets: [1], transmission: 2 }], 'drops[0].transmission', /applies to "segments" only/],
      [[{ flow: 'tcp1', segments: [1], transmission: 0 }], 'drops[0].transmission', /Transmission must be ≥ 1/],
      [[{ flow: 'tcp1', segments: [1], class: 'data' }], 'drops[0].class', /applies to a rule on an edge's bursts only/],
      [[{ edge: 'C1', class: 'data', bursts: [1] }], 'drops[0].edge', /must be an edge node \("C1" is a core\)/],
      [[{ edge: 'X', class: 'data', bursts: [1] }], 'drops[0].edge', /unknown node "X"/],
      [[{ edge: 'E1', bursts: [1] }], 'drops[0].class', /Burst class is required/],
      [[{ edge: 'E1', class: 'both', bursts: [1] }], 'drops[0].class', /one of "data", "ack"/],
      [[{ edge: 'E1', class: 'data' }], 'drops[0].bursts', /is required \(or "after"\)/],
      [[{ edge: 'E1', class: 'data', after: 25 }], 'drops[0].after', /at most the duration \(20 s\)/],
      [[{ edge: 'E1', class: 'data', after: -1 }], 'drops[0].after', /≥ 0/],
      [[{ edge: 'E1', class: 'data', after: 1, segments: [1] }], 'drops[0].segments', /applies to a rule on a flow only/],
      [[{ edge: 'E1', class: 'data', after: 1, why: 1 }], 'drops[0].why', /not a known field/],
      [{ edge: 'E1' }, 'drops', /must be an array/],
    ];
    for (const [drops, path, message] of cases) {
      const issue = first(drops);
      expect([JSON.stringify(drops), issue?.path]).toEqual([JSON.stringify(drops), path]);
      expect(issue.message).toMatch(message);
    }
  });

  it('refuses more than 10,000 rules, and a shared link with more than 1,000', () => {
    const rule = { edge: 'E1', class: 'data', after: 1 };
    expect(first(Array.from({ length: 10_001 }, () => rule))?.path).toBe('drops');
    expect(validateScenario(withDrops(Array.from({ length: 10_000 }, () => rule)))).toEqual([]);
    expect(checkSharedScenario(withDrops(Array.from({ length: 1_001 }, () => rule)))).toMatchObject({ field: 'drops' });
  });
});

describe('the live drop of next bursts', () => {
  it('is live on edge nodes only, data and ACK', () => {
    const s = structuredClone(defaultScenario);
    const paths = livePathsOf(s).filter((p) => p.includes('dropNext'));
    expect(paths).toEqual(['nodes[1].dropNext.data', 'nodes[3].dropNext.data', 'nodes[1].dropNext.ack', 'nodes[3].dropNext.ack']);
    expect(isLivePath('nodes[2].dropNext.data', s)).toBe(false); // a core node
    expect(isLivePath('nodes[1].dropNext.both', s)).toBe(false);
  });

  it('takes a whole number of bursts from 0 and is named for the event log', () => {
    expect(liveValueReason('nodes[1].dropNext.data', 1)).toBeNull();
    expect(liveValueReason('nodes[1].dropNext.data', 0)).toBeNull();
    expect(liveValueReason('nodes[1].dropNext.data', 1.5)).toMatch(/whole number/);
    expect(liveValueReason('nodes[1].dropNext.data', -1)).toMatch(/≥ 0/);
    const field = liveFieldOf('nodes[1].dropNext.ack', structuredClone(defaultScenario))!;
    expect(field.label).toBe('next ACK bursts to drop at E1');
    expect(field.format(1)).toBe('1');
  });
});
