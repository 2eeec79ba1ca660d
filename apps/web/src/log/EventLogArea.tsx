/**
 * The event log: what happened, as sentences, newest at the bottom.
 *
 * The model is read from the visual store's `notable` ring in the animation-frame loop
 * (controller.addView); React renders only the rows in view (a virtual list of fixed-height
 * rows), so 65,536 entries stay fast. The list follows the newest entry until the user
 * scrolls up. Clicking a row (or moving with the arrow keys) selects it and publishes a
 * focus (sim/focusStore.ts) for the other views.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useController, useSimState } from '../sim/simContext';
import { useElementSize } from '../useElementSize';
import { formatLogTime } from './describe';
import { formatCount } from '../format';
import {
  DEFAULT_FILTER,
  LogModel,
  categoryOf,
  entryText,
  filterEntries,
  focusOf,
  showingKind,
  type LogCategory,
  type LogEntry,
  type LogFilter,
} from './filter';
import { focusStore } from '../sim/focusStore';
import { rowParts } from './rowParts';
import { makeNames, type ScenarioShape } from '@obs-tcp-sim/engine';
import './log.css';

const ROW_H = 28;
const OVERSCAN = 6;

const CATEGORIES: Array<{ id: LogCategory; label: string; glyph: string }> = [
  { id: 'drops', label: 'Drops', glyph: '✕' },
  { id: 'tcp', label: 'TCP events', glyph: '↻' },
  { id: 'contention', label: 'Deflections & cuts', glyph: '↷' },
  { id: 'formed', label: 'Bursts formed', glyph: '▭' },
  { id: 'changes', label: 'Live changes', glyph: '⚙' },
];
const GLYPH: Record<LogCategory, string> = { drops: '✕', tcp: '↻', formed: '▭', changes: '⚙', contention: '↷' };

const SYNC_INTERVAL_MS = 160;
/** Entries built per sync at most: a few milliseconds of work. */
const ROWS_PER_SYNC = 3000;

