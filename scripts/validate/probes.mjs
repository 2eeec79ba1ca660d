// What `obs-sim sweep` cannot give, for docs/validation.md: a sweep keeps only each run's
// summary, but paper 001 needs cwnd vs time (its Fig. 2) and a count of data bursts
// delivered out of order (why its throughput falls with large bursts). A "probe" runs
// an ordinary sweep spec of validation/specs (so `obs-sim sweep` runs the same runs, for
// their summaries) through the engine's node runner in this process, and keeps per run:
//   - `every` (seconds): the per-flow cwnd samples, thinned to one every `every` s;
//   - `overtaken`: how many data bursts reached their egress after a burst formed later
//     at the same ingress edge (from the engine's burst events, which the summary lacks);
//   - `cwndFlows` (flow ids): keep cwnd of these flows only (default: every flow), e.g.
//     one flow of paper 003's 320;
//   - `delivered`: per kept sample, the bytes each kept flow has delivered in order since
//     the start (throughput over any span is a difference of two of them);
//   - `aggregate`: per kept sample, the bytes delivered by all flows together;
//   - `totals`: rtos, fastRetransmits and retransmits summed over every flow of the run
//     (a sweep's outputs name flows one by one).
// Cached in validation/results/<name>.probe.json like the sweeps (hash, --rerun, --quick).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectOutputs, expandSweep, resolveSweepSpec } from '@obs-tcp-sim/sweep';
import { loadPresets } from '@obs-tcp-sim/cli/preset-files';
import { QUICK_DIR, RESULT_DIR, readCached, rel, specFor, writeMeta } from './sweeps.mjs';

/** cwnd in segments to 3 decimals: enough for a figure, and the cached file stays small. */
const r3 = (v) => Math.round(v * 1000) / 1000;

// Visual event kinds (docs/engine-api.md): 0 burst formed, 7 burst delivered.
const FORMED = 0;
const DELIVERED = 7;
const DATA = 0;
/** Simulated seconds between drains: the event ring (65536) never fills in between. */
const DRAIN_STEP = 0.05;

/**
 * Probe results of one spec, from the cache or by running every run of it.
 * @param {string} name spec file name without .json
 * @param {{ quick: boolean, rerun: boolean, quickPlan?: object, every?: number, overtaken?: boolean, cwndFlows?: string[], delivered?: boolean, aggregate?: boolean, totals?: boolean, log: (s: string) => void }} mode
 * @returns {Promise<{ results: any, meta: any, ran: boolean }>}
 */
