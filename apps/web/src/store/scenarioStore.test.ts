import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyScenarioSet, findPreset, PRESETS } from '@obs-tcp-sim/scenario';
import { deleteNodeEdit, newFlow, newNode, removeNode } from '../scenario/scenarioEdits';
import { nextBuildStep } from '../scenario/buildGuide';
import { testScenario } from '../scenario/testScenario';
import type { Scenario } from '../scenario/scenarioTypes';
import { documentOf, ScenarioStore, SLIDE_SETTLE_MS, type StoreSession } from './scenarioStore';
import { planSync } from './syncPlan';
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { acksForcedThroughE3, engineRoutesOf } from '../routes/testNetworks';
import { NO_ROUTES_YET } from '../routes/engineRoutes';

/** A session like SimController: loads may be refused; records every call; its clock is set by the test. */
class FakeSession implements StoreSession {
  calls: string[] = [];
  refuse: string | null = null;
  liveRefuse: string | null = null;
  now = 1.5;
  phase = 'running';
  loaded: Scenario;
  private frameListeners = new Set<() => void>();
  constructor(s: Scenario) {
    this.loaded = s;
  }
  async loadScenario(s: Scenario, options: { play?: boolean } = {}) {
    this.calls.push(`load ${s.nodes.length}n ${s.links.length}l${options.play === false ? ' paused' : ''}`);
    await Promise.resolve();
    if (this.refuse) throw new Error(this.refuse);
    this.loaded = s;
    this.now = 0;
  }
  async changeLive(path: string, value: number) {
    this.calls.push(`live ${path}=${value}`);
    return { error: this.liveRefuse, at: this.now };
  }
  onFrame(l: () => void) {
    this.frameListeners.add(l);
    return () => this.frameListeners.delete(l);
  }
  /** The engine's routes of the scenario loaded (the real engine's, where a test needs them). */
  routes: EngineRoutes | null = null;
  getState() {
    return { phase: this.phase, routes: this.routes };
  }
  notices: string[] = [];
  notify(message: string) {
    this.notices.push(message);
  }
  /** A frame at this engine time. */
  frame(now: number) {
    this.now = now;
    for (const l of this.frameListeners) l();
  }
}

function setup(initial: Scenario = testScenario(), presetId: string | null = null) {
  const session = new FakeSession(initial);
  const store = new ScenarioStore(session, initial, presetId);
  store.connect();
  return { session, store, sink: session };
}

const withDelay = (s: Scenario, i: number, delay: number): Scenario => ({
  ...s,
  links: s.links.map((l, j) => (j === i ? { ...l, delay } : l)),
});

describe('undo and redo', () => {
  it('undoes and redoes labelled edits in order', async () => {
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
    await store.settled();
  });

  it('keeps snapshots immutable and notifies subscribers', () => {
    const { store } = setup();
    let n = 0;
    store.subscribe(() => n++);
    const before = store.scenario;
    const linkBefore = before.links[0];
    store.edit('delay', (s) => withDelay(s, 0, 0.5));
    expect(before.links[0]).toBe(linkBefore);
    expect(before.links[0].delay).toBe(1e-5);
    expect(n).toBeGreaterThan(0);
  });

  it('a drag previews moves and commits them as one step, never reaching the engine', async () => {
    const { store, sink } = setup();
    for (let x = 1; x <= 5; x++) {
      store.preview((s) => ({ ...s, nodes: s.nodes.map((nd) => (nd.id === 'C1' ? { ...nd, x: 200 + x } : nd)) }));
    }
    expect(store.getState().undo).toEqual([]);
    store.commitPreview('move C1');
    expect(store.getState().undo.map((e) => e.label)).toEqual(['move C1']);
    await store.settled();
    expect(sink.calls).toEqual([]);
    expect(store.getState().sync.kind).toBe('synced');
    store.undo();
    expect(store.scenario.nodes[2].x).toBe(200);
    await store.settled();
    expect(sink.calls).toEqual([]);
  });
});

