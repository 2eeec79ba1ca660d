import { describe, expect, it } from 'vitest';
import { fullAppAddress, isEmbedAddress } from './embedFlag';

describe('embed mode from the address', () => {
  it('is on for ?embed (with or without a value) and for embed.html', () => {
    expect(isEmbedAddress({ pathname: '/', search: '?embed' })).toBe(true);
    expect(isEmbedAddress({ pathname: '/obs/', search: '?x=1&embed=1' })).toBe(true);
    expect(isEmbedAddress({ pathname: '/obs/embed.html', search: '' })).toBe(true);
  });

  it('is off otherwise, also for names that only contain the word', () => {
    expect(isEmbedAddress({ pathname: '/', search: '' })).toBe(false);
    expect(isEmbedAddress({ pathname: '/obs/index.html', search: '?embedded' })).toBe(false);
    expect(isEmbedAddress({ pathname: '/notembed.html', search: '' })).toBe(false);
  });

  it('the full app keeps the folder, other parameters and the scenario link', () => {
    const at = { origin: 'https://x.org', pathname: '/obs/embed.html', search: '', hash: '#preset=paper000' };
    expect(fullAppAddress(at)).toBe('https://x.org/obs/#preset=paper000');
    expect(fullAppAddress({ ...at, pathname: '/obs/', search: '?embed&lang=en' })).toBe('https://x.org/obs/?lang=en#preset=paper000');
  });
});
