// How a case's TCP settings are set on both sides: every parameter alignment written once,
// read by the Tcl generator (tcl.mjs), the scenario generator (scenario.mjs) and the
// document (doc.mjs), so the table in docs/conformance.md is the one the runs used.
//
// A row: the quantity, ns-2's setting (a function of the case's tcp settings, giving the
// value written into the Tcl script, or null when ns-2 is left at its default), ours (the
// scenario field it comes from), and why the two mean the same thing (or how they differ).

/** The TCP settings every case starts from (a case overrides some). Ours, in scenario terms. */
export const BASE_TCP = Object.freeze({
  mss: 512,
  maxWindow: 64,
  initialCwnd: 1,
  initialSsthresh: 65535,
  dupAckThreshold: 3,
  delayedAck: false,
  rto: { initial: 1, min: 0.2, max: 60 },
});

/**
 * The agent-level alignment, one row per ns-2 variable.
 * `ns2(tcp)`: the value to set (a number or a word), or null for ns-2's default.
 * `agents`: which ns-2 agents the row applies to ('all', 'classic' = Agent/TCP and its
 * Reno/Newreno/Sack1 subclasses, 'linux' = Agent/TCP/Linux).
 */
export const AGENT_ROWS = Object.freeze([
  {
    name: 'Segment size',
    ns2Var: 'packetSize_',
    agents: 'all',
    ns2: (t) => t.mss,
    ours: 'tcp.mss',
    why: 'ns-2 puts packetSize_ bytes of payload in a packet of packetSize_ + 40 (tcpip_base_hdr_size_) on the wire; ours sends mss + 40 (kTcpIpHeaderBytes): the same bytes on every link.',
  },
  {
    name: 'Advertised window',
    ns2Var: 'window_',
    agents: 'all',
    ns2: (t) => t.maxWindow,
    ours: 'tcp.maxWindow',
    why: 'The receiver window in segments: the sender never has more than this outstanding.',
  },
  {
    name: 'Largest cwnd',
    ns2Var: 'maxcwnd_',
    agents: 'all',
    ns2: (t) => t.maxWindow,
    ours: 'tcp.maxWindow',
    why: "Ours caps cwnd at maxWindow (ns-2's maxcwnd_, which the papers call the maximum congestion window); without it ns-2's cwnd grows past window_ while the window stays at window_, and cwnd traces part.",
  },
  { name: 'Initial window', ns2Var: 'windowInit_', agents: 'all', ns2: (t) => t.initialCwnd, ours: 'tcp.initialCwnd', why: 'Segments.' },
  {
    name: 'Initial ssthresh',
    ns2Var: 'ssthresh_',
    agents: 'classic',
    ns2: (t) => t.initialSsthresh,
    ours: 'tcp.initialSsthresh',
    why: "Segments; ns-2's own default (0) means 'window_' after the first loss only, so it is set.",
  },
  {
    name: 'Duplicate-ACK threshold',
    ns2Var: 'numdupacks_',
    agents: 'classic',
    ns2: (t) => t.dupAckThreshold,
    ours: 'tcp.dupAckThreshold',
    why: 'Duplicates that trigger a fast retransmit.',
  },
  { name: 'Minimum RTO', ns2Var: 'minrto_', agents: 'all', ns2: (t) => t.rto.min, ours: 'tcp.rto.min', why: 'Seconds.' },
  {
    name: 'Initial RTO',
    ns2Var: 'rtxcur_init_',
    agents: 'all',
    ns2: (t) => t.rto.initial,
    ours: 'tcp.rto.initial',
    why: 'Seconds, before the first RTT sample.',
  },
  {
    name: 'Maximum RTO',
    ns2Var: 'maxrto_',
    agents: 'all',
    ns2: (t) => t.rto.max,
    ours: 'tcp.rto.max',
    why: 'Seconds, the cap of the back-off.',
  },
  {
    name: 'Timer granularity',
    ns2Var: 'tcpTick_',
    agents: 'all',
    ns2: () => 0.001,
    ours: '(none: picoseconds)',
    why: 'ns-2 rounds RTT samples and the RTO to ticks (default 0.1 s in old scripts, 0.01 s in 2.35); 1 ms keeps the rounding well under the RTTs here. Ours keeps the RFC 6298 estimator in exact time.',
  },
  {
    name: 'Burst limit',
    ns2Var: 'maxburst_',
    agents: 'classic',
    ns2: () => 0,
    ours: '(none)',
    why: '0: no limit on segments sent per ACK, as ours (which has no such limit).',
  },
  {
    name: 'Handshake',
    ns2Var: 'syn_',
    agents: 'classic',
    ns2: () => 'false',
    ours: '(none)',
    why: 'Ours has no connection set-up: data from the start time. ns-2 then sends data packet 0 first too, and packet ordinals (ErrorModel/List) count data only.',
  },
  {
    name: 'RTT samples',
    ns2Var: 'timestamps_',
    agents: 'all',
    ns2: () => 'true',
    ours: '(every ACK, Karn)',
    why: "One RTT sample per ACK on both sides. ns-2 takes them from timestamps (also from resent segments, where ours follows Karn's rule and skips them); the option is 0 bytes on the wire (ts_option_size_ 0) so sizes stay equal.",
  },
  { name: 'Timestamp option size', ns2Var: 'ts_option_size_', agents: 'all', ns2: () => 0, ours: '(none)', why: 'See RTT samples.' },
  {
    name: 'Growth from the first ACK',
    ns2Var: 'delay_growth_',
    agents: 'classic',
    ns2: () => 'false',
    ours: '(none)',
    why: "ns-2's classic agents default to true: cwnd goes back to windowInit_ on the first ACK, meant for the SYN's; with syn_ false that ACK is data packet 0's, so ns-2's slow start would run one RTT behind ours (a time shift that moves which segments a small queue drops).",
  },
  {
    name: 'Limited Transmit',
    ns2Var: 'singledup_',
    agents: 'classic',
    ns2: () => 1,
    ours: '(RFC 3042, all recoveries)',
    why: "ns-2's default, set to make it visible: one new segment on each of the first numdupacks_ - 1 duplicates (send_one()), as the engine's Limited Transmit (docs/model.md, since issue 20's finding 5).",
  },
  {
    name: 'Fast-retransmit guard',
    ns2Var: 'bugFix_',
    agents: 'classic',
    ns2: () => 'true',
    ours: '(RFC 6582 recover, all recoveries)',
    why: "ns-2's default and the papers'. With it Tahoe and Reno start no second fast retransmit until everything sent before the first (or before a timeout) is acknowledged, as ours does after findings 1 and 2 of issue 20.",
  },
]);