describe('engine sync', () => {
  it('a network edit reloads the engine', async () => {
    const { store, sink } = setup();
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    await store.settled();
    expect(sink.calls).toEqual(['load 5n 4l']);
    expect(sink.loaded).toBe(store.scenario);
    expect(store.getState().sync).toEqual({ kind: 'synced' });
  });

  it('a live setting goes through setLive without a reload, and undo sends it back', async () => {
    const { store, sink } = setup();
    store.edit('wavelengths', (s) => ({
      ...s,
      links: s.links.map((l, j) => (j === 1 && l.kind === 'fiber' ? { ...l, wavelengths: 4 } : l)),
    }));
    await store.settled();
    expect(sink.calls).toEqual(['live links[1].wavelengths=4']);
    store.undo();
    await store.settled();
    expect(sink.calls).toEqual(['live links[1].wavelengths=4', 'live links[1].wavelengths=2']);
  });

  it('an invalid edit stays on screen and is not sent', async () => {
    const { store, sink } = setup();
    store.edit('delay', (s) => withDelay(s, 0, -1));
    await store.settled();
    expect(sink.calls).toEqual([]);
    const st = store.getState();
    expect(st.scenario.links[0].delay).toBe(-1);
    expect(st.sync.kind).toBe('invalid');
    if (st.sync.kind === 'invalid') expect(st.sync.issues[0]).toEqual({ path: 'links[0].delay', message: 'Delay must be ≥ 0' });
    store.undo();
    await store.settled();
    expect(store.getState().sync.kind).toBe('synced');
    expect(sink.calls).toEqual([]);
  });

  it('a refused scenario keeps the edit and names the field', async () => {
    const { store, sink } = setup();
    sink.refuse = 'links[2].rate must be a number > 0 (got 0)';
    store.edit('rate', (s) => ({ ...s, links: s.links.map((l, j) => (j === 2 ? { ...l, delay: 0.3 } : l)) }));
    await store.settled();
    const st = store.getState();
    expect(st.sync).toEqual({ kind: 'refused', message: sink.refuse, path: 'links[2].rate' });
    expect(st.scenario.links[2].delay).toBe(0.3);
    expect(sink.loaded.links[2].delay).toBe(1e-4);
    // Not mistaken for a preset loaded by someone else.
    expect(st.undo.map((e) => e.label)).toEqual(['rate']);
    sink.refuse = null;
    store.edit('again', (s) => withDelay(s, 2, 0.4));
    await store.settled();
    expect(store.getState().sync.kind).toBe('synced');
  });

  it('a refused live change falls back to a load', async () => {
    const { store, sink } = setup();
    sink.liveRefuse = 'nope';
    store.edit('variant', (s) => ({ ...s, flows: s.flows.map((f) => ({ ...f, tcp: { ...f.tcp, variant: 'cubic' } })) }));
    await store.settled();
    expect(sink.calls).toEqual(['live flows[0].tcp.variant=7', 'load 5n 4l']);
  });
});

