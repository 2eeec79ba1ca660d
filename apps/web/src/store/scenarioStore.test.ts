import { afterEach, describe, expect, it, vi } from 'vitest';
import { findPreset, PRESETS } from '@obs-tcp-sim/scenario';
import { deleteNodeEdit, newFlow, newNode, removeNode } from '../scenario/scenarioEdits';
import { nextBuildStep } from '../scenario/buildGuide';
import { testScenario } from '../scenario/testScenario';
import type { Scenario } from '../scenario/scenarioTypes';
import { documentOf, ScenarioStore, SLIDE_SETTLE_MS, type RunChange } from './scenarioStore';
import { twoScheduled, withSchedule } from './testSchedules';

/**
 * The store alone: every action is a function of the state and its arguments, and nothing
 * here calls an engine. How the engine is brought to the store's values, and what it
 * reports back, is engineSync.test.ts.
 */
function setup(initial: Scenario = testScenario(), presetId: string | null = null) {
  const store = new ScenarioStore(initial, presetId);
  let notified = 0;
  store.subscribe(() => notified++);
  return { store, notifications: () => notified };
}

const withDelay = (s: Scenario, i: number, delay: number): Scenario => ({
  ...s,
  links: s.links.map((l, j) => (j === i ? { ...l, delay } : l)),
});

const ackLoss =
  (ack: number) =>
  (s: Scenario): Scenario => ({ ...s, obs: { ...s.obs, burstLoss: { data: s.obs.burstLoss.data, ack } } });

describe('undo and redo', () => {
  it('undoes and redoes labelled edits in order', () => {
    const { store } = setup();
    const s0 = store.scenario;
    store.edit('add core C2', (s) => ({ ...s, nodes: [...s.nodes, newNode('core', 'C2', 0, 50)] }));
    const s1 = store.scenario;
    store.edit('delete E2', (s) => removeNode(s, 'E2'));
    expect(store.getState().undo.map((e) => e.label)).toEqual(['add core C2', 'delete E2']);
    store.undo();
    expect(store.scenario).toBe(s1);
    expect(store.getState().redo.map((e) => e.label)).toEqual(['delete E2']);
    store.undo();
    expect(store.scenario).toBe(s0);
    store.undo(); // nothing left: no-op
    expect(store.scenario).toBe(s0);
    store.redo();
    expect(store.scenario).toBe(s1);
    store.edit('other', (s) => withDelay(s, 0, 0.002));
    expect(store.getState().redo).toEqual([]);
  });

  it('keeps snapshots immutable and notifies subscribers', () => {
    const { store, notifications } = setup();
    const before = store.scenario;
    const linkBefore = before.links[0];
    store.edit('delay', (s) => withDelay(s, 0, 0.5));
    expect(before.links[0]).toBe(linkBefore);
    expect(before.links[0].delay).toBe(1e-5);
    expect(notifications()).toBeGreaterThan(0);
  });

  it('a drag previews moves and commits them as one step', () => {
    const { store } = setup();
    for (let x = 1; x <= 5; x++) {
      store.preview((s) => ({ ...s, nodes: s.nodes.map((nd) => (nd.id === 'C1' ? { ...nd, x: 200 + x } : nd)) }));
    }
    expect(store.scenario.nodes[2].x).toBe(205);
    expect(store.getState().undo).toEqual([]);
    expect(store.previewing).toBe(true);
    store.commitPreview('move C1');
    expect(store.previewing).toBe(false);
    expect(store.getState().undo.map((e) => e.label)).toEqual(['move C1']);
    store.undo();
    expect(store.scenario.nodes[2].x).toBe(200);
  });
});

