import { describe, expect, it } from 'vitest';
import { defaultScenario, findPreset } from '@obs-tcp-sim/scenario';
import type { Scenario } from '@obs-tcp-sim/scenario';
import { ALL_VISUAL_EVENT_KINDS, VisualEventKind, type Simulation } from './engine-module';
import type { Frame } from './frame';
import { loadEngineNode, runScenarioNode } from './node-engine';
import type { RunnerOptions } from './simulation-runner';
import { SimulationRunner } from './simulation-runner';
import { fullSpeedPause, fullSpeedRestShare } from './full-speed-pause';
import { FakeClock, ManualScheduler, concatenatedRows, failingOn } from './test-support';

const engine = await loadEngineNode();

function setup(
  options: { scenario?: Scenario; engineEventsPerMs?: number; sim?: (sim: Simulation) => Simulation; runner?: RunnerOptions } = {},
) {
  const raw = new engine.module.Simulation(JSON.stringify(options.scenario ?? defaultScenario));
  expect(raw.ok()).toBe(true);
  const sim = options.sim ? options.sim(raw) : raw;
  const { engineEventsPerMs } = options;
  const clock = new FakeClock(0, engineEventsPerMs ? () => raw.eventCount() / engineEventsPerMs : undefined);
  const scheduler = new ManualScheduler();
  const frames: Frame[] = [];
  const frameWallMs: number[] = [];
  const crashes: unknown[] = [];
  const onFrame = (f: Frame) => {
    frames.push(f);
    frameWallMs.push(clock.now());
  };
  const runner = new SimulationRunner(sim, onFrame, (e) => crashes.push(e), { clock, scheduler, ...options.runner });
  return { sim: raw, clock, scheduler, frames, frameWallMs, crashes, runner };
}

describe('SimulationRunner pacing', () => {
  it('advances simulated time by speed x wall time, exactly, and waits when ahead', () => {
    const { sim, clock, scheduler, frames, runner } = setup();
    runner.setSpeed(0.01); // 10 ms of simulated time per wall second
    runner.play();
    expect(scheduler.runNext()).toBe(0);
    expect(sim.now()).toBe(0);
    for (let wallMs = 100; wallMs <= 1000; wallMs += 100) {
      clock.ms = wallMs;
      // Caught up: the runner sleeps until the next frame is due rather than spinning.
      expect(scheduler.pending).toBe(1);
      expect(scheduler.tasks.at(-1)!.delayMs).toBeGreaterThan(0);
      scheduler.runNext();
      expect(sim.now()).toBeCloseTo((0.01 * wallMs) / 1000, 12);
      expect(frames.at(-1)!.now).toBe(sim.now());
    }
    runner.dispose();
  });

  it('never overshoots the pace when watching microseconds per second', () => {
    const { sim, clock, scheduler, runner } = setup();
    runner.setSpeed(1e-6);
    runner.play();
    let previous = 0;
    for (let i = 1; i <= 200; i++) {
      clock.ms = i * 16;
      scheduler.runNext();
      const goal = (1e-6 * clock.ms) / 1000;
      expect(sim.now()).toBeLessThanOrEqual(goal + 1e-12);
      expect(sim.now()).toBeGreaterThanOrEqual(previous);
      previous = sim.now();
    }
    expect(sim.now()).toBeCloseTo(3.2e-6, 15);
    runner.dispose();
  });

  it('does not sprint to catch up after falling behind', () => {
    const { sim, clock, scheduler, runner } = setup();
    runner.setSpeed(1);
    runner.play();
    scheduler.runNext();
    clock.ms = 10_000; // the page was frozen for 10 s
    scheduler.runNext();
    expect(sim.now()).toBeCloseTo(0.25, 9); // at most maxLagMs (250 ms) worth
    clock.ms += 100;
    scheduler.runNext();
    expect(sim.now()).toBeCloseTo(0.35, 9);
    runner.dispose();
  });

  it('picks up a new speed from the current time', () => {
    const { sim, clock, scheduler, runner } = setup();
    runner.setSpeed(1);
    runner.play();
    scheduler.runNext();
    clock.ms = 200;
    scheduler.runNext();
    expect(sim.now()).toBeCloseTo(0.2, 9);
    runner.setSpeed(0.1);
    clock.ms = 400;
    while (scheduler.pending > 0 && sim.now() < 0.22 - 1e-12) scheduler.runNext();
    expect(sim.now()).toBeCloseTo(0.22, 9);
    runner.dispose();
  });

  it.each([0, -1, Number.NaN])('refuses speed %s', (speed) => {
    const { runner } = setup();
    expect(() => runner.setSpeed(speed)).toThrow(RangeError);
    runner.dispose();
  });
});

