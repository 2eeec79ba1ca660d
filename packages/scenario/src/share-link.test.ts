import fc from 'fast-check';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import meshFeatures from '../scenarios/mesh-features.json';
import { defaultScenario } from './default-scenario';
import { PRESETS } from './presets';
import type { Scenario } from './scenario';
import { ScenarioError } from './scenario-error';
import { scenarioSchema } from './schema/schema';
import { SHARE_LIMITS } from './share-limits';
import { decodeShareHash, encodeShareHash, presetShareHash } from './share-link';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** A hash of link format 1 around any JSON text, bypassing the encoder's checks. */
const hashOfText = (text: string) => `#s=1.${deflateSync(utf8(text)).toString('base64url')}`;

function decodedScenario(hash: string): Scenario {
  const result = decodeShareHash(hash);
  if (!result.ok || result.source !== 'link') throw new Error(`expected a scenario, got ${JSON.stringify(result)}`);
  return result.scenario;
}

function refusal(hash: string): string {
  const result = decodeShareHash(hash);
  if (result.ok) throw new Error(`expected ${hash.slice(0, 40)} to be refused`);
  expect(result.error.message).not.toMatch(/\n/);
  expect(result.error.message.length).toBeGreaterThan(0);
  return result.error.message;
}

// A scenario link of format 1 as written on the day the format was made. It must keep
// opening, to this very scenario, in every later version (docs/sharing.md).
const V1_LINK =
  '#s=1.eNptUstu2zAQ_BVjz0ohJ3YK6Ja0lwI9FKiBHoIcKIqKWVGkwodlQ_C_Z5biwQHC03K5Ozszy4VOygftLDXbiqwYFTV0mN3m6EIM1cZZtZmEHFTcGG0Hqigo1VHzvaIueRFz5z2yYpyM-mWj8idhqKm_1YznOhWoeVlIo4ee0D5oyyHD43bG2Lqu6AKQur5WpfD5q8L9TeFrRUznBttsUSXKkPYzxioAdxCGPkzMBxKUEUBcyb4nlfB6j7xxAdBIc174d2oW8ip6zWrwzvHlZ2m-MhvX4mUhEYIaW4P0QpMzWiKi46X14FjRKM4HzQ4XZNyfL5ExdyufUduSwCXzQUiT8nfSAJquPDqwxavx9D_LCvKougRD3tgIkeTdqUdaOhu9M3-8kyqE_MqD82jX9wG9DYkUHTuWfIi_s-yFOhHhJCjAtyywot64-cbtKCf2O3hZHO-wpdVz6ZJFjBkhCo8IOChn3JPwWvAjWTV7ZXnwyCO3u0dWL87_sDA3U_O4q0hbHbUwP2beIeDK_W-IR5hwRNF-_7Dnfzg9yeGQk86g9qEsVnXIU9MLExSMg05wKCgZEXazJfi-GA08cOj1mb-3TcawbDFl4uUftckMlNfdwpk3D6VIv7xePwCs6QNQ';
const V1_SCENARIO = {
  version: 1,
  name: 'Two hosts, one packet link',
  seed: 7,
  duration: 2,
  sampleInterval: 0.01,
  nodes: [
    { id: 'A', kind: 'host', x: 100, y: 200 },
    { id: 'B', kind: 'host', x: 500, y: 200 },
  ],
  links: [{ id: 'l1', a: 'A', b: 'B', kind: 'packet', rate: 1e7, delay: 0.01, queue: 20, loss: 0.001, arq: { retries: 0, retryDelay: 0 } }],
  obs: {
    assembly: { policy: 'hybrid', maxTime: 0.001, maxBytes: 40000, minBytes: 0, queues: 'per-class' },
    reservation: 'jet',
    scheduling: 'lauc-vf',
    controlProcessing: 1e-5,
    offset: 'auto',
    burstLoss: { data: 0, ack: 0 },
  },
  flows: [
    {
      id: 'tcp1',
      src: 'A',
      dst: 'B',
      count: 1,
      start: 0,
      tcp: {
        variant: 'newreno',
        mss: 1460,
        maxWindow: 64,
        initialCwnd: 1,
        initialSsthresh: 65535,
        dupAckThreshold: 3,
        delayedAck: false,
        rto: { initial: 1, min: 0.2, max: 60, fixed: null },
      },
      app: { kind: 'bulk' },
    },
  ],
  background: [],
};

