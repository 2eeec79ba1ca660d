import { describe, expect, it } from 'vitest';
import { livePathsOf } from '@obs-tcp-sim/scenario';
import { applyLive, readLive } from './livePaths';
import { testScenario } from '../scenario/testScenario';
import type { Scenario } from '../scenario/scenarioTypes';

describe('live paths in a scenario', () => {
  it('reads and writes every live field of the scenario but the drops of next bursts', () => {
    const s = testScenario();
    for (const path of livePathsOf(s as never)) {
      if (path.includes('dropNext')) {
        expect(readLive(s, path), path).toBeUndefined();
        expect(applyLive(s, path, 1), path).toBe(s);
        continue;
      }
      const variant = path.endsWith('tcp.variant');
      const value = variant ? 3 : path.endsWith('wavelengths') ? 7 : 0.125;
      const changed = applyLive(s, path, value);
      expect(changed, path).not.toBe(s);
      expect(readLive(changed, path), path).toBe(value);
    }
  });

  it('writes the variant by name and leaves a bad index alone', () => {
    const s = testScenario();
    expect(applyLive(s, 'flows[0].tcp.variant', 7).flows[0].tcp.variant).toBe('cubic');
    expect(applyLive(s, 'flows[0].tcp.variant', 99)).toBe(s);
  });

  it('refuses paths the scenario does not have live', () => {
    const s = testScenario();
    const fiber = s.links.findIndex((l) => l.kind === 'fiber');
    const packet = s.links.findIndex((l) => l.kind === 'packet');
    expect(applyLive(s, `links[${fiber}].loss`, 0.5)).toBe(s);
    expect(applyLive(s, `links[${packet}].wavelengths`, 2)).toBe(s);
    expect(applyLive(s, 'links[99].loss', 0.5)).toBe(s);
    expect(readLive(s, 'flows[0].tcp.mss')).toBeUndefined();
  });

  it('reads no number from a loss given per direction', () => {
    const s = testScenario();
    const packet = s.links.findIndex((l) => l.kind === 'packet');
    const perDirection = {
      ...s,
      links: s.links.map((l, i) => (i === packet ? { ...l, loss: { ab: 0.1, ba: 0.2 } } : l)),
    } as Scenario;
    expect(readLive(perDirection, `links[${packet}].loss`)).toBeUndefined();
    expect(readLive(applyLive(perDirection, `links[${packet}].loss`, 0.3), `links[${packet}].loss`)).toBe(0.3);
  });
});
