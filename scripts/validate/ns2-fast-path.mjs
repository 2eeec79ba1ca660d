// Paper 003's fast path without OBS, in ns-2 2.35: the reference row of docs/validation.md's
// fast-path table and figure. The same flows as the sweep's runs (validation/specs/
// paper003-fast-pl.json, preset paper003-fast): N TCP Sack flows, each from its own host over
// its own access link, across one line of the core's rate and the preset's delays, and a loss
// of each data segment with probability p = Pl (ns-2's ErrorModel, unit pkt, on the data
// direction), no bursts. A flow in a lost burst loses one segment of it with probability Pl
// per segment sent (docs/validation.md: about 44 segments of 44 flows per burst), so this is
// what TCP gives for the same per-flow loss, without the OBS layer.
//
// Every number comes from the sweep's own scenario of the point (resolveSweepSpec, so the
// preset and the spec's overrides: duration, measure.from), and every TCP setting from the
// conformance harness's alignment (scripts/conformance/alignment.mjs, read, not changed:
// its bytes key the conformance cache). What ns-2 runs (PLAN) is a few of the sweep's runs:
// one Wm, every Pl, two seeds, a shorter window than the sweep's when ns-2 is slow.
//
//   node --import tsx scripts/validate/ns2-fast-path.mjs          run (or reuse) and cache
//   node --import tsx scripts/validate/ns2-fast-path.mjs --rerun  run again
//
// Cached in validation/results/paper003-ns2-fast-path.json (+ .meta.json: ns-2's version,
// wall time); `npm run validate` only reads it (ns-2 is not needed to draw the document).
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandSweep, resolveSweepSpec } from '@obs-tcp-sim/sweep';
import { loadPresets } from '@obs-tcp-sim/cli/preset-files';
import { agentSettings, ns2Agent, ns2QueueLimit } from '../conformance/alignment.mjs';
import { ns2Available, ns2Version } from '../conformance/run.mjs';
import { stat } from './doc.mjs';
import { RESULT_DIR, SPEC_DIR, gitCommit, rel } from './sweeps.mjs';
import { nsResult } from '../../wasm-core/bench/ns2/run.mjs';

export const NAME = 'paper003-ns2-fast-path';
export const RESULT_FILE = join(RESULT_DIR, `${NAME}.json`);
export const META_FILE = join(RESULT_DIR, `${NAME}.meta.json`);
const SPEC = 'paper003-fast-pl';

/**
 * Which of the sweep's runs ns-2 runs: Wm, the Pl values, the seeds; `duration` (s) may cut
 * the sweep's runs short (null: the sweep's), the window still starting at its measure.from.
 */
export const PLAN = Object.freeze({ wm: 64, pls: [0.0001, 0.001, 0.01], seeds: [1, 2], duration: 4 });

/** The sweep's scenario of each planned run, with the plan's duration. */
function plannedScenarios() {
  const spec = JSON.parse(readFileSync(join(SPEC_DIR, `${SPEC}.json`), 'utf8'));
  const sweep = resolveSweepSpec(spec, { presets: loadPresets() });
  const out = [];
  for (const run of expandSweep(sweep)) {
    const [pl, wm] = run.values;
    if (wm !== PLAN.wm || !PLAN.pls.some((p) => Math.abs(p / pl - 1) < 1e-9) || !PLAN.seeds.includes(run.seed)) continue;
    const scenario = structuredClone(run.scenario);
    if (PLAN.duration !== null) scenario.duration = PLAN.duration;
    out.push({ pl, wm, seed: run.seed, scenario });
  }
  return out;
}

/**
 * The ns-2 parameters of one of the sweep's scenarios, each from the field named beside it;
 * refuses a scenario that is not the fast path's shape (edge - core - edge fibers forward,
 * a packet path back, one flow group with its own access links, data-burst loss).
 */
