import { describe, expect, it } from 'vitest';
import { presenterTextPx } from './presenterText';

describe('presenter text size', () => {
  it('is 24 px at 720 lines and below, a thirtieth of the height above, 48 px at most', () => {
    expect(presenterTextPx(720)).toBe(24);
    expect(presenterTextPx(480)).toBe(24);
    expect(presenterTextPx(1080)).toBe(36);
    expect(presenterTextPx(2160)).toBe(48);
  });
});
