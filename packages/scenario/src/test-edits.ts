// Scenario edits for table-driven tests: a row names the field and the value it sets,
// and the test applies the edit to its own copy of a scenario.
import { setAtPath } from './path-access';

/** An edit that puts `value` at `path` (path syntax: path-grammar.ts, path-access.ts) in the scenario given, in place. */
export function set(path: string, value: unknown): (scenario: object) => void {
  return (scenario) => {
    Object.assign(scenario, setAtPath(scenario, path, value));
  };
}
