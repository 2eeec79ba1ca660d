import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyScenarioSet, findPreset, PRESETS } from '@obs-tcp-sim/scenario';
import { newNode } from '../scenario/scenarioEdits';
import { testScenario } from '../scenario/testScenario';
import type { Scenario } from '../scenario/scenarioTypes';
import { documentOf, ScenarioStore, SLIDE_SETTLE_MS } from './scenarioStore';
import { EngineSync, type SyncSession } from './engineSync';
import { twoScheduled, withSchedule } from './testSchedules';
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { acksForcedThroughE3, engineRoutesOf } from '../routes/testNetworks';
import { NO_ROUTES_YET } from '../routes/engineRoutes';

/** A session like SimController: loads may be refused; records every call; its clock is set by the test. */
class FakeSession implements SyncSession {
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
  const store = new ScenarioStore(initial, presetId);
  const sync = new EngineSync(store, session);
  sync.connect();
  return { session, store, sync, sink: session };
}

const withDelay = (s: Scenario, i: number, delay: number): Scenario => ({
  ...s,
  links: s.links.map((l, j) => (j === i ? { ...l, delay } : l)),
});

describe('what never reaches the engine', () => {
  it('a drag, previewed then committed as one step, never reaches the engine, nor does its undo', async () => {
    const { store, sync, sink } = setup();
    for (let x = 1; x <= 5; x++) {
      store.preview((s) => ({ ...s, nodes: s.nodes.map((nd) => (nd.id === 'C1' ? { ...nd, x: 200 + x } : nd)) }));
    }
    expect(sync.busy).toBe(false);
    store.commitPreview('move C1');
    await sync.settled();
    expect(sink.calls).toEqual([]);
    expect(store.getState().sync.kind).toBe('synced');
    store.undo();
    expect(store.scenario.nodes[2].x).toBe(200);
    await sync.settled();
    expect(sink.calls).toEqual([]);
  });
});

describe('engine sync', () => {
  it('a network edit reloads the engine', async () => {
    const { store, sync, sink } = setup();
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    await sync.settled();
    expect(sink.calls).toEqual(['load 5n 4l']);
    expect(sink.loaded).toBe(store.scenario);
    expect(store.getState().sync).toEqual({ kind: 'synced' });
  });

  it('a live setting goes through setLive without a reload, and undo sends it back', async () => {
    const { store, sync, sink } = setup();
    store.edit('wavelengths', (s) => ({
      ...s,
      links: s.links.map((l, j) => (j === 1 && l.kind === 'fiber' ? { ...l, wavelengths: 4 } : l)),
    }));
    await sync.settled();
    expect(sink.calls).toEqual(['live links[1].wavelengths=4']);
    store.undo();
    await sync.settled();
    expect(sink.calls).toEqual(['live links[1].wavelengths=4', 'live links[1].wavelengths=2']);
  });

  it('an invalid edit stays on screen and is not sent', async () => {
    const { store, sync, sink } = setup();
    store.edit('delay', (s) => withDelay(s, 0, -1));
    await sync.settled();
    expect(sink.calls).toEqual([]);
    const st = store.getState();
    expect(st.scenario.links[0].delay).toBe(-1);
    expect(st.sync.kind).toBe('invalid');
    if (st.sync.kind === 'invalid') expect(st.sync.issues[0]).toEqual({ path: 'links[0].delay', message: 'Delay must be ≥ 0' });
    store.undo();
    await sync.settled();
    expect(store.getState().sync.kind).toBe('synced');
    expect(sink.calls).toEqual([]);
  });

  it('a refused scenario keeps the edit and names the field', async () => {
    const { store, sync, sink } = setup();
    sink.refuse = 'links[2].rate must be a number > 0 (got 0)';
    store.edit('rate', (s) => ({ ...s, links: s.links.map((l, j) => (j === 2 ? { ...l, delay: 0.3 } : l)) }));
    await sync.settled();
    const st = store.getState();
    expect(st.sync).toEqual({ kind: 'refused', message: sink.refuse, path: 'links[2].rate' });
    expect(st.scenario.links[2].delay).toBe(0.3);
    expect(sink.loaded.links[2].delay).toBe(1e-4);
    // Not mistaken for a preset loaded by someone else.
    expect(st.undo.map((e) => e.label)).toEqual(['rate']);
    sink.refuse = null;
    store.edit('again', (s) => withDelay(s, 2, 0.4));
    await sync.settled();
    expect(store.getState().sync.kind).toBe('synced');
  });

  it('a refused live change falls back to a load', async () => {
    const { store, sync, sink } = setup();
    sink.liveRefuse = 'nope';
    store.edit('variant', (s) => ({ ...s, flows: s.flows.map((f) => ({ ...f, tcp: { ...f.tcp, variant: 'cubic' } })) }));
    await sync.settled();
    expect(sink.calls).toEqual(['live flows[0].tcp.variant=7', 'load 5n 4l']);
  });
});

