/**
 * A text that tells a class to press a button or open a tab must name one the page has.
 * Lesson steps and preset points say "press Next burst (B)" or "the Loss matrix tab's
 * table"; a name that drifted from the page ("Press Run comparison" for a button called
 * "Run A and B") sends a room looking for nothing. The names are the page's own
 * (view/controlNames.ts, what the components draw).
 *
 * What counts as naming a control, kept narrow so ordinary prose is never flagged:
 * - "press" or "click" (any form), maybe "the", then a capitalised phrase: it must begin
 *   with a button's name, or be a key (a capital letter, Space, Enter, Esc, Page Up/Down);
 * - "the … tab", one to three words: they must be a tab's name.
 */
import { BUTTON_NAMES, TAB_NAMES } from '../view/controlNames';

const BUTTONS: readonly string[] = Object.values(BUTTON_NAMES);
const TABS: readonly string[] = Object.values(TAB_NAMES);
const KEYS = ['Space', 'Enter', 'Esc', 'Escape', 'Page Down', 'Page Up'];

const PRESS = /\b(?:press|presses|pressed|pressing|click|clicks|clicked|clicking)\s+(?:the\s+)?([A-Z][^.,;:!?()]*)/gi;
const TAB = /\bthe ([A-Z][\w/]*(?: [\w/]+){0,2}) tab\b/gi;

/** `phrase` begins with `name`, as whole words. */
const beginsWith = (phrase: string, name: string) => phrase === name || (phrase.startsWith(name) && /^\W/.test(phrase.slice(name.length)));

/** Every control `text` names that the page does not have, in its words ("a button "Run comparison""). */
export function unknownControls(text: string): string[] {
  const problems: string[] = [];
  for (const [, phrase] of text.matchAll(PRESS)) {
    // The regex is case-blind for "press"; a name starts with a capital.
    if (!/^[A-Z]/.test(phrase)) continue;
    const named = [...BUTTONS, ...KEYS].some((name) => beginsWith(phrase, name)) || /^[A-Z]\b/.test(phrase);
    if (!named) problems.push(`a button "${phrase.trim()}"`);
  }
  for (const [, words] of text.matchAll(TAB)) {
    if (!/^[A-Z]/.test(words)) continue;
    if (!TABS.includes(words)) problems.push(`a tab "${words}"`);
  }
  return problems;
}

/** One sentence for a text naming controls the page does not have, or null. */
export function controlMentionProblem(text: string, at: string): string | null {
  const unknown = unknownControls(text);
  if (unknown.length === 0) return null;
  return `${at} names ${unknown.join(' and ')} the page does not have (buttons: ${BUTTONS.join(', ')}; tabs: ${TABS.join(', ')})`;
}
