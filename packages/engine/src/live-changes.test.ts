// A run changed while it plays is replayed exactly by the scenario that lists its changes
// (docs/live-changes.md): the app records the `at` changeLive reports and writes it into
// `liveChanges`; the replay must give the same summary and the same samples, bit for bit.
// Through the real wasm engine and the runner the worker uses.
import { describe, expect, it } from 'vitest';
import { findPreset } from '@obs-tcp-sim/scenario';
import type { LiveChange, Scenario } from '@obs-tcp-sim/scenario';
import type { SampleColumns, Simulation } from './engine-module';
import { SAMPLE_COLUMNS } from './engine-module';
import type { Frame } from './frame';
import { runScenarioNode, loadEngineNode } from './node-engine';
import { SimulationRunner } from './simulation-runner';
import { FakeClock, ManualScheduler } from './test-support';
import { concatSamples } from './worker-api';

const engine = await loadEngineNode();

function paper000(): Scenario {
  const found = findPreset('paper000');
  if (!found) throw new Error('no preset paper000');
  const s = structuredClone(found.scenario) as Scenario;
  s.duration = 4;
  return s;
}

interface Played {
  summaryJson: string;
  samples: SampleColumns;
  recorded: LiveChange[];
}

/** A runner over `sim` that keeps every frame it sends and rethrows a crash (none is expected). */
function recordingRunner(sim: Simulation, clock: FakeClock, scheduler: ManualScheduler): { runner: SimulationRunner; frames: Frame[] } {
  const frames: Frame[] = [];
  const crash = (e: unknown) => {
    throw e;
  };
  return { runner: new SimulationRunner(sim, (f) => frames.push(f), crash, { clock, scheduler }), frames };
}

/**
 * Plays `scenario` with the runner (fake clock: the engine "takes" 1 ms per 300 events,
 * so a slice is a few thousand events) at `speed`, making each change when the pause
 * (`paused`, before playing) or slice number `afterSlice` is over, as the page does
 * between slices; records the `at` each change reports.
 */
function play(scenario: Scenario, speed: number, changes: { afterSlice: number | 'paused'; path: string; value: number }[] = []): Played {
  const sim = new engine.module.Simulation(JSON.stringify(scenario));
  expect(sim.error()).toBe('');
  const clock = new FakeClock(0, () => sim.eventCount() / 300);
  const scheduler = new ManualScheduler();
  const { runner, frames } = recordingRunner(sim, clock, scheduler);
  const recorded: LiveChange[] = [];
  const change = (when: number | 'paused') => {
    for (const c of changes.filter((c) => c.afterSlice === when)) {
      const result = runner.changeLive(c.path, c.value);
      expect(result.error).toBeNull();
      recorded.push({ at: result.at, path: c.path, value: c.value });
    }
  };
  try {
    // Paused at t = 0 after one event: the change lands in the middle of an instant.
    runner.step('event');
    change('paused');
    runner.setSpeed(speed);
    runner.play();
    for (let slice = 1; scheduler.runNext() !== null; slice++) {
      change(slice);
      clock.ms += 16;
    }
    expect(sim.finished()).toBe(true);
    return { summaryJson: sim.summaryJson(), samples: concatSamples(frames.map((f) => f.samples)), recorded };
  } finally {
    runner.dispose();
  }
}

/** Same bits in every column (a typed array's bytes, so -0 and 0 or one ulp differ). */
function expectSameSamples(a: SampleColumns, b: SampleColumns): void {
  for (const column of SAMPLE_COLUMNS) {
    const bytes = (x: SampleColumns) => Buffer.from(x[column].buffer, x[column].byteOffset, x[column].byteLength);
    expect(a[column].length, column).toBe(b[column].length);
    expect(bytes(a).equals(bytes(b)), column).toBe(true);
  }
}

