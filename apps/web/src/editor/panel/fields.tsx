/**
 * The panel's inputs. A number field shows its value in friendly units ("100 µs"),
 * accepts what people type ("2 ms", "1.25 Gbit/s", "64 KB", "1 %", or a bare number in the
 * unit shown), and commits on Enter or when focus leaves. An invalid entry is refused
 * with the reason under the field, the text stays as typed, and nothing is committed.
 * Escape puts the stored value back.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Term } from '../../glossary/Term';
import { termForPath } from '../../glossary/termForPath';
import { formatByRule, parsePlain, parseValue, unitOf, type ParseResult } from '@obs-tcp-sim/scenario';
import { LIVE_GENERIC_PATHS } from '@obs-tcp-sim/scenario';
import { checkNumber, genericPath, ruleFor, type NumberRule } from '../../scenario/validateScenario';

/** Changes the engine takes while running, without restarting the run. */
export function isLivePath(path: string): boolean {
  // The schema's list of live paths (docs/engine-api.md), by generic path.
  return LIVE_GENERIC_PATHS.includes(genericPath(path));
}

/** Parses and checks a typed value against the field's rule. */
export function readByRule(text: string, rule: NumberRule, shownValue: number | undefined): ParseResult {
  const parsed =
    rule.quantity === 'plain'
      ? parsePlain(text)
      : parseValue(text, rule.quantity, shownValue === undefined ? undefined : unitOf(shownValue, rule.quantity, rule.zeroUnit));
  if (!parsed.ok) return parsed;
  const why = checkNumber(parsed.value, rule);
  return why ? { ok: false, reason: why } : parsed;
}

function Row({
  id,
  label,
  path,
  live,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  path: string;
  live?: boolean;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const errorRef = useRef<HTMLParagraphElement>(null);
  // The panel is short at 1280x720: bring a new refusal into view under its field.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  return (
    <div className={`field${error ? ' field-invalid' : ''}`} data-field={path}>
      <label htmlFor={id}>
        <TermFor path={path}>{label}</TermFor>
        {live && (
          <span className="live-tag" title="Applies at once, without restarting the run">
            live
          </span>
        )}
      </label>
      {children}
      {error ? (
        <p ref={errorRef} className="field-error" id={`${id}-error`} role="alert" data-testid={`error-${path}`}>
          {error}
        </p>
      ) : hint ? (
        <p className="field-hint">{hint}</p>
      ) : null}
    </div>
  );
}

export interface NumberFieldProps {
  path: string;
  value: number | undefined;
  onCommit(value: number | undefined, shown: string): void;
  /** The engine or the whole-scenario check refused this field. */
  externalError?: string | null;
  label?: string;
  /** Empty means "inherit" (shown as a placeholder); committing empty clears the field. */
  inherit?: number;
  /** Where the inherited value comes from, in the placeholder: "network" unless told. */
  inheritFrom?: string;
  hint?: ReactNode;
}

const refusedDrafts = new Map<string, string>();
/** The last refused text of a field that left the panel, by its path and value. */
function keepRefusedDraft(key: string, text: string): void {
  refusedDrafts.set(key, text);
}
function takeRefusedDraft(key: string): string | null {
  const text = refusedDrafts.get(key) ?? null;
  refusedDrafts.delete(key);
  return text;
}

export function NumberField({ path, value, onCommit, externalError, label, inherit, inheritFrom = 'network', hint }: NumberFieldProps) {
  const rule = ruleFor(path);
  if (!rule) throw new Error(`no rule for ${path}`);
  const id = useId();
  // A refused text left behind when the field goes (another element selected) comes back
  // with it, for correction, while the field still holds the value it was refused over.
  const keptKey = `${path}|${value ?? ''}`;
  const [draft, setDraftText] = useState<string | null>(() => takeRefusedDraft(keptKey));
  // A number typed without its unit was read in the field's: said under it until the next edit.
  const [assumed, setAssumed] = useState<string | null>(null);
  const setDraft = (next: string | null) => {
    setDraftText(next);
    setAssumed(null);
  };
  const shown = value === undefined ? '' : formatByRule(value, rule);
  const text = draft ?? shown;
  const inheriting = inherit !== undefined && text.trim() === '';
  const result = draft === null || inheriting ? null : readByRule(draft, rule, value ?? inherit);
  const error = result && !result.ok ? result.reason : draft === null ? externalError : null;
  const leaving = useRef<{ key: string; refused: string | null }>({ key: keptKey, refused: null });
  leaving.current = { key: keptKey, refused: result && !result.ok ? draft : null };
  useEffect(
    () => () => {
      const { key, refused } = leaving.current;
      if (refused !== null) keepRefusedDraft(key, refused);
    },
    [],
  );

  const commit = () => {
    if (draft === null) return;
    if (inheriting) {
      setDraft(null);
      if (value !== undefined) onCommit(undefined, 'inherited');
      return;
    }
    if (!result || !result.ok) return; // refused: keep the text and the reason
    setDraft(null);
    if (result.unitAssumed && rule.quantity !== 'plain') {
      setAssumed(`Read as ${formatByRule(result.value, rule)}: no unit typed, so the field's unit (${result.unitAssumed}).`);
    }
    if (result.value !== value) onCommit(result.value, formatByRule(result.value, rule));
  };

  return (
    <Row
      id={id}
      label={label ?? rule.label}
      path={path}
      live={isLivePath(path)}
      error={error}
      hint={assumed ? <span data-testid={`assumed-${path}`}>{assumed}</span> : hint}
    >
      <DraftInput
        id={id}
        path={path}
        decimal
        text={text}
        placeholder={inherit !== undefined ? `${formatByRule(inherit, rule)} (${inheritFrom})` : undefined}
        error={error}
        setDraft={setDraft}
        commit={commit}
      />
    </Row>
  );
}

