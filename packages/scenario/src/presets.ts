// One-click presets: a first-lesson scenario, one scenario per paper in shared/papers
// (000..004), three backbones (NSFNET with and without wavelength conversion, USNET),
// which backbone-presets.ts builds, and one contended core whose Show me points turn on
// deflection, segmentation and an extra offset in turn. The scenarios are the JSON files in ../presets/; the numbers
// behind each choice, the paper's own parameters and every assumption are in
// docs/presets.md.
import type { Scenario } from './scenario';
import type { LookForPoint } from './guide';
import { presetScenario } from './preset-scenario';
import firstLessonJson from '../presets/first-lesson.json';
import paper000Json from '../presets/paper000-lobs.json';
import paper001Json from '../presets/paper001-highspeed.json';
import paper002Json from '../presets/paper002-wlan.json';
import paper003SlowJson from '../presets/paper003-slow.json';
import paper003FastJson from '../presets/paper003-fast.json';
import paper004Json from '../presets/paper004-dumbbell.json';
import nsfnetJson from '../presets/nsfnet.json';
import nsfnetContinuityJson from '../presets/nsfnet-continuity.json';
import usnetJson from '../presets/usnet.json';
import contentionResolutionJson from '../presets/contention-resolution.json';
import { deepFreeze } from './deep-freeze';

export interface Preset {
  /** Short and URL-safe ("first-lesson", "paper000"). */
  id: string;
  /** Equal to scenario.name. */
  title: string;
  /** The paper's number and short title, or null for a preset of our own. */
  paper: string | null;
  /** One line. */
  summary: string;
  /**
   * 2-4 short sentences a teacher reads to the class; a point may carry what its *Show me*
   * button does (speed, view, the moment to pause at: guide.ts). Read the sentence with
   * lookForText(point).
   */
  lookFor: LookForPoint[];
  /** The figure of the paper it reproduces, or null. */
  figure: string | null;
  /** Where the paper was silent or the model differs from it. */
  assumptions: string[];
  /** Deeply frozen, shared by every importer: structuredClone it to edit. */
  scenario: Scenario;
}

/** The id of the preset the app opens on. */
export const DEFAULT_PRESET_ID = 'paper000';

/** A preset as written below: its scenario still the JSON file, which presetScenario checks. */
type PresetSource = Omit<Preset, 'scenario'> & { json: unknown };

