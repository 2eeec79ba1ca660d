/**
 * What the animation keeps between frames: the events still in flight (or still to come)
 * taken from the visual store's recent ring, each read once; burst classes and flows from
 * their "burst formed" events; drop flashes in wall time; packet counts per link direction
 * for the summaries at high speed; the recent (wall, simulated) clock readings for the speed.
 *
 * `ingest` reads only the rows appended since the previous call (the ring's running
 * count), so a frame costs the new events plus the ones in flight, not the whole ring.
 */
import type { EventColumn } from '../sim/visualStore';
import { EventKind } from '../sim/visualStore';
import { FLASH_SECONDS } from './style';
import { BurstSampler, burstsTooFast } from './burstSamples';
import { accessLayout, displayLink, drawnCount, fanNodeIndex, fanOfDisplayLink, type AccessLayout } from './accessLinks';

/** The part of sim/visualStore's EventRing the animation reads. */
export interface RingLike {
  readonly length: number;
  readonly overwritten: number;
  get(i: number, column: EventColumn): number;
}

/** The part of sim/visualStore's VisualStore the animation reads. */
export interface StoreLike {
  readonly recent: RingLike;
  readonly generation: number;
}

/** An event on a link (BHP, burst, packet), kept until it has left the link. */
export interface Traveller {
  kind: number;
  t0: number;
  t1: number;
  /** Simulated time after which it has left the link (t1, or t1 + delay). */
  end: number;
  link: number;
  dir: number;
  lane: number;
  cls: number;
  /** Main flow of a burst (from its burst-formed event), -1 if unknown or none. */
  flow: number;
}

/** Where a flash shows: at a node, or at a point of a link. */
export type FlashPlace = { at: 'node'; node: number } | { at: 'link'; link: number; dir: number; /** 0 near end .. 1 far end */ f: number };

/**
 * What a flash marks: a drop, a TCP event at the sender, a burst a core deflected (sent off
 * its route, docs/mesh.md section 6) or cut short (segmented, section 7).
 */
export type FlashColor = 'drop' | 'tcp' | 'deflect' | 'cut';

export interface Flash {
  key: string;
  place: FlashPlace;
  text: string;
  color: FlashColor;
  /** Wall seconds when this flash (re)started its ring. */
  start: number;
  /** Wall seconds of the latest event counted in it. */
  last: number;
  count: number;
}

/** A drop (or TCP event) whose time has not come yet at ingest. */
interface PendingInstant {
  t: number;
  key: string;
  place: FlashPlace;
  text: string;
  color: FlashColor;
}

// Module-level copies: the per-event switch must not go through import bindings (test
// runners and dev servers turn each into a property getter).
const BURST_FORMED = EventKind.BurstFormed;
const BURST_DELIVERED = EventKind.BurstDelivered;
const CONTROL_PACKET = EventKind.ControlPacket;
const BURST_ON_LINK = EventKind.BurstOnLink;
const PACKET_ON_LINK = EventKind.PacketOnLink;
const BURST_DROPPED = EventKind.BurstDropped;
const PACKET_DROPPED = EventKind.PacketDropped;
const TCP_EVENT = EventKind.TcpEvent;
const BURST_DEFLECTED = EventKind.BurstDeflected;
const BURST_SEGMENTED = EventKind.BurstSegmented;

const BURST_REASON = ['injected', 'contention', 'late'];
const BURST_CLASS = ['data', 'ACK', 'bg'];
const PACKET_REASON = ['queue full', 'random loss'];
const PACKET_CLASS = ['data', 'ACK'];
const TCP_REASON = ['RTO', 'fast retransmit', 'recovery exit'];
const TCP_RECOVERY_EXIT = 2;

/** A bounded map: burst infos are forgotten when delivered or dropped, and past this size. */
const MAX_BURSTS_KNOWN = 50_000;
/** Spare travellers kept for reuse at most (more are left to the collector). */
const MAX_SPARE_TRAVELLERS = 20_000;

/** Wall seconds of clock readings kept for the speed and packet rates. */
export const RATE_WINDOW = 0.5;

export interface LinkInfo {
  delay: number;
  /** Node index of the a and b ends. */
  a: number;
  b: number;
}