describe('SimulationRunner at infinite speed', () => {
  it('runs to the end in many slices and streams every sample exactly once', async () => {
    const { sim, scheduler, frames, runner } = setup({ engineEventsPerMs: 1000 });
    runner.setSpeed(Infinity);
    runner.play();
    let slices = 0;
    while (scheduler.runNext() !== null) slices++;

    // About 8 ms of work per slice, so it yielded to messages about 120 times.
    const seconds = sim.eventCount() / 1000 / 1000;
    expect(slices).toBeGreaterThan((seconds * 1000) / 16);
    expect(slices).toBeLessThan((seconds * 1000) / 4);
    expect(sim.finished()).toBe(true);
    const last = frames.at(-1)!;
    expect(last).toMatchObject({ finished: true, playing: false, now: 20, duration: 20 });
    expect(frames.slice(0, -1).every((f) => f.playing && !f.finished)).toBe(true);
    expect(last.summary).toBeDefined();
    expect(last.eventsPerSecond).toBeGreaterThan(0);

    const rows = concatenatedRows(frames);
    expect(rows.t.length).toBe(Math.round(20 / defaultScenario.sampleInterval) + 1);
    for (let i = 1; i < rows.t.length; i++) expect(rows.t[i]).toBeGreaterThan(rows.t[i - 1]);

    // Slicing does not change results: same summary as one uninterrupted run.
    expect(last.summary).toStrictEqual(await runScenarioNode(defaultScenario));
    runner.dispose();
  });

  it('sends a frame every 33 ms of wall time at full speed, every 16 ms at a finite one', () => {
    const gaps = (speed: number) => {
      const { clock, scheduler, frames, frameWallMs, runner } = setup({ engineEventsPerMs: 1000 });
      runner.setSpeed(speed);
      runner.play();
      for (let i = 0; i < 400; i++) {
        // The wall clock moves with the engine's work and with the waits the runner asks for.
        const next = scheduler.tasks.find((t) => !t.cancelled);
        if (!next) break;
        clock.ms += next.delayMs;
        scheduler.runNext();
      }
      runner.dispose();
      const playing = frameWallMs.filter((_, k) => frames[k].playing && !frames[k].finished);
      expect(playing.length).toBeGreaterThan(5);
      return playing.slice(1).map((ms, k) => ms - playing[k]);
    };
    const full = gaps(Infinity);
    expect(Math.min(...full)).toBeGreaterThanOrEqual(33);
    expect(Math.min(...full)).toBeLessThan(33 + 10); // a slice (8 ms) past the due time at most
    const finite = gaps(1);
    expect(Math.min(...finite)).toBeGreaterThanOrEqual(16);
    expect(Math.max(...finite)).toBeLessThan(33);
  });

  it('pauses after each full-speed slice when asked to, with the same results', async () => {
    const { sim, clock, scheduler, frames, runner } = setup({
      engineEventsPerMs: 1000,
      runner: { fullSpeedSliceMs: 12, fullSpeedRestMs: 4 },
    });
    runner.setSpeed(Infinity);
    runner.play();
    const waits: number[] = [];
    const slices: number[] = [];
    for (;;) {
      const next = scheduler.tasks.find((t) => !t.cancelled);
      if (!next) break;
      clock.ms += next.delayMs;
      waits.push(next.delayMs);
      const before = clock.now();
      scheduler.runNext();
      slices.push(clock.now() - before);
    }
    expect(sim.finished()).toBe(true);
    // After play's first slice, every slice waited 4 ms; all but the last ran about 12 ms
    // of engine work (the clock moves with the events run).
    expect(waits.length).toBeGreaterThan(20);
    expect(waits.slice(1).every((ms) => ms === 4)).toBe(true);
    expect(Math.min(...slices.slice(0, -1))).toBeGreaterThanOrEqual(12);
    expect(Math.max(...slices)).toBeLessThan(14);
    // Pausing changes when the work is done, not what it computes.
    expect(frames.at(-1)!.summary).toStrictEqual(await runScenarioNode(defaultScenario));
    runner.dispose();
  });

  it('pauses at full speed only on machines of two cores or fewer', () => {
    expect(fullSpeedPause(1)).toEqual({ fullSpeedSliceMs: 12, fullSpeedRestMs: 4 });
    expect(fullSpeedPause(2)).toEqual({ fullSpeedSliceMs: 12, fullSpeedRestMs: 4 });
    expect(fullSpeedPause(4)).toEqual({});
    expect(fullSpeedRestShare(2)).toBe(0.25);
    expect(fullSpeedRestShare(8)).toBe(0);
  });

  it('attaches the summary at most every 250 ms of wall time', () => {
    const { clock, scheduler, frames, runner } = setup();
    runner.setSpeed(1);
    runner.play();
    for (let i = 0; i < 125; i++) {
      clock.ms = i * 16; // 2 s of frames
      scheduler.runNext();
    }
    const withSummary = frames.filter((f) => f.summary);
    expect(frames.length).toBeGreaterThan(100);
    expect(withSummary.length).toBeGreaterThanOrEqual(7);
    expect(withSummary.length).toBeLessThanOrEqual(9);
    runner.dispose();
  });
});

