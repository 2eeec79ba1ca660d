import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvTextCell, escapeUnsafe, oneLine, quoteInput } from './safe-text';
import { decodeShareHash } from './share-link';

// Unsafe in a message: controls, separators, bidi and other invisible format characters,
// unpaired surrogates (the set safe-text.ts escapes).
const RAW_UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('text from outside in our messages', () => {
  it('escapes what could reorder, hide or break a line, and nothing else', () => {
    expect(escapeUnsafe('tcp1 E1->E2 µs λ1 😀')).toBe('tcp1 E1->E2 µs λ1 😀');
    expect(escapeUnsafe('a\nb')).toBe('a\\u{000A}b');
    expect(escapeUnsafe('open now at \u202Emoc.elpmaxe.live')).toBe('open now at \\u{202E}moc.elpmaxe.live');
    expect(escapeUnsafe('x\u2028y\u2066z\u200bw\ufeff')).toBe('x\\u{2028}y\\u{2066}z\\u{200B}w\\u{FEFF}');
    expect(escapeUnsafe('\ud800')).toBe('\\u{D800}');
  });

  it('quotes a value, escaping quotes and backslashes, and cuts it', () => {
    expect(quoteInput('E1')).toBe('"E1"');
    expect(quoteInput('say "hi" \\u{202E}')).toBe('"say \\"hi\\" \\\\u{202E}"');
    expect(quoteInput('x'.repeat(100), 10)).toBe('"xxxxxxxxxx"... (90 more characters)');
    expect(quoteInput(3)).toBe('3');
    expect(quoteInput(null)).toBe('null');
    expect(quoteInput({ a: 1 })).toBe('an object');
    expect(quoteInput(['a'])).toBe('an array');
    // A surrogate pair is never split.
    expect(quoteInput('😀😀', 3)).toBe('"😀"... (2 more characters)');
  });

  it('one line, bounded, printable, for any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2000 }), (text) => {
        const line = oneLine(text, 300);
        expect(line.length).toBeLessThanOrEqual(300);
        expect(RAW_UNSAFE.test(line)).toBe(false);
        const quoted = quoteInput(text);
        expect(RAW_UNSAFE.test(quoted)).toBe(false);
      }),
    );
    expect(oneLine(`bad: ${'a'.repeat(20_000_000)}`).length).toBeLessThanOrEqual(400);
  });

  it("a #preset= with a bidi override cannot make the app's notice read otherwise", () => {
    const result = decodeShareHash(`#preset=${encodeURIComponent('x\u202Emoc.elpmaxe.live ta won nepo')}`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(RAW_UNSAFE.test(result.error.message)).toBe(false);
    expect(result.error.message).toContain('there is no preset "x\\u{202E}moc.elpmaxe.live ta won nepo"');
  });

  it('a link with a raw line separator in a field name is refused in one safe line', () => {
    const result = decodeShareHash('#x\u2028y=1');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(RAW_UNSAFE.test(result.error.message)).toBe(false);
  });
});

describe('CSV text cells', () => {
  it('neutralises formulas (OWASP: = + - @ tab CR) and quotes as RFC 4180 needs', () => {
    expect(csvTextCell('tcp1')).toBe('tcp1');
    expect(csvTextCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvTextCell('+1')).toBe(`"'+1"`);
    expect(csvTextCell('-1+2')).toBe(`"'-1+2"`);
    expect(csvTextCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvTextCell('\tx')).toBe(`"'\tx"`);
    expect(csvTextCell('a,b')).toBe('"a,b"');
    expect(csvTextCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvTextCell('')).toBe('');
  });

  it('never leaves a cell a spreadsheet would evaluate', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const cell = csvTextCell(text);
        const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
        expect(/^[=+\-@\t\r]/.test(unquoted)).toBe(false);
      }),
    );
  });
});
