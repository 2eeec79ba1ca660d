/**
 * A number field bound to a scenario path: its rule, value and error read from the path,
 * each commit one undoable edit.
 */
import { getPath } from '../../scenario/fieldPaths';
import { ruleFor } from '../../scenario/validateScenario';
import type { PanelContext } from './panelContext';
import { formatByRule } from '@obs-tcp-sim/scenario';
import { NumberField } from './fields';

/** A number field bound to a scenario path. */
export function PathNumberField({
  ctx,
  path,
  owner,
  label,
  inherit,
  inheritFrom,
  hint,
}: {
  ctx: PanelContext;
  path: string;
  owner: string;
  label?: string;
  inherit?: number;
  inheritFrom?: string;
  hint?: string;
}) {
  const value = getPath(ctx.scenario, path) as number | undefined;
  const rule = ruleFor(path)!;
  return (
    <NumberField
      path={path}
      label={label}
      value={value}
      inherit={inherit}
      inheritFrom={inheritFrom}
      hint={hint}
      externalError={ctx.errorAt(path)}
      // Named as the sliders name theirs: the value before, then after ("E1-C1: delay 1 ms → 5 ms").
      onCommit={(v, shown) =>
        ctx.set(
          `${owner}: ${(label ?? rule.label).toLowerCase()} ${value === undefined ? 'inherited' : formatByRule(value, rule)} → ${shown}`,
          path,
          v,
        )
      }
    />
  );
}