describe('a slider', () => {
  afterEach(() => vi.useRealTimers());

  it('shows its value at once and is one undo step, named from and to, once it rests', () => {
    vi.useFakeTimers();
    const { store } = setup();
    for (const v of [0.008, 0.005, 0.002, 0]) store.slide('obs.burstLoss.data', v);
    expect(store.scenario.obs.burstLoss.data).toBe(0);
    expect(store.sliderMoving).toBe(true);
    expect(store.previewing).toBe(true);
    expect(store.getState().undo).toEqual([]);
    vi.advanceTimersByTime(SLIDE_SETTLE_MS - 1);
    expect(store.getState().undo).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(store.sliderMoving).toBe(false);
    expect(store.previewing).toBe(false);
    expect(store.getState().undo.map((e) => e.label)).toEqual(['data-burst loss 1 % → 0 %']);
    expect(store.getState().undo[0].scenario.obs.burstLoss.data).toBe(0.01);
  });

  it('another action first commits it: one step for the slider, one for the action', () => {
    vi.useFakeTimers();
    const { store } = setup();
    store.slide('obs.burstLoss.ack', 0.05);
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    expect(store.getState().undo.map((e) => e.label)).toEqual(['ACK-burst loss 0 % → 5 %', 'delay']);
    expect(store.sliderMoving).toBe(false);
  });
});

