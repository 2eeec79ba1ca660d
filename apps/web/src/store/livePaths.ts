/**
 * The engine's live paths (docs/engine-api.md, "Live paths") read from and written into a
 * scenario: what a slider or a live edit changes, and what a replayed change puts back.
 * A path names one number; `flows[i].tcp.variant` is the variant's index in TCP_VARIANTS.
 * Which paths are live, and on which elements, is the schema's live table (isLivePath).
 */
import { choiceRuleFor, genericPath, isLivePath, liveFieldOf, ruleFor } from '@obs-tcp-sim/scenario';
import type { Scenario } from '../scenario/scenarioTypes';
import { getPath, setPath } from '../scenario/fieldPaths';

/** How one live path is read and written; its name and units come from the schema (liveFieldOf). */
type Reader = { read(s: Scenario): number | undefined; write(s: Scenario, v: number): Scenario };

function reader(path: string, s: Scenario): Reader | null {
  if (!isLivePath(path, s)) return null;
  if (ruleFor(path)?.live) {
    return {
      // A link's loss may be { ab, ba }: not one number, so not the live one.
      read: (x) => {
        const v = getPath(x, path);
        return typeof v === 'number' ? v : undefined;
      },
      write: (x, v) => setPath(x, path, v),
    };
  }
  const choice = choiceRuleFor(genericPath(path));
  if (choice) {
    // A choice goes live as its index among the choice's words (the variant: TCP_VARIANTS).
    return {
      read: (x) => {
        const index = choice.values.indexOf(getPath(x, path) as string);
        return index < 0 ? undefined : index;
      },
      write: (x, v) => (choice.values[v] === undefined ? x : setPath(x, path, choice.values[v])),
    };
  }
  // Live, but no field of the scenario: nodes[i].dropNext is an action.
  return null;
}

/** The value a live path names in this scenario, or undefined (no such path here). */
export function readLive(s: Scenario, path: string): number | undefined {
  return reader(path, s)?.read(s);
}

/** The scenario with the live path set; the same object if the path is not one of this scenario's. */
export function applyLive(s: Scenario, path: string, value: number): Scenario {
  const r = reader(path, s);
  if (!r || r.read(s) === value) return s;
  return r.write(s, value);
}

/** "data-burst loss 1 % → 0 %": the change as the history, the log and the charts name it. */
export function describeLive(s: Scenario, path: string, from: number | undefined, to: number): string {
  const field = liveFieldOf(path, s);
  if (!field) return `${path} → ${to}`;
  return from === undefined ? `${field.label} → ${field.format(to)}` : `${field.label} ${field.format(from)} → ${field.format(to)}`;
}