describe('SimulationRunner play and pause', () => {
  it('pause stops the slices and sends a frame with the summary', () => {
    const { sim, clock, scheduler, frames, runner } = setup();
    runner.setSpeed(1);
    runner.play();
    clock.ms = 100;
    scheduler.runNext();
    scheduler.runNext();
    runner.pause();
    expect(scheduler.pending).toBe(0);
    const paused = frames.at(-1)!;
    expect(paused).toMatchObject({ playing: false, finished: false });
    expect(paused.summary?.simTime).toBe(sim.now());

    clock.ms = 5000; // time passes while paused; it must not count
    runner.play();
    scheduler.runNext();
    expect(sim.now()).toBeCloseTo(0.1, 9);
    clock.ms = 5100;
    scheduler.runNext();
    expect(sim.now()).toBeCloseTo(0.2, 9);
    runner.dispose();
  });

  it('play on a finished run only reports that it is finished', () => {
    const { sim, scheduler, frames, runner } = setup();
    sim.advanceTo(sim.duration());
    runner.play();
    expect(scheduler.pending).toBe(0);
    expect(frames.at(-1)).toMatchObject({ finished: true, playing: false });
    runner.dispose();
  });

  it('stops and reports when the engine throws during a slice', () => {
    const trap = new WebAssembly.RuntimeError('unreachable');
    const { scheduler, crashes, runner } = setup({
      sim: (sim) =>
        failingOn(sim, 'advanceEvents', () => {
          throw trap;
        }),
    });
    runner.setSpeed(Infinity);
    runner.play();
    scheduler.runNext();
    expect(crashes).toEqual([trap]);
    expect(runner.isPlaying).toBe(false);
    expect(scheduler.pending).toBe(0);
    runner.dispose();
  });
});

describe('SimulationRunner stepping and visual events', () => {
  it('steps one event, or to the next burst, while paused, each followed by a frame with the summary', () => {
    const { sim, frames, runner } = setup();
    const burstsOf = (f: Frame) => f.summary!.bursts.sent;
    expect(runner.step('event')).toBe(true);
    expect(sim.eventCount()).toBe(1);
    expect(frames.at(-1)!.events).toBe(1);
    expect(frames.at(-1)!.summary).toBeDefined();
    for (let i = 1; i <= 3; i++) {
      expect(runner.step('burst')).toBe(true);
      expect(burstsOf(frames.at(-1)!)).toBe(i);
    }
    runner.dispose();
  });

  it('does not step while playing', () => {
    const { sim, scheduler, runner } = setup();
    runner.play();
    scheduler.runNext();
    const events = sim.eventCount();
    expect(runner.step('event')).toBe(false);
    expect(sim.eventCount()).toBe(events);
    runner.dispose();
  });

  it('carries the visual events on frames once turned on, each event once', () => {
    const { frames, runner } = setup();
    runner.step('burst');
    expect(frames.at(-1)!.visual).toBeUndefined();
    runner.setVisualEvents(true);
    runner.step('burst');
    const first = frames.at(-1)!.visual!;
    expect(first.kind).toBeInstanceOf(Uint8Array);
    // The burst that left its edge: formed (kind 0), then its BHP on the first fiber (1).
    expect([...first.kind]).toContain(0);
    runner.step('event');
    const second = frames.at(-1)!.visual!;
    expect(second.kind.length).toBeLessThan(first.kind.length + 5);
    runner.setVisualEvents(false);
    runner.step('burst');
    expect(frames.at(-1)!.visual).toBeUndefined();
    runner.dispose();
  });
});

