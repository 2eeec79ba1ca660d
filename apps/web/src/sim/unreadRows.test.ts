import { describe, expect, it } from 'vitest';
import { unreadRows } from './unreadRows';

describe('unreadRows', () => {
  it('starts a first read at the oldest row kept, missing none', () => {
    expect(unreadRows({ length: 10, overwritten: 5 }, 0)).toEqual({ from: 5, to: 15, firstKept: 5, missed: 0 });
  });

  it('goes on where the reader left off while the ring still holds it', () => {
    expect(unreadRows({ length: 10, overwritten: 5 }, 12)).toEqual({ from: 12, to: 15, firstKept: 5, missed: 0 });
  });

  it('counts the rows overwritten before the reader got to them', () => {
    expect(unreadRows({ length: 10, overwritten: 20 }, 12)).toEqual({ from: 20, to: 30, firstKept: 20, missed: 8 });
  });
});
