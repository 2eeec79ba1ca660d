// Runs one run of a case on both sides: ns-2 (`ns` on a generated script, in a temporary
// directory) and ours (the wasm engine in this process, as the CLI runs it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tclScript } from './tcl.mjs';
import { ourScenario } from './scenario.mjs';

/** Simulated seconds between drains of our samples. */
const DRAIN_STEP = 1;

/** Whether `ns` (ns-2) is installed (scripts/setup-system.sh installs it). */
export function ns2Available() {
  return spawnSync('sh', ['-c', 'command -v ns'], { encoding: 'utf8' }).status === 0;
}

/** ns-2's version line, for the cache key and the document. */
export function ns2Version() {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'ns2'], { encoding: 'utf8' });
  return r.status === 0 ? `ns2 ${r.stdout.trim()}` : 'ns2 (version unknown)';
}

function runNsScript(script, files = []) {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  try {
    writeFileSync(join(dir, 'run.tcl'), script);
    const r = spawnSync('ns', ['run.tcl'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.status !== 0)
      throw new Error(
        `ns-2 ${r.signal ? `was killed by ${r.signal}` : `exited with status ${r.status}`}${(r.stderr || '').trim() ? `: ${(r.stderr || '').trim().slice(-300)}` : ''}`,
      );
    const read = Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    return { stdout: r.stdout, files: read };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** "0.14423  0  0  1  0  ssthresh_ 15" lines: each variable's changes as [t, value]. */
export function parseVarTrace(text) {
  const out = { cwnd: [], ssthresh: [] };
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 7) continue;
    const key = f[5] === 'cwnd_' ? 'cwnd' : f[5] === 'ssthresh_' ? 'ssthresh' : null;
    if (key) out[key].push([Number(f[0]), Number(f[6])]);
  }
  return out;
}

/**
 * ns-2's run: per flow its counters at the end and its cwnd/ssthresh changes.
 * @returns {{ flows: { ack: number, sinkBytes: number, dataPackets: number, retransmits: number, rtos: number, fastRetransmits: number, cwnd: number, ssthresh: number, trace: { cwnd: [number, number][], ssthresh: [number, number][] } }[] }}
 */
export function runNs2(run, options = {}) {
  const files = run.flows.map((_, i) => `cwnd-${i}.tr`);
  const { stdout, files: read } = runNsScript(tclScript(run, options), files);
  const flows = [];
  for (const line of stdout.split('\n')) {
    const m = /^RESULT (\d+) (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) (\S+)/.exec(line);
    if (!m) continue;
    const [i, ack, data, rexmitPack, rtos, cuts, cwnd, ssthresh, sinkBytes] = m.slice(1).map(Number);
    flows[i] = {
      ack,
      sinkBytes,
      dataPackets: data,
      retransmits: rexmitPack,
      rtos,
      // Every window cut (slowdown) is a fast retransmit or a timeout here (alignment.mjs).
      fastRetransmits: cuts - rtos,
      cwnd,
      ssthresh,
      trace: parseVarTrace(read[`cwnd-${i}.tr`]),
    };
  }
  if (flows.length !== run.flows.length)
    throw new Error(`ns-2 printed ${flows.length} results for ${run.flows.length} flows:\n${stdout.slice(-2000)}`);
  return { flows };
}

/**
 * The drop list of a run: the case's, plus (retransmissionOf) the packet ordinal of that
 * segment's first resend in ns-2 with the case's own drops, read from the first link's
 * queue trace (every data packet of the flow is dequeued there once per sending).
 */
export function resolveDrops(run) {
  const loss = run.case.loss;
  if (loss.kind !== 'list' || loss.retransmissionOf === undefined) return loss.kind === 'list' ? loss.packets : undefined;
  const { files } = runNsScript(tclScript(run, { packets: loss.packets, traceFirstLink: true }), ['first-link.tr']);
  let ordinal = 0,
    seen = 0;
  for (const line of files['first-link.tr'].split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[0] !== '-' || f[4] !== 'tcp') continue;
    if (Number(f[10]) === loss.retransmissionOf && ++seen === 2) return [...loss.packets, ordinal].sort((a, b) => a - b);
    ordinal++;
  }
  throw new Error(`${run.case.id} (${run.variant}): ns-2 never resent segment ${loss.retransmissionOf}`);
}

/**
 * Our run: the summary and, per flow, cwnd and ssthresh at every sample.
 * @param {any} module the wasm module (node-engine.ts loadEngineNode)
 */
export function runOurs(module, run, options = {}) {
  const scenario = ourScenario(run, options);
  const sim = new module.Simulation(JSON.stringify(scenario));
  try {
    if (!sim.ok()) throw new Error(`${run.case.id} (${run.variant}): the engine refused the scenario: ${sim.error()}`);
    const series = run.flows.map(() => ({ t: [], cwnd: [], ssthresh: [] }));
    const duration = sim.duration();
    for (let t = DRAIN_STEP; ; t += DRAIN_STEP) {
      sim.advanceTo(Math.min(t, duration));
      const s = sim.drainSamples();
      for (let i = 0; i < s.t.length; i++) {
        const out = series[s.flow[i]];
        out.t.push(s.t[i]);
        out.cwnd.push(s.cwnd[i]);
        out.ssthresh.push(s.ssthresh[i]);
      }
      if (t >= duration) break;
    }
    return { scenario, summary: JSON.parse(sim.summaryJson()), series };
  } finally {
    sim.delete();
  }
}