export class AnimationModel {
  travellers: Traveller[] = [];
  /** Travellers that left their link, for take() to reuse. */
  private spare: Traveller[] = [];
  flashes = new Map<string, Flash>();
  /** One real burst now and then on links too fast to watch, slowed (burstSamples.ts). */
  readonly samples = new BurstSampler();
  private pending: PendingInstant[] = [];
  private burstInfo = new Map<number, number>(); // burst id -> cls | (flow + 1) << 2
  private seen = 0;
  private generation = -1;
  /** Clock readings: wall and simulated seconds, and packets taken per link direction. */
  private clock: { wall: number; now: number; packets: Float64Array; busy: Map<number, number> }[] = [];
  /** Per wavelength lane (laneKey), simulated seconds of bursts taken since the last tick. */
  private busySinceTick = new Map<number, number>();
  private packetsSinceTick: Float64Array;
  /**
   * Per link direction: how long (simulated s) the latest packet seen there takes from its
   * first bit leaving to its last bit arriving. Kept between packets so the choice between
   * squares and a summary does not flicker when a link is momentarily empty.
   */
  packetCrossing: Float64Array;
  /** Flow index -> node index of its sending host (TCP event flashes), from the scenario. */
  flowSource: number[] = [];
  /**
   * The engine's drawn access links on the fans' spokes (accessLinks.ts): engine link index
   * -> display link index. Without it, links are shown as numbered.
   */
  private access: Pick<AccessLayout, 'linkMap' | 'fans'> | null = null;

  constructor(private links: LinkInfo[]) {
    this.packetsSinceTick = new Float64Array(Math.max(1, links.length * 2));
    this.packetCrossing = new Float64Array(Math.max(1, links.length * 2));
  }

  /**
   * The network changed (another scenario): forget everything. `links` are the display
   * links (the scenario's, then the fans' spokes: linkInfos), `access` maps the engine's
   * drawn access links onto the spokes.
   */
  setLinks(links: LinkInfo[], flowSource: number[] = [], access: Pick<AccessLayout, 'linkMap' | 'fans'> | null = null): void {
    this.links = links;
    this.flowSource = flowSource;
    this.access = access;
    this.reset();
  }

  /** The display link of an engine link index (a copy's access link: its fan's spoke). */
  private display(link: number): number {
    return displayLink(this.access, link);
  }

  reset(): void {
    this.travellers = [];
    this.flashes.clear();
    this.samples.reset();
    this.pending = [];
    this.burstInfo.clear();
    this.clock = [];
    this.busySinceTick = new Map();
    this.packetsSinceTick = new Float64Array(Math.max(1, this.links.length * 2));
    this.packetCrossing = new Float64Array(Math.max(1, this.links.length * 2));
  }

  /**
   * Takes the rows appended to the store since the last call. `now` is the simulated time
   * of the latest frame and `wall` the wall clock (seconds): what has already left its link
   * is not kept, drops that have happened start their flash.
   */
  ingest(store: StoreLike, now: number, wall: number): void {
    const ring = store.recent;
    const total = ring.length + ring.overwritten;
    if (store.generation !== this.generation || total < this.seen) {
      this.generation = store.generation;
      this.seen = 0;
      this.reset();
    }
    // Rows overwritten before we read them are lost to the animation (they are old).
    let i = Math.max(0, this.seen - ring.overwritten);
    for (; i < ring.length; i++) this.take(ring, i, now, wall);
    this.seen = total;
  }

