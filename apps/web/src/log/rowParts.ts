/**
 * How a log row's sentence is cut when the row is narrower than the sentence. The reason
 * of a drop ("injected loss", "queue full") is what a class reads the row for, and it comes
 * last; a row cut at its right edge loses exactly that. So the sentence is split into
 * parts: the burst's contents in brackets, which the row shortens with an ellipsis first,
 * and the rest, kept whole. A row too narrow even then loses the sentence's start off its
 * left edge (log.css), never the reason. A burst formed has no reason but ends with its
 * contents ("E1 sends burst 77 to E2 via C1 (data, ...)"): there too the contents give
 * way first, so the edge and the route it took stay readable.
 */
import { DROP_REASON_TEXT, PACKET_DROP_TEXT } from './describe';

/** contents: shortened first; sentence: kept; reason: kept, and last. */
export type PartRole = 'contents' | 'sentence' | 'reason';

export interface RowPart {
  text: string;
  role: PartRole;
}

const REASONS = [...DROP_REASON_TEXT, ...PACKET_DROP_TEXT];

/** The sentence as parts; joined they give the sentence back, unchanged. */
export function rowParts(text: string): RowPart[] {
  let body = text;
  let reason = '';
  for (const r of REASONS) {
    const tail = `: ${r}`;
    if (text.endsWith(tail) && text.length > tail.length) {
      body = text.slice(0, -tail.length);
      reason = tail;
      break;
    }
  }
  const parts: RowPart[] = [];
  // The first bracket of the body (a burst's class and contents) gives way first.
  const open = body.indexOf(' (');
  const close = open < 0 ? -1 : body.indexOf(')', open);
  // With a reason, the bracket may sit anywhere before it; without, only at the very end.
  const shrinkable = reason ? close > open : close === body.length - 1;
  if (open > 0 && close > open && shrinkable) {
    parts.push({ text: body.slice(0, open + 1), role: 'sentence' });
    parts.push({ text: body.slice(open + 1, close + 1), role: 'contents' });
    if (close + 1 < body.length) parts.push({ text: body.slice(close + 1), role: 'sentence' });
  } else {
    parts.push({ text: body, role: 'sentence' });
  }
  if (reason) parts.push({ text: reason, role: 'reason' });
  return parts.filter((p) => p.text !== '');
}
