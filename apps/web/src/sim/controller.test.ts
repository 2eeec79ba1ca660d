/** The session logic against a scripted engine (test-only; the app always uses the real one). */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '@obs-tcp-sim/scenario';
import { FrameScheduler } from '../raf/scheduler';
import { SimController, type EngineLike, type FrameLike } from './controller';

const scenario = { duration: 20, obs: { burstLoss: { data: 0.01, ack: 0 } } };

class ScriptedEngine implements EngineLike<typeof scenario> {
  frameCb: (f: FrameLike) => void = () => {};
  errorCb: (m: string) => void = () => {};
  calls: string[] = [];
  loadResult: Promise<{ flowIds: string[]; duration: number }> = Promise.resolve({ flowIds: ['tcp1'], duration: 20 });
  setLiveAnswer = '';
  liveAt = 3.25;
  onFrame(cb: (f: FrameLike) => void) {
    this.frameCb = cb;
  }
  onError(cb: (m: string) => void) {
    this.errorCb = cb;
  }
  /** Like the real worker: a time-0 frame for the new run, then the answer. */
  load() {
    this.calls.push('load');
    this.frameCb(frame(0, 0, { playing: false }));
    return this.loadResult;
  }
  play() {
    this.calls.push('play');
  }
  pause() {
    this.calls.push('pause');
  }
  setSpeed(x: number) {
    this.calls.push(`speed ${x}`);
  }
  async reset() {
    this.calls.push('reset');
  }
  async setLive(path: string, value: number) {
    this.calls.push(`live ${path}=${value}`);
    return this.setLiveAnswer;
  }
  async changeLive(path: string, value: number) {
    this.calls.push(`change ${path}=${value}`);
    return { error: this.setLiveAnswer === '' ? null : this.setLiveAnswer, at: this.liveAt };
  }
  setVisualEvents(on: boolean) {
    this.calls.push(`visual ${on}`);
  }
  setVisualEventKinds(mask: number) {
    this.calls.push(`kinds ${mask}`);
  }
  async step(kind: 'event' | 'burst') {
    this.calls.push(`step ${kind}`);
    return true;
  }
  pauseAt(moment: unknown) {
    this.calls.push(`pauseAt ${JSON.stringify(moment)}`);
  }
  dispose() {}
}

/** A frame loop the test advances by hand. */
function manualRaf() {
  const queue: Array<() => void> = [];
  return {
    api: { request: (cb: () => void) => queue.push(cb), cancel: () => {} },
    flush() {
      while (queue.length) queue.shift()!();
    },
  };
}

function frame(now: number, rows: number, extra: Partial<FrameLike> = {}): FrameLike {
  const t = Float64Array.from({ length: rows }, (_, i) => now - (rows - 1 - i) * 0.01);
  return {
    now,
    duration: 20,
    finished: false,
    playing: true,
    events: 100,
    eventsPerSecond: 1000,
    samples: { t, flow: new Int32Array(rows), cwnd: t.map(() => 4), ssthresh: t.map(() => 64), goodput: t.map(() => 1e6) },
    ...extra,
  };
}

async function setup() {
  const raf = manualRaf();
  const engine = new ScriptedEngine();
  const controller = new SimController(engine, new FrameScheduler(raf.api), scenario);
  await controller.start();
  return { raf, engine, controller };
}

