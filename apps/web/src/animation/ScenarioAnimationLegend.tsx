/**
 * The animation's legend for the scenario being edited: it lists the marks of deflection
 * and segmentation only while some core has them (AnimationLegend.tsx).
 */
import { useSyncExternalStore } from 'react';
import { useScenarioStore } from '../store/storeContext';
import { AnimationLegend, contentionMarksOf } from './AnimationLegend';

export function ScenarioAnimationLegend() {
  const store = useScenarioStore();
  const { scenario } = useSyncExternalStore(store.subscribe, store.getState);
  const marks = contentionMarksOf(scenario.nodes);
  return <AnimationLegend marks={marks} />;
}
