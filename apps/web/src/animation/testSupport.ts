/** Builders shared by the animation's tests: a small network and event rows. */
import type { Scenario } from '@obs-tcp-sim/scenario';
import { defaultScenario } from '@obs-tcp-sim/scenario';
import { eventRows, visualEvent } from '../sim/visualEventFixtures';
import type { VisualEvent } from '../sim/visualStore';

/** Edge A at (0,0) - fiber (1 ms, 2 wavelengths) - core B at (1000,0) - packet link (1 ms) - host H at (1000,400). */
export function lineScenario(): Scenario {
  const s = structuredClone(defaultScenario);
  s.nodes = [
    { id: 'A', kind: 'edge', x: 0, y: 0 },
    { id: 'B', kind: 'core', x: 1000, y: 0, setupTime: 0, fdl: { count: 0, unit: 0 } },
    { id: 'H', kind: 'host', x: 1000, y: 400 },
  ];
  s.links = [
    { id: 'f', kind: 'fiber', a: 'A', b: 'B', delay: 1e-3, wavelengths: 2, rate: 1e9, burstLoss: { data: 0, ack: 0 } },
    { id: 'p', kind: 'packet', a: 'B', b: 'H', delay: 1e-3, rate: 1e8, queue: 10, loss: 0, arq: { retries: 0, retryDelay: 0 } },
  ];
  return s;
}

export const identity = (x: number, y: number): [number, number] => [x, y];

/** An event of the given kind (visualEvent, with the kind required). */
export const ev = (partial: Partial<VisualEvent> & { kind: number }): VisualEvent => visualEvent(partial);

export { eventRows as rows };
