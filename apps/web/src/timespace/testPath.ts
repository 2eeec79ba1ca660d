/**
 * A small network for the time-space tests: E1 - C1 - C2 - E2 in a line (5 ms, 2 ms and
 * 5 ms fibers, fiber2 drawn from C2 to C1 so its forward direction is 1), and a detour
 * C1 - C3 - C2; the routes the engine would report for one flow Server → Client.
 */
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import type { TimeSpaceScenario } from './pathSpec';

export const LINE: TimeSpaceScenario = {
  nodes: [
    { id: 'Server', kind: 'host' },
    { id: 'E1', kind: 'edge' },
    { id: 'C1', kind: 'core', setupTime: 1e-6 },
    { id: 'C2', kind: 'core', setupTime: 2e-6 },
    { id: 'E2', kind: 'edge' },
    { id: 'Client', kind: 'host' },
    { id: 'C3', kind: 'core' },
  ],
  links: [
    { id: 'acc1', a: 'Server', b: 'E1', kind: 'packet', delay: 0.001 },
    { id: 'fiber1', a: 'E1', b: 'C1', kind: 'fiber', delay: 0.005 },
    { id: 'fiber2', a: 'C2', b: 'C1', kind: 'fiber', delay: 0.002 },
    { id: 'fiber3', a: 'C2', b: 'E2', kind: 'fiber', delay: 0.005 },
    { id: 'acc2', a: 'E2', b: 'Client', kind: 'packet', delay: 0.001 },
    { id: 'detour1', a: 'C1', b: 'C3', kind: 'fiber', delay: 0.003 },
    { id: 'detour2', a: 'C3', b: 'C2', kind: 'fiber', delay: 0.003 },
  ],
  obs: { controlProcessing: 0.001, reservation: 'jet' },
};

export const LINE_ROUTES: EngineRoutes = {
  flows: [
    {
      id: 'tcp1',
      data: {
        nodes: ['Server', 'E1', 'C1', 'C2', 'E2', 'Client'],
        links: ['acc1', 'fiber1', 'fiber2', 'fiber3', 'acc2'],
        opticalPaths: [0],
      },
      ack: {
        nodes: ['Client', 'E2', 'C2', 'C1', 'E1', 'Server'],
        links: ['acc2', 'fiber3', 'fiber2', 'fiber1', 'acc1'],
        opticalPaths: [1],
      },
    },
  ],
  opticalPaths: [
    { ingress: 'E1', egress: 'E2', nodes: ['E1', 'C1', 'C2', 'E2'], links: ['fiber1', 'fiber2', 'fiber3'] },
    { ingress: 'E2', egress: 'E1', nodes: ['E2', 'C2', 'C1', 'E1'], links: ['fiber3', 'fiber2', 'fiber1'] },
    { ingress: 'E1', egress: 'E2', nodes: ['E1', 'C1', 'C3', 'C2', 'E2'], links: ['fiber1', 'detour1', 'detour2', 'fiber3'] },
  ],
  background: [],
};
