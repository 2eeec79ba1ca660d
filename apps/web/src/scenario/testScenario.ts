/** A small valid scenario for the editor's unit tests: H1 - E1 - C1 - E2 - H2, one flow. */
import { DEFAULT_OBS, newFlow, newLink, newNode } from './scenarioEdits';
import type { Scenario } from './scenarioTypes';

export function testScenario(): Scenario {
  return {
    version: 1,
    name: 'test',
    seed: 1,
    duration: 2,
    sampleInterval: 0.01,
    nodes: [
      newNode('host', 'H1', 0, 0),
      newNode('edge', 'E1', 100, 0),
      newNode('core', 'C1', 200, 0),
      newNode('edge', 'E2', 300, 0),
      newNode('host', 'H2', 400, 0),
    ],
    links: [
      newLink('l1', 'H1', 'E1', 'packet'),
      newLink('f1', 'E1', 'C1', 'fiber'),
      newLink('f2', 'C1', 'E2', 'fiber'),
      newLink('l2', 'E2', 'H2', 'packet'),
    ],
    obs: { ...DEFAULT_OBS, burstLoss: { data: 0.01, ack: 0 } },
    flows: [newFlow('tcp1', 'H1', 'H2')],
    background: [],
  };
}
