import type { EngineRoutes } from '@obs-tcp-sim/engine';
import type { Scenario } from '../../scenario/scenarioTypes';

/** What every panel section needs: the scenario, a way to edit it, and the errors to show. */
export interface PanelContext {
  scenario: Scenario;
  /** One undoable edit. */
  edit(label: string, fn: (s: Scenario) => Scenario): void;
  /** Sets one field (undefined deletes it) as one undoable edit. */
  set(label: string, path: string, value: unknown): void;
  /** The reason the whole-scenario check or the engine gave for this field, if any. */
  errorAt(path: string): string | null;
  /** The first reason for this field or anything inside it ("flows[0].route[2]" for "flows[0].route"). */
  errorUnder(path: string): string | null;
  /** The routes the engine computed for this very scenario; null while it is not loaded (edited since, refused). */
  routes: EngineRoutes | null;
}