export function EventLogArea() {
  const controller = useController();
  const { flowIds, routes } = useSimState();
  const scenario: ScenarioShape = controller.scenario;
  const names = useMemo(() => makeNames(scenario, flowIds, routes), [scenario, flowIds, routes]);
  const nodes = scenario.nodes ?? [];

  // 20,000 rows are more than anyone scrolls through; a larger model only costs each frame.
  const [model] = useState(() => new LogModel(20_000));
  const [filter, setFilter] = useState<LogFilter>(DEFAULT_FILTER);
  const [, setVersion] = useState(0);
  const shown = useRef<LogEntry[]>([]);
  /** Seq of the last model entry the filter has looked at. */
  const scannedSeq = useRef(-1);
  const applied = useRef<{ filter: LogFilter; names: typeof names } | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  const listRef = useRef<HTMLDivElement>(null);
  const { height } = useElementSize(listRef);
  const [scrollTop, setScrollTop] = useState(0);
  const stick = useRef(true);
  const [stuck, setStuck] = useState(true);

  // Bring the model and the filtered rows up to date; called per frame and on filter change.
  // New rows are taken at most about 6 times a second: nobody reads a list that scrolls
  // faster, and at full speed thousands of rows a second would keep the main thread busy.
  const lastSync = useRef(-Infinity);
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = useCallback(() => {
    const filterChanged = applied.current?.filter !== filter || applied.current?.names !== names;
    const wall = performance.now();
    if (!filterChanged && wall - lastSync.current < SYNC_INTERVAL_MS) {
      // Make sure the last rows of a burst of frames still show, once.
      trailing.current ??= setTimeout(() => {
        trailing.current = null;
        refreshRef.current();
      }, SYNC_INTERVAL_MS);
      return;
    }
    lastSync.current = wall;
    const visual = controller.visual;
    const changed = model.sync(visual.notable, visual.generation, ROWS_PER_SYNC);
    // Rows left unread (the log opened on a long run): the rest in the next frames.
    if (model.behind) {
      trailing.current ??= setTimeout(() => {
        trailing.current = null;
        lastSync.current = -Infinity;
        refreshRef.current();
      }, 16);
    }
    const last = applied.current;
    let rebuilt = false;
    if (!last || last.filter !== filter || last.names !== names) {
      if (last && last.names !== names) model.forgetTexts();
      shown.current = filterEntries(model.entries, filter, names);
      applied.current = { filter, names };
      rebuilt = true;
    } else if (changed) {
      const entries = model.entries;
      const first = entries[0]?.seq ?? 0;
      // A new run restarts seqs: rebuild.
      if (entries.length === 0 || scannedSeq.current > (entries.at(-1)?.seq ?? -1)) {
        shown.current = filterEntries(entries, filter, names);
      } else {
        let from = entries.length;
        while (from > 0 && entries[from - 1].seq > scannedSeq.current) from--;
        const added = filterEntries(entries, filter, names, from);
        let cut = 0;
        const cur = shown.current;
        while (cut < cur.length && cur[cut].seq < first) cut++;
        shown.current = cut > 0 || added.length > 0 ? cur.slice(cut).concat(added) : cur;
      }
      rebuilt = true;
    }
    scannedSeq.current = model.entries.at(-1)?.seq ?? -1;
    if (rebuilt) setVersion((v) => v + 1);
  }, [controller, model, filter, names]);

  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useEffect(() => controller.addView(refresh), [controller, refresh]);
  // A lesson paused at an event says "In the event log: …": the log then lists that kind,
  // even one whose chip is off (bursts formed are, by default: too many to read).
  useEffect(() => {
    const showLessonFocus = () => {
      const focus = focusStore.get();
      if (focus?.source === 'lesson') setFilter((f) => showingKind(f, focus.kind));
    };
    showLessonFocus();
    return focusStore.subscribe(showLessonFocus);
  }, []);
  useEffect(
    () => () => {
      if (trailing.current) clearTimeout(trailing.current);
    },
    [],
  );

  // Follow the newest row while stuck to the bottom. Written, never read: reading the
  // scroll height right after React changed the rows forced a layout of the page on every
  // sync, and storing the position re-rendered the list a second time.
  const rows = shown.current;
  const totalH = rows.length * ROW_H;
  const followed = useRef('');
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || !stick.current) return;
    const key = `${totalH}|${height}`;
    if (followed.current === key) return;
    followed.current = key;
    el.scrollTop = totalH; // clamped to the bottom by the browser
  });

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    const atBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_H / 2;
    // Our own scroll to the newest row: the rows shown already follow the bottom.
    if (atBottom && stick.current) return;
    followed.current = '';
    stick.current = atBottom;
    setStuck(atBottom);
    setScrollTop(el.scrollTop);
  };

  // While following, the list drew the bottom without storing where it was scrolled:
  // store it now, or the rows shown would jump to a stale position.
  const stopFollowing = () => {
    stick.current = false;
    setStuck(false);
    followed.current = '';
    const el = listRef.current;
    if (el) setScrollTop(el.scrollTop);
  };

  const jumpToNewest = () => {
    stick.current = true;
    setStuck(true);
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  const select = (entry: LogEntry) => {
    setSelected(entry.seq);
    focusStore.set(focusOf(entry, names));
  };

  const selectedIndex = selected === null ? -1 : binarySearchSeq(rows, selected);

  const moveSelection = (index: number) => {
    if (rows.length === 0) return;
    const i = Math.max(0, Math.min(rows.length - 1, index));
    select(rows[i]);
    const el = listRef.current;
    if (!el) return;
    const top = i * ROW_H;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_H > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_H - el.clientHeight;
    if (i === rows.length - 1) {
      stick.current = true;
      setStuck(true);
    } else {
      stopFollowing();
    }
  };

  const onKeyDown = (ev: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor(height / ROW_H) - 1);
    const cur = selectedIndex >= 0 ? selectedIndex : rows.length;
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveSelection(selectedIndex >= 0 ? cur + 1 : rows.length - 1),
      ArrowUp: () => moveSelection(cur - 1),
      PageDown: () => moveSelection(cur + page),
      PageUp: () => moveSelection(cur - page),
      Home: () => moveSelection(0),
      End: () => moveSelection(rows.length - 1),
      Enter: () => selectedIndex >= 0 && select(rows[selectedIndex]),
      ' ': () => selectedIndex >= 0 && select(rows[selectedIndex]),
    };
    const action = keys[ev.key];
    if (action) {
      ev.preventDefault();
      action();
    }
  };

  // Stuck to the bottom, the window is the last screenful, whatever scrollTop said last.
  const viewTop = stuck ? Math.max(0, totalH - height) : scrollTop;
  const first = Math.max(0, Math.floor(viewTop / ROW_H) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((viewTop + height) / ROW_H) + OVERSCAN);
  const visible = rows.slice(first, last);

  const visual = controller.visual;
  const missed = model.missed;
  const formedNotListed = model.formedNotListed;
  // Only the kinds the log lists: packets on links overwritten before a frame took them are the animation's loss, not the log's.
  const notableLost = visual.engineLostNotable;
  const total = model.entries.length;
  const newerHidden = !stuck && rows.length > 0 ? rows.length - Math.ceil((scrollTop + height) / ROW_H) : 0;

  const setCategory = (id: LogCategory, on: boolean) => setFilter((f) => ({ ...f, categories: { ...f.categories, [id]: on } }));

  return (
    <section className="event-log" data-testid="event-log" aria-label="Event log">
      <div className="log-toolbar" role="group" aria-label="Filter the event log">
        <fieldset className="log-kinds">
          <legend className="visually-hidden">Kinds of events</legend>
          {CATEGORIES.map((c) => (
            <label key={c.id} className={`log-chip log-chip-${c.id}`}>
              <input
                type="checkbox"
                checked={filter.categories[c.id]}
                onChange={(e) => setCategory(c.id, e.target.checked)}
                data-testid={`log-filter-${c.id}`}
              />
              <span aria-hidden="true" className={`log-glyph log-glyph-${c.id}`}>
                {c.glyph}
              </span>
              {c.label}
              <span className="log-chip-count">{formatCount(model.counts[c.id])}</span>
            </label>
          ))}
        </fieldset>
        <LogSelect by="flow" ids={flowIds} filter={filter} setFilter={setFilter} />
        <LogSelect by="node" ids={nodes.map((n) => n.id)} filter={filter} setFilter={setFilter} />
        <input
          type="search"
          className="log-search"
          placeholder="Search, e.g. RTO or “dropped C1”"
          aria-label="Search the event log"
          value={filter.search}
          onChange={(e) => setFilter((f) => ({ ...f, search: e.target.value }))}
          data-testid="log-search"
        />
        <span className="log-count" data-testid="log-count" data-shown={rows.length} data-total={total}>
          {formatCount(rows.length)} of {formatCount(total)}
        </span>
      </div>
      {(missed > 0 || notableLost > 0 || formedNotListed > 0) && (
        <p className="log-note" data-testid="log-not-shown" role="note">
          {missed > 0 && `${formatCount(missed)} earlier events not shown (too many to keep). `}
          {formedNotListed > 0 &&
            `${formatCount(formedNotListed)} bursts formed not listed (they came too fast; every drop and TCP event is). `}
          {notableLost > 0 &&
            `${formatCount(notableLost)} of the log's events were lost before the page could read them (too many at this speed).`}
        </p>
      )}
      <div className="log-list-wrap">
        <div
          ref={listRef}
          className="log-list"
          role="listbox"
          tabIndex={0}
          aria-label="Events, oldest first"
          aria-activedescendant={selectedIndex >= first && selectedIndex < last ? `log-row-${selected}` : undefined}
          onScroll={onScroll}
          onKeyDown={onKeyDown}
          data-testid="log-list"
          data-rows={rows.length}
        >
          <div className="log-spacer" style={{ height: totalH }}>
            {visible.map((entry, k) => {
              const i = first + k;
              const cat = categoryOf(entry.event.kind) ?? 'formed';
              const text = entryText(entry, names);
              const time = formatLogTime(entry.event.t0);
              return (
                <div
                  key={entry.seq}
                  id={`log-row-${entry.seq}`}
                  role="option"
                  aria-selected={entry.seq === selected}
                  className={`log-row log-row-${cat}${entry.seq === selected ? ' is-selected' : ''}`}
                  style={{ top: i * ROW_H, height: ROW_H }}
                  onClick={() => {
                    // The user is reading this row: stop following so it stays in view.
                    stopFollowing();
                    select(entry);
                    listRef.current?.focus({ preventScroll: true });
                  }}
                  title={`${time}: ${text}`}
                  data-testid="log-row"
                  data-time={entry.event.t0}
                  data-kind={entry.event.kind}
                  data-seq={entry.seq}
                >
                  <span className="log-time">{time}</span>
                  <span className={`log-glyph log-glyph-${cat}`} aria-hidden="true">
                    {GLYPH[cat]}
                  </span>
                  <span className="log-text">
                    {rowParts(text).map((part, j) => (
                      <span key={j} className={`log-part log-part-${part.role}`} data-part={part.role}>
                        {part.text}
                      </span>
                    ))}
                  </span>
                </div>
              );
            })}
          </div>
          {rows.length === 0 && (
            <p className="log-empty" data-testid="log-empty">
              {model.counts.drops + model.counts.tcp + model.counts.contention === 0 && !filter.categories.formed
                ? 'No drops, TCP events, deflections or cuts yet. Tick “Bursts formed” to see every burst an edge sends.'
                : 'No event matches these filters.'}
            </p>
          )}
        </div>
        {newerHidden > 0 && (
          <button type="button" className="log-jump" onClick={jumpToNewest} data-testid="log-jump-newest">
            ↓ {formatCount(newerHidden)} newer — follow the newest
          </button>
        )}
      </div>
    </section>
  );
}

function binarySearchSeq(rows: readonly LogEntry[], seq: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = rows[mid].seq;
    if (s === seq) return mid;
    if (s < seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The filter of the log by one flow or node (`by`): its index in `ids`, or -1 for all of them. */
function LogSelect({
  by,
  ids,
  filter,
  setFilter,
}: {
  by: 'flow' | 'node';
  ids: readonly string[];
  filter: LogFilter;
  setFilter(update: (f: LogFilter) => LogFilter): void;
}) {
  const name = by === 'flow' ? 'Flow' : 'Node';
  return (
    <label className="log-select">
      <span className="visually-hidden">{name}</span>
      <select
        value={filter[by]}
        onChange={(e) => setFilter((f) => ({ ...f, [by]: Number(e.target.value) }))}
        data-testid={`log-filter-${by}`}
      >
        <option value={-1}>{`All ${by}s`}</option>
        {ids.map((id, i) => (
          <option key={id} value={i}>
            {id}
          </option>
        ))}
      </select>
    </label>
  );
}
