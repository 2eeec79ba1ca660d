/** An in-memory Storage for tests, with switches to make writes fail as a full or disabled one does. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage = {
    data,
    /** Keys whose writes throw QuotaExceededError (all keys if it holds '*'). */
    full: new Set<string>(),
    writes: 0,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (storage.full.has('*') || storage.full.has(key)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      storage.writes++;
      data.set(key, value);
    },
    removeItem: (key: string) => void data.delete(key),
  };
  return storage;
}
