/**
 * The presets: a first lesson and one scenario per paper. Picking one opens it (an undoable
 * action of the scenario store; the run starts again from t = 0). Once anything differs
 * from the preset the picker says "(edited)" (before the title, which a narrow picker cuts) and offers Reset to the preset, which is also
 * how the current preset is picked again. "What to look for" opens the few sentences a
 * teacher reads to the class, the figure it reproduces and every assumption made where the
 * paper is silent; an edited preset keeps them, marked as edited. Each point has a *Show
 * me* (lessons/player.ts): the speed and view for it, and a pause where the run shows it.
 */
import { useRef, useSyncExternalStore } from 'react';
import { usePopover } from '../usePopover';
import { PRESETS, findPreset, lookForShow, lookForText, type Preset, type Scenario } from '@obs-tcp-sim/scenario';
import { useLessonPlayer } from '../lessons/lessonPlayerContext';
import { useScenarioStore } from '../store/storeContext';
import { useEngineSync } from '../store/engineSyncContext';
import { useView } from '../view/viewStore';
import { BUTTON_NAMES } from '../view/controlNames';
import { PopoverToggle } from '../PopoverToggle';

export function PresetPicker() {
  const store = useScenarioStore();
  const sync = useEngineSync();
  const player = useLessonPlayer();
  const { presenter } = useView();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const { presetId, edited } = state;
  // Escape or a press outside the picker puts the notes away.
  const root = useRef<HTMLDivElement>(null);
  const { open, setOpen, panelId: infoId } = usePopover(root);
  const preset = presetId === null ? null : (findPreset(presetId) ?? null);
  // The scenario's own name, shown (and announced) when it is not the preset's title:
  // after a rename, or a scenario opened from elsewhere.
  const name = state.scenario.name ?? '';

  const choose = (next: string) => {
    const chosen = findPreset(next);
    if (!chosen) return;
    // The presets are frozen and shared: the store gets its own copy to edit.
    void sync
      .open(structuredClone(chosen.scenario) as Scenario, { label: `open preset "${chosen.title}"`, presetId: chosen.id, play: true })
      .catch(() => {
        // The session already shows the engine's reason as a notice.
      });
  };

  return (
    <div className="preset-picker" ref={root} data-edited={edited || undefined}>
      <p className="scenario-name" data-testid="scenario-name" hidden={preset?.title === name}>
        {name}
      </p>
      <label>
        <span className={presenter ? 'visually-hidden' : 'preset-label'}>Preset</span>
        <select data-testid="preset" value={preset ? preset.id : ''} onChange={(e) => choose(e.target.value)}>
          {!preset && <option value="">(own scenario)</option>}
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {/* "(edited)" first: a long title is cut at the select's end, the mark must not be. */}
              {p.id === preset?.id && edited ? `(edited) ${p.title}` : p.title}
            </option>
          ))}
        </select>
      </label>
      {preset && edited && (
        <button
          type="button"
          className="preset-reset"
          data-testid="reset-preset"
          title={`Back to "${preset.title}" as published: every edit and slider undone (one step: Undo brings them back)`}
          onClick={() => store.resetToPreset()}
        >
          {BUTTON_NAMES.resetToPreset}
        </button>
      )}
      {preset && (
        <PopoverToggle className="preset-info-toggle" testId="preset-info-toggle" open={open} setOpen={setOpen} controls={infoId}>
          What to look for
        </PopoverToggle>
      )}
      {preset && open && (
        <PresetInfo
          id={infoId}
          preset={preset}
          edited={edited}
          onClose={() => setOpen(false)}
          onShowMe={
            player
              ? (point) => {
                  // The point's text goes to the lesson panel, with where the run paused: the popover would hide the network.
                  setOpen(false);
                  const show = lookForShow(preset.lookFor[point]);
                  if (show) void player.showMe(preset, point, lookForText(preset.lookFor[point]), show);
                }
              : null
          }
        />
      )}
    </div>
  );
}

function PresetInfo({
  id,
  preset,
  edited,
  onClose,
  onShowMe,
}: {
  id: string;
  preset: Preset;
  edited: boolean;
  onClose: () => void;
  /** Null without a lesson player: no Show me buttons. */
  onShowMe: ((point: number) => void) | null;
}) {
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
      {edited && (
        <p className="preset-edited-note" data-testid="preset-edited-note">
          This scenario is an edited copy of the preset: what follows describes the preset as published, and the run on screen may differ.
        </p>
      )}
      <p className="preset-summary">{preset.summary}</p>
      <h2>What to look for</h2>
      <ul className="look-for">
        {preset.lookFor.map((point, i) => (
          <li key={lookForText(point)}>
            <span id={`${id}-point-${i}`}>{lookForText(point)}</span>
            {onShowMe && lookForShow(point) && (
              <>
                {' '}
                <button
                  type="button"
                  className="show-me"
                  data-testid={`show-me-${i}`}
                  aria-describedby={`${id}-point-${i}`}
                  title="Set the speed and the view for this point, and pause the run where it shows"
                  onClick={() => onShowMe(i)}
                >
                  {BUTTON_NAMES.showMe}
                </button>
              </>
            )}
          </li>
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
