// Same scenario, same seed, same result on every build (docs/model.md section 1): the native
// driver and the wasm engine under Node must give bit-identical summaries.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { TCP_VARIANTS, defaultScenario } from '@obs-tcp-sim/scenario';
import type { Scenario } from '@obs-tcp-sim/scenario';
import { loadEngineNode, runScenarioNode } from './node-engine';

const nativeDriver = fileURLToPath(new URL('../../../wasm-core/build/native/obs-sim-native', import.meta.url));
const haveNative = existsSync(nativeDriver);
// Locally a missing native build is a reason to skip; in CI it is a failure.
const skipReason = !haveNative && !process.env.CI ? `native driver not built (${nativeDriver}); run bash scripts/build-native.sh` : null;

const withAckLoss = structuredClone(defaultScenario) as Scenario;
withAckLoss.name = 'default with ACK-burst loss';
withAckLoss.obs.burstLoss = { data: 0, ack: 0.01 };

// Every network mechanism at once: self-similar and Poisson background, FDLs, per-link
// burst loss, a lossy packet link with ARQ, a router, file and CBR applications.
const networkFeatures = JSON.parse(
  readFileSync(new URL('../../../wasm-core/tests/scenarios/network-features.json', import.meta.url), 'utf8'),
) as Scenario;

// The routing extensions (docs/routing.md): costs per direction (ACKs off the core),
// forced routes, starts spread from the seed, each copy on its own access links.
const routingFeatures = JSON.parse(
  readFileSync(new URL('../../../wasm-core/tests/scenarios/routing-features.json', import.meta.url), 'utf8'),
) as Scenario;

// Paper 004's dumb-bell: Tahoe, Reno and NewReno through a router's drop-tail queue.
const dumbbell = JSON.parse(readFileSync(new URL('../../scenario/presets/paper004-dumbbell.json', import.meta.url), 'utf8')) as Scenario;

// Every TCP variant on the default path at once, under data- and ACK-burst loss: the
// window-growth rules' floating point (CUBIC's cube root, HSTCP's logarithms) must give
// the same bits in both builds.
const everyVariant = structuredClone(defaultScenario) as Scenario;
everyVariant.name = 'every TCP variant';
everyVariant.duration = 5;
everyVariant.obs.burstLoss = { data: 0.01, ack: 0.01 };
everyVariant.flows = TCP_VARIANTS.map((variant) => {
  const flow = structuredClone(defaultScenario.flows[0]);
  flow.id = variant;
  flow.tcp.variant = variant;
  flow.tcp.delayedAck = variant.length % 2 === 0; // about half of them
  return flow;
});

// Background batches entering the edges' assembly queues (background[].enterAssembly),
// sharing bursts with TCP: self-similar one way, Poisson the other.
const assembledBackground = structuredClone(defaultScenario) as Scenario;
assembledBackground.name = 'background entering assembly';
assembledBackground.duration = 5;
assembledBackground.obs.assembly = {
  ...assembledBackground.obs.assembly,
  policy: 'hybrid',
  maxTime: 0.005,
  maxBytes: 20000,
  queues: 'mixed',
};
assembledBackground.background = [
  { src: 'E1', dst: 'E2', model: 'self-similar', hurst: 0.7, load: 0.2, meanBytes: 3000, enterAssembly: true },
  { src: 'E2', dst: 'E1', model: 'poisson', load: 0.2, meanBytes: 1500, enterAssembly: true },
];

// Scheduled live changes (docs/live-changes.md): every kind of path, two at one time,
// a variant switched twice.
const liveChanges = structuredClone(defaultScenario) as Scenario;
liveChanges.name = 'scheduled live changes';
liveChanges.duration = 5;
liveChanges.liveChanges = [
  { at: 4, path: 'flows[0].tcp.variant', value: 10 }, // westwood
  { at: 1, path: 'flows[0].tcp.variant', value: 7 }, // cubic
  { at: 1, path: 'obs.burstLoss.data', value: 0.05 },
  { at: 2, path: 'links[1].wavelengths', value: 1 },
  { at: 2.5, path: 'links[2].burstLoss.ack', value: 0.1 },
  { at: 3, path: 'links[3].loss', value: 0.01 },
  { at: 3.25, path: 'nodes[1].assembly.maxBytes', value: 5000 },
  { at: 3.5, path: 'obs.assembly.maxTime', value: 2e-3 },
  { at: 3.75, path: 'obs.burstLoss.ack', value: 0.02 },
];