describe("the run's record", () => {
  afterEach(() => vi.useRealTimers());

  it('a slider is one undo step once it rests, one live change at the engine time, named with it', async () => {
    vi.useFakeTimers();
    const { store, sync, session } = setup();
    session.now = 6.8;
    for (const v of [0.008, 0.005, 0.002, 0]) store.slide('obs.burstLoss.data', v);
    expect(store.scenario.obs.burstLoss.data).toBe(0);
    expect(session.calls).toEqual([]);
    vi.advanceTimersByTime(SLIDE_SETTLE_MS);
    vi.useRealTimers();
    await sync.settled();
    expect(session.calls).toEqual(['live obs.burstLoss.data=0']);
    const st = store.getState();
    expect(st.undo.map((e) => e.label)).toEqual(['data-burst loss 1 % → 0 % at 6.8 s']);
    expect(st.run.changes).toEqual([{ at: 6.8, path: 'obs.burstLoss.data', value: 0, label: 'data-burst loss 1 % → 0 %' }]);
    // Undo moves the slider back: another change, at the time of the undo.
    session.now = 9.25;
    store.undo();
    await sync.settled();
    expect(store.scenario.obs.burstLoss.data).toBe(0.01);
    expect(store.getState().run.changes.map((c) => [c.at, c.value])).toEqual([
      [6.8, 0],
      [9.25, 0.01],
    ]);
  });

  it('a change before anything ran is part of the start, not the record', async () => {
    const { store, sync, session } = setup();
    session.now = 0;
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.05 } } }));
    await sync.settled();
    expect(session.calls).toEqual(['load 5n 4l']);
    expect(store.getState().run).toEqual({ start: store.scenario, changes: [], pending: [] });
  });

  it('an edit that restarts the run says what became of its live changes; a Reset, a run without changes or a new network says nothing', async () => {
    const { store, sync, session } = setup();
    session.now = 5.751;
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.05 } } }));
    await sync.settled();
    expect(session.notices).toEqual([]);
    session.now = 7;
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    await sync.settled();
    expect(session.calls.at(-1)).toBe('load 5n 4l');
    expect(session.notices).toHaveLength(1);
    expect(session.notices[0]).toMatch(/^The run started again from t = 0 on the values shown/);
    expect(session.notices[0]).toContain('Its live change (ACK-burst loss 0 % → 5 % at 5.751 s) now holds from the start.');
    // The new run has no record yet: another restart says nothing, nor does Reset run.
    session.now = 2;
    store.edit('delay', (s) => withDelay(s, 1, 0.003));
    await sync.settled();
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.02 } } }));
    await sync.settled();
    store.resetRun();
    await sync.settled();
    expect(session.notices).toHaveLength(1);
    // After New, the old run's record is not the new network's.
    session.now = 3;
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.03 } } }));
    await sync.settled();
    store.newScenario();
    store.edit('add host H1', (s) => ({ ...s, nodes: [...s.nodes, newNode('host', 'H1', 0, 0)] }));
    await sync.settled();
    expect(session.calls.at(-1)).toBe('load 1n 0l');
    expect(session.notices).toHaveLength(1);
  });

  it('the document of a run with changes replays it: start values, positions now, changes in order', async () => {
    const { store, sync, session } = setup();
    session.now = 3;
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.05 } } }));
    await sync.settled();
    store.preview((s) => ({ ...s, nodes: s.nodes.map((n) => (n.id === 'C1' ? { ...n, x: 222 } : n)) }));
    store.commitPreview('move C1');
    await sync.settled();
    const doc = documentOf(store.getState()) as Scenario & { liveChanges: unknown[] };
    expect(doc.obs.burstLoss).toEqual({ data: 0.01, ack: 0 });
    expect(doc.nodes.find((n) => n.id === 'C1')?.x).toBe(222);
    expect(doc.liveChanges).toEqual([{ at: 3, path: 'obs.burstLoss.ack', value: 0.05 }]);
  });

  it('drop the next burst: a live change at each forming edge, in the run’s record (a link replays it), no undo step', async () => {
    const { store, sync, session } = setup();
    session.routes = await engineRoutesOf(store.getState().scenario);
    session.now = 2.25;
    const edge = store.getState().scenario.nodes.findIndex((n) => n.kind === 'edge');
    expect(await sync.dropNextBurst('data')).toBeNull();
    expect(session.calls).toContain(`live nodes[${edge}].dropNext.data=1`);
    expect(store.getState().undo).toEqual([]);
    const doc = documentOf(store.getState()) as Scenario & { liveChanges: unknown[] };
    expect(doc.liveChanges).toEqual([{ at: 2.25, path: `nodes[${edge}].dropNext.data`, value: 1 }]);
    expect(store.getState().run.changes[0].label).toMatch(/drops its next data burst/);
  });

  it('drop the next burst: the engine’s refusal, or why no edge can, and nothing recorded', async () => {
    const { store, sync, session } = setup();
    session.routes = await engineRoutesOf(store.getState().scenario);
    session.liveRefuse = 'nodes[1].dropNext.data cannot be changed';
    expect(await sync.dropNextBurst('ack')).toBe('nodes[1].dropNext.data cannot be changed');
    store.edit('no flows', (s) => ({ ...s, flows: [] }));
    await sync.settled();
    expect(await sync.dropNextBurst('data')).toMatch(/no edge node forms/);
    expect(store.getState().run.changes).toEqual([]);
  });

  it('drop the next ACK burst: at the edge the engine’s ACK route enters the core (E3, by an ackRoute), not the edge the data leaves by', async () => {
    const { store, sync, session } = setup(acksForcedThroughE3());
    session.routes = await engineRoutesOf(store.getState().scenario);
    expect(await sync.dropNextBurst('ack')).toBeNull();
    const e3 = store.getState().scenario.nodes.findIndex((n) => n.id === 'E3');
    expect(session.calls.filter((c) => c.startsWith('live'))).toEqual([`live nodes[${e3}].dropNext.ack=1`]);
  });

  it('drop the next burst before the engine has reported its routes: why not, and nothing asked or recorded', async () => {
    const { store, sync, session } = setup();
    expect(await sync.dropNextBurst('data')).toBe(`which edge forms the flows' data bursts is not known: ${NO_ROUTES_YET}`);
    expect(session.calls.filter((c) => c.startsWith('live'))).toEqual([]);
    expect(store.getState().run.changes).toEqual([]);
  });

  it('a scenario opened with scheduled changes: the values shown follow the engine as it reaches them', async () => {
    const { store, sync, session } = setup();
    const scheduled = twoScheduled();
    await sync.open(scheduled, { label: 'open link' });
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
    const { store, sync, session } = setup();
    const before = store.getState();
    session.refuse = 'links[0].rate must be > 0';
    await expect(sync.open(testScenario(), { label: 'open file' })).rejects.toThrow('links[0].rate');
    expect(store.getState()).toBe(before);
  });
});

