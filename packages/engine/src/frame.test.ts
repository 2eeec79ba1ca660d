import { describe, expect, it } from 'vitest';
import type { SampleColumns } from './engine-module';
import { sampleTransferables } from './frame';

function columns(make: (column: string, rows: number) => Float64Array | Int32Array, rows = 3): SampleColumns {
  return {
    t: make('t', rows) as Float64Array,
    flow: make('flow', rows) as Int32Array,
    cwnd: make('cwnd', rows) as Float64Array,
    ssthresh: make('ssthresh', rows) as Float64Array,
    srtt: make('srtt', rows) as Float64Array,
    rtt: make('rtt', rows) as Float64Array,
    goodput: make('goodput', rows) as Float64Array,
    delivered: make('delivered', rows) as Float64Array,
  };
}

describe('sampleTransferables', () => {
  it('lists each column buffer, and moving them leaves the sender nothing', () => {
    const samples = columns((column, rows) => (column === 'flow' ? new Int32Array(rows) : new Float64Array(rows)));
    const buffers = sampleTransferables(samples);
    expect(buffers).toHaveLength(8);
    const received = structuredClone(samples, { transfer: buffers });
    expect(received.t.length).toBe(3);
    expect(samples.t.byteLength).toBe(0);
  });

  it('lists a shared buffer once, which postMessage requires', () => {
    const shared = new ArrayBuffer(8 * 3 * 8);
    let next = 0;
    const samples = columns((column, rows) => {
      const offset = next;
      next += rows * 8;
      return column === 'flow' ? new Int32Array(shared, offset, rows) : new Float64Array(shared, offset, rows);
    });
    const buffers = sampleTransferables(samples);
    expect(buffers).toEqual([shared]);
    expect(() => structuredClone(samples, { transfer: buffers })).not.toThrow();
  });
});
