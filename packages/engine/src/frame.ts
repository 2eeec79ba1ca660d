import type { Summary } from '@obs-tcp-sim/scenario';
import type { SampleColumns, VisualEventColumns } from './engine-module';
import { SAMPLE_COLUMNS, VISUAL_EVENT_COLUMNS } from './engine-module';

/** What the worker streams to the UI while playing (docs/engine-api.md section 2). */
export interface Frame {
  /** Simulated seconds. */
  now: number;
  duration: number;
  finished: boolean;
  playing: boolean;
  /** Total events executed. */
  events: number;
  /** Engine rate over the last second of wall time. */
  eventsPerSecond: number;
  /** New rows since the previous frame (transferred, not copied). */
  samples: SampleColumns;
  /** Visual events since the previous frame, when turned on (setVisualEvents); transferred. */
  visual?: VisualEventColumns;
  /** Latest summary: at most ~4 times a wall second, and always on the frame that finishes or pauses. */
  summary?: Summary;
  /**
   * Set when the engine's run guard stopped the run (Simulation.stopReason): why, in one
   * sentence. The run does not go on; this frame carries the summary of what ran.
   */
  stopped?: string;
  /**
   * On the frame a step sends (SimulationRunner.step): how many events the step ran. A
   * "next event" that runs through events nothing draws (more than 1) says how many.
   */
  stepEvents?: number;
  /**
   * On the frame the runner sends when it paused itself at the moment armed with pauseAt
   * (SimulationRunner.pauseAt): the run is paused, right after that moment.
   */
  atMoment?: boolean;
}

/**
 * The buffers to transfer with a frame: each one once (postMessage refuses duplicates),
 * in case the engine ever packs several columns into one buffer.
 */
export function sampleTransferables(samples: SampleColumns, visual?: VisualEventColumns): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const column of SAMPLE_COLUMNS) buffers.add(samples[column].buffer as ArrayBuffer);
  if (visual) for (const column of VISUAL_EVENT_COLUMNS) buffers.add(visual[column].buffer as ArrayBuffer);
  return [...buffers];
}
