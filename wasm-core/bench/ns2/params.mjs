// The parameters of dumbbell.tcl (ns-2 2.35) from a scenario of ours: the one place where
// the ns-2 run of `npm run bench`'s comparison is aligned with the engine's, parameter by
// parameter, as scripts/conformance/ aligns its cases (whose alignment.mjs gives the TCP
// agent's variables, the queue limit and the delayed-ACK timer here too; it is read, not
// changed: its bytes key the conformance harness's cached runs).
//
// The scenario must be a dumb-bell the script models: one packet link between two routers,
// one bulk flow group across it whose copies each get their own access link at both ends,
// all starting together, with nothing random and nothing OBS. Anything else is refused with
// the reason, rather than run as something else.
import { NUMBER_RULES, scenarioSchema } from '@obs-tcp-sim/scenario';
import { DELACK_INTERVAL, agentSettings, ns2Agent, ns2QueueLimit } from '../../../scripts/conformance/alignment.mjs';

/** The agent's variables as conformance sets them, [name, value, ...]: its lines "$tcp set name value". */
const agentVars = (tcp) => agentSettings('tcp', tcp.variant, tcp).flatMap((line) => line.split(' ').slice(2));

/** An access link's queue: the schema leaves it out when the file does; the engine takes the field's default. */
const accessQueue = (f, side) => ns2QueueLimit(f.access[side].queue ?? NUMBER_RULES[`flows[].access.${side}.queue`].default);

/**
 * One row per parameter of dumbbell.tcl: its key, the scenario field(s) it comes from, the
 * value (from the scenario with its defaults filled in, its flow group and bottleneck), and
 * why the two mean the same thing.
 */
export const PARAM_ROWS = Object.freeze([
  { key: 'duration', ours: 'duration', value: (s) => s.duration, why: 'Simulated seconds; ns-2 stops at `$ns at duration done`.' },
  {
    key: 'flows',
    ours: 'flows[0].count',
    value: (s, f) => f.count,
    why: 'One FTP source and one sink per copy, each on its own host with its own access links, as the engine draws them for `access`.',
  },
  { key: 'start', ours: 'flows[0].start', value: (s, f) => f.start, why: 'Every copy starts then (no startSpread: its draws are ours).' },
  {
    key: 'agent',
    ours: 'flows[0].tcp.variant',
    value: (s, f) => ns2Agent(f.tcp.variant).agent,
    why: "The variant's classic ns-2 agent (conformance alignment.mjs, ns2Agent).",
  },
  {
    key: 'agentVars',
    ours: 'flows[0].tcp (mss, maxWindow, initialCwnd, initialSsthresh, dupAckThreshold, rto)',
    value: (s, f) => agentVars(f.tcp),
    why: "Every row of the conformance alignment (alignment.mjs AGENT_ROWS): packetSize_ = mss, window_ = maxcwnd_ = maxWindow, windowInit_, ssthresh_, numdupacks_, the RTO's bounds, and the settings that make ns-2's agent behave as ours (syn_ false, tcpTick_ 1 ms, timestamps with a 0-byte option, delay_growth_ false, maxburst_ 0).",
  },
  {
    key: 'sink',
    ours: 'flows[0].tcp.delayedAck',
    value: (s, f) => (f.tcp.delayedAck ? `${ns2Agent(f.tcp.variant).sink}/DelAck` : ns2Agent(f.tcp.variant).sink),
    why: 'The DelAck sink acknowledges every second segment, as ours with delayedAck.',
  },
  {
    key: 'sinkVars',
    ours: 'flows[0].tcp.delayedAck',
    value: (s, f) => (f.tcp.delayedAck ? ['interval_', DELACK_INTERVAL, 'SYN_immediate_ack_', 'false'] : []),
    why: "The delayed-ACK timer: ours is 200 ms, ns-2's default 100 ms (alignment.mjs, Delayed ACK). SYN_immediate_ack_ false: with syn_ false ns-2's sink takes data packet 0 for the SYN and ACKs it at once, where ours delays it like any first segment (200 ms), so every flow's slow start began 200 ms earlier in ns-2 (one flow: ns-2 at 0.2 s had delivered what ours had at 0.4 s).",
  },
  { key: 'bottleneckRate', ours: 'links[0].rate', value: (s, f, l) => l.rate, why: 'bit/s, both directions.' },
  { key: 'bottleneckDelay', ours: 'links[0].delay', value: (s, f, l) => l.delay, why: 'Seconds of propagation.' },
  {
    key: 'bottleneckQueue',
    ours: 'links[0].queue',
    value: (s, f, l) => ns2QueueLimit(l.queue),
    why: 'Packets per direction, the one being sent included (alignment.mjs, Queue limit).',
  },
  { key: 'srcRate', ours: 'flows[0].access.src.rate', value: (s, f) => f.access.src.rate, why: "Each copy's source host to R1." },
  { key: 'srcDelay', ours: 'flows[0].access.src.delay', value: (s, f) => f.access.src.delay, why: '' },
  { key: 'srcQueue', ours: 'flows[0].access.src.queue', value: (s, f) => accessQueue(f, 'src'), why: '' },
  { key: 'dstRate', ours: 'flows[0].access.dst.rate', value: (s, f) => f.access.dst.rate, why: "R2 to each copy's sink host." },
  { key: 'dstDelay', ours: 'flows[0].access.dst.delay', value: (s, f) => f.access.dst.delay, why: '' },
  { key: 'dstQueue', ours: 'flows[0].access.dst.queue', value: (s, f) => accessQueue(f, 'dst'), why: '' },
]);

