import { describe, expect, it } from 'vitest';
import { costPerDirection, formatRoute, nextCost, parseRoute, withAccessSide } from '../../scenario/routingEdits';
import { flowRouteWords } from './routeWords';

describe('cost edits', () => {
  it('one number for both directions; clearing it removes the field', () => {
    expect(nextCost(undefined, 'both', 5)).toBe(5);
    expect(nextCost(5, 'both', undefined)).toBeUndefined();
  });

  it('per direction: each side alone, and no side left removes the field', () => {
    expect(nextCost(undefined, 'ab', 1)).toEqual({ ab: 1 });
    expect(nextCost({ ab: 1 }, 'ba', 0)).toEqual({ ab: 1, ba: 0 });
    expect(nextCost({ ab: 1, ba: 0 }, 'ab', undefined)).toEqual({ ba: 0 });
    expect(nextCost({ ba: 0 }, 'ba', undefined)).toBeUndefined();
  });

  it('switching per direction keeps the values it can, and adds nothing to a link without cost', () => {
    expect(costPerDirection(3, true)).toEqual({ ab: 3, ba: 3 });
    expect(costPerDirection({ ab: 1, ba: 0 }, false)).toBe(1);
    expect(costPerDirection({ ba: 7 }, false)).toBe(7);
    expect(costPerDirection(undefined, true)).toBeUndefined();
    expect(costPerDirection(undefined, false)).toBeUndefined();
  });
});

describe('access edits', () => {
  it('a side on or off; no side left removes access', () => {
    const src = { rate: 1e8, delay: 1e-3 };
    const a = withAccessSide(undefined, 'src', src);
    expect(a).toEqual({ src });
    expect(a!.src).not.toBe(src);
    expect(withAccessSide(a, 'dst', { rate: 1e9, delay: 0, queue: 10 })).toEqual({ src, dst: { rate: 1e9, delay: 0, queue: 10 } });
    expect(withAccessSide({ src, dst: src }, 'src', undefined)).toEqual({ dst: src });
    expect(withAccessSide({ src }, 'src', undefined)).toBeUndefined();
  });
});

describe('routes typed as text', () => {
  it('accepts spaces, commas and arrows, and shows arrows back', () => {
    const ids = ['Server', 'E1', 'C2', 'E2', 'Client'];
    expect(parseRoute('Server E1 C2 E2 Client')).toEqual(ids);
    expect(parseRoute('Server → E1 → C2 → E2 → Client')).toEqual(ids);
    expect(parseRoute(' Server->E1 -> C2,E2  Client ')).toEqual(ids);
    expect(formatRoute(ids)).toBe('Server → E1 → C2 → E2 → Client');
    expect(parseRoute(formatRoute(ids))).toEqual(ids);
  });

  it('empty is no forced route', () => {
    expect(parseRoute('')).toBeUndefined();
    expect(parseRoute('  →  ')).toBeUndefined();
    expect(formatRoute(undefined)).toBe('');
  });
});

describe('routes in words', () => {
  const links = [
    { id: 'f1', kind: 'fiber' },
    { id: 'p1', kind: 'packet' },
    { id: 'p2', kind: 'packet' },
  ];
  const routes = {
    flows: [
      {
        id: 'tcp1',
        data: { nodes: ['E1', 'C1', 'E2'], links: ['f1', 'f2'] },
        ack: { nodes: ['E2', 'R1', 'E1'], links: ['p2', 'p1'] },
      },
    ],
  };

  it('data and ACK routes with arrows; ACKs off the core when their route has no fiber', () => {
    expect(flowRouteWords(routes, 'tcp1', links)).toEqual({ data: 'E1 → C1 → E2', ack: 'E2 → R1 → E1', acksOffCore: true });
    const back = { flows: [{ ...routes.flows[0], ack: { nodes: ['E2', 'C1', 'E1'], links: ['f2', 'f1'] } }] };
    expect(flowRouteWords(back, 'tcp1', links)!.acksOffCore).toBe(false);
  });

  it('nothing for a flow the engine did not route (not loaded yet, or renamed since)', () => {
    expect(flowRouteWords(routes, 'other', links)).toBeNull();
    expect(flowRouteWords(null, 'tcp1', links)).toBeNull();
  });
});
