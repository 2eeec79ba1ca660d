import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url';

describe('base64url', () => {
  it("agrees with Node's encoder and reads back every byte string", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = encodeBase64url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64url'));
        expect(decodeBase64url(text)).toEqual({ ok: true, bytes });
      }),
    );
  });

  it.each([
    ['AB=', 'it contains "=" at character 3, which base64url does not use'],
    ['AB+/', 'it contains "+" at character 3, which base64url does not use'],
    ['AB C', 'it contains U+0020 at character 3, which base64url does not use'],
    ['ABCDE', 'its length is not that of any base64url text (a letter is missing or extra)'],
    ['AB', 'its last letter is not one an encoder writes (the text was altered)'],
    ['AAB', 'its last letter is not one an encoder writes (the text was altered)'],
  ])('refuses %j', (text, reason) => {
    expect(decodeBase64url(text)).toEqual({ ok: false, reason });
  });

  it('gives each byte string one spelling only', () => {
    // 'AA' and 'AB' would both be the byte 0 to a lenient decoder.
    expect(decodeBase64url('AA')).toEqual({ ok: true, bytes: new Uint8Array([0]) });
    expect(decodeBase64url('AB').ok).toBe(false);
  });
});
