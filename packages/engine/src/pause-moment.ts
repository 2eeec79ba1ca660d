import type { Simulation, VisualStop } from './engine-module';

/**
 * Where a lesson pauses (docs/engine-api.md, "Pausing at a moment"): right after the first
 * event that meets `stop`, or at simulated time `time`. The run pauses itself there, at any
 * speed: the page, which sees an event a frame after the engine ran it, would pause later,
 * and at full speed seconds later.
 */
export interface PauseMoment {
  stop?: VisualStop;
  time?: number;
}

/**
 * The player's side of a moment, for whatever advances a Simulation (the worker's
 * SimulationRunner, the lesson tests' headless session): arms the engine's stop, tells how
 * far the run may go, and after each advance whether it has reached the moment.
 */
export class MomentHold {
  /** Simulated time the run must not pass: the moment's time, or a met event's logged ahead of the clock. */
  private holdAt = Infinity;
  private stopArmed = false;

  /** Arms `moment` on `sim` (one-shot); null forgets the one armed. A stop needs visual events on. */
  arm(sim: Simulation, moment: PauseMoment | null): void {
    this.holdAt = moment?.time ?? Infinity;
    this.stopArmed = moment?.stop !== undefined;
    const s = moment?.stop;
    if (s) sim.armVisualStop(s.kind, s.node ?? -1, s.cls ?? -1, s.reason ?? -1, s.idFirst ?? -1, s.idLast ?? -1, s.after ?? 0);
    else sim.disarmVisualStop();
  }

  /** The simulated time no advance may pass (Infinity when nothing holds the run). */
  get limit(): number {
    return this.holdAt;
  }

  /**
   * After an advance: whether the run is at its moment (then forgotten). A stop met holds
   * the run at the met event's time: now, or later for an event logged ahead of the clock,
   * which the run goes on to and no further.
   */
  reached(sim: Simulation): boolean {
    if (this.stopArmed) {
      const at = sim.visualStopTime();
      if (at >= 0) {
        this.stopArmed = false;
        this.holdAt = Math.max(at, sim.now());
      }
    }
    if (sim.now() < this.holdAt) return false;
    this.holdAt = Infinity;
    return true;
  }
}
