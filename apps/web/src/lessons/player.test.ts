import { describe, expect, it } from 'vitest';
import type { PauseMoment } from '@obs-tcp-sim/engine';
import { applyScenarioSet, findPreset, type Scenario, type ShowMe } from '@obs-tcp-sim/scenario';
import { createFocusStore } from '../sim/focusStore';
import type { FrameLike, Phase } from '../sim/controller';
import { EventKind, type VisualEvent } from '../sim/visualStore';
import { canonical } from '../store/syncPlan';
import type { View } from '../view/viewStore';
import type { Lesson } from './lessonFormat';
import { LessonPlayer, type PlayerSession, type PlayerStore } from './player';
import { eventRows as rows, instantEvent as ev } from '../sim/visualEventFixtures';

/** A session and a store that record what the player asks of them; frames are sent by the test. */
class Fakes implements PlayerSession, PlayerStore {
  phase: Phase = 'running';
  now = 3;
  error: string | null = null;
  speed = 1;
  scenario: Scenario = structuredClone(findPreset('paper000')!.scenario) as Scenario;
  readonly visual = { generation: 1, notable: { length: 0, event: (): VisualEvent => ev(0, 0) } };
  log: string[] = [];
  private frameListeners = new Set<(f: FrameLike) => void>();
  private listeners = new Set<() => void>();

