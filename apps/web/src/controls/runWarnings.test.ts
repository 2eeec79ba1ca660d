import { describe, expect, it } from 'vitest';
import { warningTexts } from './RunWarnings';

describe('the run warnings banner', () => {
  it("are the summary's sentences, in its order, and nothing without them", () => {
    expect(warningTexts(null)).toEqual([]);
    expect(warningTexts({ bursts: { sent: 3 } })).toEqual([]);
    expect(
      warningTexts({
        warnings: [
          { code: 'late-bursts', text: '2 of 2 bursts (100 %) ... dropped late' },
          { code: 'flow-delivered-nothing', text: '1 of 1 flows delivered nothing in the run (tcp1)' },
        ],
      }),
    ).toEqual(['2 of 2 bursts (100 %) ... dropped late', '1 of 1 flows delivered nothing in the run (tcp1)']);
  });
});
