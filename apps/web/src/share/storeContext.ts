/**
 * Kept only for sweep/SweepArea.tsx, whose imports are being changed elsewhere at the same
 * time: the store's context lives in store/storeContext.ts. Delete this file once sweep/
 * imports that.
 */
export { useScenarioStore } from '../store/storeContext';