/** Why dumbbell.tcl cannot run this scenario (parsed, defaults filled in), or null. */
function refusal(s) {
  if (s.links.length !== 1 || s.links[0].kind !== 'packet') return 'it needs exactly one link, a packet link (the bottleneck)';
  const l = s.links[0];
  const lossy = typeof l.loss === 'number' ? l.loss > 0 : l.loss.ab > 0 || l.loss.ba > 0;
  if (lossy || l.arq.retries > 0) return 'the bottleneck has loss or ARQ, which the script does not model';
  if (s.flows.length !== 1) return 'it needs exactly one flow group';
  const f = s.flows[0];
  if (f.src !== l.a || f.dst !== l.b) return 'the flow group must run from the bottleneck link a to its b';
  if (!f.access?.src || !f.access?.dst) return 'the flow group needs access links at both ends (flows[0].access.src and .dst)';
  if ((f.startSpread ?? 0) > 0) return 'startSpread draws start times from our random streams, which ns-2 does not have';
  if (f.app.kind !== 'bulk') return 'the script runs FTP (bulk) sources only';
  if (f.route || f.ackRoute) return 'forced routes have no meaning on a dumb-bell';
  if (f.tcp.recovery !== undefined) return "tcp.recovery overrides the variant's recovery; ns-2's agent is chosen by variant";
  if (f.tcp.rto.fixed !== null && f.tcp.rto.fixed !== undefined) return 'a fixed RTO has no ns-2 counterpart here';
  if (ns2Agent(f.tcp.variant).family !== 'classic') return 'the script runs classic ns-2 agents (tahoe, reno, newreno, sack) only';
  const extra = ['background', 'liveChanges', 'drops', 'traffic', 'measure'].filter((k) => s[k] && (!Array.isArray(s[k]) || s[k].length));
  if (extra.length) return `${extra.join(', ')} ${extra.length > 1 ? 'are' : 'is'} not modelled by the script`;
  return null;
}

/**
 * dumbbell.tcl's parameters for a scenario file's JSON: { key: value } in PARAM_ROWS order,
 * a list as an array. `duration` replaces the scenario's (the bench's 10 s, the test's 0.5 s).
 */
export function ns2Params(scenarioJson, { duration } = {}) {
  const s = scenarioSchema.parse(duration === undefined ? scenarioJson : { ...scenarioJson, duration });
  const why = refusal(s);
  if (why) throw new Error(`dumbbell.tcl cannot run "${s.name}": ${why}`);
  return Object.fromEntries(PARAM_ROWS.map((row) => [row.key, row.value(s, s.flows[0], s.links[0])]));
}

/** The command-line arguments after the script's path: key value pairs, a list as one word. */
export const ns2Args = (params) => Object.entries(params).flatMap(([k, v]) => [k, Array.isArray(v) ? v.join(' ') : String(v)]);
