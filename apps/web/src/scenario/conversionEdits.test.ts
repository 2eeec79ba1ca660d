import { describe, expect, it } from 'vitest';
import { conversionFor, conversionForm } from './conversionEdits';

describe('conversion forms', () => {
  it('reads the three forms, the absent field as full', () => {
    expect([undefined, 'full', 'none', { range: 3 }].map((c) => conversionForm(c as never))).toEqual(['full', 'full', 'none', 'range']);
  });
  it('writes full as no field, keeps a range already set, starts a new one at 2', () => {
    expect(conversionFor('full', 'none')).toBeUndefined();
    expect(conversionFor('none', undefined)).toBe('none');
    expect(conversionFor('range', { range: 5 })).toEqual({ range: 5 });
    expect(conversionFor('range', 'none')).toEqual({ range: 2 });
  });
});
