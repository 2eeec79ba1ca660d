// The seed of a student's choice order: one per page session, kept in sessionStorage, and a
// page where storage is refused still gets one (for as long as it lives).
import { describe, expect, it } from 'vitest';
import { CHOICE_SEED_KEY, readChoiceSeed } from './choiceSeed';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('readChoiceSeed', () => {
  it('makes a seed once and reads the same one back after that (a reload of the tab)', () => {
    const storage = memoryStorage();
    const seed = readChoiceSeed(storage, () => 0.25);
    expect(seed).toBe(0x40000000);
    expect(storage.data.get(CHOICE_SEED_KEY)).toBe(String(seed));
    expect(readChoiceSeed(storage, () => 0.75)).toBe(seed);
  });

  it('replaces a value it cannot read as a seed', () => {
    for (const bad of ['', 'abc', '-1', '1.5', '4294967296', '99999999999']) {
      const storage = memoryStorage({ [CHOICE_SEED_KEY]: bad });
      expect(
        readChoiceSeed(storage, () => 0.5),
        bad,
      ).toBe(0x80000000);
      expect(storage.data.get(CHOICE_SEED_KEY)).toBe(String(0x80000000));
    }
  });

  it('still gives a seed where storage is missing or throws', () => {
    expect(readChoiceSeed(null, () => 0.5)).toBe(0x80000000);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readChoiceSeed(refusing, () => 0)).toBe(0);
  });
});
