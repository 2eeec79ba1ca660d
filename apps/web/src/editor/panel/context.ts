import type { Scenario } from '../types';

/** What every panel section needs: the scenario, a way to edit it, and the errors to show. */
export interface PanelContext {
  scenario: Scenario;
  /** One undoable edit. */
  edit(label: string, fn: (s: Scenario) => Scenario): void;
  /** Sets one field (undefined deletes it) as one undoable edit. */
  set(label: string, path: string, value: unknown): void;
  /** The reason the whole-scenario check or the engine gave for this field, if any. */
  errorAt(path: string): string | null;
}
