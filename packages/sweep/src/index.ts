// Parameter sweeps (docs/sweeps.md): the part shared by the app's worker pool and the
// CLI. Pure TypeScript without Node or DOM APIs.
export type * from './types';
export { SWEEP_FORMAT, SWEEP_LIMITS, SweepSpecError, resolveSweepSpec, sweepHash, Fnv1a64, linearValues } from './spec';
export { canonicalJson, canonicalJsonParts } from '@obs-tcp-sim/scenario/canonical-json';
export { parsePath, outputTerms, getAtPath, setAtPath, showInput } from './path';
export { sweepPoints, sweepPointCount, sweepRunCount, sweepRun, expandSweep, axisStrides, axisValueOf, axisSettings } from './runs';
export { AGGREGATES, parseOutputTerm, collectAll, reduceValues, percentile, type AggregateName, type OutputTerm } from './aggregates';
export { showValue } from './checkValues';
export { tQuantile975, describeSamples } from './stats';
export { isOutputValue, readOutput, collectOutputs, summarizeSweep, formatNumber, sweepCsv, sweepRunsCsv, sweepJson } from './results';
export {
  SHARD_FORMAT,
  MAX_SHARDS,
  parseShard,
  shardRunIndices,
  shardHeader,
  shardHeaderLine,
  shardRunLine,
  shardLineCheck,
  makeShardText,
  readShardText,
  mergeShards,
  mergeCheckedShards,
  describeGaps,
  incompleteShards,
  MAX_FAILURE_REASON,
  type MergeGaps,
  type MergeOutcome,
  type ShardGap,
} from './shards';
