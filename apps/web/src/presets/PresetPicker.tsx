/**
 * The presets: a first lesson and one scenario per paper. Picking one loads it (the run
 * starts again from t = 0); "What to look for" opens the few sentences a teacher reads to
 * the class, the figure it reproduces and every assumption made where the paper is silent.
 */
import { useEffect, useId, useState } from 'react';
import { PRESETS, type Preset } from '@obs-tcp-sim/scenario';
import type { Scenario } from '@obs-tcp-sim/scenario';
import { presetIdOf } from '../share/startup';
import { useController, useSimState } from '../sim/context';

export function PresetPicker({ initialId }: { initialId: string }) {
  const controller = useController();
  const [id, setId] = useState(initialId);
  const [open, setOpen] = useState(false);
  const infoId = useId();
  const { scenarioRevision } = useSimState();
  const preset = PRESETS.find((p) => p.id === id) ?? null;
  // The scenario's own name, shown (and announced) when it is not the preset's title:
  // after an edit, or a scenario opened from elsewhere.
  const name = controller.scenario.name ?? '';
  // A scenario loaded by the app that is exactly a preset (the default after a refused
  // link, a file holding a preset) names it; an edit keeps the picker where it was.
  useEffect(() => {
    const match = presetIdOf(controller.scenario as Scenario);
    if (match !== '') setId(match);
  }, [controller, scenarioRevision]);

  const choose = (next: string) => {
    const chosen = PRESETS.find((p) => p.id === next);
    if (!chosen) return;
    setId(next);
    // The presets are frozen and shared: the session gets its own copy to edit.
    void controller.loadScenario(structuredClone(chosen.scenario) as Scenario, { play: true }).catch(() => {
      // The controller already shows the engine's reason as a notice.
    });
  };

  return (
    <div className="preset-picker" data-revision={scenarioRevision}>
      <p className="scenario-name" data-testid="scenario-name" hidden={preset?.title === name}>
        {name}
      </p>
      <label>
        <span className="preset-label">Preset</span>
        <select data-testid="preset" value={preset ? id : ''} onChange={(e) => choose(e.target.value)}>
          {!preset && <option value="">(edited scenario)</option>}
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
      </label>
      {preset && (
        <button
          type="button"
          className="preset-info-toggle"
          aria-expanded={open}
          aria-controls={infoId}
          data-testid="preset-info-toggle"
          onClick={() => setOpen(!open)}
        >
          What to look for
        </button>
      )}
      {preset && open && <PresetInfo id={infoId} preset={preset} onClose={() => setOpen(false)} />}
    </div>
  );
}

function PresetInfo({ id, preset, onClose }: { id: string; preset: Preset; onClose: () => void }) {
  return (
    <section
      id={id}
      className="preset-info"
      data-testid="preset-info"
      aria-label={`About ${preset.title}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <p className="preset-summary">{preset.summary}</p>
      <h3>What to look for</h3>
      <ul>
        {preset.lookFor.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {(preset.paper || preset.figure) && (
        <p className="preset-source">
          {preset.paper && <>Paper {preset.paper}. </>}
          {preset.figure && <>Reproduces {preset.figure}.</>}
        </p>
      )}
      {preset.assumptions.length > 0 && (
        <details>
          <summary>Assumptions ({preset.assumptions.length})</summary>
          <ul>
            {preset.assumptions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
