// Parameter sweeps (docs/sweeps.md): the part shared by the app's worker pool and the
// CLI. Pure JS without Node or DOM APIs; types in index.d.ts.
export { SWEEP_FORMAT, SWEEP_LIMITS, SweepSpecError, resolveSweepSpec, sweepHash, canonicalJson, canonicalJsonParts, Fnv1a64, linearValues } from './spec.js';
export { parsePath, outputTerms, getAtPath, setAtPath, showInput } from './path.js';
export { sweepPoints, sweepRunCount, sweepRun, expandSweep } from './runs.js';
export { tQuantile975, describeSamples } from './stats.js';
export { isOutputValue, readOutput, collectOutputs, summarizeSweep, formatNumber, sweepCsv, sweepRunsCsv, sweepJson } from './results.js';
export { SHARD_FORMAT, MAX_SHARDS, parseShard, shardRunIndices, shardResultsHash, makeShardFile, shardJson, checkShardFile, mergeShards, mergeCheckedShards } from './shards.js';
