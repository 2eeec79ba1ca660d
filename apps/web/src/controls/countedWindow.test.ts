import { describe, expect, it } from 'vitest';
import { countedWindow } from './Counters';

describe('countedWindow', () => {
  it("says the engine's window when the scenario has one, and nothing otherwise", () => {
    expect(countedWindow({ measure: { from: 5, to: 20 } })).toBe('Counted over 5.00 s to 20.00 s (measure), warm-up left out');
    expect(countedWindow({ scenario: 'x' })).toBeNull();
    expect(countedWindow(null)).toBeNull();
  });
});
