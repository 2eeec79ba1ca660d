/**
 * Step one of a live chart's redraw: each layer's values filled for the window shown and
 * decimated to the pixel grid (M4, advanced as samples arrive instead of redone each
 * frame), with the top of the data in the window for the y axis.
 */
import type { ScaleLinear } from 'd3-scale';
import { windowRange } from './decimate';
import type { Layer } from './layers';
import { StreamingM4 } from './streamingM4';

export interface Prepared {
  layer: Layer;
  t: Float64Array;
  values: Float64Array;
  /** The samples to draw (M4 picks), increasing. */
  keep: Uint32Array;
}

/** What stays between redraws: per layer its decimation and its values buffer. */
export interface PrepareState {
  m4s: Map<string, StreamingM4>;
  buffers: Map<string, Float64Array>;
}

export function prepareLayers(
  layers: readonly Layer[],
  state: PrepareState,
  window: { d0: number; d1: number; x: ScaleLinear<number, number> },
  /** Changes when the decimation must start over (new run, view or averaging window). */
  resumeKey: string,
): { prepared: Prepared[]; dataMax: number } {
  const { d0, d1, x } = window;
  const prepared: Prepared[] = [];
  let dataMax = 0;
  const decimators = state.m4s;
  const live = new Set<string>();
  for (const layer of layers) {
    const src = layer.source;
    const t = src.column('t');
    const [from, to] = windowRange(t, src.length, d0, d1);
    live.add(layer.key);
    let m4 = decimators.get(layer.key);
    if (!m4) decimators.set(layer.key, (m4 = new StreamingM4()));
    // Only the samples the decimation has not settled are filled and read again.
    const start = m4.resumeAt(resumeKey, from, to);
    // Sized like the store's columns (the whole run, see SeriesStore.reset): growing it
    // mid-run would copy every layer's values in one frame.
    const values = layer.fill(start, to, buffer(state.buffers, layer.key, Math.max(src.length, t.length)));
    const keep = m4.update(t, values, x);
    // Every column's maximum is among its picks, so the picks give the top of the data.
    if (layer.fitsY) {
      for (let k = 0; k < keep.length; k++) {
        const i = keep[k];
        if (values[i] > dataMax && t[i] >= d0 && t[i] <= d1) dataMax = values[i];
      }
    }
    prepared.push({ layer, t, values, keep });
  }
  for (const key of decimators.keys()) if (!live.has(key)) decimators.delete(key);
  return { prepared, dataMax };
}

/** A layer's values buffer, at least n long; growing keeps the values already filled. */
function buffer(map: Map<string, Float64Array>, key: string, n: number): Float64Array {
  let b = map.get(key);
  if (!b || b.length < n) {
    const grown = new Float64Array(Math.max(n, (b?.length ?? 0) * 2, 1024));
    if (b) grown.set(b);
    b = grown;
    map.set(key, b);
  }
  return b;
}
