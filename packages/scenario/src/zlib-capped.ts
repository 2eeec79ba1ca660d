// zlib (RFC 1950: a 2-byte header, DEFLATE data, an Adler-32 of the content) for share
// links, with a hard cap on the inflated size.
//
// DEFLATE can expand about 1000 times, so a 48 KB link could unpack to 48 MB: the data
// is inflated 1 KB of input at a time (at most about 1 MB of output per step) and
// refused as soon as the output passes the cap. fflate does not check the Adler-32 of
// zlib data; we do, so a link altered in transit is refused instead of opening a
// slightly different scenario.

import { Inflate, zlibSync } from 'fflate';

export function zlibCompress(bytes: Uint8Array): Uint8Array {
  return zlibSync(bytes, { level: 9 });
}

export type InflateResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'damaged' | 'too-large'; detail: string };

/** Input bytes per inflate step: bounds the output of one step to about 1 MB. */
const STEP = 1024;

export function inflateZlibCapped(data: Uint8Array, maxBytes: number): InflateResult {
  if (data.length < 2 + 2 + 4) return { ok: false, reason: 'damaged', detail: 'it is too short to hold compressed data' };
  const cmf = data[0];
  const flg = data[1];
  if ((cmf & 15) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | flg) % 31 !== 0) {
    return { ok: false, reason: 'damaged', detail: 'its compressed data has no valid zlib header' };
  }
  if (flg & 32) return { ok: false, reason: 'damaged', detail: 'its compressed data asks for a preset dictionary' };

  // A stream cut short inside a block throws below; one cut at a block boundary inflates
  // to less than was compressed, and the Adler-32 refuses it.
  const body = data.subarray(2, data.length - 4);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total <= maxBytes) chunks.push(chunk);
  });
  try {
    for (let at = 0; at < body.length; at += STEP) {
      const last = at + STEP >= body.length;
      inflate.push(body.subarray(at, at + STEP), last);
      if (total > maxBytes) {
        return { ok: false, reason: 'too-large', detail: `it unpacks to more than ${maxBytes} bytes` };
      }
    }
  } catch {
    return { ok: false, reason: 'damaged', detail: 'its compressed data is cut short or corrupted' };
  }

  const bytes = new Uint8Array(total);
  let o = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, o);
    o += chunk.length;
  }
  const t = data.length - 4;
  const expected = ((data[t] << 24) | (data[t + 1] << 16) | (data[t + 2] << 8) | data[t + 3]) >>> 0;
  if (adler32(bytes) !== expected) {
    return { ok: false, reason: 'damaged', detail: 'its checksum does not match (it was altered or cut short)' };
  }
  return { ok: true, bytes };
}

/** RFC 1950 section 8.2. */
export function adler32(bytes: Uint8Array): number {
  const MOD = 65521;
  // 5552 bytes is the most that can be summed before a 32-bit overflow (zlib's NMAX).
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length;) {
    const end = Math.min(i + 5552, bytes.length);
    for (; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= MOD;
    b %= MOD;
  }
  return ((b << 16) | a) >>> 0;
}
