/**
 * How the page is laid out, apart from the scenario: which results tab shows, whether the
 * network or the results get most of the height, presenter mode, and which single chart
 * the results show when only one fits (presenter mode, a lesson step). One small external
 * store, so a lesson, a key and a button all change the same thing.
 *
 *   import { viewStore, useView } from '../view/viewStore';
 *   viewStore.set({ presenter: true });
 *   const { tab } = useView();
 */
import { useSyncExternalStore } from 'react';

/** 'loss': the loss matrix, a tab only for scenarios with more than one optical path (App.tsx). */
export const VIEW_TABS = ['charts', 'channels', 'timespace', 'loss', 'log', 'compare', 'sweep'] as const;
export type ViewTab = (typeof VIEW_TABS)[number];

/** The charts one at a time ('all': the usual three side by side). */
export const CHART_CHOICES = ['all', 'cwnd', 'throughput', 'rtt'] as const;
export type ChartChoice = (typeof CHART_CHOICES)[number];

export interface View {
  tab: ViewTab;
  bigNetwork: boolean;
  presenter: boolean;
  /** The one chart shown in presenter mode ('all' outside it). */
  chart: ChartChoice;
  /** Embedded in another page (an iframe): network, run controls and one chart. */
  embed: boolean;
}

export const DEFAULT_VIEW: View = { tab: 'charts', bigNetwork: false, presenter: false, chart: 'all', embed: false };

export interface ViewStore {
  get(): View;
  set(change: Partial<View>): void;
  subscribe(listener: () => void): () => void;
}

export function createViewStore(initial: View = DEFAULT_VIEW): ViewStore {
  let view = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => view,
    set(change) {
      const next = { ...view, ...change };
      if ((Object.keys(next) as (keyof View)[]).every((k) => next[k] === view[k])) return;
      view = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one view. */
export const viewStore = createViewStore();

export function useView(store: ViewStore = viewStore): View {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * The chart a single-chart layout shows: presenter and embed modes show one at a time, and
 * 'all' there means the cwnd chart, the one every lesson starts from.
 */
export function singleChart(view: View): Exclude<ChartChoice, 'all'> | null {
  if (!view.presenter && !view.embed) return view.chart === 'all' ? null : view.chart;
  return view.chart === 'all' ? 'cwnd' : view.chart;
}
