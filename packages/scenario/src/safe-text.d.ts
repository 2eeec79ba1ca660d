/** Default number of characters of a quoted value kept before it is cut. */
export declare const QUOTE_MAX: number;
/** Default length of one message line. */
export declare const LINE_MAX: number;
/** `text` with every control, format, bidi and separator character written as \u{XXXX}. */
export declare function escapeUnsafe(text: string): string;
/** A value from outside, quoted for a message: unsafe characters escaped, long values cut. */
export declare function quoteInput(value: unknown, max?: number): string;
/** A message as one printable line: unsafe characters escaped, cut to `max` characters. */
export declare function oneLine(message: unknown, max?: number): string;
/** A text cell of a CSV file: formula starts (= + - @ tab CR) neutralised, quoted as RFC 4180 needs. */
export declare function csvTextCell(text: string): string;
/** The first unsafe character of `text` and its 0-based index, or null. */
export declare function findUnsafe(text: string): { char: string; index: number } | null;
