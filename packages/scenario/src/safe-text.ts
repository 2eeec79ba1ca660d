// Text from a link, a file or a shard, quoted inside one of our own messages.
//
// Anyone can write a link, so what it holds must not be able to change how our message
// reads: a right-to-left override in `#preset=` once turned the app's own notice into
// "open now at evil.example.com", a raw U+2028 broke a one-line message into two, and a
// 20 MB string gave a 20 MB line. Every quoted value goes through `quoteInput`, and every
// message shown or printed through `oneLine`.

// Characters escaped as \u{...} wherever they appear:
// - C0 and C1 controls and DEL (newlines, escape sequences, the terminal's bell);
// - the line and paragraph separators U+2028 and U+2029;
// - the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
//   U+202A-U+202E, U+2066-U+2069), which reorder the text around them;
// - the other invisible format characters (soft hyphen, zero-width space and joiners,
//   word joiner and invisible operators, byte-order mark, interlinear annotations), which
//   can hide or join text unseen;
// - unpaired surrogates, which are not text at all.
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Default number of characters of a quoted value kept before it is cut. */
export const QUOTE_MAX: number = 60;
/** Default length of one message line. */
export const LINE_MAX: number = 400;

/**
 * The first unsafe character of `text` (as escapeUnsafe would escape it) and its 0-based
 * index, or null: for refusing such text where it is not allowed at all (ids, names).
 */
export function findUnsafe(text: string): { char: string; index: number } | null {
  const pattern = new RegExp(UNSAFE.source);
  const match = pattern.exec(text);
  return match ? { char: match[0], index: match.index } : null;
}

/** `text` with every unsafe character written as \u{XXXX}. */
export function escapeUnsafe(text: string): string {
  return String(text).replace(UNSAFE, (c) => `\\u{${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}}`);
}

/**
 * A value from outside, in double quotes, safe to put in a message: unsafe characters
 * escaped, backslashes and quotes escaped, and at most `max` characters shown between the
 * quotes (escapes counted as written, so 40 bidi overrides cannot make 320), then the
 * count of what was left out. Non-strings are shown as JSON (numbers, true, null) or by
 * their type.
 */
export function quoteInput(value: unknown, max: number = QUOTE_MAX): string {
  if (typeof value !== 'string') {
    if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (Array.isArray(value)) return 'an array';
    return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
  }
  let shown = '';
  let i = 0;
  while (i < value.length) {
    // One code point (a lone surrogate is one unit, and escaped).
    const width = (value.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    const ch = value.slice(i, i + width);
    const piece = ch === '\\' ? '\\\\' : ch === '"' ? '\\"' : escapeUnsafe(ch);
    if (shown.length + piece.length > max) break;
    shown += piece;
    i += width;
  }
  const rest = value.length - i;
  return rest > 0 ? `"${shown}"... (${rest} more characters)` : `"${shown}"`;
}

/**
 * A message as one printable line: unsafe characters escaped (a newline becomes \u{000A}),
 * cut to `max` characters with a marker. For anything shown to a person or written to
 * stderr that might carry text from outside.
 */
export function oneLine(message: unknown, max: number = LINE_MAX): string {
  const text = escapeUnsafe(typeof message === 'string' ? message : String(message));
  if (text.length <= max) return text;
  const cut = cutAt(text, max - 40);
  return `${cut}... (${text.length - cut.length} more characters)`;
}

/** The first `n` UTF-16 units of `text`, never splitting a surrogate pair. */
function cutAt(text: string, n: number): string {
  const code = text.charCodeAt(n - 1);
  return code >= 0xd800 && code <= 0xdbff ? text.slice(0, n - 1) : text.slice(0, n);
}

// A text cell of a CSV file. A spreadsheet reads a cell that starts with =, +, -, @, a
// tab or a carriage return as a formula (OWASP's "CSV injection"): a flow id
// `=HYPERLINK("http://evil.example","x")` would become a live link. Such a cell gets a
// leading apostrophe, which spreadsheets show as text; and a cell with a comma, quote or
// line break is quoted, its quotes doubled (RFC 4180). Numbers written by our own
// formatting are not text cells and keep their sign.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell of a CSV file: formula starts (= + - @ tab CR) neutralised, quoted as RFC 4180 needs. */
export function csvTextCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}
