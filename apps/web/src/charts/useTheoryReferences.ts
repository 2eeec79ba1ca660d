/**
 * The throughput chart's theory lines while they are switched on: computed from the
 * scenario on screen, the routes the engine took and its latest summary of this run (about
 * four a second), for the flow or flows the chart shows (theory/referenceLines.ts).
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useScenarioStore } from '../store/storeContext';
import { useSimState } from '../sim/simContext';
import { theoryLines, theorySubject, type TheoryLines } from '../theory/referenceLines';
import type { FlowSelection } from './flowPicker';
import { chartReferences, type ChartReference } from './referenceOverlay';

/** The throughput chart draws Mbit/s. */
const MBIT_PER_BIT = 1e-6;

export interface TheoryOnChart {
  /** What was computed, with its basis and notes (for the control's read-out). */
  lines: TheoryLines;
  /** The same, in the chart's units and looks. */
  references: ChartReference[];
}

export function useTheoryReferences(on: boolean, selection: FlowSelection, flowIds: readonly string[]): TheoryOnChart | null {
  const { summary, routes } = useSimState();
  const store = useScenarioStore();
  const scenario = useSyncExternalStore(store.subscribe, () => store.getState().scenario);
  return useMemo(() => {
    if (!on) return null;
    const lines = theoryLines(scenario, summary, flowIds, theorySubject(selection, flowIds.length), routes);
    return { lines, references: chartReferences(lines, MBIT_PER_BIT) };
  }, [on, scenario, summary, flowIds, selection, routes]);
}
