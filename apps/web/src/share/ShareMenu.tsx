/**
 * "Share & files" in the header: a link to the scenario (copied to the clipboard, and shown
 * to select by hand where the clipboard is off), the scenario as a file to save or open
 * (drag and drop onto the page too), and exports of the run: time series and event log
 * (CSV), summary (JSON), charts (PNG, SVG).
 *
 * What is shared is the scenario being worked on (the editor's, sliders included): the
 * link restores it exactly, so the same seed gives the same summary.
 *
 * "Saved in this browser" offers the work a link replaced ("Restore previous work") and
 * the records this version could not read, to download (storage/workKeeper.ts).
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { encodeShareHash, oneLine, presetShareHash, quoteInput } from '@obs-tcp-sim/scenario';
import { exportCharts, figuresAvailable, FIGURE_NAMES, type FigureKind } from '../charts/chartExport';
import { chartCaption } from '../charts/exportCaption';
import { makeNames } from '@obs-tcp-sim/engine';
import { useController, useSimState } from '../sim/simContext';
import { download } from '../files/download';
import { eventLogCsv, fileStem, jsonText, timeSeriesCsv } from '../files/exports';
import { scenarioFromFile } from '../files/openFile';
import { presetIdOf } from '../startup/decideOpening';
import { presetOrigin } from '../store/presetMatch';
import { useSavedWork, type SavedWork } from '../startup/savedWorkContext';
import { useScenarioStore } from '../store/storeContext';
import { useEngineSync } from '../store/engineSyncContext';
import { documentOf } from '../store/scenarioStore';
import { withProvenance } from './provenance';
import { usePopover } from '../usePopover';
import { PopoverToggle } from '../PopoverToggle';

export function ShareMenu() {
  const controller = useController();
  const store = useScenarioStore();
  const sync = useEngineSync();
  // Subscribed, so the summary export turns on when the first summary arrives.
  const { summary } = useSimState();
  const { open, setOpen, panelId } = usePopover();
  const [link, setLink] = useState<{ url: string; copied: boolean; preset: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const page = () => `${location.origin}${location.pathname}${location.search}`;

  const copyLink = async () => {
    // The same link as the address bar: the scenario, the run's live changes with their
    // times (a replay), and the preset it comes from (store/addressBar.ts).
    const state = store.getState();
    let url: string;
    try {
      url = page() + encodeShareHash(documentOf(state), state.presetId === null ? {} : { fromPreset: state.presetId });
    } catch (error) {
      setLink(null);
      setMessage(error instanceof Error ? error.message : String(error));
      return;
    }
    const preset = state.run.changes.length === 0 && state.run.pending.length === 0 ? presetIdOf(state.scenario) : '';
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      // No clipboard (an insecure page, or permission refused): the field below is selected.
    }
    setMessage(null);
    setLink({ url, copied, preset: preset ? page() + presetShareHash(preset) : '' });
  };

  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const read = await scenarioFromFile(file);
    if (!read.ok) {
      controller.notify(`Could not open ${read.message}. Your scenario is unchanged.`);
      return;
    }
    setOpen(false);
    await sync
      .open(read.scenario, { label: `open file ${file.name}`, play: true, presetId: presetOrigin(read.scenario) || null })
      .catch(() => {
        // The session shows the engine's reason; the previous scenario stays.
      });
  };

  // Files dropped anywhere on the page open here too (the latest openFile, one listener).
  const openLatest = useRef(openFile);
  openLatest.current = openFile;
  useFileDrop(useCallback((file: File) => void openLatest.current(file), []));

  const names = () => makeNames(controller.scenario, controller.getState().flowIds);
  const stem = () => fileStem(store.scenario);

  return (
    <div className="share-menu">
      <PopoverToggle className="share-toggle" testId="share-toggle" open={open} setOpen={setOpen} controls={panelId}>
        Share &amp; files
      </PopoverToggle>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="open-file-input"
        onChange={(e) => {
          void openFile(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      {open && (
        <div className="share-panel" id={panelId} data-testid="share-panel" role="group" aria-label="Share and files">
          <h2>Share</h2>
          <button type="button" data-testid="copy-link" onClick={() => void copyLink()}>
            Copy link to this scenario
          </button>
          {link && (
            <div className="share-link">
              <p role="status">{link.copied ? 'Link copied. Anyone who opens it gets this scenario.' : 'Copy this link:'}</p>
              <LinkBox url={link.url} testId="share-link" label="Link to this scenario" />
              {link.preset && (
                <p>
                  Short link (the preset as shipped): <LinkBox url={link.preset} testId="preset-link" label="Short link to the preset" />
                </p>
              )}
            </div>
          )}
          {message && (
            <p className="share-error" role="alert" data-testid="share-error">
              {oneLine(message)}
            </p>
          )}
          <h2>Scenario file</h2>
          <div className="share-row">
            <button
              type="button"
              data-testid="save-scenario"
              onClick={() => download(`${stem()}.json`, jsonText(documentOf(store.getState())), 'application/json')}
            >
              Save…
            </button>
            <button type="button" data-testid="open-scenario" onClick={() => fileInput.current?.click()}>
              Open…
            </button>
            <span className="share-hint">or drop a .json file on the page</span>
          </div>
          <SavedSection onDone={() => setOpen(false)} />
          <h2>Export this run</h2>
          <div className="share-row">
            <button
              type="button"
              data-testid="export-series"
              onClick={() => download(`${stem()}-series.csv`, timeSeriesCsv(controller.series, controller.getState().flowIds), 'text/csv')}
            >
              Time series (CSV)
            </button>
            <button
              type="button"
              data-testid="export-log"
              onClick={() => download(`${stem()}-events.csv`, eventLogCsv(controller.visual.notable, names()), 'text/csv')}
            >
              Event log (CSV)
            </button>
            <button
              type="button"
              data-testid="export-summary"
              disabled={!summary}
              onClick={() =>
                summary &&
                download(`${stem()}-summary.json`, jsonText(withProvenance(summary, documentOf(store.getState()))), 'application/json')
              }
            >
              Summary (JSON)
            </button>
          </div>
          <FigureExports stem={stem} />
          <button type="button" className="share-close" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The figure of each results view on screen, as PNG and SVG. What an export produced, or
 * why it could not, is said under the buttons: an export never fails without a word.
 */
