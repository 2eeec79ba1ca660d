/**
 * Scenarios with issue 21's routing fields (docs/routing.md) for the canvas's e2e test and
 * its screenshots: a 320-copy group on its own access links, and a flow whose ACKs return
 * over a router path by cost.
 */
import { readFileSync } from 'node:fs';

const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

/** Paper 003's fast path as the preset sets it: 320 copies, each with its own 100 Mbit/s access links at E1 and E2. */
export function fanScenario(): Record<string, unknown> {
  const s = read('../packages/scenario/presets/paper003-fast.json');
  return { ...s, name: '320 flows, each on its own 100 Mbit/s access link' };
}

/**
 * The default network plus a router R1 under the core, E1-R1 and R1-E2 costing 1 one way
 * and 0 the other (wasm-core/tests/route_cost_test.cc asymmetric()): data crosses
 * E1-C1-E2, ACKs return E2-R1-E1.
 */
export function twoRoutesScenario(): Record<string, unknown> {
  const s = read('../packages/scenario/scenarios/default.json');
  const packet = (id: string, a: string, b: string) => ({
    id,
    a,
    b,
    kind: 'packet',
    rate: 1e9,
    delay: 1e-4,
    queue: 1000,
    loss: 0,
    arq: { retries: 0, retryDelay: 0 },
    cost: { ab: 1, ba: 0 },
  });
  return {
    ...s,
    name: 'Data over the core, ACKs over a router path',
    nodes: [...s.nodes, { id: 'R1', kind: 'router', x: 400, y: 330 }],
    links: [...s.links, packet('p1', 'E1', 'R1'), packet('p2', 'R1', 'E2')],
  };
}

/**
 * twoRoutesScenario with a second group of 20 copies from E1 (each on its own 100 Mbit/s
 * access link) to the client: a fan at E1 whose flow's ACKs also return over R1.
 */
export function fanAndTwoRoutesScenario(): Record<string, unknown> {
  const s = twoRoutesScenario() as { flows: Array<Record<string, unknown>> };
  return {
    ...s,
    name: 'A fan of 20 at E1, ACKs over a router path',
    flows: [...s.flows, { ...s.flows[0], id: 'many', src: 'E1', count: 20, access: { src: { rate: 1e8, delay: 1e-3 } } }],
  };
}
