import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../sim/seriesStore';
import { changeEffects, meansIn } from './changeEffects';

/** Two flows sampled every 0.1 s to 4 s: each delivers 1000 B a sample before 2 s, 500 B after; cwnd 10 then 20; srtt 10 then 30 ms. */
function store(): SeriesStore {
  const s = new SeriesStore();
  s.reset(2);
  const rows = {
    t: [] as number[],
    flow: [] as number[],
    cwnd: [] as number[],
    ssthresh: [] as number[],
    goodput: [] as number[],
    srtt: [] as number[],
    delivered: [] as number[],
  };
  const delivered = [0, 0];
  for (let k = 1; k <= 40; k++) {
    const t = +(k * 0.1).toFixed(10);
    for (const f of [0, 1]) {
      delivered[f] += t <= 2 ? 1000 : 500;
      rows.t.push(t);
      rows.flow.push(f);
      rows.cwnd.push(t <= 2 ? 10 : 20);
      rows.ssthresh.push(64);
      rows.goodput.push(0);
      rows.srtt.push(t <= 2 ? 0.01 : 0.03);
      rows.delivered.push(delivered[f]);
    }
  }
  s.append(rows);
  return s;
}

describe("a live change's effect in numbers", () => {
  it('means over a window: goodput from the bytes delivered, RTT and cwnd from the samples', () => {
    const m = meansIn(store(), { from: 1, to: 2 });
    // 2 flows x 1000 B per 0.1 s = 160 kbit/s.
    expect(m.goodput).toBeCloseTo(160_000, 6);
    expect(m.rtt).toBeCloseTo(0.01, 12);
    expect(m.cwnd).toBeCloseTo(10, 12);
  });

  it('before and after each change, windows stopped by the next change and by now', () => {
    const [first, second] = changeEffects(
      store(),
      [
        { at: 2, label: 'a' },
        { at: 3, label: 'b' },
      ],
      3.5,
    );
    expect([first.before.from, first.before.to, first.after.from, first.after.to]).toEqual([0, 2, 2, 3]);
    expect(first.before.goodput).toBeCloseTo(160_000, 6);
    expect(first.after.goodput).toBeCloseTo(80_000, 6);
    expect(first.after.cwnd).toBeCloseTo(20, 12);
    expect(first.after.rtt).toBeCloseTo(0.03, 12);
    expect([second.after.from, second.after.to]).toEqual([3, 3.5]);
  });

  it('says nothing for a window not yet begun', () => {
    const [c] = changeEffects(store(), [{ at: 3.9, label: 'late' }], 3.9);
    expect(c.after).toMatchObject({ goodput: null, rtt: null, cwnd: null });
  });
});
