// The Scenario types are the schema's output (scenario.ts). This file pins what they are,
// checked by the compiler (npx tsc -p packages/scenario): a change to the schema that
// changes a type (a field turned optional, a choice added) fails here until this file
// says so too.
import { describe, expect, it } from 'vitest';
import type * as S from './scenario';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
function same<X, Y>(ok: Equal<X, Y>): Equal<X, Y> {
  return ok;
}

type Position = { id: string; x: number; y: number };
type Assembly = { policy: 'time' | 'size' | 'hybrid'; maxTime: number; maxBytes: number; minBytes: number; queues: 'per-class' | 'mixed' };
type Variant = 'tahoe' | 'reno' | 'newreno' | 'sack' | 'hstcp' | 'stcp' | 'bic' | 'cubic' | 'htcp' | 'vegas' | 'westwood';
type Recovery = 'tahoe' | 'reno' | 'newreno' | 'sack';

describe('the Scenario types', () => {
  it('are the format v1 shapes', () => {
    expect(same<S.NodeKind, 'host' | 'router' | 'edge' | 'core'>(true)).toBe(true);
    expect(same<Omit<S.HostNode, 'kind'>, Position>(true)).toBe(true);
    expect(same<S.EdgeNode['assembly'], Partial<Assembly> | undefined>(true)).toBe(true);
    expect(same<Pick<S.CoreNode, 'setupTime' | 'fdl'>, { setupTime: number; fdl: { count: number; unit: number } }>(true)).toBe(true);
    expect(same<S.DirectionalProbability, number | { ab: number; ba: number }>(true)).toBe(true);
    expect(same<S.PacketLink['arq'], { retries: number; retryDelay: number }>(true)).toBe(true);
    expect(same<S.BurstLoss, { data: number; ack: number }>(true)).toBe(true);
    expect(same<S.ObsSettings['assembly'], Assembly>(true)).toBe(true);
    expect(same<S.ObsSettings['offset'], number | 'auto'>(true)).toBe(true);
    expect(same<S.TcpVariant, Variant>(true)).toBe(true);
    expect(same<S.LossRecovery, Recovery>(true)).toBe(true);
    expect(same<S.TcpSettings['rto'], { initial: number; min: number; max: number; fixed: number | null }>(true)).toBe(true);
    expect(same<S.AppSettings, { kind: 'bulk' } | { kind: 'file'; bytes: number } | { kind: 'cbr'; rate: number }>(true)).toBe(true);
    expect(same<S.Scenario['version'], 1>(true)).toBe(true);
    expect(same<S.LiveChange, { at: number; path: string; value: number }>(true)).toBe(true);
    // The routing extensions (docs/routing.md).
    expect(same<S.LinkCost, number | { ab?: number; ba?: number } | undefined>(true)).toBe(true);
    expect(same<S.FlowAccess, { src?: S.AccessLink; dst?: S.AccessLink } | undefined>(true)).toBe(true);
    expect(same<S.AccessLink, { rate: number; delay: number; queue?: number }>(true)).toBe(true);
    expect(same<S.Flow['route'], string[] | undefined>(true)).toBe(true);
    // The mesh extensions (docs/mesh.md).
    expect(same<S.WavelengthConversion, 'full' | 'none' | { range: number }>(true)).toBe(true);
    expect(same<S.WavelengthChoice, 'first-fit' | 'random'>(true)).toBe(true);
    expect(
      same<
        S.TrafficMatrix,
        {
          matrix?: 'uniform' | number[][];
          load: number;
          model?: 'poisson' | 'self-similar';
          meanBytes?: number;
          hurst?: number;
          extraOffset?: number;
        }
      >(true),
    ).toBe(true);
  });

  it('keep the optional fields optional and the rest required', () => {
    type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
    expect(same<OptionalKeys<S.Scenario>, 'traffic' | 'liveChanges' | 'drops' | 'measure'>(true)).toBe(true);
    expect(same<NonNullable<S.Scenario['measure']>, { from: number; to?: number }>(true)).toBe(true);
    expect(same<OptionalKeys<S.TcpSettings>, 'recovery'>(true)).toBe(true);
    expect(same<OptionalKeys<S.BackgroundSource>, 'hurst' | 'enterAssembly' | 'extraOffset'>(true)).toBe(true);
    expect(same<OptionalKeys<S.EdgeNode>, 'assembly'>(true)).toBe(true);
    expect(same<OptionalKeys<S.Flow>, 'startSpread' | 'route' | 'ackRoute' | 'access'>(true)).toBe(true);
    expect(same<OptionalKeys<S.CoreNode>, 'conversion' | 'deflection' | 'segmentation'>(true)).toBe(true);
    expect(same<OptionalKeys<S.ObsSettings>, 'wavelengthChoice' | 'maxDeflections'>(true)).toBe(true);
    expect(same<S.CoreNode['deflection'] | S.CoreNode['segmentation'], boolean | undefined>(true)).toBe(true);
    expect(same<S.ObsSettings['maxDeflections'] | S.BackgroundSource['extraOffset'], number | undefined>(true)).toBe(true);
    expect(same<OptionalKeys<S.FiberLink>, 'cost'>(true)).toBe(true);
    expect(same<OptionalKeys<S.PacketLink>, 'cost'>(true)).toBe(true);
  });
});