export function ns2Params(s) {
  const link = (id) => {
    const l = s.links.find((x) => x.id === id);
    if (!l) throw new Error(`the scenario has no link ${id}: not paper003-fast's shape`);
    return l;
  };
  const forward = [link('E1-C1'), link('C1-E2')];
  const back = [link('E2-R1'), link('R1-E1')];
  if (forward.some((l) => l.kind !== 'fiber' || l.rate !== forward[0].rate)) throw new Error('the forward path is not fibers of one rate');
  if (back.some((l) => l.kind !== 'packet' || l.rate !== back[0].rate)) throw new Error('the return path is not packet links of one rate');
  if (s.flows.length !== 1) throw new Error('one flow group expected');
  const f = s.flows[0];
  if (f.tcp.variant !== 'sack' || !f.access?.src || !f.access?.dst) throw new Error('a sack flow group with its own access links expected');
  const p = s.obs.burstLoss.data;
  return {
    seed: s.seed, // seed
    duration: s.duration, // duration
    from: s.measure?.from ?? 0, // measure.from
    flows: f.count, // flows[0].count
    startSpread: f.startSpread ?? 0, // flows[0].startSpread: uniform over [start, start + spread]
    start: f.start, // flows[0].start
    tcp: f.tcp, // flows[0].tcp: every agent variable of alignment.mjs
    access: f.access, // flows[0].access.src / dst: rate, delay, queue
    coreRate: forward[0].rate, // E1-C1 and C1-E2 rate: the line R1 -> R2
    coreDelay: forward.reduce((d, l) => d + l.delay, 0), // their delays added
    backRate: back[0].rate, // E2-R1 and R1-E1 rate: the line R2 -> R1
    backDelay: back.reduce((d, l) => d + l.delay, 0), // their delays added
    backQueue: back[0].queue, // their queue, on both core lines (the forward line never fills:
    // N x access rate is below its rate)
    p, // obs.burstLoss.data: per data segment, on R1 -> R2
  };
}