describe('SimController', () => {
  it('loads, sends the speed, then plays', async () => {
    const { engine, controller } = await setup();
    // Every kind (0 to 10, deflections and cuts included) but packets on links, at 1×.
    expect(engine.calls).toEqual([`kinds ${0x7ff & ~(1 << 4)}`, 'visual true', 'load', 'speed 1', 'play']);
    expect(controller.getState().phase).toBe('running');
    expect(controller.getState().flowIds).toEqual(['tcp1']);
  });

  it('applies frames in the next animation frame and redraws views once', async () => {
    const { raf, engine, controller } = await setup();
    let redraws = 0;
    controller.addView(() => redraws++);
    raf.flush();
    redraws = 0;
    engine.frameCb(frame(0.05, 5));
    engine.frameCb(frame(0.1, 5, { summary: { bursts: { sent: 7 } } }));
    expect(controller.series.totalPoints).toBe(0);
    expect(controller.isIdle()).toBe(false);
    raf.flush();
    expect(controller.series.totalPoints).toBe(10);
    expect(controller.live.now).toBe(0.1);
    expect(controller.getState().summary?.bursts?.sent).toBe(7);
    expect(redraws).toBe(1);
    expect(controller.isIdle()).toBe(true);
  });

  it('takes "finished" from frames, but not a late "playing" after a pause', async () => {
    const { raf, engine, controller } = await setup();
    controller.pause();
    engine.frameCb(frame(1, 1, { playing: true })); // sent before the worker saw the pause
    raf.flush();
    expect(controller.getState().phase).toBe('paused');
    controller.play();
    engine.frameCb(frame(20, 1, { finished: true, playing: false }));
    raf.flush();
    expect(controller.getState().phase).toBe('finished');
  });

  it('a live change answers with the engine time it took effect', async () => {
    const { engine, controller } = await setup();
    await expect(controller.changeLive('obs.burstLoss.ack', 0.05)).resolves.toEqual({ error: null, at: 3.25 });
    expect(engine.calls.at(-1)).toBe('change obs.burstLoss.ack=0.05');
  });

  it('tells its frame listeners after each frame applied', async () => {
    const { raf, engine, controller } = await setup();
    const seen: number[] = [];
    controller.onFrame(() => seen.push(controller.now));
    engine.frameCb(frame(0.5, 1));
    raf.flush();
    expect(seen.at(-1)).toBe(0.5);
  });

  it('shows a refused live change as a notice, not a fatal error', async () => {
    const { engine, controller } = await setup();
    engine.setLiveAnswer = 'obs.burstLoss.data must be in [0,1]';
    await expect(controller.changeLive('obs.burstLoss.data', 2)).resolves.toEqual({
      error: 'obs.burstLoss.data must be in [0,1]',
      at: 3.25,
    });
    expect(controller.getState().notice).toMatch(/must be in \[0,1\]/);
    expect(controller.getState().phase).toBe('running');
  });

  it('reset drops late frames of the old run, clears the series and waits paused', async () => {
    const { raf, engine, controller } = await setup();
    engine.frameCb(frame(5, 3));
    raf.flush();
    expect(controller.series.totalPoints).toBe(3);
    engine.calls = [];
    const done = controller.reset();
    engine.frameCb(frame(5.1, 3, { playing: false })); // the pause frame of the old run
    await done;
    engine.frameCb(frame(5.1, 2)); // overtaken by the answer to reset(): still the old run
    raf.flush();
    expect(controller.series.totalPoints).toBe(0);
    expect(controller.live.now).toBe(0); // the old frames were not applied
    engine.frameCb(frame(0, 0, { playing: false })); // the new run's first frame
    raf.flush();
    expect(controller.live.now).toBe(0);
    expect(controller.getState().phase).toBe('paused');
    expect(engine.calls).not.toContain('play');
  });

  it('a load refusal shows the message; Reset loads the same scenario again', async () => {
    const raf = manualRaf();
    const engine = new ScriptedEngine();
    engine.loadResult = Promise.reject(new Error('links[3].wavelengths must be an integer >= 1'));
    const controller = new SimController(engine, new FrameScheduler(raf.api), scenario);
    await controller.start();
    expect(controller.getState().phase).toBe('error');
    expect(controller.getState().error).toBe('links[3].wavelengths must be an integer >= 1');
    engine.loadResult = Promise.resolve({ flowIds: ['tcp1'], duration: 20 });
    await controller.reset();
    expect(engine.calls.filter((c) => c === 'load')).toHaveLength(2);
    expect(controller.getState().phase).toBe('running');
    expect(controller.getState().error).toBeNull();
  });

  it('an engine error stops accepting frames; Reset rebuilds and plays again', async () => {
    const { raf, engine, controller } = await setup();
    engine.errorCb('RuntimeError: unreachable');
    expect(controller.getState().phase).toBe('error');
    engine.frameCb(frame(1, 2));
    raf.flush();
    expect(controller.series.totalPoints).toBe(0);
    await controller.reset();
    expect(controller.getState().phase).toBe('running');
    expect(engine.calls.slice(-1)).toEqual(['play']);
  });
});