describe('live changes replay exactly', () => {
  const scenario = paper000();
  const fiber = scenario.links.findIndex((l) => l.id === 'E1-C1');
  const edge = scenario.nodes.findIndex((n) => n.id === 'E1');
  const changes = [
    { afterSlice: 'paused' as const, path: 'links[0].loss', value: 0.001 },
    { afterSlice: 5, path: 'flows[0].tcp.variant', value: 7 }, // cubic
    { afterSlice: 12, path: 'obs.burstLoss.data', value: 0 },
    { afterSlice: 12, path: `links[${fiber}].wavelengths`, value: 1 },
    { afterSlice: 20, path: `nodes[${edge}].assembly.maxTime`, value: 5e-4 },
  ];

  it.each([
    ['as fast as possible', Infinity],
    ['at real time', 1],
  ])('played %s, then replayed from its record', (_how, speed) => {
    const live = play(scenario, speed, changes);
    expect(live.recorded.map((c) => c.path)).toEqual(changes.map((c) => c.path));
    expect(live.recorded[0].at).toBe(0);
    // Later slices come later in engine time.
    for (let i = 1; i < live.recorded.length; i++) expect(live.recorded[i].at).toBeGreaterThanOrEqual(live.recorded[i - 1].at);
    expect(live.recorded.at(-1)!.at).toBeLessThan(scenario.duration);
    // The summary lists them as they were made.
    expect(JSON.parse(live.summaryJson).liveChanges).toEqual(live.recorded);

    // The record, through JSON text as a share link carries it, played at another pace.
    const replayed = JSON.parse(JSON.stringify({ ...scenario, liveChanges: live.recorded })) as Scenario;
    const again = play(replayed, speed === Infinity ? 1 : Infinity);
    expect(again.summaryJson).toBe(live.summaryJson);
    expectSameSamples(again.samples, live.samples);
  });

  it('a change made between two events of one instant lands after the rest of it', () => {
    const json = JSON.stringify(scenario);
    const whole = new engine.module.Simulation(json);
    whole.advanceTo(0);
    const eventsAtZero = whole.eventCount();
    whole.delete();
    expect(eventsAtZero).toBeGreaterThan(1);
    const sim = new engine.module.Simulation(json);
    const { runner, frames } = recordingRunner(sim, new FakeClock(), new ManualScheduler());
    try {
      runner.step('event');
      expect(sim.eventCount()).toBe(1);
      expect(runner.changeLive('obs.burstLoss.ack', 0.2)).toEqual({ error: null, at: 0 });
      expect(sim.eventCount()).toBe(eventsAtZero);
      // Paused, so a frame tells the page the engine moved.
      expect(frames.at(-1)!.events).toBe(eventsAtZero);
      // Refused: nothing ran, nothing changed.
      expect(runner.changeLive('obs.burstLoss.ack', 2)).toEqual({
        error: 'obs.burstLoss.ack must be a probability between 0 and 1',
        at: 0,
      });
      expect(sim.eventCount()).toBe(eventsAtZero);
    } finally {
      runner.dispose();
    }
  });

  it('the changes mattered, and the CLI path replays them too', async () => {
    const live = play(scenario, Infinity, changes);
    const without = play(scenario, Infinity);
    expect(JSON.parse(without.summaryJson).fingerprint).not.toBe(JSON.parse(live.summaryJson).fingerprint);
    expect(JSON.parse(without.summaryJson).liveChanges).toBeUndefined();
    const cli = await runScenarioNode({ ...scenario, liveChanges: live.recorded });
    expect(cli).toEqual(JSON.parse(live.summaryJson));
  });

  it('scheduled changes apply in order of time, ties in list order', () => {
    const sim = new engine.module.Simulation(
      JSON.stringify({
        ...scenario,
        liveChanges: [
          { at: 2, path: 'obs.burstLoss.ack', value: 0.1 },
          { at: 1, path: 'obs.burstLoss.data', value: 0.5 },
          { at: 1, path: 'obs.burstLoss.data', value: 0 },
        ],
      }),
    );
    try {
      expect(sim.error()).toBe('');
      sim.advanceTo(sim.duration());
      const listed = JSON.parse(sim.summaryJson()).liveChanges as LiveChange[];
      expect(listed.map((c) => [c.at, c.value])).toEqual([
        [1, 0.5],
        [1, 0],
        [2, 0.1],
      ]);
    } finally {
      sim.delete();
    }
  });

  it('refuses a bad entry naming the field', () => {
    const refusal = (liveChanges: unknown) => {
      const sim = new engine.module.Simulation(JSON.stringify({ ...scenario, liveChanges }));
      const error = sim.error();
      sim.delete();
      return error;
    };
    expect(refusal([{ at: 5, path: 'obs.burstLoss.data', value: 0 }])).toBe(
      'liveChanges[0].at must be a time in seconds from 0 to the duration, 4 (got 5)',
    );
    expect(refusal([{ at: 1, path: 'links[0].wavelengths', value: 2 }])).toMatch(
      /^liveChanges\[0\]\.path "links\[0\]\.wavelengths" cannot be changed/,
    );
    expect(refusal([{ at: 1, path: 'flows[0].tcp.variant', value: 11 }])).toMatch(
      /^liveChanges\[0\]\.value must be an integer from 0 to 10/,
    );
  });
});