/**
 * The text box of a field: it shows the draft while one is typed; leaving it or Enter
 * commits, Escape gives the draft up (and goes no further, so a dialog stays open).
 * `decimal` asks touch keyboards for digits.
 */
function DraftInput({
  id,
  path,
  decimal,
  text,
  placeholder,
  error,
  setDraft,
  commit,
}: {
  id: string;
  path: string;
  decimal?: boolean;
  text: string;
  placeholder: string | undefined;
  error: string | null | undefined;
  setDraft(draft: string | null): void;
  commit(): void;
}) {
  return (
    <input
      id={id}
      type="text"
      inputMode={decimal ? 'decimal' : undefined}
      spellCheck={false}
      autoComplete="off"
      data-testid={`field-${path}`}
      value={text}
      placeholder={placeholder}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={draftKeys(commit, () => setDraft(null))}
    />
  );
}

/**
 * The keys of a text box that holds a draft: Enter commits, Escape gives the draft up and
 * goes no further (so a dialog around it stays open).
 */
export function draftKeys(commit: () => void, giveUp: () => void): (e: KeyboardEvent<HTMLInputElement>) => void {
  return (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      giveUp();
    }
  };
}

export function TextField({
  path,
  label,
  value,
  check,
  onCommit,
  externalError,
  hint,
  placeholder,
}: {
  path: string;
  label: string;
  value: string;
  check(text: string): string | null;
  onCommit(text: string): void;
  externalError?: string | null;
  hint?: ReactNode;
  placeholder?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? value;
  const localError = draft === null ? null : check(draft);
  const error = localError ?? (draft === null ? externalError : null);
  const commit = () => {
    if (draft === null || localError) return;
    setDraft(null);
    if (draft !== value) onCommit(draft);
  };
  return (
    <Row id={id} label={label} path={path} error={error} hint={hint}>
      <DraftInput id={id} path={path} text={text} placeholder={placeholder} error={error} setDraft={setDraft} commit={commit} />
    </Row>
  );
}

export function SelectField<T extends string>({
  path,
  label,
  value,
  options,
  onChange,
  externalError,
  hint,
}: {
  path: string;
  label: string;
  value: T;
  options: readonly (T | { value: T; label: string })[];
  onChange(value: T): void;
  externalError?: string | null;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <Row id={id} label={label} path={path} live={isLivePath(path)} error={externalError} hint={hint}>
      <select id={id} data-testid={`field-${path}`} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => {
          const v = typeof o === 'string' ? o : o.value;
          return (
            <option key={v} value={v}>
              {typeof o === 'string' ? o : o.label}
            </option>
          );
        })}
      </select>
    </Row>
  );
}

export function CheckField({
  path,
  label,
  checked,
  onChange,
  externalError,
  hint,
}: {
  path: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** A refusal that concerns what the box switches on (access without a side, a drawn id that clashes). */
  externalError?: string | null;
  hint?: ReactNode;
}) {
  return (
    <div className={`field field-check${externalError ? ' field-invalid' : ''}`} data-field={path}>
      <label>
        <input type="checkbox" data-testid={`field-${path}`} checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {label}
      </label>
      {externalError ? (
        <p className="field-error" role="alert" data-testid={`error-${path}`}>
          {externalError}
        </p>
      ) : hint ? (
        <p className="field-hint">{hint}</p>
      ) : null}
    </div>
  );
}

/** The label, with the glossary's explanation when it names an OBS or TCP term. */
function TermFor({ path, children }: { path: string; children: ReactNode }) {
  const term = termForPath(path);
  return term ? <Term id={term}>{children}</Term> : <>{children}</>;
}