describe('presets and resets', () => {
  const preset = PRESETS[0];
  const fresh = () => structuredClone(preset.scenario) as Scenario;

  it('Reset to the preset is one undo step and restarts the run even for live values', async () => {
    const { store, sync, session } = setup(fresh(), preset.id);
    store.edit('loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { ...s.obs.burstLoss, data: 0.05 } } }));
    await sync.settled();
    session.calls = [];
    store.resetToPreset();
    await sync.settled();
    expect(store.getState().edited).toBe(false);
    expect(session.calls).toHaveLength(1);
    expect(session.calls[0]).toMatch(/^load /);
    expect(store.getState().undo.at(-1)?.label).toBe(`reset to "${preset.title}"`);
    store.undo();
    await sync.settled();
    expect(store.getState().edited).toBe(true);
  });

  it('Reset run keeps the values shown, restarts paused, and clears the record', async () => {
    const { store, sync, session } = setup();
    session.now = 4;
    store.edit('wavelengths', (s) => ({
      ...s,
      links: s.links.map((l, j) => (j === 1 && l.kind === 'fiber' ? { ...l, wavelengths: 4 } : l)),
    }));
    await sync.settled();
    expect(store.getState().run.changes).toHaveLength(1);
    store.resetRun();
    await sync.settled();
    expect(session.calls.at(-1)).toBe('load 5n 4l paused');
    expect(session.loaded).toBe(store.scenario);
    expect(store.getState().run.changes).toEqual([]);
    expect(store.getState().undo).toHaveLength(1);
  });

  it('restartOn, Show me after Show me: the engine runs each point’s values alone, loaded once, paused at t = 0', async () => {
    const contention = findPreset('contention-resolution')!;
    const point = (set: Record<string, unknown>) => applyScenarioSet(structuredClone(contention.scenario) as Scenario, set);
    const { store, sync, session } = setup(structuredClone(contention.scenario) as Scenario, contention.id);
    session.now = 2;
    for (const [label, target] of [
      ['show me 2', point({ 'nodes[C1].deflection': true })],
      ['show me 3', point({ 'nodes[C1].segmentation': true })],
    ] as const) {
      session.calls = [];
      store.restartOn(label, target);
      await sync.settled();
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
    await sync.settled();
    expect(session.calls).toEqual(['load 7n 7l paused']);
    expect(store.getState().undo).toHaveLength(2);
    // Undo brings back what the first point ran, live: it is the values, not a replay.
    store.undo();
    expect(store.scenario.nodes.find((n) => n.id === 'C1')).toMatchObject({ deflection: true });
    await sync.settled();
  });
});

describe('building from scratch', () => {
  const preset = PRESETS.find((p) => p.id === 'paper000')!;
  const fresh = () => structuredClone(preset.scenario) as Scenario;

  it('New scenario: the empty network is not sent; Undo finds the engine still on the preset', async () => {
    const { store, sync, session } = setup(fresh(), preset.id);
    const before = store.scenario;
    session.calls = [];
    store.newScenario();
    await sync.settled();
    // Not runnable yet: nothing is sent to the engine, which keeps the preset's run.
    expect(store.getState().sync).toMatchObject({ kind: 'invalid', issues: [{ path: 'nodes' }] });
    expect(session.calls).toEqual([]);
    expect(session.loaded).toBe(before);

    store.undo();
    await sync.settled();
    expect(store.getState().sync).toEqual({ kind: 'synced' });
    expect(session.calls).toEqual([]); // the engine never left it
    // Redo empties it again: not runnable, still not sent.
    store.redo();
    await sync.settled();
    expect(store.getState().sync.kind).toBe('invalid');
    expect(session.calls).toEqual([]);
  });

  it('a network built after New scenario runs as soon as it can', async () => {
    const { store, sync, session } = setup(fresh(), preset.id);
    store.newScenario();
    store.edit('add host H1', (s) => ({ ...s, nodes: [...s.nodes, newNode('host', 'H1', 0, 0)] }));
    await sync.settled();
    // One node and no flow is a network the engine accepts.
    expect(session.calls.at(-1)).toBe('load 1n 0l');
    expect(store.getState().sync).toEqual({ kind: 'synced' });
  });
});

describe('waiting for the engine', () => {
  /** A session whose loads wait until the test lets them finish. */
  class HeldSession extends FakeSession {
    private release: Array<() => void> = [];
    async loadScenario(s: Scenario, options: { play?: boolean } = {}) {
      await new Promise<void>((resolve) => this.release.push(resolve));
      return super.loadScenario(s, options);
    }
    letLoadsFinish() {
      for (const r of this.release.splice(0)) r();
    }
    get held() {
      return this.release.length;
    }
  }

  it('settled() resolves when the work drains, edits made meanwhile included, and not before', async () => {
    const session = new HeldSession(testScenario());
    const store = new ScenarioStore(testScenario());
    const sync = new EngineSync(store, session);
    sync.connect();
    expect(sync.busy).toBe(false);
    await sync.settled(); // nothing to do: at once
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    store.edit('delay', (s) => withDelay(s, 1, 0.003)); // taken once the first is done
    let settled = false;
    void sync.settled().then(() => (settled = true));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(settled).toBe(false);
    expect(sync.busy).toBe(true);
    expect(session.held).toBe(1);
    session.letLoadsFinish();
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false); // the second edit's load is held too
    expect(session.held).toBe(1);
    session.letLoadsFinish();
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(true);
    expect(sync.busy).toBe(false);
    expect(session.calls).toEqual(['load 5n 4l', 'load 5n 4l']);
    expect(session.loaded.links[1].delay).toBe(0.003);
  });

  it('stops following the store and the frames when disconnected', async () => {
    const session = new FakeSession(testScenario());
    const store = new ScenarioStore(withSchedule(testScenario(), [{ at: 1, path: 'obs.burstLoss.data', value: 0 }]));
    const stop = new EngineSync(store, session).connect();
    stop();
    store.edit('delay', (s) => withDelay(s, 1, 0.002));
    session.frame(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(session.calls).toEqual([]);
    expect(store.getState().run.pending).toHaveLength(1);
  });
});

describe('what the engine did itself is not sent back', () => {
  it('scheduled changes reached while an edit is refused: no new load, the refusal stands', async () => {
    const { store, sync, session } = setup();
    await sync.open(withSchedule(testScenario(), [{ at: 1, path: 'obs.burstLoss.data', value: 0 }]));
    session.calls = [];
    session.now = 0.5;
    session.refuse = 'links[1].delay is refused';
    store.edit('delay', (s) => withDelay(s, 1, 0.3));
    await sync.settled();
    expect(session.calls).toEqual(['load 5n 4l']);
    session.frame(1.5);
    await sync.settled();
    expect(store.scenario.obs.burstLoss.data).toBe(0);
    expect(session.calls).toEqual(['load 5n 4l']);
    expect(store.getState().sync.kind).toBe('refused');
  });

  it('a scheduled change reached while a live change is sent: the status ends in step with the values shown', async () => {
    const { store, sync, session } = setup();
    await sync.open(withSchedule(testScenario(), [{ at: 3, path: 'obs.burstLoss.data', value: 0 }]));
    session.now = 2;
    const changeLive = session.changeLive.bind(session);
    session.changeLive = async (path, value) => {
      const result = await changeLive(path, value);
      session.frame(3); // the engine passes the scheduled change before the answer arrives
      return result;
    };
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { ...s.obs.burstLoss, ack: 0.05 } } }));
    await sync.settled();
    expect(store.scenario.obs.burstLoss).toEqual({ data: 0, ack: 0.05 });
    expect(store.getState().sync).toEqual({ kind: 'synced' });
    expect(session.calls.filter((c) => c.startsWith('live'))).toEqual(['live obs.burstLoss.ack=0.05']);
  });

  it('a dropped burst is an event, not a value: the next live edit is still live', async () => {
    const { store, sync, session } = setup();
    session.routes = await engineRoutesOf(store.getState().scenario);
    session.now = 2;
    expect(await sync.dropNextBurst('data')).toBeNull();
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { ...s.obs.burstLoss, ack: 0.05 } } }));
    await sync.settled();
    expect(session.calls.at(-1)).toBe('live obs.burstLoss.ack=0.05');
  });
});
