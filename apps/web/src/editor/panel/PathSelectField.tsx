/**
 * A choice bound to a scenario path: each choice one undoable edit of that path, named by
 * what it changes and the value chosen.
 */
import type { ReactNode } from 'react';
import type { PanelContext } from './panelContext';
import { SelectField } from './fields';

/**
 * A select bound to `path`: choosing v sets the path to v as the edit "`action` v". With
 * `errors`, the whole-scenario check's error at the path shows under it.
 */
export function PathSelectField<T extends string>({
  ctx,
  path,
  label,
  value,
  options,
  action,
  errors,
  hint,
}: {
  ctx: PanelContext;
  path: string;
  label: string;
  value: T;
  options: readonly (T | { value: T; label: string })[];
  action: string;
  errors?: boolean;
  hint?: ReactNode;
}) {
  return (
    <SelectField
      path={path}
      label={label}
      value={value}
      options={options}
      externalError={errors ? ctx.errorAt(path) : undefined}
      hint={hint}
      onChange={(v) => ctx.set(`${action} ${v}`, path, v)}
    />
  );
}

/** The two ends of a flow or of background traffic, as the panel names them. */
const END_SIDES = [
  { side: 'src', label: 'From', word: 'from' },
  { side: 'dst', label: 'To', word: 'to' },
] as const;

/**
 * The ends of a flow or of background traffic at `path`, side by side: each a select whose
 * edit is named "`owner`: from v" (or to); `suffix` follows each label ("From edge").
 */
export function EndSelects({
  ctx,
  path,
  ends,
  options,
  owner,
  suffix = '',
}: {
  ctx: PanelContext;
  path: string;
  ends: { src: string; dst: string };
  options(current: string, side: 'src' | 'dst'): readonly string[];
  owner: string;
  suffix?: string;
}) {
  return (
    <div className="field-pair">
      {END_SIDES.map(({ side, label, word }) => (
        <PathSelectField
          key={side}
          ctx={ctx}
          path={`${path}.${side}`}
          label={label + suffix}
          value={ends[side]}
          options={options(ends[side], side)}
          action={`${owner}: ${word}`}
          errors
        />
      ))}
    </div>
  );
}