describe("the run's record", () => {
  afterEach(() => vi.useRealTimers());

  it('a slider is one undo step once it rests, one live change at the engine time, named with it', async () => {
    vi.useFakeTimers();
    const { store, session } = setup();
    session.now = 6.8;
    for (const v of [0.008, 0.005, 0.002, 0]) store.slide('obs.burstLoss.data', v);
    expect(store.scenario.obs.burstLoss.data).toBe(0);
    expect(session.calls).toEqual([]);
    vi.advanceTimersByTime(SLIDE_SETTLE_MS);
    vi.useRealTimers();
    await store.settled();
    expect(session.calls).toEqual(['live obs.burstLoss.data=0']);
    const st = store.getState();
    expect(st.undo.map((e) => e.label)).toEqual(['data-burst loss 1 % → 0 % at 6.8 s']);
    expect(st.run.changes).toEqual([{ at: 6.8, path: 'obs.burstLoss.data', value: 0, label: 'data-burst loss 1 % → 0 %' }]);
    // Undo moves the slider back: another change, at the time of the undo.
    session.now = 9.25;
    store.undo();
    await store.settled();
    expect(store.scenario.obs.burstLoss.data).toBe(0.01);
    expect(store.getState().run.changes.map((c) => [c.at, c.value])).toEqual([
      [6.8, 0],
      [9.25, 0.01],
    ]);
  });

  it('a change before anything ran is part of the start, not the record', async () => {
    const { store, session } = setup();
    session.now = 0;
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.05 } } }));
    await store.settled();
    expect(session.calls).toEqual(['load 5n 4l']);
    expect(store.getState().run).toEqual({ start: store.scenario, changes: [], pending: [] });
  });

  it('an edit that restarts the run says what became of its live changes; a Reset, a run without changes or a new network says nothing', async () => {
    const { store, session } = setup();
    session.now = 5.751;
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.05 } } }));
    await store.settled();
    expect(session.notices).toEqual([]);
    session.now = 7;
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    await store.settled();
    expect(session.calls.at(-1)).toBe('load 5n 4l');
    expect(session.notices).toHaveLength(1);
    expect(session.notices[0]).toMatch(/^The run started again from t = 0 on the values shown/);
    expect(session.notices[0]).toContain('Its live change (ACK-burst loss 0 % → 5 % at 5.751 s) now holds from the start.');
    // The new run has no record yet: another restart says nothing, nor does Reset run.
    session.now = 2;
    store.edit('delay', (s) => withDelay(s, 1, 0.003));
    await store.settled();
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.02 } } }));
    await store.settled();
    store.resetRun();
    await store.settled();
    expect(session.notices).toHaveLength(1);
    // After New, the old run's record is not the new network's.
    session.now = 3;
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.03 } } }));
    await store.settled();
    store.newScenario();
    store.edit('add host H1', (s) => ({ ...s, nodes: [...s.nodes, newNode('host', 'H1', 0, 0)] }));
    await store.settled();
    expect(session.calls.at(-1)).toBe('load 1n 0l');
    expect(session.notices).toHaveLength(1);
  });

  it('the document of a run with changes replays it: start values, positions now, changes in order', async () => {
    const { store, session } = setup();
    session.now = 3;
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.05 } } }));
    await store.settled();
    store.preview((s) => ({ ...s, nodes: s.nodes.map((n) => (n.id === 'C1' ? { ...n, x: 222 } : n)) }));
    store.commitPreview('move C1');
    await store.settled();
    const doc = documentOf(store.getState()) as Scenario & { liveChanges: unknown[] };
    expect(doc.obs.burstLoss).toEqual({ data: 0.01, ack: 0 });
    expect(doc.nodes.find((n) => n.id === 'C1')?.x).toBe(222);
    expect(doc.liveChanges).toEqual([{ at: 3, path: 'obs.burstLoss.ack', value: 0.05 }]);
  });

  it('drop the next burst: a live change at each forming edge, in the run’s record (a link replays it), no undo step', async () => {
    const { store, session } = setup();
    session.routes = await engineRoutesOf(store.getState().scenario);
    session.now = 2.25;
    const edge = store.getState().scenario.nodes.findIndex((n) => n.kind === 'edge');
    expect(await store.dropNextBurst('data')).toBeNull();
    expect(session.calls).toContain(`live nodes[${edge}].dropNext.data=1`);
    expect(store.getState().undo).toEqual([]);
    const doc = documentOf(store.getState()) as Scenario & { liveChanges: unknown[] };
    expect(doc.liveChanges).toEqual([{ at: 2.25, path: `nodes[${edge}].dropNext.data`, value: 1 }]);
    expect(store.getState().run.changes[0].label).toMatch(/drops its next data burst/);
  });

  it('drop the next burst: the engine’s refusal, or why no edge can, and nothing recorded', async () => {
    const { store, session } = setup();
    session.routes = await engineRoutesOf(store.getState().scenario);
    session.liveRefuse = 'nodes[1].dropNext.data cannot be changed';
    expect(await store.dropNextBurst('ack')).toBe('nodes[1].dropNext.data cannot be changed');
    store.edit('no flows', (s) => ({ ...s, flows: [] }));
    await store.settled();
    expect(await store.dropNextBurst('data')).toMatch(/no edge node forms/);
    expect(store.getState().run.changes).toEqual([]);
  });

  it('drop the next ACK burst: at the edge the engine’s ACK route enters the core (E3, by an ackRoute), not the edge the data leaves by', async () => {
    const { store, session } = setup(acksForcedThroughE3());
    session.routes = await engineRoutesOf(store.getState().scenario);
    expect(await store.dropNextBurst('ack')).toBeNull();
    const e3 = store.getState().scenario.nodes.findIndex((n) => n.id === 'E3');
    expect(session.calls.filter((c) => c.startsWith('live'))).toEqual([`live nodes[${e3}].dropNext.ack=1`]);
  });

  it('drop the next burst before the engine has reported its routes: why not, and nothing asked or recorded', async () => {
    const { store, session } = setup();
    expect(await store.dropNextBurst('data')).toBe(`which edge forms the flows' data bursts is not known: ${NO_ROUTES_YET}`);
    expect(session.calls.filter((c) => c.startsWith('live'))).toEqual([]);
    expect(store.getState().run.changes).toEqual([]);
  });

  it('a scenario opened with scheduled changes: the values shown follow the engine as it reaches them', async () => {
    const { store, session } = setup();
    const scheduled = {
      ...testScenario(),
      liveChanges: [
        { at: 2, path: 'obs.burstLoss.data', value: 0 },
        { at: 1, path: 'links[1].wavelengths', value: 4 },
      ],
    } as Scenario;
    await store.open(scheduled, { label: 'open link' });
    expect(session.loaded).toBe(scheduled);
    expect('liveChanges' in store.scenario).toBe(false);
    expect(store.getState().run.pending.map((c) => c.at)).toEqual([1, 2]);
    session.frame(1.2);
    const link = store.scenario.links[1];
    expect(link.kind === 'fiber' && link.wavelengths).toBe(4);
    expect(store.scenario.obs.burstLoss.data).toBe(0.01);
    session.frame(2);
    expect(store.scenario.obs.burstLoss.data).toBe(0);
    expect(store.getState().run.changes.map((c) => c.label)).toEqual(['wavelengths on f1 2 → 4', 'data-burst loss 1 % → 0 %']);
    expect(store.getState().undo).toEqual(
      [{ label: 'open link', scenario: testScenario(), presetId: null, reframe: true }].map((e) => ({
        ...e,
        scenario: store.getState().undo[0].scenario,
      })),
    );
    // The document replays the same: start values and the schedule.
    const doc = documentOf(store.getState()) as Scenario & { liveChanges: unknown[] };
    expect(doc.obs.burstLoss.data).toBe(0.01);
    expect(doc.liveChanges).toEqual([
      { at: 1, path: 'links[1].wavelengths', value: 4 },
      { at: 2, path: 'obs.burstLoss.data', value: 0 },
    ]);
  });

  it('a refused open changes nothing', async () => {
    const { store, session } = setup();
    const before = store.getState();
    session.refuse = 'links[0].rate must be > 0';
    await expect(store.open(testScenario(), { label: 'open file' })).rejects.toThrow('links[0].rate');
    expect(store.getState()).toBe(before);
  });
});