describe('SimulationRunner: Next event skips what nothing draws', () => {
  // The app's kinds at 1x: packets on links are summarised, not drawn (apps/web visualKindsForSpeed).
  const AT_1X = ALL_VISUAL_EVENT_KINDS & ~(1 << VisualEventKind.PacketOnLink);
  const paper000 = structuredClone(findPreset('paper000')!.scenario) as Scenario;

  it('on paper 000 at 1x, each step ends at an event that records something to draw, and says how many events it ran', () => {
    const { sim, frames, runner } = setup({ scenario: paper000 });
    runner.setVisualEvents(true);
    runner.setVisualEventKinds(AT_1X);
    const ran: number[] = [];
    for (let i = 0; i < 6; i++) {
      const before = sim.eventCount();
      expect(runner.step('event')).toBe(true);
      const frame = frames.at(-1)!;
      expect(frame.visual!.kind.length, `step ${i + 1}`).toBeGreaterThan(0);
      expect(frame.stepEvents).toBe(sim.eventCount() - before);
      ran.push(frame.stepEvents!);
    }
    // Timers and packets on the access links come first: some steps run through several.
    expect(Math.max(...ran)).toBeGreaterThan(1);
    runner.dispose();
  });

  it('runs exactly one event when visual events are off (the CLI, a test), or when each event records one', () => {
    const off = setup({ scenario: paper000 });
    for (let i = 0; i < 3; i++) {
      off.runner.step('event');
      expect(off.frames.at(-1)!.stepEvents).toBe(1);
    }
    expect(off.sim.eventCount()).toBe(3);
    off.runner.dispose();
  });

  it('gives up after 1,000 events that record nothing, with no rows, and at the end of a run runs none', () => {
    const { sim, frames, runner } = setup({ scenario: paper000 });
    runner.setVisualEvents(true);
    runner.setVisualEventKinds(0);
    runner.step('event');
    expect(frames.at(-1)!.stepEvents).toBe(1_000);
    expect(frames.at(-1)!.visual!.kind.length).toBe(0);
    sim.advanceTo(sim.duration());
    expect(runner.step('event')).toBe(false);
    expect(frames.at(-1)!.stepEvents).toBe(0);
    runner.dispose();
  });

  it('gives Next burst and the frames of a playing run no step count', () => {
    const { frames, runner } = setup({ scenario: paper000 });
    runner.setVisualEvents(true);
    runner.step('burst');
    expect(frames.at(-1)!.stepEvents).toBeGreaterThan(0);
    runner.sendFrame(false);
    expect(frames.at(-1)!.stepEvents).toBeUndefined();
    runner.dispose();
  });
});