describe('editing and stepping', () => {
  it('asks for visual events and files them in the visual store; a new run clears them', async () => {
    const { raf, engine, controller } = await setup();
    expect(engine.calls).toContain('visual true');
    const visual = {
      kind: Uint8Array.of(0, 6),
      t0: Float64Array.of(0.1, 0.2),
      t1: Float64Array.of(0.1, 0.2),
      id: Int32Array.of(7, 0),
      node: Int32Array.of(1, -1),
      link: Int32Array.of(-1, -1),
      dir: Int32Array.of(1, -1),
      lane: Int32Array.of(0, -1),
      cls: Uint8Array.of(0, 0),
      reason: Uint8Array.of(0, 1),
      bytes: Uint32Array.of(9000, 0),
      segments: Uint32Array.of(12, 100),
      value: Float64Array.of(1e-5, 2),
      lost: 0,
      lostNotable: 0,
    };
    engine.frameCb(frame(0.2, 1, { visual }));
    raf.flush();
    expect(controller.visual.recent.length).toBe(2);
    expect(controller.visual.tcpEvents).toHaveLength(1);
    expect(controller.visual.tcpEvents[0].value).toBe(2);
    await controller.reset();
    expect(controller.visual.recent.length).toBe(0);
  });

  it('steps only while paused', async () => {
    const { engine, controller } = await setup();
    await controller.step('event');
    expect(engine.calls).not.toContain('step event');
    controller.pause();
    await controller.step('burst');
    expect(engine.calls).toContain('step burst');
  });

  it('keeps what a step did for the narration: its events and how many engine events it ran', async () => {
    const { engine, controller, raf } = await setup();
    raf.flush(); // the load's time-0 frame
    controller.pause();
    await controller.step('event');
    engine.frameCb(frame(0.3, 0, { playing: false, stepEvents: 5 }));
    raf.flush();
    expect(controller.getState().lastStep).toMatchObject({ kind: 'event', at: 0.3, events: [], ran: 5 });
    controller.play();
    expect(controller.getState().lastStep).toBeNull();
  });

  it('loads an edited scenario from t = 0 and keeps playing if it was', async () => {
    const { engine, controller } = await setup();
    const edited = { duration: 5, obs: { burstLoss: { data: 0.02, ack: 0.01 } } };
    engine.loadResult = Promise.resolve({ flowIds: ['a', 'b'], duration: 5 });
    await controller.loadScenario(edited);
    expect(controller.scenario).toBe(edited);
    expect(controller.getState().phase).toBe('running');
    expect(controller.getState().flowIds).toEqual(['a', 'b']);
    expect(engine.calls.at(-1)).toBe('play');
  });

  it('keeps the old scenario when the engine refuses the new one, and says why', async () => {
    const { engine, controller } = await setup();
    const before = controller.scenario;
    engine.loadResult = Promise.reject(new ScenarioError('links[0].rate must be > 0'));
    await expect(controller.loadScenario({ duration: 1, obs: { burstLoss: { data: 0, ack: 0 } } })).rejects.toThrow();
    expect(controller.scenario).toBe(before);
    expect(controller.getState().notice).toContain('links[0].rate must be > 0');
  });
});

describe('visual event kinds by speed', () => {
  it('records packets on links only when slowed down enough to see them', async () => {
    const { visualKindsForSpeed } = await import('./controller');
    const hasPackets = (mask: number) => (mask & (1 << 4)) !== 0;
    expect(hasPackets(visualKindsForSpeed(20e-6))).toBe(true);
    expect(hasPackets(visualKindsForSpeed(0.1))).toBe(true);
    expect(hasPackets(visualKindsForSpeed(1))).toBe(false);
    expect(hasPackets(visualKindsForSpeed(Infinity))).toBe(false);
    // Drops (3, 5) and TCP events (6) always.
    for (const speed of [20e-6, 1, Infinity])
      for (const kind of [0, 1, 2, 3, 5, 6, 7]) expect(visualKindsForSpeed(speed) & (1 << kind)).not.toBe(0);
  });
});

describe('an engine that fails rather than refuses', () => {
  it('a load that fails for another reason than the scenario is a fatal error, not a refusal', async () => {
    const { engine, controller } = await setup();
    engine.loadResult = Promise.reject(new Error('CompileError: WebAssembly.Module(): expected magic word'));
    await expect(controller.loadScenario({ duration: 1, obs: { burstLoss: { data: 0, ack: 0 } } })).rejects.toThrow();
    expect(controller.getState().phase).toBe('error');
    expect(controller.getState().error).toMatch(/CompileError/);
  });
});
