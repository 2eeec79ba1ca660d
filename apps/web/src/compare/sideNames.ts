/**
 * A and B named by what differs between them ("data loss 1 %" against "ACK loss 1 %",
 * "reno" against "cubic"), for the legend, the table's heads and the sentence, so the
 * charts say what they compare; "A" and "B" when nothing differs.
 */
import type { VariantSettings } from './variants';

const pct = (p: number) => `${+(p * 100).toPrecision(4)} %`;

export function sideNames(pair: readonly [VariantSettings, VariantSettings]): [string, string] {
  const [a, b] = pair;
  const parts: Array<(v: VariantSettings) => string> = [];
  if (a.dataLoss !== b.dataLoss) parts.push((v) => `data loss ${pct(v.dataLoss)}`);
  if (a.ackLoss !== b.ackLoss) parts.push((v) => `ACK loss ${pct(v.ackLoss)}`);
  if (a.tcp !== b.tcp) parts.push((v) => (v.tcp === '' ? "flows' own TCP" : v.tcp));
  if (a.seed !== b.seed) parts.push((v) => `seed ${v.seed}`);
  if (parts.length === 0) return ['A', 'B'];
  // Say the non-zero loss only, where one side has none ("data loss 1 %" rather than "data loss 1 %, ACK loss 0 %").
  const name = (v: VariantSettings) =>
    parts
      .map((part) => part(v))
      .filter((words, _, all) => all.length === 1 || !/ 0 %$/.test(words))
      .join(', ') || parts.map((part) => part(v)).join(', ');
  const names: [string, string] = [name(a), name(b)];
  return names[0] === names[1] ? ['A', 'B'] : [`A: ${names[0]}`, `B: ${names[1]}`];
}
