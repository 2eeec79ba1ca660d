import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../sim/seriesStore';
import { defaultSelection } from './flowPicker';
import { buildLayers, fmt, formatMbps } from './layers';

function store(flows: number, samples: number): SeriesStore {
  const s = new SeriesStore();
  s.reset(flows);
  const n = flows * samples;
  const t = Float64Array.from({ length: n }, (_, i) => (Math.floor(i / flows) + 1) * 0.01);
  const flow = Int32Array.from({ length: n }, (_, i) => i % flows);
  s.append({
    t,
    flow,
    cwnd: Float64Array.from(t, (x) => x * 100),
    ssthresh: Float64Array.from(t, () => 65535),
    goodput: Float64Array.from(t, () => 8e6),
    srtt: Float64Array.from(t, (x) => (x < 0.02 ? 0 : 0.05)),
    rtt: Float64Array.from(t, () => 0.06),
    delivered: Float64Array.from(t, (x) => x * 1e6),
    state: Uint8Array.from(t, () => 1),
  });
  return s;
}

describe('buildLayers', () => {
  const ids = Array.from({ length: 320 }, (_, i) => `tcp1#${i}`);

  it('cwnd: ssthresh (not fitting the y axis) and cwnd for the chosen flows, no aggregate', () => {
    const layers = buildLayers('cwnd', store(320, 5), { selection: defaultSelection(320), flowIds: ids, rateWindow: 0 });
    expect(layers.map((l) => l.key)).toEqual(['ssthresh0', 'ssthresh1', 'ssthresh2', 'cwnd0', 'cwnd1', 'cwnd2']);
    expect(layers.filter((l) => l.fitsY).map((l) => l.key)).toEqual(['cwnd0', 'cwnd1', 'cwnd2']);
    const cwnd0 = layers[3];
    expect(cwnd0.describe(1, new Float64Array(8))).toBe('2.00 seg · ssthresh ∞ · congestion avoidance');
  });

  it('throughput: the total over all flows first, then the chosen flows, in Mbit/s', () => {
    const s = store(320, 5);
    const layers = buildLayers('throughput', s, { selection: defaultSelection(320), flowIds: ids, rateWindow: 0 });
    expect(layers.map((l) => l.flow)).toEqual([-1, 0, 1, 2]);
    expect(layers[0].label).toBe('all flows (total)');
    const buf = new Float64Array(8);
    expect(layers[0].fill(0, 5, buf)[2]).toBeCloseTo(320 * 8, 9);
    expect(layers[1].describe(2, buf)).toBe('8.00 Mbit/s');
  });

  it('RTT: samples as dots, srtt lines in ms with gaps before the first RTT', () => {
    const s = store(2, 4);
    const layers = buildLayers('rtt', s, { selection: defaultSelection(2), flowIds: ['a', 'b'], rateWindow: 0 });
    expect(layers.map((l) => `${l.style}:${l.flow}`)).toEqual(['dots:0', 'dots:1', 'line:-1', 'line:0', 'line:1']);
    const srtt = layers[3].fill(0, 4, new Float64Array(4));
    expect(Number.isNaN(srtt[0])).toBe(true);
    expect(srtt[2]).toBeCloseTo(50, 9);
    expect(layers[3].describe(0, new Float64Array(4))).toBe('no RTT yet');
  });

  it('one flow: no aggregate line', () => {
    const layers = buildLayers('throughput', store(1, 3), { selection: defaultSelection(1), flowIds: ['tcp1'], rateWindow: 0 });
    expect(layers.map((l) => l.flow)).toEqual([0]);
  });
});

describe('read-out numbers', () => {
  it('three significant digits, Gbit/s from 1000 Mbit/s', () => {
    expect(fmt(0.0523)).toBe('0.052');
    expect(fmt(23.44)).toBe('23.4');
    expect(fmt(1234.5)).toBe('1235');
    expect(fmt(NaN)).toBe('—');
    expect(formatMbps(94.2)).toBe('94.2 Mbit/s');
    expect(formatMbps(26545)).toBe('26.5 Gbit/s');
  });
});