/** The Tcl script of one run: prints RESULT with counts over the window (from, duration]. */
export function tclScript(q, label) {
  const { agent, sink } = ns2Agent(q.tcp.variant);
  const L = [];
  L.push(`# ${label}, written by scripts/validate/ns2-fast-path.mjs: paper 003's fast path without OBS`);
  L.push('set started [clock microseconds]');
  L.push('set ns [new Simulator]');
  L.push(`$defaultRNG seed ${q.seed}`);
  L.push('set r1 [$ns node]');
  L.push('set r2 [$ns node]');
  // The core: one line each way (simplex links, each with its own rate and delay).
  L.push(`$ns simplex-link $r1 $r2 ${q.coreRate} ${q.coreDelay} DropTail`);
  L.push(`$ns simplex-link $r2 $r1 ${q.backRate} ${q.backDelay} DropTail`);
  L.push(`$ns queue-limit $r1 $r2 ${ns2QueueLimit(q.backQueue)}`);
  L.push(`$ns queue-limit $r2 $r1 ${ns2QueueLimit(q.backQueue)}`);
  // Per-segment loss on the data direction, from its own generator (as the conformance
  // harness's random-loss cases).
  L.push('set lossRng [new RNG]');
  L.push(`$lossRng seed ${q.seed}`);
  L.push('set u [new RandomVariable/Uniform]');
  L.push('$u use-rng $lossRng');
  L.push('set em [new ErrorModel]');
  L.push(`$em set rate_ ${q.p}`);
  L.push('$em unit pkt');
  L.push('$em ranvar $u');
  L.push('$em drop-target [new Agent/Null]');
  L.push('$ns link-lossmodel $em $r1 $r2');
  L.push('set startRng [new RNG]');
  L.push(`$startRng seed ${q.seed + 1000}`);
  L.push(`for {set i 0} {$i < ${q.flows}} {incr i} {`);
  L.push('  set src($i) [$ns node]');
  L.push('  set dst($i) [$ns node]');
  for (const [a, b, side] of [
    ['$src($i)', '$r1', 'src'],
    ['$r2', '$dst($i)', 'dst'],
  ]) {
    const x = q.access[side];
    L.push(`  $ns duplex-link ${a} ${b} ${x.rate} ${x.delay} DropTail`);
    L.push(`  $ns queue-limit ${a} ${b} ${ns2QueueLimit(x.queue)}`);
    L.push(`  $ns queue-limit ${b} ${a} ${ns2QueueLimit(x.queue)}`);
  }
  L.push(`  set tcp($i) [new ${agent}]`);
  for (const line of agentSettings('tcp($i)', q.tcp.variant, { ...q.tcp, rto: { ...q.tcp.rto } })) L.push(`  ${line}`);
  L.push('  $tcp($i) set fid_ $i');
  L.push('  $ns attach-agent $src($i) $tcp($i)');
  L.push(`  set sink($i) [new ${sink}]`);
  L.push('  $ns attach-agent $dst($i) $sink($i)');
  L.push('  $ns connect $tcp($i) $sink($i)');
  L.push('  set ftp($i) [$tcp($i) attach-app FTP]');
  L.push(`  $ns at [expr {${q.start} + [$startRng uniform 0 ${q.startSpread}]}] "$ftp($i) start"`);
  L.push('}');
  // The window: each flow's highest cumulative ACK (segments delivered in order), timeouts
  // and window cuts, read at its start and at the end.
  L.push('proc mark {} {');
  L.push('  global tcp a0 r0 c0 marked');
  L.push(`  for {set i 0} {$i < ${q.flows}} {incr i} {`);
  L.push('    set a0($i) [$tcp($i) set ack_]');
  L.push('    set r0($i) [$tcp($i) set nrexmit_]');
  L.push('    set c0($i) [$tcp($i) set ncwndcuts_]');
  L.push('  }');
  L.push('  set marked [clock microseconds]');
  L.push('}');
  L.push(`$ns at ${q.from} "mark"`);
  L.push('proc done {} {');
  L.push('  global tcp a0 r0 c0 started');
  L.push('  set acked 0; set rtos 0; set cuts 0; set srtt 0');
  L.push(`  for {set i 0} {$i < ${q.flows}} {incr i} {`);
  L.push('    incr acked [expr {[$tcp($i) set ack_] - $a0($i)}]');
  L.push('    incr rtos [expr {[$tcp($i) set nrexmit_] - $r0($i)}]');
  L.push('    incr cuts [expr {[$tcp($i) set ncwndcuts_] - $c0($i)}]');
  // srtt_ is kept in ticks (tcpTick_) scaled by 8 (T_SRTT_BITS).
  L.push('    set srtt [expr {$srtt + [$tcp($i) set srtt_] / 8.0 * [$tcp($i) set tcpTick_]}]');
  L.push('  }');
  L.push(`  set srtt [expr {$srtt / ${q.flows}}]`);
  L.push('  set wall [expr {([clock microseconds] - $started) / 1e6}]');
  L.push('  puts "RESULT acked $acked rtos $rtos cuts $cuts srtt $srtt wall $wall"');
  L.push('  exit 0');
  L.push('}');
  L.push(`$ns at ${q.duration} "done"`);
  L.push('$ns run');
  return L.join('\n') + '\n';
}

