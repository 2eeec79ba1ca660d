import { describe, expect, it } from 'vitest';
import { findPreset, type Scenario } from '@obs-tcp-sim/scenario';
import { presetIdOf, presetOrigin } from './presetMatch';

const paper000 = () => structuredClone(findPreset('paper000')!.scenario) as Scenario;

describe('the preset a scenario comes from', () => {
  it('a preset exactly, an edited one by the name it keeps, and none for a scenario of its own', () => {
    expect(presetOrigin(paper000())).toBe('paper000');
    const edited = { ...paper000(), seed: 99 };
    expect(presetIdOf(edited)).toBe('');
    expect(presetOrigin(edited)).toBe('paper000');
    expect(presetOrigin({ ...edited, name: 'my own' })).toBe('');
  });
});
