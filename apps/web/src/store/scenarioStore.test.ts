import { describe, expect, it } from 'vitest';
import { newNode, removeNode } from './model';
import { ScenarioStore, type EngineSink } from './scenarioStore';
import { planSync } from './syncPlan';
import { testScenario } from './testScenario';
import type { Scenario } from './types';

/** A session like SimController: loads may be refused; records every call. */
class FakeSink implements EngineSink {
  calls: string[] = [];
  refuse: string | null = null;
  liveRefuse: string | null = null;
  private listeners = new Set<() => void>();
  private st = { phase: 'running', burstLoss: { data: 0.01, ack: 0 } };
  constructor(public scenario: Scenario) {}
  async loadScenario(s: Scenario) {
    this.calls.push(`load ${s.nodes.length}n ${s.links.length}l`);
    this.setState({ phase: 'resetting' });
    await Promise.resolve();
    if (this.refuse) {
      this.setState({ phase: 'paused' });
      throw new Error(this.refuse);
    }
    this.scenario = s;
    this.setState({ phase: 'running', burstLoss: { ...s.obs.burstLoss } });
  }
  async setLive(path: string, value: number) {
    this.calls.push(`live ${path}=${value}`);
    return this.liveRefuse;
  }
  setBurstLoss(kind: 'data' | 'ack', p: number) {
    this.calls.push(`slider ${kind}=${p}`);
    this.setState({ burstLoss: { ...this.st.burstLoss, [kind]: p } });
  }
  subscribe(l: () => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  getState() {
    return this.st;
  }
  setState(p: Partial<typeof this.st>) {
    this.st = { ...this.st, ...p };
    for (const l of this.listeners) l();
  }
  /** What SimController.reset does: reload as loaded, live changes dropped. */
  reset() {
    this.setState({ phase: 'resetting' });
    this.setState({ phase: 'paused' });
  }
}

function setup() {
  const sink = new FakeSink(testScenario());
  const store = new ScenarioStore(sink);
  store.connect();
  return { sink, store };
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
    expect(sink.scenario).toBe(store.scenario);
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

  it('obs.burstLoss goes through the sliders, and a slider move updates the scenario', async () => {
    const { store, sink } = setup();
    store.edit('ack loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { data: 0.01, ack: 0.05 } } }));
    await store.settled();
    expect(sink.calls).toEqual(['slider ack=0.05']);
    sink.setState({ burstLoss: { data: 0.03, ack: 0.05 } });
    expect(store.scenario.obs.burstLoss).toEqual({ data: 0.03, ack: 0.05 });
    // No undo step for a slider; no engine call either.
    expect(store.getState().undo.length).toBe(1);
    store.edit('delay', (s) => withDelay(s, 0, 0.001));
    await store.settled();
    expect(sink.scenario.obs.burstLoss).toEqual({ data: 0.03, ack: 0.05 });
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
    expect(sink.scenario.links[2].delay).toBe(1e-4);
    // Not mistaken for a preset loaded by someone else.
    expect(st.undo.map((e) => e.label)).toEqual(['rate']);
    sink.refuse = null;
    store.edit('again', (s) => withDelay(s, 2, 0.4));
    await store.settled();
    expect(store.getState().sync.kind).toBe('synced');
  });

  it('a scenario loaded by someone else becomes an undoable edit', async () => {
    const { store, sink } = setup();
    const preset = { ...testScenario(), name: 'Preset X', nodes: testScenario().nodes.map((n) => ({ ...n, y: 99 })) };
    await sink.loadScenario(preset);
    expect(store.scenario).toBe(preset);
    expect(store.getState().undo.at(-1)?.label).toBe('open "Preset X"');
    expect(store.getState().generation).toBe(1);
    store.undo();
    await store.settled();
    expect(sink.scenario.nodes[0].y).toBe(0);
  });

  it('after a Reset the live changes are sent again', async () => {
    const { store, sink } = setup();
    store.edit('wavelengths', (s) => ({
      ...s,
      links: s.links.map((l, j) => (j === 2 && l.kind === 'fiber' ? { ...l, wavelengths: 8 } : l)),
    }));
    await store.settled();
    sink.calls = [];
    sink.reset();
    await store.settled();
    expect(sink.calls).toEqual(['live links[2].wavelengths=8']);
  });

  it('a refused live change falls back to a load', async () => {
    const { store, sink } = setup();
    sink.liveRefuse = 'nope';
    store.edit('variant', (s) => ({ ...s, flows: s.flows.map((f) => ({ ...f, tcp: { ...f.tcp, variant: 'cubic' } })) }));
    await store.settled();
    expect(sink.calls).toEqual(['live flows[0].tcp.variant=7', 'load 5n 4l']);
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
