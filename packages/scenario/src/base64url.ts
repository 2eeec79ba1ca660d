// Base64url (RFC 4648 section 5) without padding, for share links: the alphabet is
// URL-safe, so a link survives being pasted anywhere without percent-encoding.
//
// The decoder is strict on purpose: only the 64 letters, no padding, no whitespace, and
// the unused low bits of the last letter must be zero. Every byte string then has exactly
// one spelling, so a letter changed in a link can never decode to the same bytes
// unnoticed (the zlib checksum catches the rest).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Letter code -> 6-bit value, or -1. */
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 3 <= bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63];
  }
  return out;
}

/** The bytes, or a reason the text is not canonical unpadded base64url. */
export function decodeBase64url(text: string): { ok: true; bytes: Uint8Array } | { ok: false; reason: string } {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || VALUE[c] < 0) {
      return { ok: false, reason: `it contains ${describeChar(text, i)} at character ${i + 1}, which base64url does not use` };
    }
  }
  // 4 letters carry 3 bytes; a last group of 1 letter carries 6 bits, less than a byte.
  if (text.length % 4 === 1) return { ok: false, reason: 'its length is not that of any base64url text (a letter is missing or extra)' };
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 4 <= text.length; i += 4) {
    const n =
      (VALUE[text.charCodeAt(i)] << 18) |
      (VALUE[text.charCodeAt(i + 1)] << 12) |
      (VALUE[text.charCodeAt(i + 2)] << 6) |
      VALUE[text.charCodeAt(i + 3)];
    bytes[o++] = n >> 16;
    bytes[o++] = (n >> 8) & 255;
    bytes[o++] = n & 255;
  }
  const rest = text.length - i;
  if (rest > 0) {
    let n = 0;
    for (let k = 0; k < rest; k++) n |= VALUE[text.charCodeAt(i + k)] << (18 - 6 * k);
    const unusedBits = rest === 2 ? n & 0xffff : n & 0xff;
    if (unusedBits !== 0) return { ok: false, reason: 'its last letter is not one an encoder writes (the text was altered)' };
    bytes[o++] = n >> 16;
    if (rest === 3) bytes[o] = (n >> 8) & 255; // the last byte: o is not needed after it
  }
  return { ok: true, bytes };
}

/** A character for a message: printable ASCII in quotes, anything else as U+XXXX. */
function describeChar(text: string, at: number): string {
  const code = text.codePointAt(at) ?? 0;
  if (code > 32 && code < 127) return JSON.stringify(text[at]);
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
