// The kinds the page keeps in its long record (the event log's) are the kinds the engine
// never loses to a full ring of visual events (wasm-core/src/metrics/visual_event_log.h):
// one rule, read by both sides.
import { expect, it } from 'vitest';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';
import { NOTABLE_MASK } from './visualStore';

it("the log's kinds are the ones the engine sets aside", async () => {
  const { module } = await loadEngineNode();
  expect(module.notableVisualEventKinds()).toBe(NOTABLE_MASK);
});
