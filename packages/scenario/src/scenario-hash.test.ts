import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { scenarioHash, sha256Hex } from './scenario-hash';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it("gives FIPS 180-4's examples", () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it("agrees with Node's crypto on any text, every length around the block edges and any code point", () => {
    for (let n = 0; n <= 200; n++) expect(sha256Hex('x'.repeat(n))).toBe(nodeSha256('x'.repeat(n)));
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => sha256Hex(text) === nodeSha256(text)));
  });
});

describe('scenarioHash', () => {
  it('is the first 16 digits of the SHA-256 of the canonical JSON: key order and spacing do not count', () => {
    const a = { version: 1, name: 'x', flows: [{ id: 'tcp1', count: 2 }] };
    const b = JSON.parse('{ "flows": [ { "count": 2, "id": "tcp1" } ], "name": "x", "version": 1 }');
    expect(scenarioHash(a)).toBe(scenarioHash(b));
    expect(scenarioHash(a)).toBe(nodeSha256(canonicalJson(a)).slice(0, 16));
    expect(scenarioHash({ ...a, name: 'y' })).not.toBe(scenarioHash(a));
  });
});
