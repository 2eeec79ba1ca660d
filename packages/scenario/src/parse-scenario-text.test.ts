import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineAndColumn, locateJsonSyntaxError, parseScenarioText } from './parse-scenario-text';
import { ScenarioError } from './scenario-error';

function errorOf(text: string): ScenarioError {
  try {
    parseScenarioText(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return error as ScenarioError;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

describe('parseScenarioText', () => {
  it('parses the default scenario file', () => {
    const text = readFileSync(new URL('../scenarios/default.json', import.meta.url), 'utf8');
    expect(parseScenarioText(text)).toEqual(JSON.parse(text));
  });

  it('accepts a byte order mark', () => {
    expect(parseScenarioText('\ufeff{"version": 1}')).toEqual({ version: 1 });
  });

  it.each([
    ['{\n  "a": 1,\n  "b": x\n}', 'invalid JSON at line 3, column 8: unexpected "x", expected a value'],
    ['{\n  "a": 1\n  "b": 2\n}', `invalid JSON at line 3, column 3: unexpected "\\"", expected ',' or '}' after a property value`],
    ['{"a": [1, 2,]}', "invalid JSON at line 1, column 13: trailing comma before ']'"],
    ['{"a": 1,}', "invalid JSON at line 1, column 9: trailing comma before '}'"],
    ["{'a': 1}", `invalid JSON at line 1, column 2: unexpected "'", expected a property name in double quotes`],
    ['{"a": NaN}', 'invalid JSON at line 1, column 7: unexpected "NaN", expected a value'],
    ['{"a": 01}', 'invalid JSON at line 1, column 7: numbers must not have leading zeros'],
    ['{"a": 1.}', 'invalid JSON at line 1, column 9: invalid number: expected a digit after the decimal point'],
    ['{"a": "x', 'invalid JSON at line 1, column 7: unterminated string'],
    ['{"a": "\\q"}', 'invalid JSON at line 1, column 9: invalid escape "q" in string'],
    ['{"a": 1} x', 'invalid JSON at line 1, column 10: unexpected "x" after the end of the JSON value'],
    ['{"a": 1', "invalid JSON at line 1, column 8: unexpected end of input, expected ',' or '}' after a property value"],
    ['{"a":\r\n // comment\r\n 1}', 'invalid JSON at line 2, column 2: unexpected "/", expected a value'],
  ])('names line and column for %j', (text, message) => {
    expect(errorOf(text).message).toBe(message);
  });

  it.each([
    ['', 'empty file: expected a JSON object'],
    ['  \n', 'empty file: expected a JSON object'],
    ['[]', 'expected a JSON object at the top level, found an array'],
    ['null', 'expected a JSON object at the top level, found null'],
    ['42', 'expected a JSON object at the top level, found a number'],
  ])('refuses %j as a scenario', (text, message) => {
    expect(errorOf(text).message).toBe(message);
  });

  it('gives one line for every malformed text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          parseScenarioText(text);
        } catch (error) {
          expect(error).toBeInstanceOf(ScenarioError);
          expect((error as Error).message).not.toContain('\n');
        }
      }),
    );
  });
});

describe('locateJsonSyntaxError', () => {
  it('agrees with JSON.parse on which texts are valid', () => {
    const nearlyJson = fc.oneof(
      fc.json(),
      fc.json().map((text) => text.slice(0, -1)),
      fc
        .json()
        .chain((text) =>
          fc
            .tuple(fc.nat(text.length), fc.constantFrom(',', '}', ']', '"', 'x', ' ', ':', '0'))
            .map(([at, c]) => text.slice(0, at) + c + text.slice(at)),
        ),
    );
    fc.assert(
      fc.property(nearlyJson, (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(locateJsonSyntaxError(text) === null).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('lineAndColumn', () => {
  it('counts from 1 and restarts columns after each line feed', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