const scenarios: [string, Scenario][] = [
  ['the default scenario', defaultScenario],
  ['the default scenario with ACK-burst loss instead of data-burst loss', withAckLoss],
  ['every network mechanism at once', networkFeatures],
  ['routing by cost, forced routes, start spread and per-copy access', routingFeatures],
  ["paper 004's dumb-bell", dumbbell],
  ['every TCP variant under loss', everyVariant],
  ['background entering the assembly queues', assembledBackground],
  ['scheduled live changes', liveChanges],
];

const dir = mkdtempSync(join(tmpdir(), 'obs-determinism-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function runNative(scenario: Scenario): Promise<unknown> {
  if (!haveNative) throw new Error(`the native driver is missing: ${nativeDriver} (run bash scripts/build-native.sh)`);
  const file = join(dir, `${scenarios.findIndex(([, s]) => s === scenario)}.json`);
  writeFileSync(file, JSON.stringify(scenario, null, 2));
  const { stdout } = await promisify(execFile)(nativeDriver, [file], { maxBuffer: 64 << 20 });
  return JSON.parse(stdout);
}

/** Every leaf, by path: with Object.is, so -0 vs 0 or one ulp apart is a difference. */
function differences(a: unknown, b: unknown, path = '$'): string[] {
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b) ? [] : [`${path}: ${a} vs ${b}`];
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return Object.is(a, b) ? [] : [`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) =>
    differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`),
  );
}

describe.skipIf(skipReason !== null)(`native and wasm give identical summaries${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it.each(scenarios)('%s', async (_, scenario) => {
    const [native, wasm] = await Promise.all([runNative(scenario), runScenarioNode(scenario)]);
    expect(differences(native, wasm)).toEqual([]);
    expect(wasm).toStrictEqual(native);
    expect(wasm.events).toBeGreaterThan(0);
  });
});

// A run the run guard stops (a fixed RTO of 1 ns: the pace would need 2e10 events) stops
// at the same event with the same summary and reason on both builds; the native driver
// then exits 2 after printing the summary.
const rtoOfOneNanosecond = structuredClone(defaultScenario) as Scenario;
rtoOfOneNanosecond.name = 'a 1 ns RTO';
rtoOfOneNanosecond.flows[0].tcp.rto = { initial: 1e-9, min: 0, max: 1e-9, fixed: 1e-9 };

describe.skipIf(skipReason !== null)(`a stopped run${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('stops at the same event natively and in wasm, with the same reason', async () => {
    const file = join(dir, 'stopped.json');
    writeFileSync(file, JSON.stringify(rtoOfOneNanosecond));
    const native = await promisify(execFile)(nativeDriver, [file], { maxBuffer: 64 << 20 }).then(
      () => {
        throw new Error('the native driver should exit 2 on a stopped run');
      },
      (error: { code?: number; stdout: string; stderr: string }) => {
        expect(error.code).toBe(2);
        expect(error.stderr.trim().split('\n')).toHaveLength(1);
        return JSON.parse(error.stdout) as { stopped: string; events: number };
      },
    );
    const { module } = await loadEngineNode();
    const sim = new module.Simulation(JSON.stringify(rtoOfOneNanosecond));
    try {
      sim.advanceTo(sim.duration());
      expect(sim.stopReason()).toBe(native.stopped);
      const wasm = JSON.parse(sim.summaryJson()) as unknown;
      expect(differences(native, wasm)).toEqual([]);
    } finally {
      sim.delete();
    }
    expect(native.stopped).toMatch(
      /^stopped at t = .* at this pace the run needs about .* busiest: 100 % flow tcp1's sender \(retransmission timer\)$/,
    );
    await expect(runScenarioNode(rtoOfOneNanosecond)).rejects.toThrow(native.stopped);
  });
});
