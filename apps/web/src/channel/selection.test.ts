import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@obs-tcp-sim/scenario';
import { busiestFiber, channelOptions, firstFiber, nodeOption, tracksFor } from './selection';
import { channelWatch } from './watchRequest';

describe('channel picker', () => {
  it('lists both directions of each fiber link and each core node', () => {
    expect(channelOptions(defaultScenario).map((o) => [o.value, o.label])).toEqual([
      ['link:1:0', 'f1: E1 → C1'],
      ['link:1:1', 'f1: C1 → E1'],
      ['link:2:0', 'f2: C1 → E2'],
      ['link:2:1', 'f2: E2 → C1'],
      ['node:2', 'C1: its outgoing fibers'],
    ]);
  });

  it('a core node watches its outgoing fiber directions', () => {
    expect(tracksFor('node:2', defaultScenario)).toEqual([
      { link: 1, dir: 1, label: 'f1: C1 → E1', wavelengths: 2 },
      { link: 2, dir: 0, label: 'f2: C1 → E2', wavelengths: 2 },
    ]);
    expect(tracksFor('link:2:1', defaultScenario)).toEqual([{ link: 2, dir: 1, label: 'f2: E2 → C1', wavelengths: 2 }]);
    expect(tracksFor('link:0:0', defaultScenario)).toEqual([]); // a packet link has no wavelengths
    expect(tracksFor('nonsense', defaultScenario)).toEqual([]);
  });

  it('defaults to the busiest fiber direction', () => {
    const summaryLinks = [
      { kind: 'packet', ab: { utilisation: 0.9 }, ba: { utilisation: 0.1 } },
      { kind: 'fiber', ab: { utilisation: 0.02 }, ba: { utilisation: 0.001 } },
      { kind: 'fiber', ab: { utilisation: 0.03 }, ba: { utilisation: 0.001 } },
    ];
    expect(busiestFiber(defaultScenario, summaryLinks)).toBe('link:2:0');
    expect(busiestFiber(defaultScenario, undefined)).toBeNull();
    expect(firstFiber(defaultScenario)).toBe('link:1:0');
  });
});

describe('a core picked in the editor', () => {
  it('is watched by its option; anything else is not', () => {
    const options = channelOptions(defaultScenario);
    expect(nodeOption(options, defaultScenario, 'C1')).toBe('node:2');
    expect(nodeOption(options, defaultScenario, 'E1')).toBeNull(); // an edge has no option
    expect(nodeOption(options, defaultScenario, 'nowhere')).toBeNull();
  });

  it('reaches the channel view as a request, a new one each time', () => {
    const seen: string[] = [];
    const off = channelWatch.subscribe(() => seen.push(`${channelWatch.get()!.target}#${channelWatch.get()!.serial}`));
    channelWatch.request('C1');
    channelWatch.request('C1');
    off();
    channelWatch.request('C2');
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
    expect(channelWatch.get()!.target).toBe('C2');
  });
});