describe("the run's record, as the engine reports it", () => {
  const applied = (at: number, path: string, value: number, label: string): RunChange => ({ at, path, value, label });

  it('changes applied go into the record; the step that asked for them gains their time, once, while it is the latest', () => {
    const { store } = setup();
    store.edit('ack loss', ackLoss(0.05));
    const step = store.getState().undo.at(-1)!;
    store.changesApplied([applied(5.751, 'obs.burstLoss.ack', 0.05, 'ACK-burst loss 0 % → 5 %')], step);
    expect(store.getState().undo.map((e) => e.label)).toEqual(['ack loss at 5.751 s']);
    expect(store.getState().run.changes).toEqual([applied(5.751, 'obs.burstLoss.ack', 0.05, 'ACK-burst loss 0 % → 5 %')]);
    // Named once: the step already says when.
    const named = store.getState().undo.at(-1)!;
    store.changesApplied([applied(6, 'obs.burstLoss.ack', 0.05, 'again')], named);
    expect(store.getState().undo.map((e) => e.label)).toEqual(['ack loss at 5.751 s']);
    // Another step came meanwhile: the answer does not rename it.
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    store.changesApplied([applied(7, 'obs.burstLoss.ack', 0.05, 'late')], named);
    expect(store.getState().undo.map((e) => e.label)).toEqual(['ack loss at 5.751 s', 'delay']);
    // Changes without a step (Drop next burst) rename nothing.
    store.changesApplied([applied(8, 'nodes[1].dropNext.data', 1, 'E1 drops its next data burst')]);
    expect(store.getState().undo.map((e) => e.label)).toEqual(['ack loss at 5.751 s', 'delay']);
    expect(store.getState().run.changes.map((c) => c.at)).toEqual([5.751, 6, 7, 8]);
  });

  it('nothing applied is no change of state', () => {
    const { store, notifications } = setup();
    const before = store.getState();
    store.changesApplied([]);
    expect(store.getState()).toBe(before);
    expect(notifications()).toBe(0);
  });

  it('scheduled changes reached: the values shown follow, named from the values the engine ran', () => {
    const { store, notifications } = setup(twoScheduled());
    expect('liveChanges' in store.scenario).toBe(false);
    expect(store.getState().run.pending.map((c) => c.at)).toEqual([1, 2]);
    store.scheduledReached(0.5);
    expect(notifications()).toBe(0);
    store.scheduledReached(1.2);
    const link = store.scenario.links[1];
    expect(link.kind === 'fiber' && link.wavelengths).toBe(4);
    expect(store.scenario.obs.burstLoss.data).toBe(0.01);
    // An edit on screen the engine has not taken keeps its value: the change lands on the values shown.
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    store.scheduledReached(2);
    expect(store.scenario.obs.burstLoss.data).toBe(0);
    expect(store.scenario.links[1].delay).toBe(0.002);
    expect(store.getState().run.changes.map((c) => c.label)).toEqual(['wavelengths on f1 2 → 4', 'data-burst loss 1 % → 0 %']);
    expect(store.getState().run.pending).toEqual([]);
  });

  it('a restart starts a new record, for the scenario generation it restarted in, and carries out the restart asked for', () => {
    const { store } = setup();
    store.changesApplied([applied(3, 'obs.burstLoss.ack', 0.05, 'ACK-burst loss 0 % → 5 %')]);
    store.newScenario();
    store.undo();
    store.resetRun();
    expect(store.getState().restart).toEqual({ kind: 'run', scenario: store.scenario });
    store.runRestarted(store.scenario, [{ at: 4, path: 'obs.burstLoss.data', value: 0 }], { asked: true });
    const st = store.getState();
    expect(st.run).toEqual({ start: store.scenario, changes: [], pending: [{ at: 4, path: 'obs.burstLoss.data', value: 0 }] });
    expect(st.runGeneration).toBe(st.generation);
    expect(st.restart).toBeNull();
    expect(st.restartNotice).toBeNull();
  });

  it('a restart no one asked for words what it did to the record; a Reset, an empty record or an old run’s record says nothing', () => {
    const { store } = setup(withSchedule(testScenario(), [{ at: 9, path: 'obs.burstLoss.data', value: 0 }]));
    store.edit('ack loss', ackLoss(0.05));
    store.changesApplied([applied(5.751, 'obs.burstLoss.ack', 0.05, 'ACK-burst loss 0 % → 5 %')]);
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    store.runRestarted(store.scenario, [], { asked: false });
    expect(store.getState().restartNotice).toBe(
      'The run started again from t = 0 on the values shown: this edit cannot be made during a run. ' +
        'Its live change (ACK-burst loss 0 % → 5 % at 5.751 s) now holds from the start. ' +
        'A scheduled change not yet reached was dropped.',
    );
    // The new run has no record yet: its restart drops nothing.
    store.runRestarted(store.scenario, [], { asked: false });
    expect(store.getState().restartNotice).toBeNull();
    // A Reset asked for it.
    store.changesApplied([applied(7, 'obs.burstLoss.ack', 0, 'ACK-burst loss 5 % → 0 %')]);
    store.runRestarted(store.scenario, [], { asked: true });
    expect(store.getState().restartNotice).toBeNull();
    // After New, the old run's record is not the new network's.
    store.changesApplied([applied(8, 'obs.burstLoss.ack', 0, 'ACK-burst loss 5 % → 0 %')]);
    store.newScenario();
    store.runRestarted(store.scenario, [], { asked: false });
    expect(store.getState().restartNotice).toBeNull();
  });

  it('an answer about values no longer shown says nothing of the ones shown', () => {
    const { store } = setup();
    const sent = store.scenario;
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    store.syncChanged({ kind: 'sending' });
    store.syncChanged({ kind: 'synced' }, sent);
    expect(store.getState().sync).toEqual({ kind: 'sending' });
    store.syncChanged({ kind: 'refused', message: 'no', path: null }, store.scenario);
    expect(store.getState().sync).toEqual({ kind: 'refused', message: 'no', path: null });
  });

  it('the document of a run with changes replays it: start values, positions now, changes in order', () => {
    const { store } = setup();
    store.edit('ack loss', ackLoss(0.05));
    store.changesApplied([applied(3, 'obs.burstLoss.ack', 0.05, 'ACK-burst loss 0 % → 5 %')], store.getState().undo.at(-1));
    store.preview((s) => ({ ...s, nodes: s.nodes.map((n) => (n.id === 'C1' ? { ...n, x: 222 } : n)) }));
    store.commitPreview('move C1');
    const doc = documentOf(store.getState()) as Scenario & { liveChanges: unknown[] };
    expect(doc.obs.burstLoss).toEqual({ data: 0.01, ack: 0 });
    expect(doc.nodes.find((n) => n.id === 'C1')?.x).toBe(222);
    expect(doc.liveChanges).toEqual([{ at: 3, path: 'obs.burstLoss.ack', value: 0.05 }]);
  });
});