export async function probeResults(name, mode) {
  const { spec, file } = specFor(name, mode);
  const sweep = resolveSweepSpec(spec, { presets: loadPresets() });
  const options = { every: mode.every ?? null, overtaken: mode.overtaken === true };
  const extra = {
    ...(mode.cwndFlows ? { cwndFlows: mode.cwndFlows } : {}),
    ...(mode.delivered ? { delivered: true } : {}),
    ...(mode.aggregate ? { aggregate: true } : {}),
    ...(mode.totals ? { totals: true } : {}),
  };
  if ((extra.delivered || extra.aggregate || extra.cwndFlows) && options.every === null)
    throw new Error(`${name}: a probe that keeps samples needs \`every\``);
  Object.assign(options, extra);
  // What is kept is part of the cache key: other options are another result (the options
  // added later only when set, so older probes keep their hash).
  const hash =
    `${sweep.hash}-${options.every ?? 'none'}-${options.overtaken ? 'overtaken' : 'none'}` +
    (Object.keys(extra).length
      ? `-${Object.entries(extra)
          .map(([k, v]) => (v === true ? k : `${k}=${v.join(',')}`))
          .join('-')}`
      : '');
  const dir = mode.quick ? QUICK_DIR : RESULT_DIR;
  mkdirSync(dir, { recursive: true });
  const outFile = join(dir, `${name}.probe.json`);
  const metaFile = join(dir, `${name}.probe.meta.json`);
  const cached = mode.rerun ? null : readCached(name, outFile, metaFile, hash, { log: mode.log, rerunStale: mode.rerunStale });
  if (cached) return cached;

  mode.log(`${name}: running ${rel(file)} in this process (samples and burst events) ...`);
  const started = process.hrtime.bigint();
  // Imported here so that a fully cached `npm run validate` never loads the wasm.
  const { loadEngineNode } = await import('@obs-tcp-sim/engine/node');
  const { module } = await loadEngineNode();
  const runs = [];
  let flowIds = null;
  for (const run of expandSweep(sweep)) {
    const sim = new module.Simulation(JSON.stringify(run.scenario));
    try {
      if (!sim.ok()) throw new Error(`${name}: run ${run.index}: the engine refused the scenario: ${sim.error()}`);
      flowIds ??= JSON.parse(sim.flowIdsJson());
      // Flows whose per-flow series are kept (all, unless cwndFlows names some).
      const kept = options.cwndFlows
        ? options.cwndFlows.map((id) => {
            const f = flowIds.indexOf(id);
            if (f < 0) throw new Error(`${name}: no flow ${id} (flows: ${flowIds.slice(0, 5).join(', ')}, ...)`);
            return f;
          })
        : flowIds.map((_, f) => f);
      const slot = new Map(kept.map((f, k) => [f, k]));
      const keep = options.every === null ? null : thinner(run.scenario.sampleInterval, options.every);
      const counter = options.overtaken ? overtakeCounter() : null;
      if (counter) {
        sim.setVisualEvents(true);
        sim.setVisualEventKinds((1 << FORMED) | (1 << DELIVERED));
      }
      /** @type {number[]} */
      const t = [];
      const cwnd = kept.map(() => /** @type {number[]} */ ([]));
      const delivered = kept.map(() => /** @type {number[]} */ ([]));
      /** @type {number[]} */
      const aggregate = [];
      const duration = sim.duration();
      const steps = Math.max(1, Math.ceil(duration / DRAIN_STEP - 1e-9));
      for (let k = 1; k <= steps; k++) {
        sim.advanceTo(k === steps ? duration : k * DRAIN_STEP);
        const s = sim.drainSamples(); // drained even when unused: the wasm heap stays small
        if (keep) {
          for (let i = 0; i < s.t.length; i++) {
            if (!keep(s.t[i])) continue;
            if (s.flow[i] === 0) {
              t.push(r3(s.t[i]));
              if (options.aggregate) aggregate.push(0);
            }
            if (options.aggregate) aggregate[aggregate.length - 1] += s.delivered[i];
            const k = slot.get(s.flow[i]);
            if (k === undefined) continue;
            cwnd[k].push(r3(s.cwnd[i]));
            if (options.delivered) delivered[k].push(s.delivered[i]);
          }
        }
        if (counter) counter.add(sim.drainVisualEvents(), `${name}: run ${run.index}`);
      }
      const summary = JSON.parse(sim.summaryJson());
      const values = collectOutputs(sweep, summary);
      const out = {
        run: run.index,
        point: run.point,
        seed: run.seed,
        values: run.values,
        outputs: Object.fromEntries(sweep.outputs.map((o, i) => [o, values[i]])),
      };
      if (counter) Object.assign(out, counter.result());
      if (keep) Object.assign(out, { t, cwnd: Object.fromEntries(kept.map((f, k) => [flowIds[f], cwnd[k]])) });
      if (options.delivered) out.delivered = Object.fromEntries(kept.map((f, k) => [flowIds[f], delivered[k]]));
      if (options.aggregate) out.aggregate = aggregate;
      if (options.totals) {
        out.totals = Object.fromEntries(
          ['rtos', 'fastRetransmits', 'retransmits'].map((k) => [k, summary.flows.reduce((sum, f) => sum + f[k], 0)]),
        );
      }
      runs.push(out);
    } finally {
      sim.delete();
    }
  }
  const results = {
    obsProbe: 1,
    hash,
    name: sweep.name,
    ...options,
    flowIds,
    parameters: sweep.axes.map((a) => ({ paths: a.paths, values: a.values })),
    outputs: sweep.outputs,
    runs,
    base: sweep.base,
  };
  writeFileSync(outFile, JSON.stringify(results) + '\n');
  const meta = writeMeta(metaFile, { file, hash, started, workers: 1 });
  mode.log(`${name}: ${runs.length} probe runs in ${meta.wallSeconds} s`);
  return { results, meta, ran: true };
}

/**
 * Keeps the samples taken at multiples of `every` (the engine samples at multiples of the
 * scenario's sampleInterval, which must divide `every`).
 * @param {number} interval @param {number} every
 */
function thinner(interval, every) {
  const ratio = Math.round(every / interval);
  if (ratio < 1 || Math.abs(ratio * interval - every) > 1e-9)
    throw new Error(`the sample interval ${interval} s does not divide ${every} s`);
  return (t) => Math.round(t / interval) % ratio === 0;
}

/**
 * Counts data bursts delivered after a burst formed later at the same ingress edge.
 * Burst ids grow in the order bursts are formed (every edge shares one counter), so per
 * ingress a delivered id below the highest one delivered so far was overtaken.
 */
function overtakeCounter() {
  /** burst id -> ingress node, for data bursts formed and not yet delivered */
  const ingressOf = new Map();
  /** ingress node -> highest data-burst id delivered from it */
  const highest = new Map();
  let delivered = 0;
  let overtaken = 0;
  return {
    add(v, where) {
      if (v.lost > 0) throw new Error(`${where}: ${v.lost} burst events were overwritten before they were read`);
      for (let i = 0; i < v.kind.length; i++) {
        if (v.cls[i] !== DATA) continue;
        if (v.kind[i] === FORMED) ingressOf.set(v.id[i], v.node[i]);
        else if (v.kind[i] === DELIVERED && ingressOf.has(v.id[i])) {
          const ingress = ingressOf.get(v.id[i]);
          ingressOf.delete(v.id[i]);
          delivered++;
          if (v.id[i] < (highest.get(ingress) ?? -1)) overtaken++;
          else highest.set(ingress, v.id[i]);
        }
      }
    },
    result: () => ({ dataBurstsDelivered: delivered, dataBurstsOvertaken: overtaken }),
  };
}
