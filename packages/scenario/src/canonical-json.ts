// JSON with object keys sorted, so equal values give equal text: the one canonical form
// of the repository. Sweep and shard hashes (sweep/spec.ts, sweep/shards.ts), the hostile
// corpus's hashes and the app's "is this the same scenario" tests all use it, so its
// output must never change (the hashes are written into shard files and documents).

/** JSON with object keys sorted, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  canonicalJsonParts(value, (part) => parts.push(part));
  return parts.join('');
}

/**
 * canonicalJson's text handed out in pieces, for hashing without building the string.
 */
export function canonicalJsonParts(value: unknown, emit: (part: string) => void): void {
  if (Array.isArray(value)) {
    emit('[');
    value.forEach((item, i) => {
      if (i > 0) emit(',');
      canonicalJsonParts(item, emit);
    });
    emit(']');
    return;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    emit('{');
    let first = true;
    for (const key of Object.keys(record).sort()) {
      if (record[key] === undefined) continue;
      if (!first) emit(',');
      first = false;
      emit(`${JSON.stringify(key)}:`);
      canonicalJsonParts(record[key], emit);
    }
    emit('}');
    return;
  }
  emit(String(JSON.stringify(value)));
}
