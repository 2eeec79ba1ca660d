// Scenario edits for table-driven tests: a row names the field and the value it sets,
// and the test applies the edit to its own copy of a scenario.
import { setAtPath } from './sweep/path';

/** An edit that puts `value` at `path` (sweep path syntax, sweep/path.ts) in the scenario given, in place. */
export function set(path: string, value: unknown): (scenario: object) => void {
  return (scenario) => {
    Object.assign(scenario, setAtPath(scenario, path, value));
  };
}
