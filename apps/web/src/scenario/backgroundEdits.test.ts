import { describe, expect, it } from 'vitest';
import type { BackgroundSource } from '@obs-tcp-sim/scenario';
import { withBackgroundModel } from './backgroundEdits';

describe('withBackgroundModel', () => {
  const selfSimilar: BackgroundSource = {
    src: 'E1',
    dst: 'E2',
    model: 'self-similar',
    load: 0.3,
    meanBytes: 20000,
    hurst: 0.7,
    extraOffset: 2e-4,
    enterAssembly: false,
  };

  it('back to Poisson keeps every field but the Hurst parameter (the extra offset was lost before)', () => {
    expect(withBackgroundModel(selfSimilar, 'poisson')).toEqual({
      src: 'E1',
      dst: 'E2',
      model: 'poisson',
      load: 0.3,
      meanBytes: 20000,
      extraOffset: 2e-4,
      enterAssembly: false,
    });
  });

  it('keeps a field it does not know of', () => {
    const withMore = { ...selfSimilar, later: 1 } as BackgroundSource;
    expect(withBackgroundModel(withMore, 'poisson')).toHaveProperty('later', 1);
  });

  it('to self-similar keeps the source’s Hurst parameter, or gives 0.8', () => {
    const poisson = withBackgroundModel(selfSimilar, 'poisson');
    expect(withBackgroundModel(poisson, 'self-similar')).toEqual({ ...poisson, model: 'self-similar', hurst: 0.8 });
    expect(withBackgroundModel(selfSimilar, 'self-similar').hurst).toBe(0.7);
  });
});
