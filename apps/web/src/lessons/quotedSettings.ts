/**
 * The settings a guide's text quotes (issue 36): "E1 runs a timer: 2 ms after the first
 * packet arrived…" speaks of the scenario's assembly time, and the lesson panel shows it
 * under the text, by the name the editor gives the field and with the value in force now,
 * so the class sees the parameter the sentence is about and a change to it shows at once.
 *
 * Derived, never written down: each figure of the text (quotedFigures.ts) is matched
 * against the scenario's numeric fields (the schema's field table, numericPaths), each
 * field's value read as the editor formats it (formatByRule). A figure matches a field when
 * they are of one kind (a time, a rate, bytes, a percentage, counted segments) and the
 * field's value rounds to the figure as written ("2 ms" is a value from 1.5 to 2.5 ms,
 * never a 20 ms field). Not settings: a figure rounded in words ("about 35 ms", a reading
 * of the run), a moment ("reached C1 at 9.2 ms"), and those the caller excludes (the
 * sentence's own reckoning, notFigures.ts).
 */
import { formatByRule, genericPath, getAtPath, numericPaths, type NumberRule, type NumericPath } from '@obs-tcp-sim/scenario';
import { quotedFigures, type Figure } from './quotedFigures';

export interface QuotedSetting {
  /** The field's name in the editor: "Assembly time", "MSS". */
  label: string;
  /** The elements it is set on, where not on every one that has it ("access1", "access2"); empty otherwise. */
  owners: string[];
  /** The value in force now, as the editor shows it: "2 ms", "10 segments". */
  now: string;
  /** The preset's value, when the scenario now has another and the text quotes it ("from 10 µs to 1 ms"). */
  preset?: string;
  /** The text's figures it stands for, as written. */
  quotes: string[];
}

/** A field's value as the editor shows it, with what a plain number counts ("10 segments"). */
export function settingText(value: number, rule: NumberRule): string {
  const shown = formatByRule(value, rule);
  return rule.quantity === 'plain' && rule.suffix ? `${shown} ${rule.suffix}` : shown;
}

/** The value as a figure, or null where no text could quote it (a bare count: "2" wavelengths). */
function fieldFigure(value: number, rule: NumberRule): Figure | null {
  return quotedFigures(settingText(value, rule))[0] ?? null;
}

/**
 * Whether `field` (exact) is what `quoted` writes: the same kind and counted thing, and
 * the value within half the last digit written. Strictly within: "2 ms" does not stand for
 * a 1.5 ms field, which a text would write as it is.
 */
export function quotesValue(quoted: Figure, field: Figure): boolean {
  if (quoted.kind !== field.kind || quoted.counted !== field.counted) return false;
  return Math.abs(field.value - quoted.value) < quoted.half * (1 - 1e-9);
}

function numberAt(scenario: unknown, path: string): number | undefined {
  try {
    const value = getAtPath(scenario as never, path);
    return typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The sentence of `text` a figure stands in (sentences end at ". " before a capital, or at the end). */
function sentenceAround(text: string, at: number): string {
  const ends = [...text.matchAll(/[.!?](?=\s+[A-Z(])|\n\s*\n/g)].map((m) => m.index + 1);
  const start = Math.max(0, ...ends.filter((e) => e <= at));
  const end = Math.min(text.length, ...ends.filter((e) => e > at));
  return text.slice(start, end).toLowerCase();
}

/**
 * Whether a sentence names the field: a word of its label, by its first five letters
 * ("processes" names "Control processing", "extra offset" names "Extra offset").
 */
function namesField(sentence: string, label: string): boolean {
  return label
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3)
    .some((w) => new RegExp(String.raw`\b${w.slice(0, 5)}`).test(sentence));
}

interface Candidate {
  field: NumericPath;
  value: number;
  /** The preset's value where it differs from `value`. */
  before?: number;
}

/**
 * The fields of `scenario` the figures of `text` quote, in the field table's order, one
 * entry per field and value (the two access links at 10 Mbit/s are one).
 *
 * `preset`: the scenario of the preset it was opened from, so that a text quoting the value
 * a lesson changed ("slows C1's processing from 10 µs to 1 ms") finds the field too.
 * `excluded`: figures of this text, as written, that are not settings (notFigures.ts).
 *
 * A figure that two fields hold by chance ("1 ms": the processing time and an access
 * link's delay) goes to those its sentence names ("C1 spent 1 ms processing it"); if it
 * names neither, to none: the strip would have to guess, and a wrong name misleads more
 * than a missing one.
 */
export function quotedSettings(text: string, scenario: unknown, preset: unknown = null, excluded: readonly string[] = []): QuotedSetting[] {
  const figures = quotedFigures(text).filter((f) => !f.approximate && !f.moment && !excluded.includes(f.text));
  if (figures.length === 0) return [];
  const fields = numericPaths(scenario);
  const candidates: Candidate[] = [];
  for (const field of fields) {
    const value = numberAt(scenario, field.path);
    if (value === undefined) continue;
    const was = preset === null ? undefined : numberAt(preset, field.path);
    candidates.push(was !== undefined && was !== value ? { field, value, before: was } : { field, value });
  }
  const holding = (q: Figure, c: Candidate) =>
    [c.value, c.before].some((v) => {
      if (v === undefined) return false;
      const f = fieldFigure(v, c.field.rule);
      return f !== null && quotesValue(q, f);
    });
  // Which candidates each figure stands for.
  const quotesOf = new Map<Candidate, string[]>();
  for (const q of figures) {
    const held = candidates.filter((c) => holding(q, c));
    const sentence = sentenceAround(text, q.at);
    const named = held.filter((c) => namesField(sentence, c.field.rule.label));
    const oneField = new Set(held.map((c) => genericPath(c.field.path))).size === 1;
    for (const c of named.length > 0 ? named : oneField ? held : []) {
      const list = quotesOf.get(c) ?? [];
      if (!list.includes(q.text)) list.push(q.text);
      quotesOf.set(c, list);
    }
  }
  return groupSettings(
    candidates.filter((c) => quotesOf.has(c)),
    quotesOf,
    fields,
  );
}

/** One setting per field and value, naming its elements only where others with the field differ. */
function groupSettings(found: Candidate[], quotesOf: Map<Candidate, string[]>, fields: NumericPath[]): QuotedSetting[] {
  const byKey = new Map<string, { setting: QuotedSetting; generic: string }>();
  for (const c of found) {
    const now = settingText(c.value, c.field.rule);
    const preset = c.before === undefined ? undefined : settingText(c.before, c.field.rule);
    const generic = genericPath(c.field.path);
    const key = `${generic}\u0000${now}\u0000${preset ?? ''}`;
    const quotes = quotesOf.get(c) ?? [];
    const known = byKey.get(key);
    if (known) {
      if (c.field.owner) known.setting.owners.push(c.field.owner);
      for (const q of quotes) if (!known.setting.quotes.includes(q)) known.setting.quotes.push(q);
      continue;
    }
    const setting: QuotedSetting = { label: c.field.rule.label, owners: c.field.owner ? [c.field.owner] : [], now, quotes: [...quotes] };
    if (preset !== undefined) setting.preset = preset;
    byKey.set(key, { setting, generic });
  }
  for (const { setting, generic } of byKey.values()) {
    const holders = fields.filter((f) => genericPath(f.path) === generic).length;
    if (setting.owners.length === holders) setting.owners = [];
  }
  return [...byKey.values()].map((v) => v.setting);
}
