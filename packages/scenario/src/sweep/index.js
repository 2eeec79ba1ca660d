// Parameter sweeps (docs/sweeps.md): the part shared by the app's worker pool and the
// CLI. Pure JS without Node or DOM APIs; types in index.d.ts.
export { SWEEP_FORMAT, SWEEP_LIMITS, SweepSpecError, resolveSweepSpec, sweepHash, canonicalJson, linearValues } from './spec.js';
export { parsePath, getAtPath, setAtPath } from './path.js';
export { sweepPoints, sweepRunCount, sweepRun, expandSweep } from './runs.js';
export { tQuantile975, describeSamples } from './stats.js';
export { readOutput, collectOutputs, summarizeSweep, formatNumber, sweepCsv, sweepRunsCsv, sweepJson } from './results.js';
export { SHARD_FORMAT, parseShard, shardRunIndices, makeShardFile, shardJson, mergeShards } from './shards.js';
