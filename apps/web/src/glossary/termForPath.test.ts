import { describe, expect, it } from 'vitest';
import { termForPath } from './termForPath';

describe('termForPath', () => {
  it('finds the term a field names', () => {
    expect(termForPath('obs.reservation')).toBe('jet');
    expect(termForPath('obs.scheduling')).toBe('laucvf');
    expect(termForPath('obs.offset')).toBe('offset');
    expect(termForPath('nodes[2].fdl.count')).toBe('fdl');
    expect(termForPath('links[3].wavelengths')).toBe('wavelength');
    expect(termForPath('links[3].burstLoss.data')).toBe('injectedLoss');
    expect(termForPath('flows[0].tcp.initialSsthresh')).toBe('ssthresh');
    expect(termForPath('flows[0].tcp.rto.min')).toBe('rto');
    expect(termForPath('nodes[1].assembly.maxTime')).toBe('assembly');
  });
  it('gives nothing for plain fields', () => {
    expect(termForPath('links[3].delay')).toBeNull();
    expect(termForPath('name')).toBeNull();
  });
});
