import { describe, expect, it } from 'vitest';
import { tcpSettings } from './tcp-settings';

describe('tcpSettings', () => {
  it('replaces only what it is given, each field in its place', () => {
    const tcp = tcpSettings({ variant: 'cubic', mss: 512 });
    expect(Object.keys(tcp)).toEqual(Object.keys(tcpSettings()));
    expect(tcp).toMatchObject({ variant: 'cubic', mss: 512, maxWindow: 64, rto: { initial: 1, min: 0.2, max: 60, fixed: null } });
  });

  it('gives a new object each call, to edit freely', () => {
    const a = tcpSettings();
    a.rto.initial = 3;
    expect(tcpSettings().rto.initial).toBe(1);
  });
});