describe('SimulationRunner and the run guard', () => {
  // A fixed RTO of 1 ns: the timer fires 1e9 times per simulated second, and the engine's
  // run guard stops the run once its pace projects past the event budget.
  const runaway = structuredClone(defaultScenario) as Scenario;
  runaway.flows[0].tcp.rto = { initial: 1e-9, min: 0, max: 1e-9, fixed: 1e-9 };

  it.each([
    ['at full speed', Infinity],
    ['at a watching speed', 1e-4],
  ])('a stopped run ends play %s with a frame that says why and carries the summary', (_, speed) => {
    const { sim, clock, scheduler, frames, crashes, runner } = setup({ scenario: runaway });
    runner.setSpeed(speed);
    runner.play();
    for (let i = 0; i < 100000 && runner.isPlaying; i++) {
      clock.ms += 16;
      scheduler.runNext();
    }
    expect(runner.isPlaying).toBe(false);
    expect(crashes).toEqual([]);
    const last = frames.at(-1)!;
    expect(last.stopped).toBe(sim.stopReason());
    expect(last.stopped).toMatch(/^stopped at t = .* busiest: 100 % flow tcp1's sender \(retransmission timer\)$/);
    expect(last.finished).toBe(false);
    expect(last.summary?.events).toBe(sim.eventCount());
    // Play again: nothing runs, and the frame repeats the reason.
    const events = sim.eventCount();
    runner.play();
    expect(runner.isPlaying).toBe(false);
    expect(frames.at(-1)!.stopped).toBe(last.stopped);
    expect(runner.step('event')).toBe(false);
    expect(sim.eventCount()).toBe(events);
    runner.dispose();
  });
});

describe('SimulationRunner pausing at a moment', () => {
  const lossy = (): Scenario => ({
    ...defaultScenario,
    duration: 2,
    obs: { ...defaultScenario.obs, burstLoss: { data: 0.05, ack: 0.05 } },
  });
  const firstDataDrop = { stop: { kind: VisualEventKind.BurstDropped, cls: 0 } };

  /** Plays at `speed` with the clock moving 16 ms per slice until the runner stops playing; the frames. */
  function playToMoment(scenario: Scenario, speed: number, moment: Parameters<SimulationRunner['pauseAt']>[0]) {
    const run = setup({ scenario, engineEventsPerMs: 1000 });
    run.runner.setVisualEvents(true);
    run.runner.setSpeed(speed);
    run.runner.pauseAt(moment);
    run.runner.play();
    for (let i = 0; i < 100_000 && run.runner.isPlaying; i++) {
      run.clock.ms += 16;
      run.scheduler.runNext();
    }
    return run;
  }

  it('pauses itself right after the first event that meets its stop, at any speed, on a frame that says so', () => {
    const at = (speed: number) => {
      const { sim, frames, runner } = playToMoment(lossy(), speed, firstDataDrop);
      const last = frames.at(-1)!;
      expect(last).toMatchObject({ atMoment: true, playing: false, finished: false });
      expect(frames.slice(0, -1).every((f) => f.atMoment === undefined)).toBe(true);
      expect(last.summary).toBeDefined();
      // Nothing ran after the drop: it is the last event recorded.
      const rows = last.visual!;
      const i = rows.kind.length - 1;
      expect([rows.kind[i], rows.cls[i], rows.t0[i]]).toEqual([VisualEventKind.BurstDropped, 0, sim.now()]);
      const moment = { now: sim.now(), events: sim.eventCount() };
      runner.dispose();
      return moment;
    };
    const slow = at(0.01);
    expect(at(Infinity)).toEqual(slow);
    expect(at(1)).toEqual(slow);
  });

  it('pauses at exactly the time it names, at full speed too', () => {
    for (const speed of [0.05, Infinity]) {
      const { sim, frames, runner } = playToMoment(lossy(), speed, { time: 0.25 });
      expect(sim.now()).toBe(0.25);
      expect(frames.at(-1)).toMatchObject({ atMoment: true, playing: false, now: 0.25 });
      runner.dispose();
    }
  });

  it('for an event logged ahead of its time (a packet lost after retries), runs on to that time and no further', () => {
    const scenario = findPreset('paper002')!.scenario;
    const lost = { stop: { kind: VisualEventKind.PacketDropped, reason: 1 } };
    const { sim, frames, runner } = playToMoment(scenario, Infinity, lost);
    const rows = concatenatedVisual(frames);
    const drop = rows.findIndex((r) => r.kind === VisualEventKind.PacketDropped && r.reason === 1);
    expect(drop).toBeGreaterThanOrEqual(0);
    expect(sim.now()).toBe(rows[drop].t0);
    expect(frames.at(-1)).toMatchObject({ atMoment: true, playing: false });
    runner.dispose();
  });

  it('a moment the run steps past while paused is spent: Play then runs on', () => {
    const { sim, frames, scheduler, runner } = setup({ scenario: lossy() });
    runner.setVisualEvents(true);
    runner.pauseAt({ time: 0.001 });
    while (sim.now() < 0.001) runner.step('event');
    runner.setSpeed(Infinity);
    runner.play();
    while (scheduler.runNext() !== null);
    expect(sim.finished()).toBe(true);
    expect(frames.some((f) => f.atMoment)).toBe(false);
    runner.dispose();
  });

  it('changes nothing of the run: played on, it ends as an unpaused run does; null forgets the moment', async () => {
    const { sim, frames, scheduler, runner } = playToMoment(lossy(), Infinity, firstDataDrop);
    expect(sim.finished()).toBe(false);
    runner.play();
    while (scheduler.runNext() !== null);
    expect(frames.at(-1)!.summary).toStrictEqual(await runScenarioNode(lossy()));

    const forgot = setup({ scenario: lossy() });
    forgot.runner.setVisualEvents(true);
    forgot.runner.setSpeed(Infinity);
    forgot.runner.pauseAt({ time: 0.5 });
    forgot.runner.pauseAt(null);
    forgot.runner.play();
    while (forgot.scheduler.runNext() !== null);
    expect(forgot.sim.finished()).toBe(true);
    expect(forgot.frames.some((f) => f.atMoment)).toBe(false);
    forgot.runner.dispose();
    runner.dispose();
  });
});

/** Every visual event of the frames, as row objects. */
function concatenatedVisual(frames: Frame[]): Array<{ kind: number; reason: number; t0: number }> {
  const out: Array<{ kind: number; reason: number; t0: number }> = [];
  for (const f of frames) {
    const v = f.visual;
    if (!v) continue;
    for (let i = 0; i < v.kind.length; i++) out.push({ kind: v.kind[i], reason: v.reason[i], t0: v.t0[i] });
  }
  return out;
}
