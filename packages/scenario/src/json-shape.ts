// Bounds the shape of JSON text in one pass, before JSON.parse builds anything: nesting,
// objects and arrays in all, values in all (each counted by its comma or colon), items of
// each array. Anyone may have written the text (a link, a file, a shard), and JSON.parse
// would otherwise recurse as deep as it is told (a stack overflow), make an array past
// V8's largest size (an abort), or fill the heap with empty objects. Used by the share-link
// decoder and by the CLI's readers, each with its own limits and its own words.

export interface JsonShapeLimits {
  maxDepth: number;
  maxContainers?: number;
  maxItems?: number;
  maxListLength?: number;
}

/**
 * The first limit the text breaks and where (a UTF-16 offset), or null. Strings are
 * skipped (their content is not structure). Malformed text is measured as far as it goes;
 * JSON.parse then names its error.
 */
export function checkJsonShape(
  text: string,
  { maxDepth, maxContainers = Infinity, maxItems = Infinity, maxListLength = Infinity }: JsonShapeLimits,
): { rule: 'depth' | 'containers' | 'items' | 'list'; offset: number } | null {
  const isArray = new Uint8Array(maxDepth + 1);
  const commas = new Float64Array(maxDepth + 1);
  let depth = 0;
  let containers = 0;
  let items = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // a string: skip to its closing quote, one not escaped by an odd run of backslashes
      for (;;) {
        const close = text.indexOf('"', i + 1);
        if (close < 0) return null; // unterminated: JSON.parse says where
        let backslashes = 0;
        while (text.charCodeAt(close - 1 - backslashes) === 92) backslashes++;
        i = close;
        if (backslashes % 2 === 0) break;
      }
    } else if (c === 91 || c === 123) {
      if (depth === maxDepth) return { rule: 'depth', offset: i };
      if (++containers > maxContainers) return { rule: 'containers', offset: i };
      isArray[depth] = c === 91 ? 1 : 0;
      commas[depth] = 0;
      depth++;
    } else if (c === 93 || c === 125) {
      if (depth > 0) depth--;
    } else if (c === 44 || c === 58) {
      if (++items > maxItems) return { rule: 'items', offset: i };
      if (c === 44 && depth > 0 && isArray[depth - 1] === 1 && ++commas[depth - 1] >= maxListLength) {
        return { rule: 'list', offset: i };
      }
    }
  }
  return null;
}
