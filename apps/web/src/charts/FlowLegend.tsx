/**
 * The charts' shared legend, which is also the flow picker: a chip per shown flow (click
 * to hide or show it), the aggregate, and with many flows a searchable list to choose a
 * few. At the right, the time window and the button back to the whole run.
 */
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  AGGREGATE_COLOR,
  DEFAULT_FEW,
  defaultSelection,
  searchFlows,
  setFlows,
  SHOW_ALL_MAX,
  toggleAggregate,
  toggleFlow,
  type FlowSelection,
} from './flowPicker';
import type { TimeWindowStore } from './timeWindow';

/** More than this many chosen flows would be unreadable and slow; the picker stops there. */
export const MAX_CHOSEN = 12;

export interface FlowLegendProps {
  flowIds: readonly string[];
  selection: FlowSelection;
  onChange(selection: FlowSelection): void;
  timeWindow: TimeWindowStore;
  /** More controls for the charts, before the time window (the theory lines' switch). */
  extra?: ReactNode;
}

export function FlowLegend({ flowIds, selection, onChange, timeWindow, extra }: FlowLegendProps) {
  const n = flowIds.length;
  const many = n > SHOW_ALL_MAX;
  // With few flows every flow has a chip that toggles it; with many, only the chosen.
  const chips = many ? selection.flows : flowIds.map((_, i) => i);
  return (
    <div className="chart-toolbar" data-testid="chart-legend">
      <ul className="flow-chips" aria-label="Flows shown on the charts">
        {n > 1 && (
          <li>
            <button
              type="button"
              className="flow-chip aggregate"
              aria-pressed={selection.aggregate}
              data-testid="legend-aggregate"
              title="Total goodput and mean RTT of all flows (not on the cwnd chart)"
              onClick={() => onChange(toggleAggregate(selection))}
            >
              <Swatch color={AGGREGATE_COLOR} on={selection.aggregate} width={5} />
              all {n} flows
            </button>
          </li>
        )}
        {chips.map((f) => {
          const on = selection.colors.has(f);
          return (
            <li key={f}>
              <button
                type="button"
                className="flow-chip"
                aria-pressed={on}
                data-testid={`legend-flow-${f}`}
                title={on ? `Hide ${flowIds[f]}` : `Show ${flowIds[f]}`}
                onClick={() => onChange(toggleFlow(selection, f, n))}
              >
                <Swatch color={selection.colors.get(f) ?? '#999'} on={on} />
                {flowIds[f]}
                {many && <span aria-hidden="true"> ×</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {many && <FlowPicker flowIds={flowIds} selection={selection} onChange={onChange} />}
      {extra}
      <ZoomStatus timeWindow={timeWindow} />
    </div>
  );
}

function Swatch({ color, on, width = 4 }: { color: string; on: boolean; width?: number }) {
  return (
    <svg width={22} height={12} aria-hidden="true" className="swatch">
      <line x1={1} y1={6} x2={21} y2={6} stroke={on ? color : '#b5b5b5'} strokeWidth={width} strokeLinecap="round" />
    </svg>
  );
}

function FlowPicker({ flowIds, selection, onChange }: Omit<FlowLegendProps, 'timeWindow'>) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchId = useId();
  const n = flowIds.length;
  const matches = useMemo(() => searchFlows(flowIds, query), [flowIds, query]);
  const full = selection.flows.length >= MAX_CHOSEN;

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panelRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  return (
    <div className="flow-picker">
      <button type="button" ref={buttonRef} aria-expanded={open} data-testid="flow-picker-toggle" onClick={() => setOpen((o) => !o)}>
        Choose flows… ({selection.flows.length} of {n})
      </button>
      {open && (
        <div
          className="flow-picker-panel"
          ref={panelRef}
          data-testid="flow-picker"
          role="dialog"
          aria-label="Choose the flows to show"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setOpen(false);
              buttonRef.current?.focus();
            }
          }}
        >
          <label htmlFor={searchId}>Search flows</label>
          <input
            id={searchId}
            type="search"
            value={query}
            autoFocus
            placeholder="e.g. tcp1#12"
            data-testid="flow-search"
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
          <div className="flow-picker-actions">
            <button type="button" onClick={() => onChange(setFlows(selection, defaultSelection(n).flows, n))}>
              First {DEFAULT_FEW}
            </button>
            <button type="button" onClick={() => onChange(setFlows(selection, [], n))}>
              None
            </button>
            <span className="picker-note">
              {full ? `At most ${MAX_CHOSEN} at once` : `${matches.length} match${matches.length === 1 ? '' : 'es'}`}
            </span>
          </div>
          <ul className="flow-picker-list">
            {matches.map((f) => {
              const on = selection.colors.has(f);
              return (
                <li key={f}>
                  <label>
                    <input
                      type="checkbox"
                      checked={on}
                      disabled={!on && full}
                      data-testid={`pick-flow-${f}`}
                      onChange={() => onChange(toggleFlow(selection, f, n))}
                    />
                    <Swatch color={selection.colors.get(f) ?? '#999'} on={on} />
                    {flowIds[f]}
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

function ZoomStatus({ timeWindow }: { timeWindow: TimeWindowStore }) {
  const domain = useSyncExternalStore(timeWindow.subscribe, () => timeWindow.visible());
  const following = timeWindow.domain === null;
  const digits = domain[1] - domain[0] < 1 ? 3 : domain[1] - domain[0] < 10 ? 2 : 1;
  return (
    <div className="zoom-status" data-testid="chart-window" data-following={String(following)} data-t0={domain[0]} data-t1={domain[1]}>
      {!following && (
        <>
          <span className="zoom-range">
            {domain[0].toFixed(digits)}–{domain[1].toFixed(digits)} s
          </span>
          <button
            type="button"
            data-testid="zoom-reset"
            onClick={() => timeWindow.reset()}
            title="Show the whole run again (double-click a chart)"
          >
            Whole run
          </button>
        </>
      )}
    </div>
  );
}
