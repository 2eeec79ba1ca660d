// The ns-2 side of npm run bench's comparison (wasm-core/bench/vs_ns2.mjs): dumbbell.tcl and
// its parameters (params.mjs). No timing here: every parameter must come from the engine's
// scenario, the script must name the same parameters, and, where ns-2 is installed
// (scripts/setup-system.sh installs it), a short run must deliver what the engine delivers.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';
import { ns2Available } from '../../../scripts/conformance/run.mjs';
import { runWasm } from '../targets.mjs';
import { PARAM_ROWS, ns2Params } from './params.mjs';
import { TCL_SCRIPT, runNs2 } from './run.mjs';

const GATE = JSON.parse(readFileSync(fileURLToPath(new URL('../gate/dumbbell-50.json', import.meta.url)), 'utf8'));
/** A list parameter as { name: value } (values as the Tcl script reads them: words). */
const pairs = (list: unknown[]) =>
  Object.fromEntries(Array.from({ length: list.length / 2 }, (_, i) => [list[2 * i], String(list[2 * i + 1])]));
/** The gate's scenario with some fields of its flow group or bottleneck replaced. */
const withChanges = (flow: object, link: object = {}) => ({
  ...GATE,
  flows: [{ ...GATE.flows[0], ...flow }],
  links: [{ ...GATE.links[0], ...link }],
});

describe('dumbbell.tcl takes every parameter from the scenario', () => {
  it('gives one value per row, each the scenario field it names', () => {
    const p = ns2Params(GATE, { duration: 10 });
    expect(Object.keys(p)).toEqual(PARAM_ROWS.map((r) => r.key));
    const f = GATE.flows[0];
    const l = GATE.links[0];
    expect(p).toMatchObject({
      duration: 10,
      flows: f.count,
      start: f.start,
      agent: 'Agent/TCP/Newreno',
      sink: 'Agent/TCPSink/DelAck',
      bottleneckRate: l.rate,
      bottleneckDelay: l.delay,
      bottleneckQueue: l.queue,
      srcRate: f.access.src.rate,
      srcDelay: f.access.src.delay,
      srcQueue: f.access.src.queue,
      dstRate: f.access.dst.rate,
      dstDelay: f.access.dst.delay,
      dstQueue: f.access.dst.queue,
    });
    // The format's defaults fill what the file leaves out (initial window, RTO bounds).
    expect(pairs(p.agentVars)).toMatchObject({
      packetSize_: String(f.tcp.mss),
      window_: String(f.tcp.maxWindow),
      maxcwnd_: String(f.tcp.maxWindow),
      windowInit_: '1',
      minrto_: '0.2',
      syn_: 'false',
    });
    expect(pairs(p.sinkVars)).toEqual({ interval_: '0.2', SYN_immediate_ack_: 'false' });
  });

  it('follows a change of the scenario', () => {
    const p = ns2Params(
      withChanges(
        {
          count: 3,
          start: 0.5,
          tcp: { variant: 'reno', mss: 1000, delayedAck: false, maxWindow: 64 },
          access: { src: { rate: 1e8, delay: 0.002 }, dst: { rate: 2e8, delay: 0.003, queue: 20 } },
        },
        { rate: 1e7, delay: 0.02, queue: 50 },
      ),
      { duration: 0.5 },
    );
    expect(p).toMatchObject({
      duration: 0.5,
      flows: 3,
      start: 0.5,
      agent: 'Agent/TCP/Reno',
      sink: 'Agent/TCPSink',
      sinkVars: [],
      bottleneckRate: 1e7,
      bottleneckDelay: 0.02,
      bottleneckQueue: 50,
      srcRate: 1e8,
      srcDelay: 0.002,
      srcQueue: 1000, // the format's default
      dstRate: 2e8,
      dstDelay: 0.003,
      dstQueue: 20,
    });
    expect(pairs(p.agentVars)).toMatchObject({ packetSize_: '1000', window_: '64' });
  });

  it('refuses a scenario the script does not model, saying why', () => {
    expect(() => ns2Params(withChanges({ startSpread: 0.1 }))).toThrow(/startSpread/);
    expect(() => ns2Params(withChanges({}, { loss: 0.01 }))).toThrow(/loss/);
    expect(() => ns2Params(withChanges({ tcp: { ...GATE.flows[0].tcp, variant: 'cubic' } }))).toThrow(/classic/);
    expect(() => ns2Params(withChanges({ app: { kind: 'file', bytes: 1e6 } }))).toThrow(/bulk/);
    expect(() => ns2Params(withChanges({ tcp: { ...GATE.flows[0].tcp, recovery: 'sack' } }))).toThrow(/recovery/);
    expect(() => ns2Params({ ...GATE, flows: [GATE.flows[0], { ...GATE.flows[0], id: 'g' }] })).toThrow(/one flow group/);
  });

  it('names the parameters the script requires, no more, no fewer', () => {
    const known = /^set known \{([^}]*)\}/m.exec(readFileSync(TCL_SCRIPT, 'utf8'))?.[1];
    expect(known?.split(/\s+/).filter(Boolean).sort()).toEqual(PARAM_ROWS.map((r) => r.key).sort());
  });
});

const NS2_MISSING = ns2Available() ? null : '`ns` not found: scripts/setup-system.sh installs ns-2 (the Debian package ns2)';
if (NS2_MISSING) console.warn(`dumbbell.test.ts: the ns-2 runs are skipped: ${NS2_MISSING}`);

describe.skipIf(NS2_MISSING !== null)('ns-2 runs dumbbell.tcl', () => {
  /** The engine's run (wasm) of a scenario of ours at `duration`: data packets delivered and sent. */
  async function engineRun(scenario: any, duration: number) {
    const { module } = await loadEngineNode();
    const { summary, segments } = runWasm(module, JSON.stringify({ ...scenario, duration }));
    return { delivered: summary.flows.reduce((sum: number, f: any) => sum + f.delivered, 0) / scenario.flows[0].tcp.mss, sent: segments };
  }

  it('one flow: the same packets, sent and delivered, as the engine over 0.5 s', async () => {
    // Slow start with delayed ACKs, packet for packet: the first ACK waits 200 ms on both
    // sides (SYN_immediate_ack_ false), and then every second segment is acknowledged.
    const one = withChanges({ count: 1 });
    const ns2 = runNs2(ns2Params(one, { duration: 0.5 }));
    expect(ns2.sent).toBeGreaterThan(100);
    expect({ delivered: ns2.delivered, sent: ns2.sent }).toEqual(await engineRun(one, 0.5));
  });

  it('the 50 flows: within 5 % of the engine over 0.5 s', async () => {
    const ns2 = runNs2(ns2Params(GATE, { duration: 0.5 }));
    const ours = (await engineRun(GATE, 0.5)).delivered;
    expect(ns2.delivered).toBeGreaterThan(1000);
    expect(Math.abs(ns2.delivered / ours - 1)).toBeLessThan(0.05);
    expect(ns2.wall).toBeGreaterThan(0);
  });

  it('stops on a missing parameter', () => {
    const { dstQueue: _dropped, ...rest } = ns2Params(GATE, { duration: 0.1 });
    expect(() => runNs2(rest)).toThrow(/missing parameter dstQueue/);
  });
});
