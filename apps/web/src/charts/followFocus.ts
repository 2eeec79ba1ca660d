/**
 * The charts follow what the event log points at: clicking "1.260 s: tcp1 RTO, cwnd 1"
 * shows the charts around 1.260 s, with the time marked, when the Charts tab is next
 * looked at. Each focus is applied once (the charts are re-created when their tab opens).
 */
import type { Focus, FocusStore } from '../sim/focusStore';
import type { Domain } from './timeWindow';

/** A window of about 2 s (a tenth of short runs) centred on the focused moment. */
export function windowAround(time: number, bounds: Domain): Domain {
  const span = Math.min(2, (bounds[1] - bounds[0]) / 10);
  return [time - span / 2, time + span / 2];
}

let appliedSerial = -1;

/** Calls `show` for a focus from elsewhere not shown yet (now and on every new one). */
export function followFocus(store: FocusStore, show: (focus: Focus) => void): () => void {
  const apply = () => {
    const focus = store.get();
    // A step's highlight (narration/) is for the network: the charts keep their window.
    if (!focus || focus.serial === appliedSerial || focus.time < 0 || focus.source === 'charts' || focus.source === 'step') return;
    appliedSerial = focus.serial;
    show(focus);
  };
  apply();
  return store.subscribe(apply);
}