describe('presets and resets', () => {
  const preset = PRESETS[0];
  const fresh = () => structuredClone(preset.scenario) as Scenario;

  it('an edit marks the preset edited; undoing it unmarks it', async () => {
    const { store } = setup(fresh(), preset.id);
    expect(store.getState().edited).toBe(false);
    store.edit('seed', (s) => ({ ...s, seed: 99 }));
    expect(store.getState().edited).toBe(true);
    store.undo();
    expect(store.getState().edited).toBe(false);
    await store.settled();
  });

  it('Reset to the preset is one undo step and restarts the run even for live values', async () => {
    const { store, session } = setup(fresh(), preset.id);
    store.edit('loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { ...s.obs.burstLoss, data: 0.05 } } }));
    await store.settled();
    session.calls = [];
    store.resetToPreset();
    await store.settled();
    expect(store.getState().edited).toBe(false);
    expect(session.calls).toHaveLength(1);
    expect(session.calls[0]).toMatch(/^load /);
    expect(store.getState().undo.at(-1)?.label).toBe(`reset to "${preset.title}"`);
    store.undo();
    await store.settled();
    expect(store.getState().edited).toBe(true);
  });

  it('Reset run keeps the values shown, restarts paused, and clears the record', async () => {
    const { store, session } = setup();
    session.now = 4;
    store.edit('wavelengths', (s) => ({
      ...s,
      links: s.links.map((l, j) => (j === 1 && l.kind === 'fiber' ? { ...l, wavelengths: 4 } : l)),
    }));
    await store.settled();
    expect(store.getState().run.changes).toHaveLength(1);
    store.resetRun();
    await store.settled();
    expect(session.calls.at(-1)).toBe('load 5n 4l paused');
    expect(session.loaded).toBe(store.scenario);
    expect(store.getState().run.changes).toEqual([]);
    expect(store.getState().undo).toHaveLength(1);
  });

  it('restartOn, Show me after Show me: the engine runs each point’s values alone, loaded once, paused at t = 0', async () => {
    const contention = findPreset('contention-resolution')!;
    const point = (set: Record<string, unknown>) => applyScenarioSet(structuredClone(contention.scenario) as Scenario, set);
    const { store, session } = setup(structuredClone(contention.scenario) as Scenario, contention.id);
    session.now = 2;
    for (const [label, target] of [
      ['show me 2', point({ 'nodes[C1].deflection': true })],
      ['show me 3', point({ 'nodes[C1].segmentation': true })],
    ] as const) {
      session.calls = [];
      store.restartOn(label, target);
      await store.settled();
      // One load, paused: no live change into the old run, no load that plays first.
      expect(session.calls).toEqual([`load ${target.nodes.length}n ${target.links.length}l paused`]);
      expect(session.loaded).toBe(target);
      expect(session.now).toBe(0);
      session.now = 2;
    }
    const c1 = session.loaded.nodes.find((n) => n.id === 'C1') as { deflection?: boolean; segmentation?: boolean };
    expect([c1.deflection ?? false, c1.segmentation]).toEqual([false, true]);
    expect(store.getState().undo.map((e) => e.label)).toEqual(['show me 2', 'show me 3']);
    expect(store.getState().presetId).toBe(contention.id);
    // The same point again: no undo step, the run again all the same.
    session.calls = [];
    store.restartOn('show me 3', structuredClone(store.scenario));
    await store.settled();
    expect(session.calls).toEqual(['load 7n 7l paused']);
    expect(store.getState().undo).toHaveLength(2);
    // Undo brings back what the first point ran, live: it is the values, not a replay.
    store.undo();
    expect(store.scenario.nodes.find((n) => n.id === 'C1')).toMatchObject({ deflection: true });
    await store.settled();
  });
});

describe('building from scratch', () => {
  const preset = PRESETS.find((p) => p.id === 'paper000')!;
  const fresh = () => structuredClone(preset.scenario) as Scenario;

  it('New scenario is one undo step to an empty network; Undo brings the preset back as it was', async () => {
    const { store, session } = setup(fresh(), preset.id);
    const before = store.scenario;
    const generation = store.getState().generation;
    session.calls = [];
    store.newScenario();
    const after = store.getState();
    expect(after.scenario.nodes).toEqual([]);
    expect(after.scenario.flows).toEqual([]);
    expect(after.presetId).toBeNull();
    expect(after.edited).toBe(false);
    expect(after.undo.map((e) => e.label)).toEqual(['new scenario']);
    expect(after.generation).toBe(generation + 1); // the view refits
    expect(nextBuildStep(after.scenario)?.step).toBe('nodes');
    await store.settled();
    // Not runnable yet: nothing is sent to the engine, which keeps the preset's run.
    expect(store.getState().sync).toMatchObject({ kind: 'invalid', issues: [{ path: 'nodes' }] });
    expect(session.calls).toEqual([]);
    expect(session.loaded).toBe(before);

    store.undo();
    await store.settled();
    const back = store.getState();
    expect(back.scenario).toBe(before);
    expect(back.presetId).toBe(preset.id);
    expect(back.edited).toBe(false);
    expect(back.sync).toEqual({ kind: 'synced' });
    expect(back.generation).toBe(generation + 2); // and refits to the preset
    expect(session.calls).toEqual([]); // the engine never left it
    // Redo empties it again, in one step.
    store.redo();
    expect(store.scenario.nodes).toEqual([]);
    expect(store.getState().presetId).toBeNull();
    await store.settled();
  });

  it('a network built after New scenario runs as soon as it can', async () => {
    const { store, session } = setup(fresh(), preset.id);
    store.newScenario();
    store.edit('add host H1', (s) => ({ ...s, nodes: [...s.nodes, newNode('host', 'H1', 0, 0)] }));
    await store.settled();
    // One node and no flow is a network the engine accepts.
    expect(session.calls.at(-1)).toBe('load 1n 0l');
    expect(store.getState().sync).toEqual({ kind: 'synced' });
  });

  it('deleting a host that has flows is one step, named with its flows; Undo brings them back', async () => {
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
    await store.settled();
  });
});

describe('planSync', () => {
  const base = testScenario();
  it('positions alone need nothing', () => {
    const moved = { ...base, nodes: base.nodes.map((n) => ({ ...n, x: n.x + 5 })) };
    expect(planSync(base, moved)).toEqual({ kind: 'none' });
  });
  it('live paths', () => {
    const t = structuredClone(base);
    t.obs.assembly.maxTime = 2e-3;
    const l = t.links[0];
    if (l.kind === 'packet') l.loss = 0.02;
    t.flows[0].tcp.variant = 'westwood';
    expect(planSync(base, t)).toEqual({
      kind: 'live',
      changes: [
        { path: 'obs.assembly.maxTime', value: 2e-3 },
        { path: 'links[0].loss', value: 0.02 },
        { path: 'flows[0].tcp.variant', value: 10 },
      ],
    });
  });
  it('a live change mixed with a network change is a load', () => {
    const t = structuredClone(base);
    t.obs.burstLoss.ack = 0.1;
    t.links[0].delay = 1;
    expect(planSync(base, t)).toEqual({ kind: 'load' });
  });
  it('obs.assembly is not live when an edge overrides it', () => {
    const a = structuredClone(base);
    a.nodes[1] = { ...a.nodes[1], assembly: { maxTime: 5e-3 } } as never;
    const t = structuredClone(a);
    t.obs.assembly.maxTime = 2e-3;
    expect(planSync(a, t)).toEqual({ kind: 'load' });
    const u = structuredClone(a);
    (u.nodes[1] as unknown as { assembly: { maxTime: number } }).assembly.maxTime = 7e-3;
    expect(planSync(a, u)).toEqual({ kind: 'live', changes: [{ path: 'nodes[1].assembly.maxTime', value: 7e-3 }] });
  });
  it('loss per direction, policy, a new node: loads', () => {
    const t = structuredClone(base);
    const l = t.links[0];
    if (l.kind === 'packet') l.loss = { ab: 0.1, ba: 0 };
    expect(planSync(base, t).kind).toBe('load');
    const p = structuredClone(base);
    p.obs.assembly.policy = 'hybrid';
    expect(planSync(base, p).kind).toBe('load');
  });
});

describe('documentOf', () => {
  it('gives the same object while the scenario and the record stay the same', async () => {
    const { store, session } = setup();
    session.now = 2;
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.05 } } }));
    await store.settled();
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