function FigureExports({ stem }: { stem: () => string }) {
  const store = useScenarioStore();
  const [note, setNote] = useState<{ text: string; failed: boolean } | null>(null);
  const kinds = figuresAvailable();
  const save = async (kind: FigureKind, format: 'png' | 'svg') => {
    const what = `${FIGURE_NAMES[kind]} (${format.toUpperCase()})`;
    try {
      const name = await exportCharts(format, stem(), chartCaption(store.getState()), kind);
      setNote({ text: `${what} saved as ${name}.`, failed: false });
    } catch (error) {
      setNote({ text: `${what} not exported: ${error instanceof Error ? error.message : String(error)}.`, failed: true });
    }
  };
  return (
    <>
      {kinds.map((kind) => (
        <div className="share-row" key={kind}>
          {(['png', 'svg'] as const).map((format) => (
            <button
              key={format}
              type="button"
              data-testid={kind === 'charts' ? `export-${format}` : `export-${kind}-${format}`}
              onClick={() => void save(kind, format)}
            >
              {FIGURE_NAMES[kind]} ({format.toUpperCase()})
            </button>
          ))}
        </div>
      ))}
      {kinds.length === 0 && (
        <div className="share-row">
          <span className="share-hint">Figures: open the Charts, Channels, Compare or Sweep tab to export what it shows (PNG, SVG).</span>
        </div>
      )}
      {note && (
        <p className={note.failed ? 'share-error' : 'share-hint'} role={note.failed ? 'alert' : 'status'} data-testid="export-note">
          {note.text}
        </p>
      )}
    </>
  );
}

/** "Saved in this browser": the work a link replaced, and records this version cannot read. */
function SavedSection({ onDone }: { onDone: () => void }) {
  const work = useSavedWork();
  if (!work) return null;
  return <SavedList work={work} onDone={onDone} />;
}

function SavedList({ work, onDone }: { work: SavedWork; onDone: () => void }) {
  const { keeper, opener } = work;
  const { previous, kept } = useSyncExternalStore(keeper.subscribe, keeper.getView);
  // Forgetting drops the only copy: it takes a second click.
  const [forgetting, setForgetting] = useState<string | null>(null);
  if (!previous && kept.length === 0) return null;
  return (
    <>
      <h2>Saved in this browser</h2>
      <ul className="share-saved">
        {previous && (
          <li data-testid="previous-work">
            <button
              type="button"
              data-testid="restore-previous"
              onClick={() => {
                onDone();
                void opener.restorePrevious();
              }}
            >
              Restore previous work
            </button>
            <span>
              {quoteInput(previous.name)}
              {previous.savedAt !== null && <>, saved {whenText(previous.savedAt)}</>}
              {previous.replacedAt !== null && <span className="share-hint"> (replaced by a link {whenText(previous.replacedAt)})</span>}
            </span>
          </li>
        )}
        {kept.map((record, i) => (
          <li key={i} data-testid="kept-record">
            <span>
              A scenario this version cannot open: {oneLine(record.why, 200)}
              {record.keptAt !== null && <span className="share-hint"> (set aside {whenText(record.keptAt)})</span>}
            </span>
            <button type="button" data-testid="kept-download" onClick={() => opener.downloadKept(record.text)}>
              Download
            </button>
            {forgetting === record.text ? (
              <>
                <button type="button" data-testid="kept-forget-confirm" onClick={() => keeper.forget(record.text)}>
                  Forget it for good
                </button>
                <button type="button" onClick={() => setForgetting(null)}>
                  Keep it
                </button>
              </>
            ) : (
              <button type="button" data-testid="kept-forget" onClick={() => setForgetting(record.text)}>
                Forget…
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A moment in the reader's own words (their locale and time zone). */
export function whenText(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A scenario file dropped anywhere on the page opens like Open… does. */
export function useFileDrop(onFile: (file: File) => void): void {
  useEffect(() => {
    const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      const file = e.dataTransfer?.files[0];
      if (file) onFile(file);
    };
    addEventListener('dragover', over);
    addEventListener('drop', drop);
    return () => {
      removeEventListener('dragover', over);
      removeEventListener('drop', drop);
    };
  }, [onFile]);
}

/** A link to copy: read-only, all of it selected when focused. */
function LinkBox({ url, testId, label }: { url: string; testId: string; label: string }) {
  return <input readOnly value={url} data-testid={testId} onFocus={(e) => e.currentTarget.select()} aria-label={label} />;
}
