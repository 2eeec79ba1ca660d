// `obs-sim run --trace DIR` (docs/summary.md, "Traces"): every row of the four files is
// held against the summary of the same run, which counts the same things its own way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Summary } from '@obs-tcp-sim/scenario';
import { BURST_HEADER, FLOW_SERIES_HEADER, LINK_HEADER, PACKET_DROP_HEADER, TCP_EVENT_HEADER } from '@obs-tcp-sim/engine/trace';
import { runCli, scratchFiles } from './cli-test-support';

const { dir, file } = scratchFiles('obs-trace-');
const preset = (name: string) => fileURLToPath(new URL(`../../scenario/presets/${name}.json`, import.meta.url));
const scenarioFile = (name: string) => fileURLToPath(new URL(`../../scenario/scenarios/${name}.json`, import.meta.url));

type Row = Record<string, string>;

/** A trace file as rows by column name (the ids in these scenarios hold no comma or quote). */
function readCsv(path: string, header: readonly string[]): Row[] {
  const lines = readFileSync(path, 'utf8').split('\r\n');
  expect(lines.pop()).toBe(''); // every line ends with CRLF
  expect(lines[0]).toBe(header.join(','));
  return lines.slice(1).map((line) => {
    const cells = line.split(',');
    expect(cells).toHaveLength(header.length);
    return Object.fromEntries(header.map((name, i) => [name, cells[i]]));
  });
}

const count = <T>(items: T[], keep: (item: T) => boolean) => items.filter(keep).length;

interface Traced {
  summary: Summary;
  flows: Row[];
  bursts: Row[];
  tcp: Row[];
  drops: Row[];
  links: Row[];
}

/** One traced run per scenario file, shared by the tests below. */
const runs = new Map<string, Promise<Traced>>();
function traced(scenario: string): Promise<Traced> {
  if (!runs.has(scenario)) runs.set(scenario, traceRun(scenario));
  return runs.get(scenario)!;
}

async function traceRun(scenario: string): Promise<Traced> {
  const out = join(
    dir,
    scenario
      .split('/')
      .pop()!
      .replace(/\.json$/, ''),
  );
  const { status, stdout, stderr } = await runCli(scenario, '--trace', out);
  expect(stderr).toBe('');
  expect(status).toBe(0);
  return {
    summary: JSON.parse(stdout) as Summary,
    flows: readCsv(join(out, 'flows.csv'), FLOW_SERIES_HEADER),
    bursts: readCsv(join(out, 'bursts.csv'), BURST_HEADER),
    tcp: readCsv(join(out, 'tcp-events.csv'), TCP_EVENT_HEADER),
    drops: readCsv(join(out, 'packet-drops.csv'), PACKET_DROP_HEADER),
    links: readCsv(join(out, 'links.csv'), LINK_HEADER),
  };
}

