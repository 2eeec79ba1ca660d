// The conformance cases: each one description from which tcl.mjs writes the ns-2 script
// and scenario.mjs our scenario. A case is a packet-switched network (hosts and routers,
// drop-tail links), flows with their variant, a loss and a duration:
//   { id, family, title, network: { nodes, links }, flows: [{ id, src, dst, variant, start, tcp? }],
//     loss: { kind: 'none' } | { kind: 'list', packets: [...] } | { kind: 'list', retransmissionOf: n, packets: [...] }
//           | { kind: 'random', p }, lossLink, duration, seeds, checks }
// Families: 'deterministic' (listed drops on the first link of one flow), 'random'
// (independent loss on the bottleneck), 'congestion' (drop-tail only, a dumb-bell),
// 'paper004' (the paper's dumb-bell, from its preset).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const VARIANTS = ['tahoe', 'reno', 'newreno', 'sack', 'hstcp', 'stcp', 'bic', 'cubic', 'htcp', 'vegas', 'westwood'];
/** The variants whose loss recovery is ns-2's own classic agents: counts must agree exactly. */
export const RECOVERY_VARIANTS = ['tahoe', 'reno', 'newreno', 'sack'];

const link = (id, a, b, rate, delay, queue) => ({ id, a, b, rate, delay, queue });

/** S -- R -- D: 100 Mbit/s access (1 ms), a 10 Mbit/s bottleneck (20 ms). RTT about 44 ms. */
function bottleneck(queue = 1000) {
  return {
    nodes: [
      { id: 'S', kind: 'host' },
      { id: 'R', kind: 'router' },
      { id: 'D', kind: 'host' },
    ],
    links: [link('access', 'S', 'R', 1e8, 0.001, 1000), link('bottleneck', 'R', 'D', 1e7, 0.02, queue)],
  };
}

/** n sources S0.. -- R1 == R2 -- sinks D0..: 100 Mbit/s access (1 ms), 10 Mbit/s bottleneck (20 ms). */
function dumbbell(n, queue) {
  const nodes = [
    { id: 'R1', kind: 'router' },
    { id: 'R2', kind: 'router' },
  ];
  const links = [link('bottleneck', 'R1', 'R2', 1e7, 0.02, queue)];
  for (let i = 0; i < n; i++) {
    nodes.push({ id: `S${i}`, kind: 'host' }, { id: `D${i}`, kind: 'host' });
    links.push(link(`s${i}`, `S${i}`, 'R1', 1e8, 0.001, 1000), link(`d${i}`, 'R2', `D${i}`, 1e8, 0.001, 1000));
  }
  return { nodes, links };
}

const oneFlow = (variant) => [{ id: 'tcp1', src: 'S', dst: 'D', variant, start: 0 }];

/** Listed drops: the packet ordinals of tcp1's data through its first link (docs/deterministic-loss.md). */
const DETERMINISTIC = [
  { key: 'slow-start', title: 'One segment lost in slow start', loss: { kind: 'list', packets: [20] } },
  { key: 'one', title: 'One segment lost (window-limited)', loss: { kind: 'list', packets: [300] } },
  { key: 'three', title: 'Three segments lost in one window', loss: { kind: 'list', packets: [300, 303, 306] } },
  { key: 'six', title: 'Six segments lost in one window', loss: { kind: 'list', packets: [300, 302, 304, 306, 308, 310] } },
  {
    key: 'window',
    title: 'A whole window lost (64 segments)',
    loss: { kind: 'list', packets: Array.from({ length: 64 }, (_, i) => 300 + i) },
  },
  // The packet ordinal of segment 300's first resend comes from a first ns-2 run
  // (run.mjs resolveRetransmission), then both sides lose 300 and that resend.
  { key: 'rexmit', title: 'A segment and its retransmission lost', loss: { kind: 'list', packets: [300], retransmissionOf: 300 } },
];

function deterministicCases() {
  return DETERMINISTIC.map((d) => ({
    id: `det-${d.key}`,
    family: 'deterministic',
    title: d.title,
    variants: VARIANTS,
    network: bottleneck(),
    flows: oneFlow,
    loss: d.loss,
    lossLink: 'access',
    duration: 10,
    seeds: [1],
  }));
}

function randomCases() {
  return [1e-4, 1e-3, 1e-2].map((p) => ({
    id: `random-${p}`,
    family: 'random',
    title: `Random loss p = ${p} on the bottleneck`,
    variants: VARIANTS,
    network: bottleneck(),
    flows: (variant) => [{ ...oneFlow(variant)[0], tcp: { maxWindow: 256 } }],
    loss: { kind: 'random', p },
    lossLink: 'bottleneck',
    duration: 30,
    seeds: [1, 2, 3, 4, 5],
  }));
}