describe('opening a scenario the engine loaded', () => {
  it('is one undo step that refits the views, its schedule pending and a new record', () => {
    const { store } = setup();
    store.edit('ack loss', ackLoss(0.05));
    store.changesApplied([{ at: 3, path: 'obs.burstLoss.ack', value: 0.05, label: 'x' }]);
    const before = store.getState();
    const scheduled = withSchedule(testScenario(), [{ at: 1, path: 'links[1].wavelengths', value: 4 }]);
    store.opened(scheduled, { label: 'open link', presetId: 'paper000' });
    const st = store.getState();
    expect('liveChanges' in st.scenario).toBe(false);
    expect(st.presetId).toBe('paper000');
    expect(st.undo.at(-1)).toEqual({ label: 'open link', scenario: before.scenario, presetId: null, reframe: true });
    expect(st.redo).toEqual([]);
    expect(st.generation).toBe(before.generation + 1);
    expect(st.runGeneration).toBe(st.generation);
    expect(st.run).toEqual({ start: st.scenario, changes: [], pending: [{ at: 1, path: 'links[1].wavelengths', value: 4 }] });
    expect(st.actions).toBe(before.actions + 1);
    // Undo brings back the values before it, and refits again.
    store.undo();
    expect(store.scenario).toBe(before.scenario);
    expect(store.getState().generation).toBe(before.generation + 2);
  });

  it('without a label (the page opening) it is not an undo step nor an action of the user', () => {
    const { store } = setup();
    store.opened(testScenario());
    expect(store.getState().undo).toEqual([]);
    expect(store.getState().actions).toBe(0);
    expect(store.getState().presetId).toBeNull();
  });
});