/** The runs as planned: parameters, script, and the hash of all scripts (the cache key). */
export function plannedRuns() {
  const runs = plannedScenarios().map((r) => {
    const q = ns2Params(r.scenario);
    return { ...r, params: q, script: tclScript(q, `Pl ${r.pl}, Wm ${r.wm}, seed ${r.seed}`) };
  });
  const hash = createHash('sha256')
    .update(runs.map((r) => r.script).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return { runs, hash };
}

/** The cached results if they were made from the scripts planned now, else null. */
export function cachedNs2() {
  if (!existsSync(RESULT_FILE)) return null;
  const cached = JSON.parse(readFileSync(RESULT_FILE, 'utf8'));
  const meta = existsSync(META_FILE) ? JSON.parse(readFileSync(META_FILE, 'utf8')) : null;
  return cached.hash === plannedRuns().hash ? { ...cached, meta } : null;
}

function runNs(script) {
  const dir = mkdtempSync(join(tmpdir(), 'ns2-fast-path-'));
  try {
    writeFileSync(join(dir, 'run.tcl'), script);
    return nsResult(['run.tcl'], { cwd: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs every planned run and writes the cache; returns the results. */
export function runAll({ log }) {
  const { runs, hash } = plannedRuns();
  const started = process.hrtime.bigint();
  const results = [];
  for (const r of runs) {
    const q = r.params;
    const t0 = process.hrtime.bigint();
    const out = runNs(r.script);
    const window = q.duration - q.from;
    const res = {
      pl: r.pl,
      wm: r.wm,
      seed: r.seed,
      duration: q.duration,
      from: q.from,
      // Segments acknowledged in order over the window, of mss bytes each.
      goodput: (out.acked * q.tcp.mss * 8) / window,
      rtos: out.rtos,
      // Every window cut is a fast retransmit or a timeout here (alignment.mjs, Fast retransmits).
      fastRetransmits: out.cuts - out.rtos,
      srtt: out.srtt,
      wallSeconds: Math.round((Number(process.hrtime.bigint() - t0) / 1e9) * 10) / 10,
    };
    log(`Pl ${r.pl}, Wm ${r.wm}, seed ${r.seed}: ${(res.goodput / 1e9).toFixed(2)} Gbit/s in ${res.wallSeconds} s`);
    results.push(res);
  }
  const points = PLAN.pls.map((pl) => {
    const rs = results.filter((x) => x.pl === pl);
    return {
      pl,
      wm: PLAN.wm,
      runs: rs.length,
      goodput: stat(rs.map((x) => x.goodput)),
      rtos: stat(rs.map((x) => x.rtos)).mean,
      fastRetransmits: stat(rs.map((x) => x.fastRetransmits)).mean,
      srtt: stat(rs.map((x) => x.srtt)).mean,
    };
  });
  const ns2 = ns2Version();
  const q = runs[0].params;
  const params = {
    flows: q.flows,
    mss: q.tcp.mss,
    minRto: q.tcp.rto.min,
    accessRate: q.access.src.rate,
    coreRate: q.coreRate,
    coreDelay: q.coreDelay,
    backRate: q.backRate,
    backDelay: q.backDelay,
  };
  const doc = { ns2Fastpath: 1, hash, ns2, spec: `validation/specs/${SPEC}.json`, plan: PLAN, params, runs: results, points };
  writeFileSync(RESULT_FILE, JSON.stringify(doc, null, 2) + '\n');
  const wallSeconds = Math.round((Number(process.hrtime.bigint() - started) / 1e9) * 10) / 10;
  const meta = {
    script: 'scripts/validate/ns2-fast-path.mjs',
    hash,
    ns2,
    wallSeconds,
    commit: gitCommit(),
    ranAt: new Date().toISOString(),
  };
  writeFileSync(META_FILE, JSON.stringify(meta, null, 2) + '\n');
  log(`wrote ${rel(RESULT_FILE)}: ${results.length} runs in ${wallSeconds} s`);
  return doc;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const log = (s) => process.stderr.write(`ns2-fast-path: ${s}\n`);
  const rerun = process.argv.includes('--rerun');
  if (!rerun && cachedNs2()) log(`cached (${rel(RESULT_FILE)}); --rerun runs it again`);
  else if (!ns2Available()) {
    log('ns-2 (`ns`) is not installed: scripts/setup-system.sh installs the Debian package ns2');
    process.exit(1);
  } else runAll({ log });
}
