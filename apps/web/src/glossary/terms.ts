/**
 * The glossary: every OBS and TCP term the app shows, in a sentence or two a student can
 * read from the back of the room. Sources: the papers in shared/papers, RFCs 5681, 6582,
 * 6675, 6298, 2018, and docs/model.md for what this simulator does exactly.
 */
export interface GlossaryEntry {
  term: string;
  text: string;
}

export const GLOSSARY = {
  obs: {
    term: 'Optical Burst Switching (OBS)',
    text: 'Packets going the same way are gathered at the network edge into a large burst, which crosses the optical core without being converted back to electronics. A control packet sent just ahead reserves the way.',
  },
  burst: {
    term: 'Burst',
    text: 'Many packets to the same egress edge, assembled into one unit at the ingress edge. It travels the optical core on one wavelength and is dropped or delivered as a whole.',
  },
  dataBurst: {
    term: 'Data burst',
    text: 'A burst carrying TCP data segments (sender to receiver). Losing one can take many segments of a window at once.',
  },
  ackBurst: {
    term: 'ACK burst',
    text: 'A burst carrying TCP acknowledgements back to the sender. Cumulative ACKs mean a later ACK covers a lost one, so ACK loss hurts much less than data loss.',
  },
  assembly: {
    term: 'Burst assembly',
    text: 'How an edge node decides when a burst is complete: after a time (maxTime), at a size (maxBytes), or whichever comes first (hybrid). Short bursts are padded to minBytes.',
  },
  bhp: {
    term: 'Control packet (BHP)',
    text: 'The burst header packet: sent on a separate control channel ahead of its burst, it is processed electronically at each core node, which reserves a wavelength for the burst.',
  },
  offset: {
    term: 'Offset',
    text: 'The time between a control packet and its burst. It must cover the processing at every core hop plus the switch set-up time, or the burst arrives before its reservation and is lost.',
  },
  jet: {
    term: 'JET (Just Enough Time)',
    text: 'Reservation from the moment the burst arrives until it has passed: no wavelength time is wasted waiting for the burst.',
  },
  jit: {
    term: 'JIT (Just In Time)',
    text: 'Reservation from the moment the control packet is processed until the burst has passed: simpler, but the wavelength idles during the offset.',
  },
  wavelength: {
    term: 'Wavelength (λ)',
    text: 'One channel of a fiber. Each wavelength carries one burst at a time; a fiber with 4 λ carries up to 4 bursts at once.',
  },
  edgeNode: {
    term: 'Edge node',
    text: 'Where packets enter and leave the optical core: it assembles packets into bursts and sends their control packets (ingress), and takes bursts apart again (egress).',
  },
  coreNode: {
    term: 'Core switch',
    text: 'An all-optical switch inside the OBS network. It cannot store bursts; it can only switch them to a free wavelength, delay them in an FDL, or drop them.',
  },
  router: {
    term: 'Router',
    text: 'An electronic packet switch with a drop-tail queue: packets wait in the queue and are dropped when it is full.',
  },
  contention: {
    term: 'Contention',
    text: 'Two bursts want the same output at the same time and no wavelength is free (nor after any FDL delay): one of them is dropped.',
  },
  ffuc: {
    term: 'FFUC',
    text: 'First Fit Unscheduled Channel: the burst takes the first wavelength that is free for its whole duration.',
  },
  lauc: {
    term: 'LAUC (Horizon)',
    text: 'Latest Available Unscheduled Channel: among the wavelengths free after their last reservation, the one that became free latest, leaving the smallest gap.',
  },
  laucvf: {
    term: 'LAUC-VF',
    text: 'LAUC with void filling: a burst may also go into a gap (void) between two reservations already made, if it fits.',
  },
  void: {
    term: 'Void',
    text: 'An idle gap on a wavelength between two reservations. Void filling places later bursts into such gaps.',
  },
  fdl: {
    term: 'FDL (fiber delay line)',
    text: 'A coil of fiber that delays a burst by a fixed time. A core switch tries its FDLs in order when no wavelength is free now; the delay may find one free.',
  },
  injectedLoss: {
    term: 'Injected loss (drop probability)',
    text: 'Bursts dropped at random with a set probability, separately for data and ACK bursts, to study how TCP reacts — as the papers do.',
  },
  lateDrop: {
    term: 'Late',
    text: 'The burst reached a core switch before its control packet had been processed there: the offset was too short.',
  },
  tcp: {
    term: 'TCP',
    text: 'The Internet’s reliable transport: it numbers segments, the receiver acknowledges them, and the sender adapts its window to the losses it sees.',
  },
  segment: {
    term: 'Segment',
    text: 'One TCP packet of data, at most MSS bytes.',
  },
  mss: {
    term: 'MSS',
    text: 'Maximum segment size: the data bytes in one TCP segment.',
  },
  cwnd: {
    term: 'cwnd (congestion window)',
    text: 'How many segments the sender may have unacknowledged in the network. It grows while all goes well and is cut when a loss is detected.',
  },
  ssthresh: {
    term: 'ssthresh',
    text: 'Slow-start threshold: below it cwnd doubles every round trip (slow start); above it cwnd grows by one segment per round trip (congestion avoidance). A loss sets it to about half the window.',
  },
  slowStart: {
    term: 'Slow start',
    text: 'cwnd grows by one segment per ACK, doubling every round trip, until it reaches ssthresh or a loss happens.',
  },
  congestionAvoidance: {
    term: 'Congestion avoidance',
    text: 'Above ssthresh, cwnd grows by about one segment per round trip: a careful probe for more bandwidth.',
  },
  dupAck: {
    term: 'Duplicate ACK',
    text: 'An ACK that acknowledges nothing new: the receiver got a segment out of order, so one before it is missing.',
  },
  fastRetransmit: {
    term: 'Fast retransmit',
    text: 'After three duplicate ACKs the sender resends the missing segment at once, without waiting for the timer, and halves its window (Tahoe restarts from 1).',
  },
  fastRecovery: {
    term: 'Fast recovery',
    text: 'After a fast retransmit, Reno and NewReno keep sending new data as duplicate ACKs arrive, instead of starting again from one segment.',
  },
  rto: {
    term: 'RTO (retransmission timeout)',
    text: 'When no ACK comes for too long, the timer fires: the sender resends the first unacknowledged segment, sets cwnd to 1 and slow starts. Costly, so fast retransmit tries to avoid it.',
  },
  rtt: {
    term: 'RTT (round-trip time)',
    text: 'Time from sending a segment to receiving its ACK. SRTT is its smoothed average, which sets the RTO.',
  },
  goodput: {
    term: 'Goodput',
    text: 'Useful data delivered in order to the receiving application per second, without retransmissions or headers.',
  },
  delayedAck: {
    term: 'Delayed ACK',
    text: 'The receiver acknowledges every second segment, or after 200 ms, instead of every segment (RFC 5681).',
  },
  tahoe: { term: 'TCP Tahoe', text: 'Slow start, congestion avoidance and fast retransmit; after any loss cwnd restarts from 1.' },
  reno: { term: 'TCP Reno', text: 'Tahoe plus fast recovery: after three duplicate ACKs cwnd halves instead of restarting from 1.' },
  newreno: {
    term: 'TCP NewReno',
    text: 'Reno that stays in fast recovery until every segment lost in the window is repaired, one per round trip (RFC 6582).',
  },
  sack: {
    term: 'TCP SACK',
    text: 'The receiver reports which blocks arrived (selective ACKs), so the sender resends only the holes (RFC 2018, RFC 6675).',
  },
} satisfies Record<string, GlossaryEntry>;

export type TermId = keyof typeof GLOSSARY;