  private take(ring: RingLike, i: number, now: number, wall: number): void {
    const kind = ring.get(i, 'kind');
    switch (kind) {
      case BURST_FORMED: {
        const id = ring.get(i, 'id');
        if (this.burstInfo.size >= MAX_BURSTS_KNOWN) this.forgetOldest();
        this.burstInfo.set(id, ring.get(i, 'cls') | ((ring.get(i, 'lane') + 1) << 2));
        return;
      }
      case BURST_DELIVERED:
        this.burstInfo.delete(ring.get(i, 'id'));
        return;
      case CONTROL_PACKET:
      case BURST_ON_LINK:
      case PACKET_ON_LINK: {
        const link = this.display(ring.get(i, 'link'));
        const info = this.links[link];
        if (!info) return;
        const dir = ring.get(i, 'dir') === 1 ? 1 : 0;
        const t1 = ring.get(i, 't1');
        const end = kind === CONTROL_PACKET ? t1 : t1 + Math.max(0, info.delay);
        if (kind === BURST_ON_LINK) {
          const key = laneKey(link, dir, ring.get(i, 'lane'));
          this.busySinceTick.set(key, (this.busySinceTick.get(key) ?? 0) + (t1 - ring.get(i, 't0')));
          // Every burst, gone already or not: the sample of a fast link is drawn from them all.
          const bits = this.burstInfo.get(ring.get(i, 'id'));
          this.samples.seen(link, dir, ring.get(i, 'lane'), ring.get(i, 'cls'), bits !== undefined ? (bits >> 2) - 1 : -1);
        }
        if (kind === PACKET_ON_LINK) {
          this.packetsSinceTick[link * 2 + dir]++;
          this.packetCrossing[link * 2 + dir] = end - ring.get(i, 't0');
        }
        if (end < now) return;
        let cls = ring.get(i, 'cls');
        let flow = -1;
        if (kind !== PACKET_ON_LINK) {
          const bits = this.burstInfo.get(ring.get(i, 'id'));
          if (bits !== undefined) {
            flow = (bits >> 2) - 1;
            if (kind === CONTROL_PACKET) cls = bits & 3;
          } else if (kind === CONTROL_PACKET) {
            cls = -1;
          }
        } else {
          flow = ring.get(i, 'id');
        }
        // Travellers that left their link are reused (thousands a second at full speed).
        const t = this.spare.pop() ?? ({} as Traveller);
        t.kind = kind;
        t.t0 = ring.get(i, 't0');
        t.t1 = t1;
        t.end = end;
        t.link = link;
        t.dir = dir;
        t.lane = ring.get(i, 'lane');
        t.cls = cls;
        t.flow = flow;
        this.travellers.push(t);
        return;
      }
      case BURST_DROPPED: {
        const id = ring.get(i, 'id');
        this.burstInfo.delete(id);
        const node = ring.get(i, 'node');
        const reason = BURST_REASON[ring.get(i, 'reason')] ?? 'dropped';
        const cls = BURST_CLASS[ring.get(i, 'cls')] ?? '';
        const text = `${reason} (${cls})`;
        const place: FlashPlace =
          node >= 0 ? { at: 'node', node } : { at: 'link', link: ring.get(i, 'link'), dir: ring.get(i, 'dir'), f: 0 };
        const key = node >= 0 ? `n${node}:${text}` : `l${ring.get(i, 'link')}:${ring.get(i, 'dir')}:${text}`;
        this.instant(ring.get(i, 't0'), key, place, text, 'drop', now, wall);
        return;
      }
      case PACKET_DROPPED: {
        const link = this.display(ring.get(i, 'link'));
        const dir = ring.get(i, 'dir') === 1 ? 1 : 0;
        const r = ring.get(i, 'reason');
        const text = `${PACKET_REASON[r] ?? 'dropped'} (${PACKET_CLASS[ring.get(i, 'cls')] ?? ''})`;
        // A drop on a copy's own access link flashes once for the whole fan, at its middle
        // spoke, counting drops of every copy ("queue full (data) ×40"), not once a spoke.
        const fan = this.access && this.access.fans.length > 0 ? fanOfDisplayLink(this.access, link) : null;
        if (fan) {
          const middle = fan.firstSpoke + (fan.spokes >> 1);
          this.instant(
            ring.get(i, 't0'),
            `fan${fan.firstSpoke}:${text}`,
            { at: 'link', link: middle, dir: 0, f: 0.5 },
            text,
            'drop',
            now,
            wall,
          );
          return;
        }
        // A full queue is at the sending end; a packet lost on every try is lost on the line.
        const place: FlashPlace = { at: 'link', link, dir, f: r === 0 ? 0 : 0.5 };
        this.instant(ring.get(i, 't0'), `l${link}:${dir}:${text}`, place, text, 'drop', now, wall);
        return;
      }
      case BURST_DEFLECTED:
      case BURST_SEGMENTED: {
        // The burst goes on (its BurstOnLink events draw the hop it took, or the part that
        // was kept): only the core's decision is marked, like a drop, so a class sees where
        // contention was resolved without a loss. The label stays the same for every burst
        // so several at one core count up ("deflected (data) ×3") instead of piling up; the
        // log says which way each went and how much was cut.
        const node = ring.get(i, 'node');
        if (node < 0) return;
        const cls = BURST_CLASS[ring.get(i, 'cls')] ?? '';
        const deflected = kind === BURST_DEFLECTED;
        const text = `${deflected ? 'deflected' : 'cut short'} (${cls})`;
        this.instant(ring.get(i, 't0'), `n${node}:${text}`, { at: 'node', node }, text, deflected ? 'deflect' : 'cut', now, wall);
        return;
      }
      case TCP_EVENT: {
        // RTOs and fast retransmits flash at the sender; the end of a recovery is in the
        // log and on the charts, and flashing it too only crowds the host on a projector.
        if (ring.get(i, 'reason') === TCP_RECOVERY_EXIT) return;
        const node = this.flowSource[ring.get(i, 'id')];
        if (node === undefined) return;
        const text = TCP_REASON[ring.get(i, 'reason')] ?? 'TCP';
        this.instant(ring.get(i, 't0'), `t${node}:${text}`, { at: 'node', node }, text, 'tcp', now, wall);
        return;
      }
    }
  }

