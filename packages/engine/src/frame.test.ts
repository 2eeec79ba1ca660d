import { describe, expect, it } from 'vitest';
import type { SampleColumns } from './engine-module';
import { sampleTransferables } from './frame';

function columns(make: (column: string, rows: number) => Float64Array | Int32Array | Uint8Array, rows = 3): SampleColumns {
  return {
    t: make('t', rows) as Float64Array,
    flow: make('flow', rows) as Int32Array,
    cwnd: make('cwnd', rows) as Float64Array,
    ssthresh: make('ssthresh', rows) as Float64Array,
    srtt: make('srtt', rows) as Float64Array,
    rtt: make('rtt', rows) as Float64Array,
    goodput: make('goodput', rows) as Float64Array,
    delivered: make('delivered', rows) as Float64Array,
    state: make('state', rows) as Uint8Array,
  };
}

describe('sampleTransferables', () => {
  it('lists each column buffer, and moving them leaves the sender nothing', () => {
    const samples = columns((column, rows) =>
      column === 'flow' ? new Int32Array(rows) : column === 'state' ? new Uint8Array(rows) : new Float64Array(rows),
    );
    const buffers = sampleTransferables(samples);
    expect(buffers).toHaveLength(9);
    const received = structuredClone(samples, { transfer: buffers });
    expect(received.t.length).toBe(3);
    expect(samples.t.byteLength).toBe(0);
  });

  it('lists a shared buffer once, which postMessage requires', () => {
    const shared = new ArrayBuffer(9 * 3 * 8);
    let next = 0;
    const samples = columns((column, rows) => {
      const offset = next;
      next += rows * 8;
      if (column === 'flow') return new Int32Array(shared, offset, rows);
      if (column === 'state') return new Uint8Array(shared, offset, rows);
      return new Float64Array(shared, offset, rows);
    });
    const buffers = sampleTransferables(samples);
    expect(buffers).toEqual([shared]);
    expect(() => structuredClone(samples, { transfer: buffers })).not.toThrow();
  });
});
