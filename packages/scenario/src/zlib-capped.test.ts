import fc from 'fast-check';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32, inflateZlibCapped, zlibCompress } from './zlib-capped';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('inflateZlibCapped', () => {
  it("reads zlib data from another encoder (Node's zlib)", () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ version: 1, name: 'é 𝄞 <b>' }).repeat(50));
    expect(inflateZlibCapped(new Uint8Array(deflateSync(bytes)), 10_000)).toEqual({ ok: true, bytes });
  });

  it('reads back what zlibCompress wrote', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (bytes) => {
        expect(inflateZlibCapped(zlibCompress(bytes), 10_000)).toEqual({ ok: true, bytes });
      }),
    );
  });

  it('reads data that inflates in many steps (1 KB of input per step)', () => {
    const bytes = new Uint8Array(20_000).map((_, i) => ((i * 7919) % 251) ^ (i >> 9));
    const packed = zlibCompress(bytes);
    expect(packed.length).toBeGreaterThan(4096);
    const result = inflateZlibCapped(packed, 1 << 20);
    expect(result.ok && result.bytes).toEqual(bytes);
  });

  it('stops a deflate bomb at the cap: 50 MB of zeros, refused in well under a second', () => {
    const bomb = new Uint8Array(deflateSync(Buffer.alloc(50_000_000), { level: 9 })); // Node's zlib: fast to build
    const started = performance.now();
    const result = inflateZlibCapped(bomb, 1 << 20);
    const elapsed = performance.now() - started;
    expect(result).toEqual({ ok: false, reason: 'too-large', detail: 'it unpacks to more than 1048576 bytes' });
    // Inflating all 50 MB takes several times longer; the cap stops after about 2 MB.
    expect(elapsed).toBeLessThan(1000);
  });

  it('accepts exactly the cap and refuses one byte more', () => {
    const bytes = new Uint8Array(4096).fill(65);
    expect(inflateZlibCapped(zlibCompress(bytes), 4096).ok).toBe(true);
    expect(inflateZlibCapped(zlibCompress(bytes), 4095)).toMatchObject({ ok: false, reason: 'too-large' });
  });

  it('refuses data whose checksum does not match, which fflate alone would accept', () => {
    const packed = zlibCompress(ascii('{"version":1}'));
    packed[packed.length - 1] ^= 1;
    expect(inflateZlibCapped(packed, 1000)).toEqual({
      ok: false,
      reason: 'damaged',
      detail: 'its checksum does not match (it was altered or cut short)',
    });
  });

  it('refuses every single-bit change and every truncation of a small stream', () => {
    const text = ascii('{"name":"a scenario","seed":1,"duration":20}');
    const packed = zlibCompress(text);
    for (let bit = 0; bit < packed.length * 8; bit++) {
      const altered = packed.slice();
      altered[bit >> 3] ^= 1 << (bit & 7);
      const result = inflateZlibCapped(altered, 1000);
      // The only changes that pass are to the padding bits after DEFLATE's last code,
      // which every inflater ignores: the content is then the very same.
      if (result.ok) {
        expect(bit >> 3, `bit ${bit}`).toBe(packed.length - 5);
        expect(result.bytes, `bit ${bit}`).toEqual(text);
      }
    }
    for (let length = 0; length < packed.length; length++) {
      expect(inflateZlibCapped(packed.subarray(0, length), 1000).ok, `length ${length}`).toBe(false);
    }
  });

  it.each([
    [[0x78], 'it is too short to hold compressed data'],
    [[0x78, 0x9c, 1, 2, 3, 4, 5, 6, 7], 'its compressed data is cut short or corrupted'],
    [[0x79, 0x9c, 1, 2, 3, 4, 5, 6, 7], 'its compressed data has no valid zlib header'],
    [[0x78, 0xbb, 1, 2, 3, 4, 5, 6, 7], 'its compressed data asks for a preset dictionary'],
  ])('refuses %j', (bytes, detail) => {
    expect(inflateZlibCapped(new Uint8Array(bytes), 1000)).toEqual({ ok: false, reason: 'damaged', detail });
  });
});

describe('adler32', () => {
  it('matches RFC 1950 on known values', () => {
    expect(adler32(new Uint8Array())).toBe(1);
    expect(adler32(ascii('Wikipedia'))).toBe(0x11e60398);
    // Long enough to need the modulo inside the loop: 100 000 bytes of 0xff.
    expect(adler32(new Uint8Array(100_000).fill(255))).toBe(0x149a302c);
  });
});
