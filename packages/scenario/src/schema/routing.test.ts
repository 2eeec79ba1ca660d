// The routing extensions of format v1 (docs/routing.md) in the schema: `cost` on links,
// `startSpread`, `route`, `ackRoute` and `access` on flows, each refused where the engine
// refuses it (scenario_parser.cc, held together by packages/engine/src/schema-engine.contract.test.ts),
// and absent from a scenario that does not use them.
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../default-scenario';
import { scenarioSchema, validateScenario } from './index';

const change = (edit: (s: any) => void) => {
  const s = structuredClone(defaultScenario) as any;
  edit(s);
  return s;
};
const first = (edit: (s: any) => void) => validateScenario(change(edit))[0];

describe('routing extensions', () => {
  it('are absent unless written, and kept as written', () => {
    const plain = scenarioSchema.parse(structuredClone(defaultScenario));
    expect(plain.links[0].cost).toBeUndefined();
    expect(plain.flows[0].startSpread).toBeUndefined();
    expect(plain.flows[0].route).toBeUndefined();
    expect(plain.flows[0].access).toBeUndefined();
    const s = change((s) => {
      s.links[0].cost = { ab: 1, ba: 0 };
      s.links[1].cost = 3;
      s.flows[0].startSpread = 0.5;
      s.flows[0].route = ['Server', 'E1', 'C1', 'E2', 'Client'];
      s.flows[0].ackRoute = ['Client', 'E2', 'C1', 'E1', 'Server'];
    });
    expect(validateScenario(s)).toEqual([]);
    const parsed = scenarioSchema.parse(s);
    expect(parsed.links[0].cost).toEqual({ ab: 1, ba: 0 });
    expect(parsed.flows[0].route).toEqual(['Server', 'E1', 'C1', 'E2', 'Client']);
  });

  it('accepts access on a side whose node forwards', () => {
    const s = change((s) => {
      s.flows[0].src = 'E1';
      s.flows[0].count = 3;
      s.flows[0].access = { src: { rate: 1e8, delay: 1e-3, queue: 100 } };
    });
    expect(validateScenario(s)).toEqual([]);
  });

  it('refuses what the engine refuses, naming the field', () => {
    const cases: [(s: any) => void, string, RegExp][] = [
      [
        (s) => {
          s.links[0].cost = -1;
        },
        'links[0].cost',
        /Routing cost must be ≥ 0/,
      ],
      [
        (s) => {
          s.links[0].cost = { ab: 2e9 };
        },
        'links[0].cost.ab',
        /at most/,
      ],
      [
        (s) => {
          s.links[0].cost = { up: 1 };
        },
        'links[0].cost.up',
        /not a known field/,
      ],
      [
        (s) => {
          s.flows[0].startSpread = -1;
        },
        'flows[0].startSpread',
        /Start spread must be ≥ 0/,
      ],
      [
        (s) => {
          s.flows[0].start = 5e5;
          s.flows[0].startSpread = 6e5;
        },
        'flows[0].startSpread',
        /must end by/,
      ],
      [
        (s) => {
          s.flows[0].route = ['Server'];
        },
        'flows[0].route',
        /at least two node ids/,
      ],
      [
        (s) => {
          s.flows[0].route = ['Server', 'E1', 'E2', 'Client'];
        },
        'flows[0].route[2]',
        /not linked to the node before it, "E1"/,
      ],
      [
        (s) => {
          s.flows[0].route = ['Server', 'E1', 'X', 'Client'];
        },
        'flows[0].route[2]',
        /unknown node "X"/,
      ],
      [
        (s) => {
          s.flows[0].route = ['Server', 'E1', 'C1', 'E1', 'Client'];
        },
        'flows[0].route[3]',
        /a second time/,
      ],
      [
        (s) => {
          s.flows[0].route = ['E1', 'C1', 'E2', 'Client'];
        },
        'flows[0].route[0]',
        /must start at "Server"/,
      ],
      [
        (s) => {
          s.flows[0].route = ['Server', 'E1', 'C1', 'E2'];
        },
        'flows[0].route[3]',
        /must end at "Client"/,
      ],
      [
        (s) => {
          s.flows[0].ackRoute = ['Server', 'E1', 'C1', 'E2', 'Client'];
        },
        'flows[0].ackRoute[0]',
        /must start at "Client"/,
      ],
      [
        (s) => {
          s.flows[0].route = ['Server', 3];
        },
        'flows[0].route[1]',
        /string/,
      ],
      [
        (s) => {
          s.flows[0].access = { src: { rate: 1e8, delay: 0 } };
        },
        'flows[0].src',
        /router or an edge node when access.src is given/,
      ],
      [
        (s) => {
          s.flows[0].src = 'E1';
        },
        'flows[0].src',
        /must be a host \("E1" is a edge\)/,
      ],
      [
        (s) => {
          s.flows[0].access = {};
        },
        'flows[0].access.src',
        /needs "src" or "dst"/,
      ],
      [
        (s) => {
          s.flows[0].src = 'E1';
          s.flows[0].access = { src: { rate: 10, delay: 0 } };
        },
        'flows[0].access.src.rate',
        /Source access rate must be ≥/,
      ],
      [
        (s) => {
          s.flows[0].src = 'E1';
          s.flows[0].access = { src: { rate: 1e8 } };
        },
        'flows[0].access.src.delay',
        /./,
      ],
      [
        (s) => {
          s.flows[0].src = 'E1';
          s.flows[0].access = { src: { rate: 1e8, delay: 0, loss: 0.1 } };
        },
        'flows[0].access.src.loss',
        /not a known field/,
      ],
      [
        (s) => {
          s.flows[0].src = 'E1';
          s.flows[0].count = 2;
          s.flows[0].access = { src: { rate: 1e8, delay: 0 } };
          s.links[0].id = 'tcp1#1.src';
        },
        'flows[0].access.src',
        /draws a host and link named "tcp1#1.src", the id of links\[0\]/,
      ],
    ];
    for (const [edit, field, message] of cases) {
      const issue = first(edit);
      expect(issue?.path, String(message)).toBe(field);
      expect(issue?.message).toMatch(message);
    }
  });
});