/** Settings of the links and the sinks, and what is compared, as rows for the document. */
export const OTHER_ROWS = Object.freeze([
  {
    name: 'Queue limit',
    ns2Var: 'queue-limit',
    ns2Text: 'queue',
    ours: 'links[].queue',
    why: "Both hold at most that many packets per direction, the one being sent included, and at a tie take the arrival before the line frees (docs/model.md section 2, since issue 20's finding 4). They differ only at 0 and 1, where ns-2 passes nothing and ours keeps the line: no case uses them.",
  },
  {
    name: 'Delayed ACK',
    ns2Var: 'Agent/TCPSink/DelAck interval_',
    ns2Text: '0.2 (when delayedAck)',
    ours: 'tcp.delayedAck',
    why: "ns-2's own default interval_ is 0.1 s; the engine's timer is 200 ms (issue 20, finding 6: kept, see the differences below), so the runs set ns-2 to ours.",
  },
  {
    name: 'SACK sink',
    ns2Var: 'Agent/TCPSink/Sack1',
    ns2Text: 'for sack and the Linux agent',
    ours: 'SACK blocks (tcp/sack_recovery.h)',
    why: 'Both send up to 3 SACK blocks.',
  },
  {
    name: 'Deterministic loss',
    ns2Var: 'ErrorModel/List droplist, link-lossmodel on the first link',
    ns2Text: 'packet ordinals from 0',
    ours: 'drops: [{ flow, packets }]',
    why: 'Both count the data packets of the flow through its first link from 0, resends included, and lose the listed ones after their transmission on that link (docs/deterministic-loss.md).',
  },
  {
    name: 'Random loss',
    ns2Var: 'ErrorModel rate_ p, unit pkt, Uniform on its own RNG',
    ns2Text: 'per data packet on the bottleneck',
    ours: 'links[].loss { ab: p, ba: 0 }',
    why: 'The same probability per packet, different random streams: such cases compare means over seeds, never single runs.',
  },
  {
    name: 'Goodput',
    ns2Var: 'bytes_ (sink)',
    ns2Text: 'floor(bytes_ / (packetSize_ + 40)) x packetSize_ x 8 / active time',
    ours: 'summary flows[].goodput',
    why: "Both at the receiver: ns-2's sink counts the data packets it received (a resent duplicate would count twice: only spurious resends make one), ours the bytes delivered in order; they differ by segments held out of order at the end.",
  },
  {
    name: 'Fast retransmits',
    ns2Var: 'ncwndcuts_ - nrexmit_',
    ns2Text: 'window cuts that were not timeouts',
    ours: 'summary flows[].fastRetransmits',
    why: 'Every slowdown() is a fast retransmit or a timeout in these runs (no ECN, no idle restarts).',
  },
  { name: 'Timeouts', ns2Var: 'nrexmit_', ns2Text: 'retransmission timeouts', ours: 'summary flows[].rtos', why: '' },
  { name: 'Retransmitted segments', ns2Var: 'nrexmitpack_', ns2Text: 'packets sent again', ours: 'summary flows[].retransmits', why: '' },
  {
    name: 'cwnd against time',
    ns2Var: '$tcp trace cwnd_ / ssthresh_',
    ns2Text: 'every change',
    ours: 'samples every sampleInterval',
    why: "ns-2's trace is read as a step function at our sample times.",
  },
]);

