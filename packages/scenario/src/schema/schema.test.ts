import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../default-scenario';
import { PRESETS } from '../presets';
import { decodeShareHash, encodeShareHash } from '../share-link';
import { checkSharedScenario } from '../share-limits';
import type { Scenario } from '../scenario';
import { set } from '../test-edits';
import {
  checkId,
  isLivePath,
  LIMITS,
  liveFieldOf,
  livePathsOf,
  numericPaths,
  NUMBER_RULES,
  pathInMessage,
  ruleFor,
  scenarioSchema,
  validateScenario,
} from './index';

/** The default scenario (a mutable copy) after `change`. */
function withChange(change: (s: any) => void): any {
  const s = structuredClone(defaultScenario) as any;
  change(s);
  return s;
}
const first = (s: unknown) => validateScenario(s)[0];

describe('validateScenario', () => {
  it('accepts every preset and the default', () => {
    for (const p of PRESETS) expect([p.id, validateScenario(p.scenario)]).toEqual([p.id, []]);
    expect(validateScenario(defaultScenario)).toEqual([]);
  });

  it("takes the engine's defaults for fields a file leaves out", () => {
    const minimal = {
      version: 1,
      nodes: [
        { id: 'S', kind: 'host' },
        { id: 'D', kind: 'host' },
        { id: 'R', kind: 'router' },
      ],
      links: [
        { id: 'l1', a: 'S', b: 'R', kind: 'packet', rate: 1e6, delay: 0.001 },
        { id: 'l2', a: 'R', b: 'D', kind: 'packet', rate: 1e6, delay: 0.001, loss: {} },
      ],
      flows: [{ id: 't', src: 'S', dst: 'D' }],
    };
    expect(validateScenario(minimal)).toEqual([]);
    const parsed = scenarioSchema.parse(minimal);
    expect(parsed.seed).toBe(NUMBER_RULES.seed.default);
    expect(parsed.flows[0].tcp.variant).toBe('reno');
    expect(parsed.flows[0].tcp.rto).toEqual({ initial: 1, min: 0.2, max: 60, fixed: null });
    expect(parsed.links[1]).toMatchObject({ queue: 1000, loss: { ab: 0, ba: 0 }, arq: { retries: 0, retryDelay: 0 } });
    expect(parsed.obs.assembly).toEqual({ policy: 'time', maxTime: 1e-3, maxBytes: 40000, minBytes: 0, queues: 'per-class' });
  });

  it.each<[string, (s: any) => void, string, string]>([
    ['a value past its bound, in friendly units', set('links[1].rate', 5e5), 'links[1].rate', 'Rate must be ≥ 1 Mbit/s'],
    ['a whole number', set('links[1].wavelengths', 2.5), 'links[1].wavelengths', 'Wavelengths must be a whole number'],
    [
      'a missing field without a default',
      (s) => {
        delete s.links[0].delay;
      },
      'links[0].delay',
      'Delay is required',
    ],
    ['a wrong type', set('flows[0].tcp.delayedAck', 'yes'), 'flows[0].tcp.delayedAck', 'Delayed ACK must be true or false, not a string'],
    [
      'a word not in the list',
      set('flows[0].tcp.variant', 'bbr'),
      'flows[0].tcp.variant',
      'TCP variant must be one of "tahoe", "reno", "newreno", "sack", "hstcp", "stcp", "bic", "cubic", "htcp", "vegas", "westwood"',
    ],
    ['a field it does not know', set('obs.assembly.maxDelay', 1), 'obs.assembly.maxDelay', 'obs.assembly.maxDelay is not a known field'],
    ['a field of another kind', set('links[0].wavelengths', 2), 'links[0].wavelengths', 'Wavelengths applies to fiber links only'],
    ['a node that does not exist', set('links[1].b', 'X'), 'links[1].b', 'End b refers to an unknown node "X"'],
    [
      'an id with a bidi override',
      set('nodes[0].id', 'S\u202e1'),
      'nodes[0].id',
      'The id must not contain control, format or bidirectional characters (found U+202E at character 2)',
    ],
    [
      'an id of 66 UTF-8 bytes',
      set('flows[0].id', 'é'.repeat(33)),
      'flows[0].id',
      'The id must be at most 64 bytes long (UTF-8; an accented letter takes 2)',
    ],
    ['a scenario of another format', set('version', 2), 'version', 'Version must be 1'],
    [
      'an empty network',
      (s) => {
        s.nodes = [];
        s.links = [];
        s.flows = [];
      },
      'nodes',
      'The network needs at least one node',
    ],
    [
      'rto.max below the default rto.min',
      set('flows[0].tcp.rto', { max: 0.1 }),
      'flows[0].tcp.rto.min',
      'Minimum RTO must not exceed the maximum RTO',
    ],
    [
      'a flow with no route',
      (s) => {
        s.links.splice(2, 1);
      },
      'flows[0].dst',
      'No path of links leads from "Server" to "Client"',
    ],
  ])('refuses %s, naming the field and the rule', (_what, change, path, message) => {
    expect(first(withChange(change))).toEqual({ path, message });
  });

  it('accepts what the engine accepts: a blank id, a number-or-object loss', () => {
    expect(validateScenario(withChange(set('flows[0].id', ' ')))).toEqual([]);
    expect(validateScenario(withChange(set('links[0].loss', { ab: 0.1 })))).toEqual([]);
  });

  it("lists issues in the order the engine meets them: a link's ends before the fields of its other kind", () => {
    // A packet link to a host turned into a fiber: its queue and loss belong to packet
    // links, but the engine first finds that a fiber cannot attach to a host.
    const issues = validateScenario(withChange(set('links[0].kind', 'fiber')));
    expect(issues.map((i) => i.path)).toEqual(['links[0].kind', 'links[0].queue', 'links[0].loss', 'links[0].arq']);
  });

  it('checks liveChanges against the scenario: a live path, its value, a time within the run', () => {
    const ok = withChange((s) => {
      s.liveChanges = [
        { at: 0, path: 'obs.burstLoss.data', value: 0 },
        { at: 5, path: 'links[1].wavelengths', value: 4 },
        { at: s.duration, path: 'flows[0].tcp.variant', value: 7 },
      ];
    });
    expect(validateScenario(ok)).toEqual([]);
    const bad = (change: object) => first(withChange(set('liveChanges', [{ at: 1, path: 'obs.burstLoss.data', value: 0, ...change }])));
    expect(bad({ at: 1e5 }).path).toBe('liveChanges[0].at');
    expect(bad({ path: 'links[0].wavelengths' })).toEqual({
      path: 'liveChanges[0].path',
      message: '"links[0].wavelengths" is not a field this scenario can change while running',
    });
    expect(bad({ path: 'flows[0].tcp.variant', value: 11 })).toEqual({
      path: 'liveChanges[0].value',
      message: 'TCP variant must be at most 10',
    });
    expect(bad({ note: 'x' }).path).toBe('liveChanges[0].note');
    const tooMany = withChange(
      set(
        'liveChanges',
        Array.from({ length: LIMITS.MAX_LIVE_CHANGES + 1 }, () => ({ at: 0, path: 'obs.burstLoss.ack', value: 0 })),
      ),
    );
    expect(first(tooMany).path).toBe('liveChanges');
  });
});

