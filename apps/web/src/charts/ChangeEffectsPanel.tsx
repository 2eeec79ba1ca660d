/**
 * "Changes in numbers": next to the charts' legend once the run has live changes, a
 * button that opens a table of each change with the mean goodput, RTT and cwnd before
 * and after it (changeEffects.ts), so "the RTT jumped" comes with its figures. The
 * windows are said in the table; an after-window still filling grows each second.
 */
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { formatChange, formatThroughput } from '../format';
import { useController } from '../sim/simContext';
import { useScenarioStore } from '../store/storeContext';
import { formatChangeTime } from '../store/scenarioStore';
import { useEverySecond } from '../useEverySecond';
import { usePopover } from '../usePopover';
import { PopoverToggle } from '../PopoverToggle';
import { changeEffects, type ChangeEffect, type Means } from './changeEffects';

/** Seconds each side of a change the means cover at most. */
export const EFFECT_SPAN_S = 2;

const FIGURES: Array<{ key: keyof Means; name: string; format: (x: number) => string }> = [
  { key: 'goodput', name: 'Goodput (all flows)', format: (x) => formatThroughput(x) },
  { key: 'rtt', name: 'RTT', format: (x) => `${(x * 1000).toFixed(2)} ms` },
  { key: 'cwnd', name: 'cwnd (segments)', format: (x) => x.toFixed(1) },
];

export function ChangeEffectsPanel() {
  const controller = useController();
  const store = useScenarioStore();
  const changes = useSyncExternalStore(store.subscribe, () => store.getState().run.changes);
  const root = useRef<HTMLDivElement>(null);
  const { open, setOpen, panelId } = usePopover(root);
  const [effects, setEffects] = useState<ChangeEffect[]>([]);
  const refresh = useCallback(() => {
    if (open) setEffects(changeEffects(controller.series, changes, controller.live.now, EFFECT_SPAN_S));
  }, [open, controller, changes]);
  useEverySecond(refresh);
  if (changes.length === 0) return null;
  return (
    <div className="change-effects" ref={root}>
      <PopoverToggle className="change-effects-toggle" testId="change-effects-toggle" open={open} setOpen={setOpen} controls={panelId}>
        Changes in numbers ({changes.length})
      </PopoverToggle>
      {open && (
        <div className="change-effects-panel" id={panelId} data-testid="change-effects" role="region" aria-label="Live changes in numbers">
          <table>
            <caption>Means over up to {EFFECT_SPAN_S} s before and after each live change (up to the change next to it, or now)</caption>
            <thead>
              <tr>
                <th scope="col">Live change</th>
                {FIGURES.map((f) => (
                  <th key={f.key} scope="col">
                    {f.name}: before → after
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {effects.map((e) => (
                <tr key={`${e.at}|${e.label}`} data-testid="change-effect">
                  <th scope="row">
                    {e.label} at {formatChangeTime(e.at)}
                    <span className="change-effects-window">
                      {formatChangeTime(e.before.from).replace(/ s$/, '')}–{formatChangeTime(e.before.to)} against{' '}
                      {formatChangeTime(e.after.from).replace(/ s$/, '')}–{formatChangeTime(e.after.to)}
                    </span>
                  </th>
                  {FIGURES.map((f) => (
                    <td key={f.key} data-figure={f.key}>
                      {beforeAfter(e.before[f.key], e.after[f.key], f.format)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}

/** "12.3 → 8.1 Mbit/s (−34 %)"; a dash for a window with nothing in it yet. */
function beforeAfter(before: number | null, after: number | null, format: (x: number) => string): string {
  const b = before === null ? '–' : format(before);
  const a = after === null ? '–' : format(after);
  const pct = before !== null && after !== null ? formatChange(before, after) : '';
  return `${b} → ${a}${pct ? ` (${pct})` : ''}`;
}