/**
 * Per-variant departures from BASE_TCP, on both sides, where ns-2 cannot run the base:
 * its Linux HighSpeed module (select_ca highspeed) crashes (SIGSEGV) with windowInit_ 1
 * under random loss, so hstcp starts from 2 segments in ns-2 and in ours.
 */
export const VARIANT_TCP = Object.freeze({ hstcp: Object.freeze({ initialCwnd: 2 }) });

/** The ns-2 agent, sink and (Linux) congestion module of a variant. */
export function ns2Agent(variant) {
  const classic = {
    tahoe: ['Agent/TCP', 'Agent/TCPSink'],
    reno: ['Agent/TCP/Reno', 'Agent/TCPSink'],
    newreno: ['Agent/TCP/Newreno', 'Agent/TCPSink'],
    sack: ['Agent/TCP/Sack1', 'Agent/TCPSink/Sack1'],
  }[variant];
  if (classic) return { agent: classic[0], sink: classic[1], ca: null, family: 'classic' };
  const ca = { hstcp: 'highspeed', stcp: 'scalable', bic: 'bic', cubic: 'cubic', htcp: 'htcp', vegas: 'vegas', westwood: 'westwood' }[
    variant
  ];
  if (!ca) throw new Error(`no ns-2 agent for variant ${variant}`);
  return { agent: 'Agent/TCP/Linux', sink: 'Agent/TCPSink/Sack1', ca, family: 'linux' };
}

/** The Tcl lines that set an agent `name` (a Tcl variable) as the rows say. */
export function agentSettings(name, variant, tcp) {
  const { family } = ns2Agent(variant);
  const lines = [];
  for (const row of AGENT_ROWS) {
    if (row.agents !== 'all' && row.agents !== family) continue;
    const v = row.ns2(tcp);
    if (v !== null) lines.push(`$${name} set ${row.ns2Var} ${v}`);
  }
  return lines;
}

/** ns-2's queue-limit for a link of ours with `queue` packets (OTHER_ROWS, Queue limit). */
export const ns2QueueLimit = (queue) => queue;
/** ns-2's delayed-ACK interval when a flow has delayedAck (OTHER_ROWS, Delayed ACK). */
export const DELACK_INTERVAL = 0.2;