/**
 * A flow's start offset in [0, 0.1) s for a seed: a drop-tail dumb-bell of one seed is one
 * sample of chaotic dynamics (whether a window's growth by one segment falls just before or
 * just after the duplicate ACKs of the last loss decides whether a recovery loses a second
 * segment: a 1-ACK race), so congestion cases run several seeds, each with its own start
 * times, the same on both simulators, and compare means (Floyd and Jacobson's advice
 * against phase effects). A small integer hash, so the starts are the same everywhere.
 */
export function startJitter(seed, flowIndex) {
  let x = (Math.imul(seed, 0x9e3779b1) ^ Math.imul(flowIndex + 1, 0x85ebca6b)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
  x = (x ^ (x >>> 16)) >>> 0;
  return Math.floor((x / 2 ** 32) * 1e6) / 1e7; // whole microseconds: exact in both scripts
}

function congestionCases() {
  const flows =
    (n) =>
    (variant, seed = 1) =>
      Array.from({ length: n }, (_, i) => ({
        id: `tcp${i + 1}`,
        src: `S${i}`,
        dst: `D${i}`,
        variant: Array.isArray(variant) ? variant[i % variant.length] : variant,
        start: Math.round((0.1 * i + startJitter(seed, i)) * 1e7) / 1e7,
        tcp: { maxWindow: 256 },
      }));
  const out = [1, 2, 8].map((n) => ({
    id: `congestion-${n}`,
    family: 'congestion',
    title: `${n} flow${n > 1 ? 's' : ''} of one variant on a drop-tail dumb-bell (queue 50)`,
    variants: VARIANTS,
    network: dumbbell(n, 50),
    flows: flows(n),
    loss: { kind: 'none' },
    duration: 30,
    seeds: [1, 2, 3, 4, 5],
  }));
  out.push({
    id: 'congestion-mix',
    family: 'congestion',
    title: 'Tahoe, Reno, NewReno and SACK together on a drop-tail dumb-bell (queue 50)',
    variants: ['mix'],
    mix: RECOVERY_VARIANTS,
    network: dumbbell(4, 50),
    flows: (_variant, seed) => flows(4)(RECOVERY_VARIANTS, seed),
    loss: { kind: 'none' },
    duration: 30,
    seeds: [1, 2, 3, 4, 5],
  });
  return out;
}

/** Paper 004's dumb-bell from its preset, at each packet size the paper uses. */
function paper004Cases() {
  const preset = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../packages/scenario/presets/paper004-dumbbell.json', import.meta.url)), 'utf8'),
  );
  const s = preset.scenario ?? preset;
  const network = {
    nodes: s.nodes.map((n) => ({ id: n.id, kind: n.kind })),
    links: s.links.map((l) => link(l.id, l.a, l.b, l.rate, l.delay, l.queue)),
  };
  return [1460, 2000, 3000, 4000].map((mss) => ({
    id: `paper004-${mss}`,
    family: 'paper004',
    title: `Paper 004's dumb-bell, ${mss} B packets`,
    variants: ['paper'],
    network,
    flows: () => s.flows.map((f) => ({ id: f.id, src: f.src, dst: f.dst, variant: f.tcp.variant, start: f.start, tcp: { ...f.tcp, mss } })),
    loss: { kind: 'none' },
    duration: s.duration,
    seeds: [1],
  }));
}

export const CASES = [...deterministicCases(), ...randomCases(), ...congestionCases(), ...paper004Cases()];

/**
 * The pinned subset `npm test` runs (scripts/conformance/pinned.test.ts): the deterministic
 * cases for the four recovery variants, which must agree exactly on counts. Seconds each.
 */
export const PINNED = ['det-slow-start', 'det-one', 'det-three', 'det-six', 'det-window', 'det-rexmit'].map((id) => ({
  id,
  variants: RECOVERY_VARIANTS,
}));

/** One run of a case: its variant (or 'mix'/'paper') and seed, with flows resolved. */
export function runsOf(c, variants = c.variants) {
  const out = [];
  for (const variant of variants) for (const seed of c.seeds) out.push({ case: c, variant, seed, flows: c.flows(variant, seed) });
  return out;
}

export function caseById(id) {
  const c = CASES.find((x) => x.id === id);
  if (!c) throw new Error(`no conformance case ${id} (cases: ${CASES.map((x) => x.id).join(', ')})`);
  return c;
}
