import type { Scenario } from './scenario';

/**
 * Parses the text of a scenario file. Throws ScenarioError with one line such as
 * `invalid JSON at line 3, column 7: unexpected "x", expected a value` when the JSON is
 * malformed or not an object. Only syntax is checked; the engine validates the fields.
 */
export declare function parseScenarioText(text: string): Scenario;

/** 1-based line and column of a UTF-16 offset. */
export declare function lineAndColumn(text: string, offset: number): { line: number; column: number };

/** Offset and reason of the first JSON syntax error, or null when the text is valid JSON. */
export declare function locateJsonSyntaxError(text: string): { offset: number; reason: string } | null;
