import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@obs-tcp-sim/scenario';
import { makeNames } from '@obs-tcp-sim/engine';
import { EventKind, EventRing, EVENT_COLUMNS } from '../sim/visualStore';
import { SeriesStore } from '../sim/seriesStore';
import { eventLogCsv, fileStem, timeSeriesCsv } from './exports';
import { visualEvent as ev } from '../sim/visualEventFixtures';

describe('exports', () => {
  it('the event log CSV has the log sentences, a drop naming the flows of its burst', () => {
    const ring = new EventRing(16);
    for (const e of [
      ev({ kind: EventKind.BurstFormed, t0: 0.5, id: 7, node: 1, lane: 1, dir: 1, segments: 10, bytes: 5520 }),
      ev({ kind: EventKind.BurstOnLink, t0: 0.55, id: 7, link: 1 }),
      ev({ kind: EventKind.BurstDropped, t0: 0.6, id: 7, node: 2, link: 2, dir: 0, reason: 1, segments: 10 }),
    ]) {
      ring.push(Object.fromEntries(EVENT_COLUMNS.map((c) => [c, [e[c]]])) as never, 0);
    }
    const csv = eventLogCsv(ring, makeNames(defaultScenario, ['tcp1', 'tcp2'])).split('\r\n');
    expect(csv[0]).toBe('t_s,category,event');
    expect(csv).toHaveLength(4); // header, formed, dropped, and the final line break
    expect(csv[2]).toBe('0.6,drops,"burst 7 (data, 10 segments of tcp2) dropped at C1 on its way to E2: no free wavelength (contention)"');
  });

  it('names files after the scenario', () => {
    expect(fileStem({ name: 'Paper 000: LOBS testbed' })).toBe('paper-000-lobs-testbed');
    expect(fileStem({ name: '' })).toBe('scenario');
  });

  it('a hostile flow id lands as text in the series CSV and in the event log CSV', () => {
    const evil = '=HYPERLINK("http://evil.example","x")';
    const series = new SeriesStore();
    series.reset(1);
    series.append({ t: [0.01], flow: [0], cwnd: [-2], ssthresh: [64], goodput: [1e6] });
    const lines = timeSeriesCsv(series, [evil]).split('\r\n');
    expect(lines[1]).toBe(`0.01,"'=HYPERLINK(""http://evil.example"",""x"")",-2,64,0,0,1000000,0,slow start`);
    const ring = new EventRing(4);
    const e = ev({ kind: EventKind.TcpEvent, t0: 1.25, id: 0, reason: 0, value: 1 });
    ring.push(Object.fromEntries(EVENT_COLUMNS.map((c) => [c, [e[c]]])) as never, 0);
    const log = eventLogCsv(ring, makeNames(defaultScenario, [evil])).split('\r\n');
    expect(log[1]).toBe(`1.25,tcp,"'=HYPERLINK(""http://evil.example"",""x"") RTO, cwnd 1"`);
    // Every cell of both files: none starts with a formula character once unquoted.
    for (const line of [...lines, ...log]) {
      for (const cell of line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''))) {
        expect(cell, line).not.toMatch(/^[=+@\t\r]|^-[^0-9]/);
      }
    }
  });
});
