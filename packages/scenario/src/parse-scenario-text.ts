// Turns the text of a scenario file into an object, with a one-line error naming line
// and column when the JSON is malformed. Only syntax is checked here; the engine checks
// every field (see scenario.ts for why).

import type { Scenario } from './scenario';
import { ScenarioError } from './scenario-error';
import { quoteInput } from './safe-text';

/**
 * Parses the text of a scenario file. Throws ScenarioError with one line such as
 * `invalid JSON at line 3, column 7: unexpected "x", expected a value` when the JSON is
 * malformed or not an object. Only syntax is checked; the engine validates the fields.
 */
export function parseScenarioText(text: string): Scenario {
  // Editors on Windows like to save a byte order mark; JSON.parse refuses it.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') {
    throw new ScenarioError('empty file: expected a JSON object');
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new ScenarioError(describeJsonSyntaxError(body, error));
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ScenarioError(
      `expected a JSON object at the top level, found ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}`,
    );
  }
  return value as Scenario;
}

/**
 * JSON.parse's messages differ between engines and often carry no position at all
 * (V8: `Unexpected token 'x', "..." is not valid JSON`), so we find the spot ourselves.
 */
function describeJsonSyntaxError(text: string, parseError: unknown): string {
  let found: { offset: number; reason: string } | null = null;
  try {
    found = locateJsonSyntaxError(text);
  } catch {
    // e.g. a stack overflow on absurdly deep nesting: fall back to the engine's words.
  }
  if (found === null) {
    const reason = parseError instanceof Error ? parseError.message : String(parseError);
    return `invalid JSON: ${reason}`;
  }
  const { line, column } = lineAndColumn(text, found.offset);
  return `invalid JSON at line ${line}, column ${column}: ${found.reason}`;
}

/** 1-based line and column of a UTF-16 offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

class JsonSyntaxError {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

/**
 * A strict RFC 8259 recogniser that stops at the first error: the offset and reason of the
 * first JSON syntax error, or null when the text is valid JSON.
 */
export function locateJsonSyntaxError(text: string): { offset: number; reason: string } | null {
  let i = 0;

  const fail = (reason: string, at = i): never => {
    throw new JsonSyntaxError(at, reason);
  };
  const skipWhitespace = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  /** What sits at `at`, for messages: a whole word if it is one, else one character. */
  const describe = (at = i): string => {
    if (at >= text.length) return 'end of input';
    const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(at, at + 40));
    return quoteInput(word ? word[0] : text[at]);
  };
  const unexpected = (expected: string): never => fail(`unexpected ${describe()}, expected ${expected}`);

  function value(): void {
    skipWhitespace();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return;
      }
    }
    unexpected('a value');
  }

  function object(): void {
    i++; // {
    skipWhitespace();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      skipWhitespace();
      if (text[i] !== '"') {
        if (text[i] === '}') fail("trailing comma before '}'");
        unexpected('a property name in double quotes');
      }
      string();
      skipWhitespace();
      if (text[i] !== ':') unexpected("':' after the property name");
      i++;
      value();
      skipWhitespace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return;
      }
      unexpected("',' or '}' after a property value");
    }
  }

  function array(): void {
    i++; // [
    skipWhitespace();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      skipWhitespace();
      if (text[i] === ']') fail("trailing comma before ']'");
      value();
      skipWhitespace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return;
      }
      unexpected("',' or ']' after an array element");
    }
  }

  function string(): void {
    const start = i;
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail('unterminated string', start);
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        const escape = text[i + 1];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('invalid \\u escape: expected 4 hex digits');
          i += 6;
        } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) {
          i += 2;
        } else {
          fail(`invalid escape ${describe(i + 1)} in string`, i + 1);
        }
        continue;
      }
      if (c < ' ') fail('control character in string (a line break must be written \\n)');
      i++;
    }
  }

  function number(): void {
    const start = i;
    if (text[i] === '-') i++;
    const digits = () => {
      const from = i;
      while (text[i] >= '0' && text[i] <= '9') i++;
      return i - from;
    };
    if (text[i] === '0') {
      i++;
      if (text[i] >= '0' && text[i] <= '9') fail('numbers must not have leading zeros', start);
    } else if (digits() === 0) {
      fail('invalid number: expected a digit', i);
    }
    if (text[i] === '.') {
      i++;
      if (digits() === 0) fail('invalid number: expected a digit after the decimal point');
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (digits() === 0) fail('invalid number: expected a digit in the exponent');
    }
  }

  try {
    value();
    skipWhitespace();
    if (i < text.length) fail(`unexpected ${describe()} after the end of the JSON value`);
    return null;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { offset: error.offset, reason: error.reason };
    throw error;
  }
}
