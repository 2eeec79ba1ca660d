/**
 * Where the engine itself pauses each step of the lessons named on the command line (and,
 * for an argument `preset:<id>`, each "What to look for" point of that preset whose Show
 * me pauses at an event), as JSON on stdout: the lesson played in Node through the real wasm engine and the app's own
 * pause watch (apps/web/src/lessons/testHeadlessRun.ts), which pauses where the page does
 * (the engine stops right after the moment a step names, at any speed). For a TCP event,
 * the sentence the event log writes for it.
 *
 * The e2e specs hold the page to these instead of typing the engine's numbers ("cwnd 19",
 * a pause's time): an engine change then moves one suite's expectations (Vitest's
 * lessonRuns.test.ts, which says what the numbers should be), not two. Run by
 * lesson-pauses.ts `enginePauses` with tsx: the app's modules import JSON, which
 * Playwright's loader does not.
 */
import { applyScenarioSet, findPreset, lookForShow, type Scenario } from '@obs-tcp-sim/scenario';
import { findLesson } from '../apps/web/src/lessons/catalog';
import { scenarioAtStep } from '../apps/web/src/lessons/lessonScenario';
import { inSession, runStep } from '../apps/web/src/lessons/testHeadlessRun';
import { describeTcpEvent } from '../apps/web/src/log/describe';
import { makeNames } from '../packages/engine/src/names';
import { EventKind } from '../apps/web/src/sim/visualStore';

export interface EnginePause {
  /** The event's time, or the time the step names. */
  at: number;
  /** The event log's sentence for a TCP event, else null. */
  sentence: string | null;
}

const out: Record<string, Array<EnginePause | null>> = {};
for (const id of process.argv.slice(2)) {
  if (id.startsWith('preset:')) {
    out[id] = await showMePauses(id.slice('preset:'.length));
    continue;
  }
  const lesson = findLesson(id);
  if (!lesson) throw new Error(`no lesson ${id}`);
  out[id] = await inSession({ slice: 0.001, overshoot: 0 }, (session, watch) =>
    lesson.steps.map((step, i) => {
      const run = runStep(session, watch, step.scenario ? scenarioAtStep(lesson, i).scenario : null, step.pauseAt);
      const event = run.hit?.event ?? null;
      if (!run.hit) return null;
      const names = makeNames(session.scenario, session.flowIds);
      return { at: run.hit.at, sentence: event?.kind === EventKind.TcpEvent ? describeTcpEvent(event, names) : null };
    }),
  );
}
process.stdout.write(JSON.stringify(out));

/** Each point of the preset: where its Show me pauses, run with its settings (null: no Show me, or none at an event). */
async function showMePauses(id: string): Promise<Array<EnginePause | null>> {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  const pauses: Array<EnginePause | null> = [];
  for (const point of preset.lookFor) {
    const show = lookForShow(point);
    if (!show?.pauseAt) {
      pauses.push(null);
      continue;
    }
    const scenario = structuredClone(preset.scenario) as Scenario;
    const run = await inSession({ slice: 0.001, overshoot: 0 }, (session, watch) =>
      runStep(session, watch, show.set ? applyScenarioSet(scenario, show.set) : scenario, show.pauseAt),
    );
    pauses.push(run.hit ? { at: run.hit.at, sentence: null } : null);
  }
  return pauses;
}