  // session
  onFrameReceived(l: (f: FrameLike) => void) {
    this.frameListeners.add(l);
    return () => this.frameListeners.delete(l);
  }
  subscribe(l: () => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  getState() {
    return { phase: this.phase, flowIds: this.scenario.flows.map((f) => f.id), error: this.error };
  }
  setSpeed(speed: number) {
    this.speed = speed;
    this.log.push(`speed ${speed}`);
  }
  play() {
    this.log.push('play');
    this.setPhase('running');
  }
  pause() {
    if (this.phase !== 'running') return;
    this.log.push('pause');
    this.setPhase('paused');
  }
  /** What the engine was asked to pause at, in order (pauseWatch.test.ts holds what is asked when). */
  moments: Array<PauseMoment | null> = [];
  pauseAt(moment: PauseMoment | null) {
    this.moments.push(moment);
  }
  setPhase(phase: Phase) {
    this.phase = phase;
    for (const l of this.listeners) l();
  }
  frame(now: number, events: VisualEvent[]) {
    this.now = now;
    for (const l of this.frameListeners) l({ now, visual: rows(events) } as unknown as FrameLike);
  }

  // store
  async open(scenario: Scenario, options: { label?: string; presetId?: string | null; play?: boolean }) {
    this.log.push(`open "${options.label}" preset=${options.presetId} play=${options.play}`);
    this.scenario = scenario;
    this.visual.generation++;
    this.now = 0;
    this.phase = options.play ? 'running' : 'paused';
  }
  edit(label: string, next: (s: Scenario) => Scenario) {
    const after = next(this.scenario);
    // As the store: an edit that changes nothing records nothing.
    if (after === this.scenario) return;
    this.log.push(`edit "${label}"`);
    this.scenario = after;
  }
  guided = 0;
  guidedStep() {
    this.guided++;
  }
  restartOn(label: string, next: Scenario) {
    // As the store: the values, an undo step where they differ, then Reset run.
    if (canonical(next) !== canonical(this.scenario)) {
      this.log.push(`restart on "${label}"`);
      this.scenario = next;
    }
    this.resetRun();
  }
  resetRun() {
    this.log.push('reset run');
    this.visual.generation++;
    this.now = 0;
    this.phase = 'paused';
  }
  async settled() {}
}

const lesson: Lesson = {
  format: 1,
  id: 'test-lesson',
  title: 'Test',
  summary: 'A test.',
  steps: [
    {
      title: 'One',
      text: 'First.',
      scenario: { preset: 'first-lesson', set: { 'obs.burstLoss.data': 0.01 } },
      speed: 1,
      view: { tab: 'log' },
      pauseAt: { event: 'burst-dropped', class: 'data' },
    },
    { title: 'Two', text: 'Go on.', speed: 0.1, pauseAt: { event: 'fast-retransmit' } },
    { title: 'Three', text: 'Read.', view: { chart: 'cwnd' } },
    { title: 'Four', text: 'Again.', scenario: { set: { 'obs.burstLoss.ack': 0.01 } }, pauseAt: { event: 'time', at: 1 } },
  ],
};

function setup() {
  const fakes = new Fakes();
  const views: Partial<View>[] = [];
  const focus = createFocusStore();
  const follows = { count: 0 };
  const charts = { followRun: () => void follows.count++ };
  const player = new LessonPlayer({ session: fakes, store: fakes, sync: fakes, view: { set: (v) => views.push(v) }, focus, charts });
  return { fakes, views, focus, follows, player };
}

const C1 = 2; // first-lesson's nodes: Server, E1, C1, E2, Client
const dataDrop = (t: number) => ev(EventKind.BurstDropped, t, { node: C1, link: 2, dir: 0, cls: 0, id: 12, segments: 2 });
const fastRetransmit = (t: number) => ev(EventKind.TcpEvent, t, { reason: 1, value: 19 });

describe('LessonPlayer', () => {
  it('opens the first step: its scenario through the store (paused), then speed, view, the condition, and play', async () => {
    const { fakes, views, player } = setup();
    await player.openLesson(lesson);
    expect(fakes.log).toEqual(['open "lesson "Test", step 1" preset=first-lesson play=false', 'speed 1', 'play']);
    expect(fakes.scenario.obs.burstLoss.data).toBe(0.01);
    expect(views).toEqual([{ tab: 'log' }]);
    expect(player.getState().status).toEqual({ kind: 'waiting', condition: 'the first data-burst drop' });
    expect(player.address.get()).toBe('#lesson=test-lesson&step=1');
  });

  it('pauses at the event, words it as the log does and points the focus at it', async () => {
    const { fakes, focus, player } = setup();
    await player.openLesson(lesson);
    fakes.frame(0.5, [dataDrop(0.45)]);
    expect(fakes.phase).toBe('paused');
    const { status } = player.getState();
    expect(status).toMatchObject({ kind: 'paused', condition: 'the first data-burst drop', hit: { at: 0.45, noticedAt: 0.5 } });
    expect(status.kind === 'paused' && status.text).toBe('burst 12 (data, 2 segments) dropped at C1 on its way to E2: injected loss');
    expect(focus.get()).toMatchObject({ time: 0.45, node: C1, burst: 12, source: 'lesson' });
  });

  it('goes on with the run for a step without a scenario, and finds its moment in what ran past the last pause', async () => {
    const { fakes, player } = setup();
    await player.openLesson(lesson);
    fakes.frame(0.5, [dataDrop(0.45), fastRetransmit(0.49)]);
    fakes.log = [];
    await player.next();
    // Met at once in the overshoot: no new run, no play.
    expect(fakes.log).toEqual(['speed 0.1']);
    expect(player.getState()).toMatchObject({ step: 1, status: { kind: 'paused', hit: { at: 0.49 } } });
    expect(player.address.get()).toBe('#lesson=test-lesson&step=2');
  });

  it('leaves the run alone at a step that waits for nothing, and builds on the earlier scenario at a step that changes fields', async () => {
    const { fakes, views, player } = setup();
    await player.openLesson(lesson, 1);
    fakes.log = [];
    fakes.phase = 'paused';
    await player.next();
    expect(fakes.log).toEqual([]);
    expect(views.at(-1)).toEqual({ chart: 'cwnd' });
    expect(player.getState().status).toEqual({ kind: 'ready' });
    await player.next();
    expect(fakes.log).toEqual(['open "lesson "Test", step 4" preset=first-lesson play=false', 'play']);
    expect(fakes.scenario.obs.burstLoss).toEqual({ data: 0.01, ack: 0.01 });
    fakes.frame(1.01, []);
    expect(player.getState().status).toMatchObject({ kind: 'paused', condition: 't = 1 s', hit: { event: null, at: 1 }, text: null });
  });

  it('opened from a link whose scenario the page already loaded at t = 0, loads nothing again', async () => {
    const { fakes, player } = setup();
    const first = structuredClone(findPreset('first-lesson')!.scenario) as Scenario;
    first.obs.burstLoss.data = 0.01;
    fakes.scenario = first;
    fakes.now = 0;
    fakes.phase = 'paused';
    await player.openLesson(lesson, 0);
    expect(fakes.log).toEqual(['speed 1', 'play']);
  });

  it('Back to a step that goes on with the run brings the lesson scenario back only if another is on screen', async () => {
    const { fakes, player } = setup();
    await player.openLesson(lesson, 2);
    // Opened at step 3 from a link with paper000 on screen: the lesson's scenario comes first.
    expect(fakes.log[0]).toBe('open "lesson "Test", step 3" preset=first-lesson play=false');
    fakes.log = [];
    fakes.now = 2;
    await player.back();
    // The scenario on screen is the lesson's: the run goes on from t = 2 s to the next fast retransmit.
    expect(fakes.log).toEqual(['speed 0.1', 'play']);
    expect(player.getState().status).toEqual({ kind: 'waiting', condition: 'the next fast retransmit' });
  });

  it('starts a finished run again when a step wants to play, and says when a run ends without the moment', async () => {
    const { fakes, player } = setup();
    await player.openLesson(lesson);
    fakes.setPhase('finished');
    expect(player.getState().status).toMatchObject({ kind: 'ended', condition: 'the first data-burst drop' });
    fakes.log = [];
    await player.next();
    expect(fakes.log).toEqual(['speed 0.1', 'reset run', 'play']);
  });

  it('drops what an earlier step was still doing once the next one begins', async () => {
    const { fakes, player } = setup();
    await player.openLesson(lesson);
    const next = player.next();
    player.close();
    await next;
    fakes.frame(1, [fastRetransmit(0.9)]);
    expect(player.getState()).toMatchObject({ guide: null, status: { kind: 'ready' } });
    expect(player.address.get()).toBeNull();
  });

  it('plays a preset point: the preset with its fields, one undo step, the run from t = 0, its speed, view and pause', async () => {
    const { fakes, views, player } = setup();
    const preset = findPreset('paper000')!;
    await player.showMe(preset, 2, 'Set data loss to 0 and ACK loss to 1 %.', {
      set: { 'obs.burstLoss.data': 0, 'obs.burstLoss.ack': 0.01 },
      speed: 1,
      view: { chart: 'throughput' },
      pauseAt: { event: 'burst-dropped', class: 'ack' },
    });
    // The run again from t = 0 (the moment may have passed), with the point's fields.
    expect(fakes.log).toEqual([`restart on "show me 3 (${preset.title})"`, 'reset run', 'speed 1', 'play']);
    expect(canonical(fakes.scenario.obs.burstLoss)).toBe(canonical({ data: 0, ack: 0.01 }));
    expect(views).toEqual([{ chart: 'throughput' }]);
    expect(player.getState()).toMatchObject({
      guide: { kind: 'show-me', point: 2 },
      status: { kind: 'waiting', condition: 'the first ACK-burst drop' },
    });
    expect(player.address.get()).toBeNull();
  });

  it('runs each Show me on its preset with its own fields, never on what an earlier one or an edit left', async () => {
    const { fakes, player } = setup();
    const preset = findPreset('contention-resolution')!;
    const point = (i: number) => preset.lookFor[i] as { text: string; show: ShowMe };
    const c1 = () => fakes.scenario.nodes.find((n) => n.id === 'C1') as { deflection?: boolean; segmentation?: boolean };
    fakes.scenario = structuredClone(preset.scenario) as Scenario;
    await player.showMe(preset, 1, point(1).text, point(1).show);
    expect(c1()).toMatchObject({ deflection: true });
    expect(c1().segmentation).toBeFalsy();
    // The class moves a slider, then the next point: segmentation alone, the slider's value gone with deflection.
    fakes.edit('data-burst loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { ...s.obs.burstLoss, data: 0.05 } } }));
    fakes.log = [];
    await player.showMe(preset, 2, point(2).text, point(2).show);
    expect(fakes.log).toEqual([`restart on "show me 3 (${preset.title})"`, 'reset run', 'speed 0.1', 'play']);
    expect(canonical(fakes.scenario)).toBe(canonical(applyScenarioSet(structuredClone(preset.scenario) as Scenario, point(2).show.set!)));
    expect(c1().deflection).toBeFalsy();
    // The same point again: nothing to change, the run again from t = 0.
    fakes.log = [];
    await player.showMe(preset, 2, point(2).text, point(2).show);
    expect(fakes.log).toEqual(['reset run', 'speed 0.1', 'play']);
  });

  it('brings the lesson’s scenario back, from t = 0, to a step that goes on with a run something changed', async () => {
    const { fakes, player } = setup();
    await player.openLesson(lesson);
    fakes.frame(0.5, [dataDrop(0.45)]);
    // A slider moved during step 1: step 2 is not about that run.
    fakes.edit('data-burst loss', (s) => ({ ...s, obs: { ...s.obs, burstLoss: { ...s.obs.burstLoss, data: 0.2 } } }));
    fakes.log = [];
    await player.next();
    expect(fakes.log).toEqual(['open "lesson "Test", step 2" preset=first-lesson play=false', 'speed 0.1', 'play']);
    expect(fakes.scenario.obs.burstLoss.data).toBe(0.01);
    expect(player.getState().status).toEqual({ kind: 'waiting', condition: 'the first fast retransmit' });
  });

  it('starts every step and Show me with the filled-in forms over (the store is told each time)', async () => {
    const { fakes, player } = setup();
    await player.openLesson(lesson);
    expect(fakes.guided).toBe(1);
    await player.next();
    expect(fakes.guided).toBe(2);
    await player.showMe(findPreset('paper000')!, 0, 'Point.', { speed: 1 });
    expect(fakes.guided).toBe(3);
  });

  it('starts every step with the charts following the run and nothing pointed at, whoever pointed last', async () => {
    const { fakes, focus, follows, player } = setup();
    await player.openLesson(lesson);
    expect(follows.count).toBe(1);
    fakes.frame(0.5, [dataDrop(0.45)]);
    expect(focus.get()).toMatchObject({ source: 'lesson', time: 0.45 });
    await player.next();
    expect(follows.count).toBe(2);
    expect(focus.get()).toBeNull();
    // A log entry the class clicked during step 2 is that step's too.
    focus.set({ time: 0.3, source: 'log' });
    fakes.phase = 'paused';
    await player.next();
    expect(follows.count).toBe(3);
    expect(focus.get()).toBeNull();
    await player.showMe(findPreset('paper000')!, 0, 'Point.', { speed: 1 });
    expect(follows.count).toBe(4);
  });

  it('keeps the answer chosen at each step, and forgets it to ask again', async () => {
    const { player } = setup();
    await player.openLesson(lesson);
    player.answer(1);
    expect(player.getState().answers).toEqual({ 0: 1 });
    player.answer(null);
    expect(player.getState().answers).toEqual({});
  });
});