describe('field rules', () => {
  it('map concrete paths to their generic rule', () => {
    expect(ruleFor('flows[12].tcp.rto.min')?.label).toBe('Minimum RTO');
    expect(ruleFor('links[3].burstLoss.data')).toMatchObject({ label: 'Data-burst loss', quantity: 'percent', min: 0, max: 1, live: true });
  });
  it('check ids as the engine does', () => {
    expect(checkId('', [], 'node')).toBe('The id must not be empty');
    expect(checkId('x'.repeat(64), [], 'node')).toBeNull();
    expect(checkId('E1', ['E1'], 'node')).toBe('"E1" is already used by another node');
  });
  it('find the field an engine message names', () => {
    expect(pathInMessage('liveChanges[2].value must be a probability between 0 and 1')).toBe('liveChanges[2].value');
    expect(pathInMessage('nodes must list at least one node')).toBe('nodes');
    expect(pathInMessage('background[1]: no path of links leads from "E1" to "E2"')).toBe('background[1].dst');
  });
});

describe('live fields', () => {
  const paper000 = PRESETS.find((p) => p.id === 'paper000')!.scenario;

  it('name a change and show its values', () => {
    const loss = liveFieldOf('obs.burstLoss.data')!;
    expect(`${loss.label} ${loss.format(0.01)} → ${loss.format(0)}`).toBe('data-burst loss 1 % → 0 %');
    expect(liveFieldOf('obs.assembly.maxTime')!.format(0.002)).toBe('2 ms');
    expect(liveFieldOf('obs.burstLoss.ack')!.label).toBe('ACK-burst loss');
    const variant = liveFieldOf('flows[0].tcp.variant', paper000)!;
    expect([variant.label, variant.unit, variant.format(7)]).toEqual(['TCP variant of tcp1', 'choice', 'cubic']);
    const fiber = paper000.links.findIndex((l) => l.kind === 'fiber');
    expect(liveFieldOf(`links[${fiber}].wavelengths`, paper000)!.label).toBe(`wavelengths on ${paper000.links[fiber].id}`);
    expect(liveFieldOf('links[0].delay')).toBeNull();
    expect(liveFieldOf('obs.controlProcessing')).toBeNull();
  });

  it('are live only on elements that have them', () => {
    const fiber = paper000.links.findIndex((l) => l.kind === 'fiber');
    const packet = paper000.links.findIndex((l) => l.kind === 'packet');
    const edge = paper000.nodes.findIndex((n) => n.kind === 'edge');
    const core = paper000.nodes.findIndex((n) => n.kind === 'core');
    expect(isLivePath(`links[${fiber}].burstLoss.data`, paper000)).toBe(true);
    expect(isLivePath(`links[${packet}].burstLoss.data`, paper000)).toBe(false);
    expect(isLivePath(`links[${packet}].loss`, paper000)).toBe(true);
    expect(isLivePath(`nodes[${edge}].assembly.minBytes`, paper000)).toBe(true);
    expect(isLivePath(`nodes[${core}].assembly.minBytes`, paper000)).toBe(false);
    expect(isLivePath(`flows[${paper000.flows.length}].tcp.variant`, paper000)).toBe(false);
    expect(isLivePath('obs.burstLoss.data', paper000)).toBe(true);
    expect(isLivePath('obs.burstLoss', paper000)).toBe(false);
  });

  it('are listed per scenario', () => {
    const paths = livePathsOf(paper000);
    expect(paths.slice(0, 5)).toEqual([
      'obs.assembly.maxTime',
      'obs.assembly.maxBytes',
      'obs.assembly.minBytes',
      'obs.burstLoss.data',
      'obs.burstLoss.ack',
    ]);
    expect(paths).toContain('flows[0].tcp.variant');
    expect(paths.every((p) => isLivePath(p, paper000))).toBe(true);
  });
});