  private forgetOldest(): void {
    let n = MAX_BURSTS_KNOWN >> 2;
    for (const id of this.burstInfo.keys()) {
      this.burstInfo.delete(id);
      if (--n <= 0) break;
    }
  }

  private instant(t: number, key: string, place: FlashPlace, text: string, color: FlashColor, now: number, wall: number) {
    if (t <= now) this.flash(key, place, text, color, wall);
    else this.pending.push({ t, key, place, text, color });
  }

  /** Starts a flash, or counts one more in the flash already showing at that place. */
  flash(key: string, place: FlashPlace, text: string, color: FlashColor, wall: number): void {
    const f = this.flashes.get(key);
    if (f && wall - f.last < FLASH_SECONDS) {
      f.count++;
      f.last = wall;
      // Restart the ring once it has spread, so a steady stream of drops keeps pulsing.
      if (wall - f.start > FLASH_SECONDS) {
        f.start = wall;
        f.count = 1;
      }
      return;
    }
    this.flashes.set(key, { key, place, text, color, start: wall, last: wall, count: 1 });
  }

  /**
   * Per frame, after ingest: drops whose time has come start flashing, faded flashes and
   * travellers that have left their link are forgotten, the clock is read, and links too
   * fast to watch at this speed get their sampled bursts. `chosenSpeed` Infinity (full
   * speed) counts as fast from the first frame, before the measured speed catches up; 0
   * (paused) samples nothing, whatever the speed measured before the pause.
   */
  advance(now: number, wall: number, chosenSpeed?: number): void {
    if (this.pending.length > 0) {
      const still: PendingInstant[] = [];
      for (const p of this.pending) {
        if (p.t <= now) this.flash(p.key, p.place, p.text, p.color, wall);
        else still.push(p);
      }
      this.pending = still;
    }
    for (const [key, f] of this.flashes) {
      if (!flashAlive(f, wall)) this.flashes.delete(key);
    }
    let w = 0;
    const list = this.travellers;
    for (let i = 0; i < list.length; i++) {
      if (list[i].end >= now) list[w++] = list[i];
      else if (this.spare.length < MAX_SPARE_TRAVELLERS) this.spare.push(list[i]);
    }
    list.length = w;
    this.clock.push({ wall, now, packets: this.packetsSinceTick, busy: this.busySinceTick });
    this.busySinceTick = new Map();
    this.packetsSinceTick = new Float64Array(this.packetsSinceTick.length);
    while (this.clock.length > 2 && wall - this.clock[1].wall > RATE_WINDOW) this.clock.shift();
    const speed = chosenSpeed === Infinity ? Infinity : chosenSpeed === 0 ? 0 : this.speed();
    this.samples.step(wall, (link) => {
      const info = this.links[link];
      return info !== undefined && burstsTooFast(info.delay, speed);
    });
  }

  /** Simulated seconds per wall second over the last half second (0 when paused). */
  speed(): number {
    const c = this.clock;
    if (c.length < 2) return 0;
    const first = c[0];
    const last = c[c.length - 1];
    const dw = last.wall - first.wall;
    return dw > 0 ? Math.max(0, (last.now - first.now) / dw) : 0;
  }

  /**
   * Packets per simulated second that entered link direction (link, dir) over the clock
   * window; null when simulated time has not moved in it (paused).
   */
  packetRate(link: number, dir: number): number | null {
    const c = this.clock;
    if (c.length < 2) return null;
    const span = c[c.length - 1].now - c[0].now;
    if (!(span > 0)) return null;
    let n = 0;
    // The first reading's packets arrived before the window began.
    for (let k = 1; k < c.length; k++) n += c[k].packets[link * 2 + dir] ?? 0;
    return n / span;
  }

