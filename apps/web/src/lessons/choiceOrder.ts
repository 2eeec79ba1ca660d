/**
 * The order in which a question shows its choices. A lesson file writes the right answer
 * wherever its author put it (often first); shown in that order, a class soon learns that
 * "A" is right without reading. So each student sees the choices shuffled, by a seed of
 * their own (choiceSeed.ts), and the same question always in the same order for that seed:
 * Back, Next, a re-render or a reload of the page keep it.
 *
 * Pure: the same seed, key and count give the same order on every machine.
 */
import { seededRandom } from '@obs-tcp-sim/theory';

/**
 * A permutation of 0..count-1: `order[position]` is the index in the file of the choice
 * shown at that position. `key` names the question (lesson id and step), so two questions
 * of one student are shuffled independently.
 */
export function choiceOrder(count: number, key: string, seed: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  const next = seededRandom(hash32(`${seed >>> 0}:${key}`));
  // Fisher-Yates: every permutation equally likely.
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** The key of a question: its lesson and step (0-based), stable across edits of other steps' texts. */
export function questionKey(lessonId: string, step: number): string {
  return `${lessonId}#${step}`;
}

/** FNV-1a, 32 bits: spreads similar keys ("…#1", "…#2") over unrelated seeds. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