describe('numericPaths', () => {
  it('lists the numbers a scenario holds, named, by index and by id', () => {
    const s = structuredClone(defaultScenario) as Scenario;
    const fields = numericPaths(s);
    const delay = fields.find((f) => f.path === 'links[1].delay')!;
    expect(delay).toMatchObject({
      idPath: `links[${s.links[1].id}].delay`,
      label: `delay of ${s.links[1].id}`,
      owner: s.links[1].id,
      live: false,
    });
    expect(fields.find((f) => f.path === 'obs.burstLoss.data')).toMatchObject({ label: 'data-burst loss', owner: '', live: true });
    expect(fields.some((f) => f.path === 'seed' || f.path.endsWith('.x'))).toBe(false);
    expect(fields.every((f) => ruleFor(f.path) !== undefined)).toBe(true);
  });
});

describe('share links and files with liveChanges', () => {
  it('pass the share check and come back from a link unchanged', () => {
    const s = withChange((x) => {
      x.liveChanges = [{ at: 2, path: 'obs.burstLoss.data', value: 0.02 }];
    });
    expect(checkSharedScenario(s)).toBeNull();
    const back = decodeShareHash(encodeShareHash(s));
    expect(back.ok && back.source === 'link' ? JSON.stringify(back.scenario) : back).toBe(JSON.stringify(s));
  });

  it('must have the shape of a change', () => {
    const s = withChange((x) => {
      x.liveChanges = [{ at: 2, path: 'obs.burstLoss.data', value: '2 %' }];
    });
    expect(checkSharedScenario(s)).toEqual({
      message: 'liveChanges[0].value must be a number, not a string',
      field: 'liveChanges[0].value',
    });
  });
});