describe('obs-sim --trace', () => {
  it.each([
    ['the first lesson (injected burst loss)', preset('first-lesson')],
    ['paper 004 (drop-tail queue losses on a packet link)', preset('paper004-dumbbell')],
    ['the mesh features (contention, deflection, segmentation)', scenarioFile('mesh-features')],
  ])('%s: each file agrees with the summary of the same run', async (_, scenario) => {
    const { summary, flows, bursts, tcp, drops, links } = await traced(scenario);
    const ids = summary.flows.map((f) => f.id);

    // flows.csv: every flow at every sample, in time order per flow, ending with what the summary says it delivered.
    for (const f of summary.flows) {
      const own = flows.filter((r) => r.flow === f.id);
      expect(own.length, f.id).toBeGreaterThan(1);
      const times = own.map((r) => Number(r.t_s));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Number(own.at(-1)!.delivered_bytes), f.id).toBeLessThanOrEqual(f.delivered);
      expect(own.every((r) => ['slow start', 'congestion avoidance', 'fast recovery', 'loss'].includes(r.state))).toBe(true);
    }
    expect(new Set(flows.map((r) => r.flow))).toEqual(new Set(ids));

    // bursts.csv: one row per burst sent, its fate as the summary counts it, class by class.
    for (const cls of ['data', 'ack', 'background'] as const) {
      const own = bursts.filter((r) => r.class === cls);
      const counted = summary.bursts[cls]!;
      expect(own.length, cls).toBe(counted.sent);
      expect(
        count(own, (r) => r.outcome === 'delivered'),
        cls,
      ).toBe(counted.delivered);
      expect(
        count(own, (r) => r.outcome === 'dropped'),
        cls,
      ).toBe(counted.dropped);
      expect(
        count(own, (r) => r.reason === 'injected'),
        cls,
      ).toBe(counted.droppedInjected);
      expect(
        count(own, (r) => r.reason === 'contention'),
        cls,
      ).toBe(counted.droppedContention);
      expect(
        count(own, (r) => r.reason === 'late'),
        cls,
      ).toBe(counted.droppedLate);
    }
    expect(count(bursts, (r) => r.outcome === 'in flight')).toBe(summary.bursts.inFlight);
    expect(new Set(bursts.map((r) => r.burst)).size).toBe(bursts.length);

    // tcp-events.csv: each flow's timeouts and fast retransmits.
    for (const f of summary.flows) {
      expect(
        count(tcp, (r) => r.flow === f.id && r.event === 'rto'),
        f.id,
      ).toBe(f.rtos);
      expect(
        count(tcp, (r) => r.flow === f.id && r.event === 'fast-retransmit'),
        f.id,
      ).toBe(f.fastRetransmits);
    }

    // packet-drops.csv: each packet link direction's queue and random losses.
    const ends = new Map(
      (JSON.parse(readFileSync(scenario, 'utf8')) as { links: Array<{ id: string; a: string; b: string }> }).links.map((l) => [l.id, l]),
    );
    for (const link of (summary.links ?? []).filter((l) => l.kind === 'packet')) {
      for (const side of ['ab', 'ba'] as const) {
        const { a, b } = ends.get(link.id)!;
        const own = drops.filter((r) => r.link === link.id && r.direction === (side === 'ab' ? `${a}->${b}` : `${b}->${a}`));
        expect(
          count(own, (r) => r.reason === 'queue'),
          `${link.id}.${side}`,
        ).toBe(link[side].queueDrops);
        expect(
          count(own, (r) => r.reason === 'random'),
          `${link.id}.${side}`,
        ).toBe(link[side].randomDrops);
        // links.csv: this direction at every sample time, its drops so far ending where the summary's do.
        const direction = side === 'ab' ? `${a}->${b}` : `${b}->${a}`;
        const sampled = links.filter((r) => r.link === link.id && r.direction === direction);
        expect(sampled.length, `${link.id}.${side}`).toBe(flows.length / summary.flows.length);
        expect(Number(sampled.at(-1)!.queue_drops), `${link.id}.${side}`).toBe(link[side].queueDrops);
        expect(Number(sampled.at(-1)!.random_drops), `${link.id}.${side}`).toBe(link[side].randomDrops);
      }
    }
  });

  it('those runs hold a row of every kind the checks count (else they would check nothing)', async () => {
    const lesson = await traced(preset('first-lesson'));
    expect(lesson.bursts.some((r) => r.reason === 'injected')).toBe(true);
    expect(lesson.tcp.some((r) => r.event === 'fast-retransmit')).toBe(true);
    const dumbbell = await traced(preset('paper004-dumbbell'));
    expect(dumbbell.drops.some((r) => r.reason === 'queue')).toBe(true);
    expect(dumbbell.links.some((r) => Number(r.queued_packets) > 1)).toBe(true);
    const mesh = await traced(scenarioFile('mesh-features'));
    expect(mesh.bursts.some((r) => r.reason === 'contention')).toBe(true);
    expect(mesh.bursts.some((r) => Number(r.deflections) > 0)).toBe(true);
  });

  it('the run is the same with a trace as without: same summary, wallTime aside', async () => {
    const plain = await runCli(preset('first-lesson'));
    expect(plain.status).toBe(0);
    const { wallTime: _a, ...without } = JSON.parse(plain.stdout) as Summary & { wallTime: number };
    const { wallTime: _b, ...withTrace } = (await traced(preset('first-lesson'))).summary as Summary & { wallTime: number };
    expect(withTrace).toEqual(without);
    // The folder says what made it, as the summary does.
    const folder = join(dir, 'first-lesson');
    expect(JSON.parse(readFileSync(join(folder, 'provenance.json'), 'utf8'))).toEqual(without.provenance);
  });

  it('a trace folder that cannot be made is refused with one line naming it, before the run', async () => {
    const blocker = file('not-a-folder', 'x');
    const { status, stdout, stderr } = await runCli(preset('first-lesson'), '--trace', join(blocker, 'traces'));
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^obs-sim: --trace .*not-a-folder\/traces: cannot write the traces there: /);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
