/**
 * Under a step's text (or a Show me's point), the settings it quotes, as they are now:
 * "Settings now: Assembly time 2 ms · Control processing 1 ms (preset 10 µs)". The class
 * sees the parameter a sentence speaks of without opening the editor, and an edit or a
 * slider shows here at once (it reads the scenario in force from the store). Nothing when
 * the text quotes no setting. Which settings: quotedSettings.ts.
 */
import { useId, useMemo, useSyncExternalStore } from 'react';
import { findPreset } from '@obs-tcp-sim/scenario';
import { useScenarioStore } from '../store/storeContext';
import { notFiguresAt } from './notFigures';
import { quotedSettings } from './quotedSettings';

export function QuotedSettings({ text, place }: { text: string; place: string }) {
  const store = useScenarioStore();
  const headId = useId();
  const scenario = useSyncExternalStore(store.subscribe, () => store.getState().scenario);
  const presetId = useSyncExternalStore(store.subscribe, () => store.getState().presetId);
  const settings = useMemo(() => {
    const preset = presetId ? (findPreset(presetId)?.scenario ?? null) : null;
    return quotedSettings(text, scenario, preset, notFiguresAt(place));
  }, [text, scenario, presetId, place]);
  if (settings.length === 0) return null;
  return (
    <div className="quoted-settings" data-testid="quoted-settings" role="group" aria-labelledby={headId}>
      <span className="quoted-settings-head" id={headId}>
        Settings now:
      </span>{' '}
      {/* A list, so a screen reader counts them; the dots between are the stylesheet's. */}
      <ul>
        {settings.map((s) => (
          <li key={`${s.label} ${s.owners.join(' ')} ${s.now}`} data-quotes={s.quotes.join('|')}>
            <span className="quoted-setting-name">{s.label}</span>
            {s.owners.length > 0 && <span className="quoted-setting-owners"> ({s.owners.join(', ')})</span>} <b>{s.now}</b>
            {s.preset !== undefined && <span className="quoted-setting-preset"> (preset {s.preset})</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
