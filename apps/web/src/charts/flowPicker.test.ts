import { describe, expect, it } from 'vitest';
import { CHART_FLOW_COLORS, defaultSelection, searchFlows, setFlows, toggleAggregate, toggleFlow } from './flowPicker';

describe('defaultSelection', () => {
  it('one flow: that flow, no aggregate (it would be the same line)', () => {
    const s = defaultSelection(1);
    expect(s.flows).toEqual([0]);
    expect(s.aggregate).toBe(false);
    expect(s.colors.get(0)).toBe(CHART_FLOW_COLORS[0]);
  });

  it('eight flows: all of them, eight different colours, and the aggregate', () => {
    const s = defaultSelection(8);
    expect(s.flows).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(s.aggregate).toBe(true);
    expect(new Set(s.colors.values()).size).toBe(8);
  });

  it('320 flows: the aggregate plus the first three', () => {
    const s = defaultSelection(320);
    expect(s.flows).toEqual([0, 1, 2]);
    expect(s.aggregate).toBe(true);
    expect(s.colors.size).toBe(3);
  });

  it('no flows: nothing', () => {
    expect(defaultSelection(0).flows).toEqual([]);
  });
});

describe('choosing flows', () => {
  it('with few flows a flow always has its own colour', () => {
    let s = defaultSelection(5);
    s = toggleFlow(s, 1, 5);
    expect(s.flows).toEqual([0, 2, 3, 4]);
    s = toggleFlow(s, 1, 5);
    expect(s.colors.get(1)).toBe(CHART_FLOW_COLORS[1]);
    expect(s.colors.get(4)).toBe(CHART_FLOW_COLORS[4]);
  });

  it('with many flows, chosen flows keep their colours and a new one takes a free colour', () => {
    let s = defaultSelection(320);
    const before = new Map(s.colors);
    s = toggleFlow(s, 1, 320); // remove flow 1: its colour is free again
    s = toggleFlow(s, 200, 320);
    expect(s.colors.get(0)).toBe(before.get(0));
    expect(s.colors.get(2)).toBe(before.get(2));
    expect(s.colors.get(200)).toBe(before.get(1));
    expect(new Set(s.colors.values()).size).toBe(3);
  });

  it('never hands out the same colour twice while one is free', () => {
    let s = defaultSelection(80);
    for (const f of [10, 20, 30, 40, 50]) s = toggleFlow(s, f, 80);
    expect(new Set(s.colors.values()).size).toBe(8);
  });

  it('setFlows drops duplicates and unknown flows; the aggregate toggles', () => {
    const s = setFlows(defaultSelection(80), [3, 3, 90, -1, 4], 80);
    expect(s.flows).toEqual([3, 4]);
    expect(toggleAggregate(s).aggregate).toBe(!s.aggregate);
  });
});

describe('searchFlows', () => {
  const ids = Array.from({ length: 320 }, (_, i) => `tcp1#${i}`);
  it('finds by substring, in order, up to a limit', () => {
    expect(searchFlows(ids, '#31').slice(0, 3)).toEqual([31, 310, 311]);
    expect(searchFlows(ids, '', 5)).toEqual([0, 1, 2, 3, 4]);
    expect(searchFlows(['Reno', 'cubic'], 'CUB')).toEqual([1]);
  });
});