describe('presets and resets', () => {
  const preset = PRESETS[0];
  const fresh = () => structuredClone(preset.scenario) as Scenario;

  it('an edit marks the preset edited; undoing it unmarks it', () => {
    const { store } = setup(fresh(), preset.id);
    expect(store.getState().edited).toBe(false);
    store.edit('seed', (s) => ({ ...s, seed: 99 }));
    expect(store.getState().edited).toBe(true);
    store.undo();
    expect(store.getState().edited).toBe(false);
  });

  it('Reset to the preset is one undo step back to its values, and asks for a restart', () => {
    const { store } = setup(fresh(), preset.id);
    store.edit('loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { ...s.obs.burstLoss, data: 0.05 } } }));
    expect(store.getState().edited).toBe(true);
    store.resetToPreset();
    expect(store.getState().edited).toBe(false);
    expect(store.getState().undo.at(-1)?.label).toBe(`reset to "${preset.title}"`);
    expect(store.getState().restart).toEqual({ kind: 'preset', scenario: store.scenario });
    store.undo();
    expect(store.getState().edited).toBe(true);
  });

  it('Reset run asks for a restart on the values shown, and is no undo step', () => {
    const { store } = setup();
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    store.resetRun();
    expect(store.getState().restart).toEqual({ kind: 'run', scenario: store.scenario });
    expect(store.getState().undo).toHaveLength(1);
  });

  it('restartOn: the point’s values as one undo step and a restart on them in one action; the same values, no step', () => {
    const contention = findPreset('contention-resolution')!;
    const { store, notifications } = setup(structuredClone(contention.scenario) as Scenario, contention.id);
    const point = { ...store.scenario, seed: 5 };
    store.restartOn('show me 2', point);
    expect(notifications()).toBe(1);
    expect(store.scenario).toBe(point);
    expect(store.getState().restart).toEqual({ kind: 'run', scenario: point });
    expect(store.getState().undo.map((e) => e.label)).toEqual(['show me 2']);
    expect(store.getState().presetId).toBe(contention.id);
    store.restartOn('show me 2', structuredClone(point));
    expect(store.scenario).toBe(point);
    expect(store.getState().restart).toEqual({ kind: 'run', scenario: point });
    expect(store.getState().undo).toHaveLength(1);
  });
});

describe('building from scratch', () => {
  const preset = PRESETS.find((p) => p.id === 'paper000')!;
  const fresh = () => structuredClone(preset.scenario) as Scenario;

  it('New scenario is one undo step to an empty network; Undo brings the preset back as it was', () => {
    const { store } = setup(fresh(), preset.id);
    const before = store.scenario;
    const generation = store.getState().generation;
    store.newScenario();
    const after = store.getState();
    expect(after.scenario.nodes).toEqual([]);
    expect(after.scenario.flows).toEqual([]);
    expect(after.presetId).toBeNull();
    expect(after.edited).toBe(false);
    expect(after.undo.map((e) => e.label)).toEqual(['new scenario']);
    expect(after.generation).toBe(generation + 1); // the view refits
    expect(nextBuildStep(after.scenario)?.step).toBe('nodes');

    store.undo();
    const back = store.getState();
    expect(back.scenario).toBe(before);
    expect(back.presetId).toBe(preset.id);
    expect(back.edited).toBe(false);
    expect(back.generation).toBe(generation + 2); // and refits to the preset
    // Redo empties it again, in one step.
    store.redo();
    expect(store.scenario.nodes).toEqual([]);
    expect(store.getState().presetId).toBeNull();
  });

  it('deleting a host that has flows is one step, named with its flows; Undo brings them back', () => {
    const initial = { ...testScenario(), flows: [newFlow('tcp1', 'H1', 'H2'), newFlow('tcp2', 'H2', 'H1')] };
    const { store } = setup(initial);
    const del = deleteNodeEdit(store.scenario, 'H2')!;
    store.edit(del.label, del.apply);
    expect(store.scenario.flows).toEqual([]);
    expect(store.scenario.nodes.map((n) => n.id)).not.toContain('H2');
    expect(store.getState().undo.map((e) => e.label)).toEqual(['delete host H2 with flows tcp1 and tcp2']);
    store.undo();
    expect(store.scenario).toBe(initial);
    expect(store.scenario.flows.map((f) => f.id)).toEqual(['tcp1', 'tcp2']);
    expect(store.getState().undo).toEqual([]);
    store.redo();
    expect(store.scenario.flows).toEqual([]);
  });
});

describe('documentOf', () => {
  it('gives the same object while the scenario and the record stay the same', () => {
    const { store } = setup();
    store.edit('ack loss', ackLoss(0.05));
    store.changesApplied([{ at: 2, path: 'obs.burstLoss.ack', value: 0.05, label: 'ACK-burst loss 0 % → 5 %' }]);
    const a = documentOf(store.getState());
    expect(documentOf({ ...store.getState() })).toBe(a);
    store.preview((s) => ({ ...s, nodes: s.nodes.map((n) => (n.id === 'C1' ? { ...n, x: 5 } : n)) }));
    expect(documentOf(store.getState())).not.toBe(a);
  });
});

describe('the routing fields edited as the panel does (docs/routing.md)', () => {
  it('cost, start spread, access and a forced route go through the store: undo restores the exact JSON, redo and the share link follow', async () => {
    const { setPath } = await import('../scenario/fieldPaths');
    const { nextCost, withAccessSide, parseRoute } = await import('../scenario/routingEdits');
    const { decodeShareHash } = await import('@obs-tcp-sim/scenario');
    const { shareHashOf } = await import('./addressBar');
    const { store } = setup();
    const before = JSON.stringify(store.scenario);
    // What PanelContext.set does: one labelled edit writing one path.
    const set = (label: string, path: string, value: unknown) => store.edit(label, (s) => setPath(s, path, value));
    set('l1: cost', 'links[0].cost', nextCost(undefined, 'ab', 1));
    set('tcp1: start spread', 'flows[0].startSpread', 0.1);
    set('tcp1: access', 'flows[0].access', withAccessSide(undefined, 'dst', { rate: 1e8, delay: 1e-3 }));
    set('tcp1: route', 'flows[0].route', parseRoute('H1 E1 C1 E2 H2'));
    const edited = store.scenario as unknown as Record<string, any>;
    expect(edited.links[0].cost).toEqual({ ab: 1 });
    expect(edited.flows[0]).toMatchObject({
      startSpread: 0.1,
      access: { dst: { rate: 1e8, delay: 1e-3 } },
      route: ['H1', 'E1', 'C1', 'E2', 'H2'],
    });
    // The share link carries the edited scenario.
    const decoded = decodeShareHash(shareHashOf(store.getState()));
    expect(decoded.ok && decoded.source === 'link' ? (decoded.scenario as any).flows[0].startSpread : null).toBe(0.1);
    for (let i = 0; i < 4; i++) store.undo();
    expect(JSON.stringify(store.scenario)).toBe(before);
    store.redo();
    expect((store.scenario as any).links[0].cost).toEqual({ ab: 1 });
    // Clearing the field (an empty input) removes it: the JSON is the original again.
    set('l1: cost from the delay', 'links[0].cost', nextCost({ ab: 1 }, 'ab', undefined));
    expect(JSON.stringify(store.scenario)).toBe(before);
  });
});