  /**
   * Share of simulated time the wavelength lane was taken by bursts that entered it over the
   * clock window (0..1); null when simulated time has not moved in it.
   */
  laneBusy(link: number, dir: number, lane: number): number | null {
    const c = this.clock;
    if (c.length < 2) return null;
    const span = c[c.length - 1].now - c[0].now;
    if (!(span > 0)) return null;
    const key = laneKey(link, dir, lane);
    let busy = 0;
    for (let k = 1; k < c.length; k++) busy += c[k].busy.get(key) ?? 0;
    return Math.min(1, busy / span);
  }

  pendingCount(): number {
    return this.pending.length;
  }
}

export function laneKey(link: number, dir: number, lane: number): number {
  return (link * 2 + (dir === 1 ? 1 : 0)) * 4096 + Math.max(0, Math.min(4095, lane));
}

/** A flash lives FLASH_SECONDS of wall time after the last event counted in it. */
export function flashAlive(f: Pick<Flash, 'last'>, wall: number): boolean {
  return wall - f.last < FLASH_SECONDS;
}

/**
 * The look of a flash at wall time `wall`: the ring grows from the node over the first
 * FLASH_SECONDS after it (re)started and fades; the label stays until FLASH_SECONDS after
 * the last event, fading in its last third.
 */
export function flashLook(f: Pick<Flash, 'start' | 'last'>, wall: number): { ring: number; ringAlpha: number; labelAlpha: number } {
  const age = Math.max(0, wall - f.start);
  const ring = Math.min(1, age / FLASH_SECONDS);
  const sinceLast = Math.max(0, wall - f.last);
  const fadeFrom = (2 / 3) * FLASH_SECONDS;
  const labelAlpha = sinceLast >= FLASH_SECONDS ? 0 : sinceLast <= fadeFrom ? 1 : 1 - (sinceLast - fadeFrom) / (FLASH_SECONDS - fadeFrom);
  return { ring, ringAlpha: age >= FLASH_SECONDS ? 0 : 1 - ring, labelAlpha };
}

/**
 * The link facts the model needs, by display link index: the scenario's links, then each
 * fan's spokes (accessLinks.ts), which stand for the copies' own access links (their delay;
 * their host end is no node of the scenario, -1).
 */
export function linkInfos(
  scenario: {
    nodes: readonly { id: string }[];
    links: readonly { a: string; b: string; delay: number }[];
    flows?: Parameters<typeof accessLayout>[0]['flows'];
  },
  layout: Pick<AccessLayout, 'fans'> = accessLayout({ links: scenario.links, flows: scenario.flows ?? [] }),
): LinkInfo[] {
  const index = new Map(scenario.nodes.map((n, i) => [n.id, i]));
  const out = scenario.links.map((l) => ({ delay: l.delay, a: index.get(l.a) ?? -1, b: index.get(l.b) ?? -1 }));
  for (const fan of layout.fans) for (let k = 0; k < fan.spokes; k++) out.push({ delay: fan.delay, a: -1, b: -1 });
  return out;
}

/**
 * Flow index (the engine's expanded flows: each flow `count` times, in order) -> node
 * index of its sending host; for a group with its own access links at the source, the
 * node standing for its fan (accessLinks.ts fanNodeIndex), so its copies' RTOs flash there.
 */
export function flowSources(scenario: {
  nodes: readonly { id: string }[];
  flows: readonly { src: string; count: number; access?: { src?: unknown; dst?: unknown } }[];
}): number[] {
  const index = new Map(scenario.nodes.map((n, i) => [n.id, i]));
  const drawn = drawnCount(scenario.flows);
  const out: number[] = [];
  let fan = 0; // fans in accessLayout's order: flows in order, source side first
  for (const f of scenario.flows) {
    const src = f.access?.src !== undefined ? fanNodeIndex(scenario.nodes.length, drawn, fan) : (index.get(f.src) ?? -1);
    if (f.access?.src !== undefined) fan++;
    if (f.access?.dst !== undefined) fan++;
    for (let k = 0; k < Math.max(1, f.count); k++) out.push(src);
  }
  return out;
}
