/**
 * The lesson panel's status line: what the step waits for, or where it paused, in words
 * (with the engine's clock to the microsecond, as the step caption writes it).
 */
import { oneLine } from '@obs-tcp-sim/scenario';
import { formatStepTime } from '../narration/narrate';
import type { Phase } from '../sim/controller';
import type { StepStatus } from './player';

/** A pause is "late" when the engine had run past the event by more than this before it stopped. */
const RAN_ON = 0.5e-6;

export interface StatusText {
  /** The sentence. */
  main: string;
  /** For a pause at an event: that event, as the event log words it. */
  detail: string | null;
}

/**
 * @param phase the session's phase (a waiting step may have been paused by hand)
 * @param now the engine's clock now (after a pause it has run a little past the event)
 */
export function statusText(status: StepStatus, phase: Phase, now: number): StatusText | null {
  switch (status.kind) {
    case 'ready':
      return null;
    case 'preparing':
      return { main: 'Opening this step’s scenario…', detail: null };
    case 'waiting':
      if (phase === 'running') return { main: `Playing until ${status.condition}…`, detail: null };
      if (phase === 'paused') return { main: `Paused by hand: press Play to go on to ${status.condition}.`, detail: null };
      return { main: `Starting the run; it will pause at ${status.condition}.`, detail: null };
    case 'paused': {
      const { hit } = status;
      const ranOn = now - hit.at > RAN_ON ? `; the engine had run on to ${formatStepTime(now)} when it stopped` : '';
      const main = hit.event
        ? `Paused at ${status.condition}, t = ${formatStepTime(hit.at)}${ranOn}.`
        : `Paused at ${status.condition}${ranOn}.`;
      // The log's own words, ids as they are ("tcp1 fast retransmit"), so never capitalised.
      return { main, detail: status.text === null ? null : `In the event log: ${status.text}.` };
    }
    case 'ended':
      return { main: `The run ended at t = ${formatStepTime(status.at)} without ${status.condition}.`, detail: null };
    case 'failed':
      return { main: `This step could not start: ${oneLine(status.message, 300)}`, detail: null };
  }
}