/** In the order the app lists them. */
const SOURCES: PresetSource[] = [
  {
    id: 'first-lesson',
    title: 'First lesson: one TCP Reno flow over OBS',
    paper: null,
    summary: 'One Reno flow from Server to Client through two edge nodes and one core node; 0.5 % of data bursts are lost.',
    lookFor: [
      {
        text: "Packets wait at E1 and leave together as one burst 2 ms after the first of them arrived; the burst's control packet leaves first, 11.5 µs ahead of it.",
        show: { speed: 1e-3, view: { tab: 'charts', bigNetwork: true }, pauseAt: { event: 'burst-sent', node: 'E1', class: 'data' } },
      },
      {
        text: 'When a data burst is lost, three duplicate ACKs trigger a fast retransmit and the window is halved (a diamond on the cwnd chart).',
        show: { speed: 0.1, view: { tab: 'charts', chart: 'cwnd', bigNetwork: false }, pauseAt: { event: 'fast-retransmit' } },
      },
      {
        text: 'A lost burst usually takes two segments of one window. Fast retransmit repairs the first; Reno leaves fast recovery on the next ACK, which stops at the second, and often only a timeout repairs that one: cwnd falls to 1 and slow start begins again.',
        show: { speed: 0.1, view: { tab: 'charts', chart: 'cwnd', bigNetwork: false }, pauseAt: { event: 'rto' } },
      },
      {
        text: 'Move the data-burst loss slider and watch the throughput change (Show me raises it to 2 % and pauses at 5 s: about 2 Mbit/s so far, a third of what the preset’s own loss gives by then).',
        show: {
          set: { 'obs.burstLoss.data': 0.02 },
          speed: 1,
          view: { tab: 'charts', chart: 'throughput', bigNetwork: false },
          pauseAt: { event: 'time', at: 5 },
        },
      },
    ],
    figure: null,
    assumptions: [
      '10 Mbit/s access links so that the flow sends under a thousand segments per simulated second and plays well at real time.',
      'Fibers of 1000 km (5 ms), 2 wavelengths at 1 Gbit/s, assembly by time (2 ms), MSS 1460 B, window 32 segments, 20 s.',
    ],
    json: firstLessonJson,
  },
  {
    id: 'paper000',
    title: 'Paper 000: LOBS testbed, data-burst vs ACK-burst loss',
    paper: '000 — TCP performance experiment on LOBS network testbed',
    summary:
      'One Reno flow across a mesh of 3 edge and 4 core nodes; data bursts and ACK bursts take separate paths and are dropped with separate probabilities.',
    lookFor: [
      {
        text: 'Data bursts go over C1 and C2, ACK bursts come back over C4 and C3: the two classes use different links, as in the testbed.',
        show: { speed: 1e-3, view: { tab: 'charts', bigNetwork: true }, pauseAt: { event: 'burst-sent', node: 'E2', class: 'ack' } },
      },
      {
        text: 'With 1 % of data bursts lost (the slider), throughput falls to about a tenth of the lossless one: Show me plays the 20 s run and pauses at its end, where the mean goodput is about 27 Mbit/s; set the loss to 0 and it is about eight times as much.',
        show: { speed: 10, view: { tab: 'charts', chart: 'throughput', bigNetwork: false }, pauseAt: { event: 'time', at: 20 } },
      },
      {
        text: 'Set data loss to 0 and ACK loss to 1 %: throughput falls much less, because a later cumulative ACK covers a lost one.',
        show: {
          set: { 'obs.burstLoss.data': 0, 'obs.burstLoss.ack': 0.01 },
          speed: 1,
          view: { tab: 'charts', chart: 'throughput', bigNetwork: false },
          pauseAt: { event: 'burst-dropped', class: 'ack' },
        },
      },
      {
        text: 'At 5 % ACK-burst loss throughput falls to about a fifth of the lossless one: still about twice what the preset’s data-burst loss leaves (the paper found the two about equal).',
        show: {
          set: { 'obs.burstLoss.data': 0, 'obs.burstLoss.ack': 0.05 },
          speed: 1,
          view: { tab: 'charts', chart: 'throughput', bigNetwork: false },
          pauseAt: { event: 'rto' },
        },
      },
    ],
    figure: 'Fig. 3 (a) data-burst loss and (b) ACK-burst loss; Fig. 4 both (swept in docs/validation.md)',
    assumptions: [
      'Gigabit Ethernet access (the edge nodes have GE and FE ports); the 1 ms assembly timer is combined with a 16 KB length threshold, so a 64 KB window leaves as several bursts.',
      "Data and ACKs take separate paths by link cost, as an ns-2 script sets them with `$ns cost`: the C1-C2 side costs 1 per hop towards E2 and 10 back, the C3-C4 side the reverse, the cross links 10 (docs/routing.md). Delays are the testbed's; routes no longer depend on them.",
      'Fiber delays 100-300 us (20-60 km), access 10 us; Reno, RTO min 0.2 s; the paper names neither the variant nor the RTO.',
      'One control channel per fiber direction at 1.25 Gbit/s, as in the testbed; E3 carries no traffic (the paper has no background).',
    ],
    json: paper000Json,
  },
  {
    id: 'paper001',
    title: 'Paper 001: high-speed TCP variants over OBS',
    paper: '001 — Performance evaluation of high speed TCP variants over OBS networks',
    summary:
      'Reno, HSTCP, BIC, Scalable TCP, H-TCP and CUBIC share a bufferless JIT core; their bursts are lost when the core finds no free wavelength.',
    lookFor: [
      {
        text: 'BIC, Scalable TCP and H-TCP keep a far larger cwnd than Reno and get more throughput; in this run HSTCP and CUBIC stay near Reno, above it on average over start times (Fig. 2, docs/validation.md). Show me plays the minute and pauses at its end.',
        show: { speed: 10, view: { tab: 'charts', chart: 'cwnd', bigNetwork: false }, pauseAt: { event: 'time', at: 60 } },
      },
      {
        text: 'Losses here are contention drops at C1, not injected ones: a JIT reservation starts when the control packet is processed and can collide with a burst still passing.',
        show: { speed: 1, view: { tab: 'log', bigNetwork: false }, pauseAt: { event: 'burst-dropped', reason: 'contention' } },
      },
      {
        text: 'Add wavelengths on the fibers and the drops vanish; throughput rises (Fig. 5; Show me gives each fiber 8 and pauses at 5 s, with no data burst dropped).',
        show: {
          set: { 'links[E1-C1].wavelengths': 8, 'links[C1-C2].wavelengths': 8, 'links[C2-E2].wavelengths': 8 },
          speed: 10,
          view: { tab: 'charts', chart: 'throughput', bigNetwork: false },
          pauseAt: { event: 'time', at: 5 },
        },
      },
      {
        text: 'Change the assembly time or burst size and watch throughput rise and then fall (Figs. 3 and 4): the Sweep tab runs either over a range.',
        show: { view: { tab: 'sweep', bigNetwork: false } },
      },
    ],
    figure:
      'Fig. 2 (congestion window vs time, high-speed variants vs regular TCP), and Figs. 3-5 (throughput vs burst size, assembly time and wavelengths) when swept (docs/validation.md)',
    assumptions: [
      'The paper does not give its topology (Fig. 1 is not in the text): one host per variant, E1 - C1 - C2 - E2, 1 Gbit/s access, 4 wavelengths of 1 Gbit/s, 10 ms fibers (RTT about 50 ms).',
      "Hybrid assembly with the paper's reference point: 5 ms timer and 40,000 B bursts; data and ACKs assembled apart; LAUC-VF.",
      "No background traffic (none in the paper): the losses come from JIT contention among the flows' own bursts.",
      "MSS 1000 B (ns-2 default), maxWindow 20,000 segments, 60 s simulated; cwnd sampled every 0.05 s instead of the paper's 0.5 s for smoother charts.",
      "CUBIC is added to the paper's five variants (it cites CUBIC-FIT); all high-speed variants recover with SACK, as in Linux.",
    ],
    json: paper001Json,
  },
  {
    id: 'paper002',
    title: 'Paper 002: TCP over 802.11b access and an OBS core',
    paper: '002 — A simulation-based study of TCP performance over an OBS backbone with 802.11 access',
    summary:
      'A mobile node sends over a lossy 11 Mbit/s WLAN with link-layer retries, then over an OBS core loaded with self-similar background traffic, to a fixed host.',
    lookFor: [
      {
        text: 'The WLAN link retries most lost frames: few packets are really dropped, but every retry adds delay to the RTT.',
        show: {
          speed: 1,
          view: { tab: 'charts', chart: 'rtt', bigNetwork: false },
          pauseAt: { event: 'packet-dropped', reason: 'random' },
        },
      },
      {
        text: 'Raise the WLAN loss and throughput falls quickly: Show me sets 50 % per try and pauses at the end of the run, with a mean goodput of about 1.9 Mbit/s. The OBS core drops no data burst here (the counters), so the loss is all the WLAN’s.',
        show: {
          set: { 'links[wlan].loss': 0.5 },
          speed: 10,
          view: { tab: 'charts', chart: 'throughput', bigNetwork: false },
          pauseAt: { event: 'time', at: 30 },
        },
      },
      {
        text: "Background batches enter the edges' assembly queues and fill each burst past its size threshold within a millisecond, so TCP's segments do not wait for the timer: nearly every burst carries one segment among background bytes. A batch goes in whole, so a burst can end far past the threshold: the one Show me pauses on holds 95.2 KB.",
        show: { speed: 1e-3, view: { tab: 'log', bigNetwork: true }, pauseAt: { event: 'burst-sent', node: 'E1', class: 'data' } },
      },
      {
        text: 'Some bursts wait in the fiber delay lines instead of being dropped: the Channels tab shows their delays (Show me pauses at 1 s).',
        show: { speed: 1, view: { tab: 'channels', bigNetwork: false }, pauseAt: { event: 'time', at: 1 } },
      },
    ],
    figure: 'Fig. 3 (mean throughput vs WLAN and OBS drop probability), one point of it; Figs. 2-4 when swept (docs/validation.md)',
    assumptions: [
      'The WLAN is a packet link of 11 Mbit/s with 30 % loss per try and 4 retries 1 ms apart (residual loss about 0.2 %); 802.11 MAC overheads (DIFS, back-off, MAC ACKs) are not modelled, so its useful rate is above a real 802.11b one.',
      "7 data wavelengths at 1 Gbit/s per fiber; the model has one control channel per fiber direction instead of the paper's 2 signalling wavelengths.",
      "Three edge nodes and two cores; self-similar background (Hurst 0.5) between every ordered pair of edges, entering the source edge's assembly queue as batches of bytes (as in ns-2's OBS modules): load 0.3 of a 7 Gbit/s fiber in batches of 26,250 B on average, which is the paper's 10,000 batches per second. The paper does not give its batch sizes; this one drops under 1e-4 of the bursts, below the paper's fall point.",
      'Wired access 1 Gbit/s, fibers 1 ms, MSS 1000 B (ns-2 default), window 64 segments, mixed assembly queues, JET, 30 s simulated.',
    ],
    json: paper002Json,
  },
  {
    id: 'paper003-slow',
    title: 'Paper 003: slow (MEMS) path, 80 flows at 10 Gbit/s',
    paper: '003 — TCP performance in hybrid multigranular OBS networks',
    summary:
      "80 CBR flows with SACK, each with its own 100 Mbit/s access, share huge bursts (several MB) through a MEMS core with a 10 ms set-up; ACKs come back over a packet path, so the round trip is the paper's 30 ms plus the bursts' own length.",
    lookFor: [
      {
        text: "Once the windows are open, each round trip's data leaves E1 in three bursts, two filled to the 10 MB limit and one of about 2.6 MB, and every burst carries segments of all 80 flows: each flow's own 100 Mbit/s access spreads its window over the round trip.",
        show: {
          speed: 0.1,
          view: { tab: 'log', bigNetwork: false },
          pauseAt: { event: 'burst-sent', node: 'E1', class: 'data', after: 1 },
        },
      },
      {
        text: 'A lost data burst holds segments of every flow, so all 80 react at once: with segments of their windows behind the hole, SACK repairs it in one fast recovery; when the hole is at the end of the windows, all 80 time out together and restart from slow start.',
        show: { speed: 0.1, view: { tab: 'charts', chart: 'cwnd', bigNetwork: false }, pauseAt: { event: 'rto' } },
      },
      {
        text: 'After the timeout, slow start doubles cwnd every round trip back to half the window it had, in about a quarter of a second, then congestion avoidance adds one segment per round trip.',
        show: { speed: 0.1, view: { tab: 'charts', chart: 'cwnd', bigNetwork: false }, pauseAt: { event: 'rto', after: 5 } },
      },
    ],
    figure: 'Fig. 3 (slow connections, Wm = 512, Pl = 1e-3) and Fig. 5 (cwnd of one source); swept over Pl and Wm in docs/validation.md',
    assumptions: [
      "Each flow has its own 100 Mbit/s access link at both ends (the paper's B = 100 Mbit/s per flow; `access` in docs/routing.md), and its CBR source sends at that rate.",
      "ACKs return over an electronic packet path E2-R1-E1 of 5 ms, by link cost (docs/routing.md), as the paper's ideal throughput implies: MSS x Wm x N / RTT = 5.592 Gbit/s needs a 30 ms RTT, that is 10 ms assembly + 10 ms offset + 5 ms there + 5 ms back, so ACKs did not cross the MEMS core. Our round trip adds the burst's own transmission (a 7 MB burst takes 5.6 ms at 10 Gbit/s): about 38 ms at Wm 512.",
      "RTO 30 ms read as ns-2's minrto_: the lower bound of the RFC 6298 estimator. A fixed 30 ms timer would expire before the first ACK of a 30 ms round trip and time out every segment (measured: 0.02 Gbit/s).",
      'Starts spread uniformly over the first 10 ms (seeded), so the flows are not synchronised by construction; 10 s simulated, seed 2.',
      'Burst loss Pl = 1e-3 for data and ACK bursts alike (there are no ACK bursts here: ACKs never cross the core); one wavelength; mixed-flow hybrid assembly (Tmax 10 ms, Lmax 10 MB).',
    ],
    json: paper003SlowJson,
  },
  {
    id: 'paper003-fast',
    title: 'Paper 003: fast (SOA) path, 320 flows at 40 Gbit/s',
    paper: '003 — TCP performance in hybrid multigranular OBS networks',
    summary:
      '320 CBR flows with SACK, each with its own 100 Mbit/s access, share short bursts (about 45 segments, one of each of 45 flows) through an SOA core at 40 Gbit/s; ACKs come back over a packet path.',
    lookFor: [
      {
        text: 'Bursts are small and frequent: each carries about 45 segments, one from each of about 45 flows, as the paper reckons.',
        show: { speed: 1e-3, view: { tab: 'log', bigNetwork: false }, pauseAt: { event: 'burst-sent', node: 'E1', class: 'data' } },
      },
      {
        text: 'A lost burst takes one segment from each of some 45 flows: each finds it by triple duplicate ACKs and repairs it by fast recovery; timeouts are about one in ten.',
        show: { speed: 0.1, view: { tab: 'charts', chart: 'cwnd', bigNetwork: false }, pauseAt: { event: 'fast-retransmit' } },
      },
      {
        text: "Losses are so frequent that once the first half second is over, no flow's window reaches 512 again (Show me pauses at the end of the run).",
        show: { speed: 1, view: { tab: 'charts', chart: 'cwnd', bigNetwork: false }, pauseAt: { event: 'time', at: 2 } },
      },
    ],
    figure: 'Fig. 3 (fast connections, Wm = 512, Pl = 1e-3) and Fig. 8 (cwnd of one source); swept over Pl and Wm in docs/validation.md',
    assumptions: [
      'Each flow has its own 100 Mbit/s access link at both ends, and its CBR source sends at that rate; ACKs return over an electronic packet path of 5 ms by link cost, as on the slow path.',
      "RTO 10.5 ms read as ns-2's minrto_, the estimator's lower bound (the round trip is about 10.4 ms: 0.5 ms assembly, 5 ms there, 5 ms back).",
      "Aggregate throughput about 5.5 Gbit/s after 6 s at Pl 1e-3, above the paper's 2.2 Gbit/s: the square-root law at one loss per thousand segments and a 10.4 ms round trip gives about 4.9 Gbit/s for 320 flows (docs/validation.md).",
      '2 s simulated (the run is heavy); starts spread over the first 0.5 ms (seeded); SOA set-up 1 us; Pl = 1e-3 for data and ACK bursts (no ACK bursts here).',
    ],
    json: paper003FastJson,
  },
  {
    id: 'paper004',
    title: 'Dumb-bell: Tahoe vs Reno vs NewReno (paper 004)',
    paper: '004 — Tahoe vs Reno vs NewReno on a dumb-bell',
    summary:
      'Three FTP flows, Tahoe, Reno and NewReno, share a 60 Mbit/s bottleneck with a drop-tail queue of 5 packets: plain packet switching, no OBS.',
    lookFor: [
      {
        text: 'The window is capped at 10 segments: at most 10 x 1460 B per 0.2 s round trip, about 0.58 Mbit/s per flow. Show me pauses at the end of the run: the three flows together average about 1.2 Mbit/s.',
        show: { speed: 1, view: { tab: 'charts', chart: 'throughput', bigNetwork: false }, pauseAt: { event: 'time', at: 5 } },
      },
      {
        text: 'Slow start overflows the 5-packet bottleneck queue. In this run the drops hit Reno and NewReno. Reno loses four segments of one window, makes a fast retransmit, then times out. NewReno loses two segments of a 4-segment window and one more just after, yet gets its third duplicate ACK: Limited Transmit sends a new segment on each of the first two, so the receiver has something to answer. Their cwnd charts fall; Tahoe loses nothing, keeps its 10-segment window and ends ahead. Which flow loses depends on who overflows the queue, not on the seed (nothing here is random): start Tahoe 1 ms later and it is Tahoe that loses segments, falls back to one segment and slow-starts.',
        show: {
          speed: 0.1,
          view: { tab: 'charts', chart: 'cwnd', bigNetwork: false },
          pauseAt: { event: 'packet-dropped', reason: 'queue' },
        },
      },
      {
        text: 'Reno leaves fast recovery on the first new ACK, with three of its four lost segments still missing, and then times out: one fast retransmit repairs one hole. NewReno stays in fast recovery until everything sent before its loss is acknowledged, resending one hole per partial ACK: its three lost segments come back without a timeout.',
        show: { speed: 0.1, view: { tab: 'charts', chart: 'cwnd', bigNetwork: false }, pauseAt: { event: 'recovery-exit', flow: 'reno' } },
      },
      {
        text: 'Set the packet size (MSS) to 4000 B (Show me does, and pauses at the end of the run): the same packets are lost, and every flow carries about 2.7 times as much, since a window of 10 segments now holds more bytes; the three together average about 3.2 Mbit/s.',
        show: {
          set: { 'flows[0].tcp.mss': 4000, 'flows[1].tcp.mss': 4000, 'flows[2].tcp.mss': 4000 },
          speed: 1,
          view: { tab: 'charts', chart: 'throughput', bigNetwork: false },
          pauseAt: { event: 'time', at: 5 },
        },
      },
    ],
    figure: 'Throughput and cwnd vs time per variant (MSS 1460 B); 2000 to 4000 B in docs/validation.md',
    assumptions: [
      "The paper's parameters as given: access 300 Mbit/s 20 ms, bottleneck 60 Mbit/s 60 ms, queue 5, max cwnd 10, 5 s.",
      'Access queues of 1000 packets (only the bottleneck queue is given); RTO minimum 0.2 s.',
    ],
    json: paper004Json,
  },
  {
    id: 'nsfnet',
    title: 'NSFNET backbone: 14 cores, uniform Poisson traffic, full conversion',
    paper: null,
    summary:
      'Every pair of the 14 edges sends Poisson bursts across NSFNET (8 wavelengths per fiber, load 0.2), and one Reno flow crosses the whole backbone from Seattle to Princeton.',
    lookFor: [
      {
        text: 'Background bursts between all 182 pairs of edges share the 8 wavelengths of each fiber; a burst that finds all of them busy at a core is lost. Show me pauses at the first such loss; the log says where.',
        show: {
          speed: 1e-3,
          view: { tab: 'log', bigNetwork: true },
          pauseAt: { event: 'burst-dropped', class: 'background', reason: 'contention' },
        },
      },
      {
        text: "The TCP flow's bursts cross five cores (SEA, CHA, PIT, CPK, PRI), and a burst may be lost at any of them, so the flow makes a few fast retransmits (the diamonds on its cwnd chart) and gets about 1.1 Mbit/s: Show me pauses at the end of the run.",
        show: { speed: 1, view: { tab: 'charts', chart: 'cwnd', bigNetwork: false }, pauseAt: { event: 'time', at: 5 } },
      },
      {
        text: 'Raise the load from 0.2 to 0.3 (Show me, pausing at the end of the run) and the loss grows fivefold: the Loss matrix tab gives about 4 % of all bursts lost, and the flow, timing out again and again, gets under 0.1 Mbit/s.',
        show: { set: { 'traffic.load': 0.3 }, speed: 1, view: { tab: 'loss', bigNetwork: false }, pauseAt: { event: 'time', at: 5 } },
      },
    ],
    figure: null,
    assumptions: [
      'NSFNET (14 nodes, 21 links) with the link lengths most OBS papers tabulate, 5 µs per km; an edge node beside every core; the map is squeezed onto the canvas, not drawn to scale.',
      'Uniform traffic matrix of Poisson bursts (mean 40,000 B) at network load 0.2 on 8 wavelengths of 1 Gbit/s; LAUC scheduling, JET with a 100 µs offset, no FDLs (backboneScenario in docs/mesh.md).',
      'One Reno flow on 10 Mbit/s access links, as in the first lesson; its segments travel in bursts of their own (1 ms assembly), 5 s simulated.',
    ],
    json: nsfnetJson,
  },
  {
    id: 'nsfnet-continuity',
    title: 'NSFNET backbone without wavelength conversion',
    paper: null,
    summary:
      'The NSFNET preset with no wavelength converters: a burst must keep the wavelength its edge chose (first-fit) from its first core to its last, or it is lost.',
    lookFor: [
      {
        text: 'The same traffic as the NSFNET preset now loses 36 % of the bursts (the Loss matrix tab at the end of the run), fifty times as many: with first-fit every edge picks the lowest free wavelength, and those wavelengths are the busy ones further on.',
        show: { speed: 1, view: { tab: 'loss', bigNetwork: false }, pauseAt: { event: 'time', at: 5 } },
      },
      {
        text: "Seven of every ten bursts on the TCP flow's five-core path are lost: the flow delivers a handful of segments in the whole run and spends the run waiting for timeouts.",
        show: { speed: 1, view: { tab: 'charts', chart: 'cwnd', bigNetwork: false }, pauseAt: { event: 'rto' } },
      },
      {
        text: 'Let the edges choose a free wavelength at random instead (Show me, pausing at the end of the run): the bursts spread over the wavelengths and the Loss matrix tab gives 18 % lost, half as many as with first-fit, still far above full conversion.',
        show: {
          set: { 'obs.wavelengthChoice': 'random' },
          speed: 1,
          view: { tab: 'loss', bigNetwork: false },
          pauseAt: { event: 'time', at: 5 },
        },
      },
    ],
    figure: null,
    assumptions: [
      'Everything as in the NSFNET preset except every core\'s conversion, "none" (docs/mesh.md): the ingress edge chooses the wavelength at its first core, first-fit, and the last hop to the egress edge may use any wavelength (a receiver per wavelength).',
      "First-fit as the edges' default is the worst case Teng and Rouskas describe; the third point shows random choice.",
    ],
    json: nsfnetContinuityJson,
  },
  {
    id: 'usnet',
    title: 'USNET backbone: 24 cores, uniform Poisson traffic, full conversion',
    paper: null,
    summary:
      'The larger US backbone of many OBS papers (24 nodes, 43 links): every pair of the 24 edges sends Poisson bursts, and one Reno flow crosses it corner to corner.',
    lookFor: [
      {
        text: 'With 552 pairs of edges at the same load per fiber as the NSFNET preset, 3.0 % of the bursts are lost (the Loss matrix tab at the end of the run), four times as many as on NSFNET: a route here crosses 2.1 core-to-core fibers on average against 1.4 on NSFNET, and a burst can be lost wanting a wavelength on each.',
        show: { speed: 1, view: { tab: 'loss', bigNetwork: false }, pauseAt: { event: 'time', at: 5 } },
      },
      {
        text: 'The TCP flow from N1 to N24 crosses seven cores (6,150 km) and loses about as large a share of its bursts as the NSFNET flow does over five: the loss of a path is that of its busiest fibers, not of its length. It gets about 1.4 Mbit/s (Show me pauses at the end of the run).',
        show: { speed: 1, view: { tab: 'charts', chart: 'throughput', bigNetwork: false }, pauseAt: { event: 'time', at: 5 } },
      },
    ],
    figure: null,
    assumptions: [
      'USNET (24 nodes, 43 links) as the survivable-WDM papers draw it, with the link lengths in km that the open RWA simulators carry (checked against seven copies); the papers number the nodes and give no cities, so the map is a drawing of their figure, not to scale (packages/scenario/src/backbones/topologies.ts).',
      'Traffic, wavelengths, load and the TCP flow as in the NSFNET preset.',
    ],
    json: usnetJson,
  },
  {
    id: 'contention-resolution',
    title: 'Contention at a core: drop, deflect, cut or give priority',
    paper: null,
    summary:
      'One NewReno flow and Poisson background share the 4 wavelengths of C1→C2; a detour by C3 stands idle. Show me turns on, one at a time, the three ways a core can do better than dropping a burst.',
    lookFor: [
      {
        text: 'A burst whose control packet finds all 4 wavelengths of C1→C2 reserved for its whole length is dropped: Show me pauses at the first of the flow’s bursts dropped so, and the log says why. Erlang-B puts the share of bursts so lost at 2.6 % for 1.2 Erlangs on 4 wavelengths; the run loses close to that (the lesson on contention gives its figures).',
        show: {
          speed: 0.1,
          view: { tab: 'log', bigNetwork: true },
          pauseAt: { event: 'burst-dropped', node: 'C1', class: 'data', reason: 'contention' },
        },
      },
      {
        text: 'Deflection (Show me turns it on at C1): a blocked burst goes the long way, by C3, if its offset covers that way. Show me pauses at the first of the flow’s bursts deflected; play on to the end and none is lost, and the flow gets nearly four times as much.',
        show: {
          set: { 'nodes[C1].deflection': true },
          speed: 0.1,
          view: { tab: 'log', bigNetwork: true },
          pauseAt: { event: 'burst-deflected', node: 'C1', class: 'data' },
        },
      },
      {
        text: 'Segmentation (Show me turns it on at C1): C1 keeps the part of a burst that fits and cuts the rest off, whole segments only. Show me pauses at the first of the flow’s bursts cut short; play on to the end and far fewer bytes are lost, yet the flow gets no more: a cut is a loss to TCP as a drop is, and C1 now cuts or drops more of the flow’s bursts than it dropped before.',
        show: {
          set: { 'nodes[C1].segmentation': true },
          speed: 0.1,
          view: { tab: 'log', bigNetwork: true },
          pauseAt: { event: 'burst-cut', node: 'C1', class: 'data' },
        },
      },
      {
        text: 'Priority by offset (Show me gives the second background source 2 ms of extra offset, over 12 mean burst lengths, and pauses at the end of the run): its bursts reserve before the others arrive and lose 0.34 % (the Loss matrix tab), close to Erlang-B of their own load alone (0.30 %); the bursts without it lose 5.3 %, twice what one class loses, and the flow among them gets 2.8 Mbit/s.',
        show: {
          set: { 'background[1].extraOffset': 0.002 },
          speed: 1,
          view: { tab: 'loss', bigNetwork: false },
          pauseAt: { event: 'time', at: 5 },
        },
      },
    ],
    figure: null,
    assumptions: [
      'A small mesh of our own (no paper): 4 wavelengths at 1 Gbit/s on C1→C2 and on the detour C1→C3→C2, two Poisson background sources E1→E2 of 0.6 Erlang each (bursts of 20 kB on average, 160 µs), one NewReno flow on 100 Mbit/s access links.',
      'A fixed offset of 200 µs, longer than the auto offset of either way, so a deflected burst’s control packet can still be processed at C3 in time (docs/mesh.md section 6). The detour carries no traffic of its own, so deflection here is at its best.',
      'Segmentation cuts the contending burst (head or tail, LAUC-VF), never the burst already scheduled; background bursts carry no packets and are cut at any byte (docs/mesh.md section 7).',
    ],
    json: contentionResolutionJson,
  },
];

/** Every preset, its scenario through the schema (preset-scenario.ts), in the order the app lists them. */
export const PRESETS: readonly Preset[] = deepFreeze(
  SOURCES.map(({ json, ...preset }): Preset => ({ ...preset, scenario: presetScenario(preset.id, json) })),
);

/** The preset with this id, or undefined. */
export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((preset) => preset.id === id);
}
