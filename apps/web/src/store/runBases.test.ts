import { describe, expect, it } from 'vitest';
import { defaultScenario, type Scenario } from '@obs-tcp-sim/scenario';
import { baseOf, changesInWords, changesOver, runBases } from './runBases';

const start = structuredClone(defaultScenario) as Scenario;
const now = { ...start, obs: { ...start.obs, burstLoss: { data: 0.02, ack: 0 } } };
const fiber = start.links.findIndex((l) => l.kind === 'fiber');
const state = {
  scenario: now,
  run: {
    start,
    changes: [
      { at: 0.97, path: 'obs.burstLoss.data', value: 0.02, label: 'data-burst loss 1 % → 2 %' },
      { at: 1.5, path: `links[${fiber}].loss`, value: 0.1, label: 'fiber loss 0 % → 10 %' },
    ],
    pending: [{ at: 3, path: 'obs.burstLoss.ack', value: 0.01 }],
  },
};

describe('what a sweep or a comparison starts from', () => {
  it('the run as watched replays its changes at their times; the values now start at t = 0 without them', () => {
    const bases = runBases(state);
    const watched = baseOf(bases, 'watched') as Scenario & { liveChanges: unknown[] };
    expect(watched.obs.burstLoss.data).toBe(start.obs.burstLoss.data);
    expect(watched.liveChanges).toEqual([
      { at: 0.97, path: 'obs.burstLoss.data', value: 0.02 },
      { at: 1.5, path: `links[${fiber}].loss`, value: 0.1 },
      { at: 3, path: 'obs.burstLoss.ack', value: 0.01 },
    ]);
    expect(baseOf(bases, 'now')).toBe(now);
    expect('liveChanges' in baseOf(bases, 'now')).toBe(false);
  });

  it('names the changes, the first few and how many more', () => {
    const bases = runBases(state);
    expect(changesInWords(bases)).toBe('data-burst loss 1 % → 2 % at 0.97 s; fiber loss 0 % → 10 % at 1.5 s and 1 more');
    expect(changesInWords(bases, 5)).toContain('obs.burstLoss.ack = 0.01 at 3 s (scheduled)');
  });

  it('finds the changes that set what a form varies, by id or by index', () => {
    const bases = runBases(state);
    expect(changesOver(bases, ['obs.burstLoss.data'])).toEqual(['data-burst loss 1 % → 2 % at 0.97 s']);
    expect(changesOver(bases, [`links[${start.links[fiber].id}].loss`])).toEqual(['fiber loss 0 % → 10 % at 1.5 s']);
    expect(changesOver(bases, ['obs.assembly.maxTime'])).toEqual([]);
  });

  it('without changes, both are the scenario on screen', () => {
    const bases = runBases({ scenario: start, run: { start, changes: [], pending: [] } });
    expect(baseOf(bases, 'watched')).toBe(start);
    expect(bases.changes).toEqual([]);
  });
});

describe('runs shorter than the changes', () => {
  it('leave out the changes after their end, and count them', async () => {
    const { changesAfter } = await import('./runBases');
    const bases = runBases(state);
    const short = baseOf(bases, 'watched', 1) as Scenario & { liveChanges: Array<{ at: number }> };
    expect(short.liveChanges.map((c) => c.at)).toEqual([0.97]);
    expect(changesAfter(bases, 1)).toBe(2);
    expect(changesAfter(bases, undefined)).toBe(0);
    expect(baseOf(bases, 'watched', 10)).toBe(bases.watched);
  });
});
