import { describe, expect, it } from 'vitest';
import { flowRouteHops, hopBand, routesDiffer } from './flowRoutes';

// The default network plus a router path E1-R1-E2 that only ACKs take (route_cost_test.cc asymmetric()).
const scenario = {
  links: [
    { id: 'l1', a: 'Server', b: 'E1' },
    { id: 'f1', a: 'E1', b: 'C1' },
    { id: 'f2', a: 'C1', b: 'E2' },
    { id: 'l2', a: 'E2', b: 'Client' },
    { id: 'p1', a: 'E1', b: 'R1' },
    { id: 'p2', a: 'R1', b: 'E2' },
  ],
  flows: [{ id: 'tcp1', src: 'Server', dst: 'Client' }],
};
const routes = {
  flows: [
    {
      id: 'tcp1',
      data: { nodes: ['Server', 'E1', 'C1', 'E2', 'Client'], links: ['l1', 'f1', 'f2', 'l2'] },
      ack: { nodes: ['Client', 'E2', 'R1', 'E1', 'Server'], links: ['l2', 'p2', 'p1', 'l1'] },
    },
  ],
  opticalPaths: [],
};

describe('flowRouteHops', () => {
  it('gives both routes hop by hop in the direction of travel', () => {
    const r = flowRouteHops(scenario, routes, 'tcp1')!;
    expect(r.data.map((h) => h.link)).toEqual(['l1', 'f1', 'f2', 'l2']);
    expect(r.ack).toEqual([
      { link: 'l2', from: 'Client', to: 'E2' },
      { link: 'p2', from: 'E2', to: 'R1' },
      { link: 'p1', from: 'R1', to: 'E1' },
      { link: 'l1', from: 'E1', to: 'Server' },
    ]);
    expect(routesDiffer(r)).toBe(true);
  });

  it('says when the ACK route is the data route reversed', () => {
    const same = {
      ...routes,
      flows: [{ ...routes.flows[0], ack: { nodes: ['Client', 'E2', 'C1', 'E1', 'Server'], links: ['l2', 'f2', 'f1', 'l1'] } }],
    };
    expect(routesDiffer(flowRouteHops(scenario, same, 'tcp1')!)).toBe(false);
  });

  it('draws nothing for a flow the engine has no route for, or without routes', () => {
    expect(flowRouteHops(scenario, routes, 'other')).toBeNull();
    expect(flowRouteHops(scenario, null, 'tcp1')).toBeNull();
  });

  it('draws nothing from routes of an older scenario: a link deleted or re-ended, a flow moved', () => {
    expect(flowRouteHops({ ...scenario, links: scenario.links.filter((l) => l.id !== 'p2') }, routes, 'tcp1')).toBeNull();
    const reEnded = scenario.links.map((l) => (l.id === 'f1' ? { ...l, b: 'E2' } : l));
    expect(flowRouteHops({ ...scenario, links: reEnded }, routes, 'tcp1')).toBeNull();
    expect(flowRouteHops({ ...scenario, flows: [{ id: 'tcp1', src: 'Server', dst: 'E2' }] }, routes, 'tcp1')).toBeNull();
  });
});

describe('hopBand', () => {
  it('cuts a hop short of both glyphs and moves it to the right-hand side of travel', () => {
    // Left to right on screen: right-hand side of travel is down (screen y grows down).
    const b = hopBand([0, 0], [100, 0], 20, 10, 8)!;
    expect(b).toMatchObject({ x1: 20, y1: 8, x2: 90, y2: 8, ux: 1, uy: 0 });
  });
  it('puts the two directions of one link on opposite sides, so data and ACK bands never cover each other', () => {
    const there = hopBand([0, 0], [60, 80], 10, 10, 8)!;
    const back = hopBand([60, 80], [0, 0], 10, 10, 8)!;
    const side = (p: { x1: number; y1: number }) => Math.sign(60 * p.y1 - 80 * p.x1); // which side of the line (0,0)-(60,80)
    expect(side(there)).toBe(-side(back));
    expect(side(there)).not.toBe(0);
  });
  it('draws nothing for nodes closer than their glyphs', () => {
    expect(hopBand([0, 0], [20, 0], 15, 15, 8)).toBeNull();
  });
});