describe('share links', () => {
  it.each(PRESETS.map((p) => [p.id, p.scenario] as const))('round-trip preset %s exactly', (_id, scenario) => {
    const hash = encodeShareHash(scenario);
    expect(hash).toMatch(/^#s=1\.[A-Za-z0-9_-]+$/);
    // Fits a chat message; USNET's 48 nodes and 69 links need about 2.7 k (its short link is #preset=usnet).
    expect(hash.length).toBeLessThan(scenario.nodes.length > 40 ? 3000 : 2000);
    const decoded = decodedScenario(hash);
    // The same JSON text, fields in the same order: the engine sees the same input.
    expect(JSON.stringify(decoded)).toBe(JSON.stringify(scenario));
    expect(decoded).toEqual(scenario);
    expect(Object.isFrozen(decoded)).toBe(false);
  });

  it('round-trips the default scenario, and accepts the hash without its #', () => {
    const hash = encodeShareHash(defaultScenario);
    expect(decodedScenario(hash)).toEqual(defaultScenario);
    expect(decodedScenario(hash.slice(1))).toEqual(defaultScenario);
  });

  it('round-trips a scenario with the mesh fields (docs/mesh.md), byte for byte', () => {
    const scenario = scenarioSchema.parse(structuredClone(meshFeatures));
    const decoded = decodedScenario(encodeShareHash(scenario));
    expect(decoded).toEqual(scenario);
    expect(JSON.stringify(decoded)).toBe(JSON.stringify(scenario));
  });

  it('keeps opening links of format 1 made on the first day', () => {
    expect(decodedScenario(V1_LINK)).toEqual(V1_SCENARIO);
  });

  it('ignores keys it does not know next to #s= (later versions may add some)', () => {
    const hash = encodeShareHash(defaultScenario);
    expect(decodedScenario(`${hash}&t=3.5&view=charts`)).toEqual(defaultScenario);
    expect(decodedScenario(`#view=charts&${hash.slice(1)}`)).toEqual(defaultScenario);
  });

  it('reads a link whose data a mail program percent-encoded', () => {
    const hash = encodeShareHash(defaultScenario);
    const escaped = hash.replace('#s=1.', '#s=1%2E').replace(/-/g, '%2D');
    expect(decodedScenario(escaped)).toEqual(defaultScenario);
  });

  it('says there is no link for an empty hash', () => {
    expect(decodeShareHash('')).toEqual({ ok: true, source: 'none' });
    expect(decodeShareHash('#')).toEqual({ ok: true, source: 'none' });
  });

  it('opens presets by short link, as a copy the app may edit', () => {
    for (const preset of PRESETS) {
      const hash = presetShareHash(preset.id);
      expect(hash).toBe(`#preset=${preset.id}`);
      const result = decodeShareHash(hash);
      expect(result).toEqual({ ok: true, source: 'preset', presetId: preset.id, scenario: preset.scenario });
      if (result.ok && result.source === 'preset') expect(Object.isFrozen(result.scenario)).toBe(false);
    }
    expect(refusal('#preset=paper999')).toBe(
      'there is no preset "paper999"; the presets are first-lesson, paper000, paper001, paper002, paper003-slow, paper003-fast, paper004, nsfnet, nsfnet-continuity, usnet, contention-resolution',
    );
  });

  it.each([
    ['#s=', 'the link is damaged: its #s= is empty or cut short'],
    ['#s', 'the link is damaged: its #s= is empty or cut short'],
    ['#s=eJyrVg', 'the link is damaged: expected #s=<format>.<data>, e.g. #s=1.eJy...'],
    ['#s=2.eJyrVg', 'the link was made by a newer version of the simulator (link format 2; this version reads format 1)'],
    ['#s=1.eJy<script>', 'the link is damaged: it contains "<" at character 4, which base64url does not use'],
    ['#s=1.%E0%A4%A', 'the link is damaged: its #s= is empty or cut short'],
    ['#foo=bar', 'the link holds no scenario: expected #s=... or #preset=..., found #foo'],
    ['#<img src=x onerror=alert(1)>', 'the link holds no scenario: expected #s=... or #preset=..., found #<img src'],
  ])('refuses %j with a clear message', (hash, message) => {
    expect(refusal(hash)).toBe(message);
  });

  it('refuses a link longer than the limit before reading it', () => {
    const hash = `#s=1.${'A'.repeat(SHARE_LIMITS.maxHashLength)}`;
    const started = performance.now();
    expect(refusal(hash)).toBe(`the link is too long (${hash.length} characters, at most 65536)`);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('refuses a deflate bomb (50 MB of zeros, a link under the length limit) at the size cap, quickly', () => {
    const bomb = `#s=1.${deflateSync(Buffer.alloc(50_000_000), { level: 9 }).toString('base64url')}`;
    expect(bomb.length).toBeLessThanOrEqual(SHARE_LIMITS.maxHashLength);
    const started = performance.now();
    expect(refusal(bomb)).toBe('the link was refused: it unpacks to more than 1048576 bytes of scenario (the limit for a link)');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('returns markup in a name as data, unchanged (the app renders it as text)', () => {
    const scenario = { ...structuredClone(defaultScenario), name: '<script>alert("x")</script><img src=x onerror=alert(1)>' } as Scenario;
    expect(decodedScenario(encodeShareHash(scenario)).name).toBe(scenario.name);
  });

  it('refuses a million flows, naming the field', () => {
    const scenario = structuredClone(defaultScenario) as any;
    scenario.flows[0].count = 1_000_000;
    expect(decodeShareHash(hashOfText(JSON.stringify(scenario)))).toEqual({
      ok: false,
      error: { message: 'flows[0].count must be an integer from 1 to 1000 (the link asks for 1000000)', field: 'flows[0].count' },
    });
    // As many flow entries as 1 MB of JSON holds.
    scenario.flows = Array.from({ length: 200_000 }, () => ({}));
    expect(refusal(hashOfText(JSON.stringify(scenario)))).toBe('flows must list at most 1000 flows (the link has 200000)');
  });

  it.each([
    [
      'not JSON',
      '{"version": 1,',
      "the link's scenario is not valid: invalid JSON at line 1, column 15: unexpected end of input, expected a property name in double quotes",
    ],
    ['not an object', '[1, 2]', "the link's scenario is not valid: expected a JSON object at the top level, found an array"],
    ['an infinite number', '{"version": 1, "duration": 1e999}', 'duration must be a finite number (the link has Infinity)'],
    [
      'a newer scenario format',
      '{"version": 2}',
      'version is 2: the link was made by a newer version of the simulator (this one reads scenario format 1)',
    ],
    [
      'deep nesting',
      `{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      "the link's scenario nests objects and arrays deeper than 12 levels",
    ],
  ])('refuses a scenario that is %s', (_what, text, message) => {
    expect(refusal(hashOfText(text))).toBe(message);
  });

  it('refuses to make a link that would not open', () => {
    const scenario = structuredClone(defaultScenario) as any;
    scenario.duration = 1e6;
    expect(() => encodeShareHash(scenario)).toThrow(ScenarioError);
    expect(() => encodeShareHash(scenario)).toThrow(
      'cannot share this scenario by link: duration must be a number of seconds above 0 and at most 3600 (the link asks for 1000000)',
    );
  });
});

// Scenario-shaped values: every field of format v1 with arbitrary values of its JSON
// type, optional fields sometimes, fields added later sometimes.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const text = (maxLength: number) =>
  fc
    .oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom('<script>alert(1)</script>', '"\'&<>\\', 'tcp#1', '𝄞 é ü', ''))
    .filter((s) => s.length <= maxLength && !FORBIDDEN.test(s));
const id = text(SHARE_LIMITS.maxIdLength);
const num = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => x || 0); // JSON has no -0
const prob = fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x || 0);
const burstLoss = fc.record({ data: prob, ack: prob });
const extras = fc.dictionary(
  text(20).filter((k) => k !== '__proto__'),
  fc.oneof(num, text(20), fc.boolean(), fc.constant(null), fc.array(num, { maxLength: 3 })),
  { maxKeys: 2 },
);
const withExtras = <T extends object>(arb: fc.Arbitrary<T>) =>
  fc.tuple(arb, fc.option(extras, { nil: undefined })).map(([value, more]) => ({ ...more, ...value }));

const node = fc.oneof(
  fc.record({ id, kind: fc.constantFrom('host', 'router', 'edge'), x: num, y: num }),
  // `conversion` (docs/mesh.md): absent, a word, or a range; `deflection` and `segmentation` absent or true/false.
  fc.record(
    {
      id,
      kind: fc.constant('core'),
      x: num,
      y: num,
      setupTime: num,
      fdl: fc.record({ count: num, unit: num }),
      conversion: fc.oneof(text(10), fc.record({ range: num })),
      deflection: fc.boolean(),
      segmentation: fc.boolean(),
    },
    { requiredKeys: ['id', 'kind', 'x', 'y', 'setupTime', 'fdl'] },
  ),
);
/** Links, flows and background sources refer to existing nodes (`ref`). */
// `cost` (docs/routing.md): absent, one number, or one per direction (either may be left out).
const cost = fc.option(fc.oneof(num, fc.record({ ab: num, ba: num }, { requiredKeys: [] })), { nil: undefined });
const withCost = <T extends object>(arb: fc.Arbitrary<T>) =>
  fc.tuple(arb, cost).map(([value, c]) => (c === undefined ? value : { ...value, cost: c }));
const link = (ref: fc.Arbitrary<string>) =>
  withCost(
    fc.oneof(
      fc.record({
        id,
        a: ref,
        b: ref,
        kind: fc.constant('packet'),
        rate: num,
        delay: num,
        queue: num,
        loss: fc.oneof(prob, fc.record({ ab: prob, ba: prob })),
        arq: fc.record({ retries: num, retryDelay: num }),
      }),
      fc.record({ id, a: ref, b: ref, kind: fc.constant('fiber'), wavelengths: num, rate: num, delay: num, burstLoss }),
    ),
  );
const tcp = fc.record(
  {
    variant: text(20),
    recovery: fc.constantFrom('tahoe', 'reno', 'newreno', 'sack'),
    mss: num,
    maxWindow: num,
    initialCwnd: num,
    initialSsthresh: num,
    dupAckThreshold: num,
    delayedAck: fc.boolean(),
    rto: fc.record({ initial: num, min: num, max: num, fixed: fc.option(num, { nil: null }) }),
  },
  { requiredKeys: ['variant', 'mss', 'maxWindow', 'initialCwnd', 'initialSsthresh', 'dupAckThreshold', 'delayedAck', 'rto'] },
);
const app = fc.oneof(
  fc.constant({ kind: 'bulk' }),
  fc.record({ kind: fc.constant('file'), bytes: num }),
  fc.record({ kind: fc.constant('cbr'), rate: num }),
);
const accessLink = fc.record({ rate: num, delay: num, queue: num }, { requiredKeys: ['rate', 'delay'] });
// The routing extensions (docs/routing.md) are optional: each present or not.
const flow = (ref: fc.Arbitrary<string>) =>
  withExtras(
    fc.record(
      {
        id,
        src: ref,
        dst: ref,
        count: fc.integer({ min: 1, max: 20 }),
        start: num,
        tcp,
        app,
        startSpread: num,
        route: fc.array(ref, { maxLength: 5 }),
        ackRoute: fc.array(ref, { maxLength: 5 }),
        access: fc.record({ src: accessLink, dst: accessLink }, { requiredKeys: [] }),
      },
      { requiredKeys: ['id', 'src', 'dst', 'count', 'start', 'tcp', 'app'] },
    ),
  );
const background = (ref: fc.Arbitrary<string>) =>
  fc.record(
    {
      src: ref,
      dst: ref,
      model: fc.constantFrom('poisson', 'self-similar'),
      load: num,
      meanBytes: num,
      hurst: num,
      enterAssembly: fc.boolean(),
      extraOffset: num,
    },
    { requiredKeys: ['src', 'dst', 'model', 'load', 'meanBytes'] },
  );
// `traffic` (docs/mesh.md): only the load is required; a matrix is a word or rows of weights.
const traffic = fc.record(
  {
    matrix: fc.oneof(text(10), fc.array(fc.array(num, { maxLength: 4 }), { maxLength: 4 })),
    load: num,
    model: text(10),
    meanBytes: num,
    hurst: num,
    extraOffset: num,
  },
  { requiredKeys: ['load'] },
);
const scenarioShaped = fc.array(withExtras(node), { minLength: 1, maxLength: 6 }).chain((nodes) => {
  const ref = fc.constantFrom(...nodes.map((n) => n.id));
  return withExtras(
    fc.record(
      {
        version: fc.constant(1),
        name: text(SHARE_LIMITS.maxNameLength),
        seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        duration: fc.double({ min: 1e-6, max: 60, noNaN: true }),
        sampleInterval: fc.double({ min: 0.01, max: 10, noNaN: true }),
        nodes: fc.constant(nodes),
        links: fc.array(link(ref), { maxLength: 6 }),
        obs: fc.record(
          {
            assembly: fc.record({ policy: text(10), maxTime: num, maxBytes: num, minBytes: num, queues: text(10) }),
            reservation: text(10),
            scheduling: text(10),
            controlProcessing: num,
            offset: fc.oneof(num, fc.constant('auto')),
            burstLoss,
            wavelengthChoice: text(10),
            maxDeflections: num,
          },
          { requiredKeys: ['assembly', 'reservation', 'scheduling', 'controlProcessing', 'offset', 'burstLoss'] },
        ),
        flows: fc.array(flow(ref), { maxLength: 5 }),
        background: fc.array(background(ref), { maxLength: 3 }),
        traffic,
      },
      { requiredKeys: ['version', 'name', 'seed', 'duration', 'sampleInterval', 'nodes', 'links', 'obs', 'flows', 'background'] },
    ),
  );
});

// Thousands of runs each: give them time on a busy 2-core machine.
describe('share links, property tests', { timeout: 30_000 }, () => {
  it('round-trip every scenario-shaped value exactly', () => {
    fc.assert(
      fc.property(scenarioShaped, (scenario) => {
        const decoded = decodedScenario(encodeShareHash(scenario as unknown as Scenario));
        expect(decoded).toEqual(scenario);
        expect(JSON.stringify(decoded)).toBe(JSON.stringify(scenario));
      }),
      { numRuns: 300 },
    );
  });

  const check = (hash: string) => {
    const result = decodeShareHash(hash); // must not throw
    if (!result.ok) {
      expect(result.error.message).not.toMatch(/\n/);
      expect(result.error.message.length).toBeGreaterThan(0);
    }
    return result;
  };

  it('never throw on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string().map((s) => `#s=1.${s}`),
          fc.string().map((s) => `#preset=${s}`),
        ),
        (hash) => {
          check(hash);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuse arbitrary bytes as link data, raw or with a valid zlib header', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.boolean(), (bytes, header) => {
        const data = header ? Uint8Array.from([0x78, 0xda, ...bytes]) : bytes;
        expect(check(`#s=1.${Buffer.from(data).toString('base64url')}`).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuse arbitrary JSON as a scenario, never throwing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          scenarioShaped.chain((s) => fc.json().map((j) => JSON.stringify(s).replace(/\d+/, j))),
        ),
        (json) => {
          check(hashOfText(json));
        },
      ),
      { numRuns: 500 },
    );
  });

  const links = PRESETS.map((p) => [encodeShareHash(p.scenario), p.scenario] as const);

  it('refuse every truncation of a link', () => {
    fc.assert(
      fc.property(fc.constantFrom(...links), fc.nat(), ([hash], cut) => {
        const length = 2 + (cut % (hash.length - 2)); // keep '#s' at least: '#' alone is no link
        expect(check(hash.slice(0, length)).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuse a bit flipped anywhere in a link, or (padding bits only) give the very same scenario', () => {
    fc.assert(
      fc.property(fc.constantFrom(...links), fc.nat(), fc.integer({ min: 0, max: 6 }), ([hash, scenario], at, bit) => {
        const i = at % hash.length;
        const flipped = hash.slice(0, i) + String.fromCharCode(hash.charCodeAt(i) ^ (1 << bit)) + hash.slice(i + 1);
        const result = check(flipped);
        if (result.ok) expect(result.source === 'link' && result.scenario).toEqual(scenario);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the preset an edited scenario comes from', () => {
  it('round-trips &from= for a known preset, and ignores an unknown one', () => {
    const edited = { ...(structuredClone(PRESETS[0].scenario) as Scenario), seed: 77 };
    const hash = encodeShareHash(edited, { fromPreset: PRESETS[0].id });
    expect(hash).toMatch(new RegExp(`&from=${PRESETS[0].id}$`));
    const back = decodeShareHash(hash);
    expect(back).toMatchObject({ ok: true, source: 'link', fromPreset: PRESETS[0].id });
    expect(back.ok && back.source === 'link' && back.scenario.seed).toBe(77);
    const unknown = decodeShareHash(hash.replace(/&from=.*$/, '&from=paper999'));
    expect(unknown.ok && unknown.source === 'link' && 'fromPreset' in unknown).toBe(false);
    // The scenario's bytes are the same with or without it: fingerprints unchanged.
    expect(hash.split('&')[0]).toBe(encodeShareHash(edited));
  });
});
