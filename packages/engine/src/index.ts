// Browser entry of the engine package. The Node runner lives in ./node-engine.ts
// (import '@obs-tcp-sim/engine/node'), kept apart so bundles for the page
// never pull in node:fs.
export { createEngine } from './engine-client';
export type { EngineClient, EngineOptions, EngineWorkerHandle } from './engine-client';
export type { Frame } from './frame';
export type { LoadInfo } from './worker-api';
export { MomentHold, type PauseMoment } from './pause-moment';
export type {
  EngineRoutes,
  FlowRouteIds,
  RouteIds,
  LiveChangeResult,
  SampleColumns,
  LinkSampleColumns,
  VisualEventColumns,
  VisualStop,
  EngineModule,
  Simulation,
} from './engine-module';
export { ALL_VISUAL_EVENT_KINDS, SAMPLE_COLUMNS, TCP_PHASES, VISUAL_EVENT_COLUMNS, VisualEventKind } from './engine-module';
export { EngineCrashError } from './engine-log';
export { fullSpeedRestShare } from './full-speed-pause';
export type { Summary } from '@obs-tcp-sim/scenario';
export { ScenarioError } from '@obs-tcp-sim/scenario';
export type { PoolHandle, PoolOptions, PoolWorker } from './pool';
export { runPool } from './pool';
export { makeNames, type Names, type OpticalPathWords, type ScenarioShape } from './names';
export { copyId, drawnAccess } from './access-names';
export { FLOW_SERIES_HEADER, csvField, csvRow, flowSeriesRow } from './trace-csv';
