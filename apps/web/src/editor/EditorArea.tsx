/**
 * The network area: a palette and edit actions, the topology canvas (with the animation
 * overlay slot), and a side panel for the selection, the network settings and the flows.
 *
 * The scenario lives in a ScenarioStore (undo/redo, engine sync); this component holds
 * only what the user is doing right now: the selection and the tool (place a node, link
 * two nodes, pick a flow's hosts).
 */
import { useView, viewStore } from '../view/viewStore';
import { presenterTextPx } from '../view/presenterText';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { oneLine } from '@obs-tcp-sim/scenario';
import { NodeGlyph } from '../topology/NodeGlyph';
import { useElementSize } from '../useElementSize';
import { EditorCanvas, NODE_DRAG_TYPE } from './canvas/EditorCanvas';
import { channelWatch } from '../channel/watchRequest';
import { timeSpaceWatch } from '../timespace/watch';
import { nextBuildStep, type BuildStep } from '../scenario/buildGuide';
import { freeSpot } from '../scenario/freeSpot';
import {
  deleteNodeEdit,
  dependentsOf,
  dependentsText,
  linkKindFor,
  newFlow,
  newLink,
  newNode,
  nextId,
  NODE_PREFIX,
  whyNoLink,
  withNodeAdded,
} from '../scenario/scenarioEdits';
import type { OverlayRenderer } from './overlay';
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { flowRouteHops } from './canvas/flowRoutes';
import { PropertyPanel, type Selection } from './panel/PropertyPanel';
import type { ScenarioStore, SyncStatus } from '../store/scenarioStore';
import { useScenarioStore } from '../store/storeContext';
import { useController } from '../sim/simContext';
import type { NodeKind, Scenario } from '../scenario/scenarioTypes';
import './editor.css';

export type Tool =
  { type: 'select' } | { type: 'place'; kind: NodeKind } | { type: 'link'; from: string | null } | { type: 'flow'; from: string | null };

export interface EditorAreaProps {
  /** The animation drawn over the network (apps/web/src/animation). */
  overlay?: OverlayRenderer;
  /** A key to what the overlay draws, shown in the toolbar. */
  legend?: ReactNode;
  /**
   * A sentence laid over the top of the network (the step caption of Next event): over it,
   * not above it, so the network never moves when the sentence comes, goes or changes its
   * number of lines.
   */
  caption?: ReactNode;
  /** The scenario store; by default the page's (ScenarioStoreContext). */
  store?: ScenarioStore;
  /** The routes of the scenario the engine loaded (SimState.routes): a selected flow's are drawn. */
  routes?: EngineRoutes | null;
}

/** Room the animation's legend takes in the top-right corner of the network view, px. */
const LEGEND_BOX = { width: 190, height: 160 };
/** The room of the legend's toggle alone, once folded. */
const LEGEND_FOLDED = { width: 90, height: 34 };
/** The legend's room at the page's text size: presenter mode's larger text makes its toggle larger. */
function legendRoom(room: { width: number; height: number }, presenter: boolean): { width: number; height: number } {
  const k = presenter ? presenterTextPx(window.innerHeight) / 16 : 1;
  return { width: Math.round(room.width * k), height: Math.round(room.height * k) };
}
// Narrower views (the side panel open at 1280 px) start with the legend folded: kept free
// for it, the open box left paper 002's eight nodes drawn on top of each other.
const LEGEND_OPEN_MIN_WIDTH = 760;

const PALETTE: { kind: NodeKind; label: string; title: string }[] = [
  { kind: 'host', label: 'Host', title: 'Host: a TCP sender or receiver' },
  { kind: 'router', label: 'Router', title: 'Router: an electronic packet switch' },
  { kind: 'edge', label: 'Edge', title: 'Edge: OBS ingress/egress, assembles bursts' },
  { kind: 'core', label: 'Core', title: 'Core: bufferless optical switch' },
];

export function EditorArea({ overlay, legend, caption, store: given, routes }: EditorAreaProps = {}) {
  const pageStore = useScenarioStore();
  const store = given ?? pageStore;
  const controller = useController();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const { scenario, sync } = state;

  const [tool, setTool] = useState<Tool>({ type: 'select' });
  const [selection, setSelectionState] = useState<Selection>(null);
  // Closed until something is selected: the network gets the whole width in class.
  const [panelHidden, setPanelHidden] = useState(true);
  const setSelection = useCallback(
    (sel: Selection) => {
      setSelectionState(sel);
      if (sel) setPanelHidden(false);
      // A core selected: the channel view shows its fibers (now, or when its tab opens).
      if (sel?.type === 'node' && store.scenario.nodes.some((n) => n.id === sel.id && n.kind === 'core')) channelWatch.request(sel.id);
      // A flow selected: the time-space diagram follows its path.
      if (sel?.type === 'flow') timeSpaceWatch.request(sel.id);
    },
    [store],
  );
  const [hint, setHint] = useState<string | null>(null);
  const [fitRequest, setFitRequest] = useState(0);
  // null until someone folds or opens the legend: then it opens only on a wide view.
  const [legendChoice, setLegendChoice] = useState<boolean | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(boxRef);
  // Folded at first in presenter mode: at 24 px it would cover half the network.
  const legendOpen = legendChoice ?? (width >= LEGEND_OPEN_MIN_WIDTH && !viewStore.get().presenter);
  // The fit keeps the legend's corner free: its box as first drawn in each state (open or
  // folded, presenter or not; 4 px from the edges, a 4 px margin), or, before that, the
  // estimate at the page's text size. Once per state: a legend that gains a row mid-run
  // does not move the network.
  const legendRef = useRef<HTMLDivElement>(null);
  const legendState = `${legendOpen}|${viewStore.get().presenter}`;
  const [legendSizes, setLegendSizes] = useState<Record<string, { width: number; height: number }>>({});
  // Measured in the layout effect after the state's first render: the box as it is drawn then.
  useLayoutEffect(() => {
    const box = legendRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setLegendSizes((known) =>
      known[legendState] ? known : { ...known, [legendState]: { width: Math.ceil(box.width) + 8, height: Math.ceil(box.height) + 8 } },
    );
  }, [legendState, width, height]);
  // Presenter mode only: its larger text makes the estimate wrong by a line (a lesson's line in a
  // 161 px view fell back to names beside); at the desk the estimate stands, and the label pass
  // (overlayLabels.ts) was checked against the fits it gives on the backbones.
  const presenterNow = viewStore.get().presenter;
  const legendReserve =
    (presenterNow ? legendSizes[legendState] : undefined) ?? legendRoom(legendOpen ? LEGEND_BOX : LEGEND_FOLDED, presenterNow);

  // A scenario from outside (a preset) is fitted to the view.
  useEffect(() => {
    if (state.generation > 0) {
      setFitRequest((n) => n + 1);
      setSelection(null);
    }
  }, [state.generation, setSelection]);

  const edit = useCallback((label: string, fn: (s: Scenario) => Scenario) => store.edit(label, fn), [store]);

  const addNode = (kind: NodeKind, x: number, y: number): string => {
    const id = nextId(
      NODE_PREFIX[kind],
      store.scenario.nodes.map((n) => n.id),
    );
    edit(`add ${kind} ${id}`, (s) => withNodeAdded(s, newNode(kind, id, x, y)));
    setSelection({ type: 'node', id });
    setTool({ type: 'select' });
    setHint(null);
    return id;
  };

  /**
   * From the keyboard (no pointer to say where): the node goes to a free spot, the view
   * refits, and the focus goes to it, where the arrows move it (WCAG 2.1.1).
   */
  const placeFromKeyboard = (kind: NodeKind) => {
    const { x, y } = freeSpot(store.scenario.nodes);
    const id = addNode(kind, x, y);
    // Refit once the side panel (opened by the selection) has taken its width.
    requestAnimationFrame(() => requestAnimationFrame(() => setFitRequest((n) => n + 1)));
    focusNodeSoon(`[data-node="${CSS.escape(id)}"]`);
    setHint(`${id} placed: arrows move it, Tab goes on.`);
  };

  const deleteSelection = () => {
    const sel = selection;
    if (!sel) return;
    if (sel.type === 'node') {
      const del = deleteNodeEdit(store.scenario, sel.id);
      if (!del) return;
      const kind = kindOf(store.scenario, sel.id);
      edit(del.label, del.apply);
      // Said as it happens too (the panel said it before): what went with the node.
      setHint(del.took ? `Deleted ${kind} ${sel.id} with ${del.took}. Undo (Ctrl+Z) brings them back.` : null);
    } else if (sel.type === 'link') edit(`delete link ${sel.id}`, (s) => ({ ...s, links: s.links.filter((l) => l.id !== sel.id) }));
    else if (sel.type === 'flow') edit(`delete flow ${sel.id}`, (s) => ({ ...s, flows: s.flows.filter((f) => f.id !== sel.id) }));
    else return;
    setSelection(null);
  };
  const newScenario = () => {
    // The old run stops: its clock and counters stay (the build guide says so) until the first node.
    if (controller.getState().phase === 'running') controller.pause();
    store.newScenario();
    setSelection(null);
    setTool({ type: 'select' });
    // The build guide under the network says what to add first.
    setHint(null);
  };

  const canDelete = selection !== null && (selection.type === 'node' || selection.type === 'link' || selection.type === 'flow');

  const pickNode = (id: string) => {
    const s = store.scenario;
    if (tool.type === 'link') {
      if (!tool.from) {
        setTool({ type: 'link', from: id });
        setHint(`Link from ${id}: click the other end.`);
        return;
      }
      const a = s.nodes.find((n) => n.id === tool.from);
      const b = s.nodes.find((n) => n.id === id);
      if (!a || !b) return;
      const why = whyNoLink(a, b);
      if (why) {
        setHint(why);
        setTool({ type: 'link', from: a.id === b.id ? null : tool.from });
        return;
      }
      const kind = linkKindFor(a.kind, b.kind)!;
      const linkId = nextId(
        kind === 'fiber' ? 'f' : 'l',
        s.links.map((l) => l.id),
      );
      edit(`add ${kind} link ${linkId} ${a.id}–${b.id}`, (sc) => ({ ...sc, links: [...sc.links, newLink(linkId, a.id, b.id, kind)] }));
      setTool({ type: 'link', from: null });
      setHint(`Added ${kind} link ${linkId} (${a.id}–${b.id}). Click two more nodes, or press Esc.`);
      return;
    }
    if (tool.type === 'flow') {
      const n = s.nodes.find((m) => m.id === id);
      if (!n || n.kind !== 'host') {
        setHint(`${id} is not a host: flows run between two hosts.`);
        return;
      }
      if (!tool.from) {
        setTool({ type: 'flow', from: id });
        setHint(`Flow from ${id}: click the receiving host.`);
        return;
      }
      if (tool.from === id) {
        setHint('Pick a different host to receive.');
        return;
      }
      const flowId = nextId(
        'tcp',
        s.flows.map((f) => f.id),
      );
      const src = tool.from;
      edit(`add flow ${flowId} ${src} → ${id}`, (sc) => ({ ...sc, flows: [...sc.flows, newFlow(flowId, src, id)] }));
      setTool({ type: 'select' });
      setSelection({ type: 'flow', id: flowId });
      setHint(null);
      return;
    }
    setSelection({ type: 'node', id });
  };

  // Keyboard: Delete/Backspace, Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y, Esc. Never Space (play/pause).
  const keyRef = useRef({ deleteSelection, tool, selection });
  keyRef.current = { deleteSelection, tool, selection };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTyping(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && !e.altKey && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) store.redo();
        else store.undo();
      } else if (mod && !e.altKey && key === 'y') {
        e.preventDefault();
        store.redo();
      } else if (!mod && (e.key === 'Delete' || e.key === 'Backspace')) {
        if (keyRef.current.selection && keyRef.current.selection.type !== 'network' && keyRef.current.selection.type !== 'flows') {
          e.preventDefault();
          keyRef.current.deleteSelection();
        }
      } else if (e.key === 'Escape') {
        if (keyRef.current.tool.type !== 'select') {
          setTool({ type: 'select' });
          setHint(null);
        } else if (keyRef.current.selection) setSelection(null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, setSelection]);

  // A selection whose element was undone away closes.
  const present = selectionExists(scenario, selection);
  const shownSelection = present ? selection : null;
  const lastElementRef = useRef<Selection>(null);
  if (shownSelection && (shownSelection.type === 'node' || shownSelection.type === 'link' || shownSelection.type === 'flow')) {
    lastElementRef.current = shownSelection;
  }
  // The panel keeps its column (the canvas does not jump while building); × hides it to
  // give the network the whole width, and selecting something brings it back.
  // Presenter and embed modes keep the side panel out of the way (the network gets the room).
  const { presenter, embed } = useView();
  const panelOpen = !presenter && !embed && (!panelHidden || shownSelection !== null);
  const lastElement = selectionExists(scenario, lastElementRef.current) ? lastElementRef.current : null;

  const undoLabel = state.undo.at(-1)?.label;
  const redoLabel = state.redo.at(-1)?.label;
  const canvasSelection = shownSelection && (shownSelection.type === 'node' || shownSelection.type === 'link') ? shownSelection : null;
  const pendingFrom = tool.type === 'link' || tool.type === 'flow' ? tool.from : null;
  const selectedFlow = shownSelection?.type === 'flow' ? shownSelection.id : null;
  // Only while the engine runs the scenario drawn (an edit being sent has other routes),
  // and only routes that fit it hop by hop (flowRoutes.ts).
  const flowRoutes = selectedFlow && sync.kind === 'synced' ? flowRouteHops(scenario, routes, selectedFlow) : null;

  // The Add flow button goes once the tool is on: the focus goes to the first host, not to the page.
  const startFlow = () => {
    toggleTool({ type: 'flow', from: null });
    focusNodeSoon('[data-kind="host"]');
  };

  const toggleTool = (next: Tool) => {
    if (tool.type === next.type && (next.type !== 'place' || (tool.type === 'place' && tool.kind === next.kind))) {
      setTool({ type: 'select' });
      setHint(null);
      return;
    }
    setTool(next);
    setHint(
      next.type === 'place'
        ? `Click the canvas to place a ${next.kind} (Esc to cancel); from the keyboard, Enter on the ${next.kind} button places it at a free spot.`
        : next.type === 'link'
          ? 'Link: click the first node, then the second (Esc to stop).'
          : next.type === 'flow'
            ? 'Flow: click the sending host, then the receiving host (Esc to cancel).'
            : null,
    );
  };

  return (
    <section className="panel editor-area" aria-labelledby="editor-title" data-testid="editor-area" data-tool={tool.type}>
      {/* The skip link's target (App.tsx): the next Tab is New. */}
      <div className="editor-toolbar" role="toolbar" aria-label="Network editor" id="network-editor" tabIndex={-1}>
        <h2 id="editor-title" className="visually-hidden">
          Network
        </h2>
        <div className="tool-group" role="group" aria-label="Scenario">
          <button
            type="button"
            className="tool"
            data-testid="new-scenario"
            title="New scenario: an empty network to build from scratch (Undo brings this one back)"
            aria-label="New scenario"
            onClick={newScenario}
          >
            <svg width={18} height={22} viewBox="0 0 18 22" aria-hidden="true">
              <path d="M2 1 H11 L16 6 V21 H2 Z M11 1 V6 H16" fill="#fff" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" />
            </svg>
            New
          </button>
        </div>
        <div className="tool-group" role="group" aria-label="Add">
          {PALETTE.map((p) => (
            <button
              key={p.kind}
              type="button"
              className="tool"
              draggable
              title={`${p.title}. Click, then click the canvas; or drag it there.`}
              data-testid={`palette-${p.kind}`}
              aria-pressed={tool.type === 'place' && tool.kind === p.kind}
              onDragStart={(e) => {
                e.dataTransfer.setData(NODE_DRAG_TYPE, p.kind);
                e.dataTransfer.effectAllowed = 'copy';
              }}
              // A click arms the tool (then click the canvas); Enter or Space places the node at once.
              onClick={(e) => (e.detail === 0 ? placeFromKeyboard(p.kind) : toggleTool({ type: 'place', kind: p.kind }))}
            >
              <svg width={22} height={22} viewBox="-22 -22 44 44" aria-hidden="true">
                <NodeGlyph kind={p.kind} size={0.9} />
              </svg>
              {p.label}
            </button>
          ))}
          <button
            type="button"
            className="tool"
            data-testid="palette-link"
            title="Link two nodes: packet between hosts, routers and edges; fiber between edge and core nodes"
            aria-pressed={tool.type === 'link'}
            onClick={() => toggleTool({ type: 'link', from: null })}
          >
            <svg width={22} height={22} viewBox="0 0 22 22" aria-hidden="true">
              <line x1={3} y1={19} x2={19} y2={3} stroke="currentColor" strokeWidth={3} />
            </svg>
            Link
          </button>
        </div>
        <div className="tool-group" role="group" aria-label="Edit">
          {[
            { step: 'undo', name: 'Undo', glyph: '↶', keys: 'Ctrl+Z', label: undoLabel, go: () => store.undo() },
            { step: 'redo', name: 'Redo', glyph: '↷', keys: 'Ctrl+Shift+Z', label: redoLabel, go: () => store.redo() },
          ].map((h) => (
            <button
              key={h.step}
              type="button"
              className="tool"
              data-testid={h.step}
              disabled={!h.label}
              title={h.label ? `${h.name} ${h.label} (${h.keys})` : `Nothing to ${h.step}`}
              aria-label={h.label ? `${h.name} ${h.label}` : h.name}
              onClick={h.go}
            >
              {`${h.glyph} ${h.name}`}
            </button>
          ))}
          <button
            type="button"
            className="tool"
            data-testid="delete"
            disabled={!canDelete}
            title="Delete the selection (Delete)"
            onClick={deleteSelection}
          >
            Delete
          </button>
          <button
            type="button"
            className="tool"
            data-testid="fit"
            title="Fit the network in view"
            onClick={() => setFitRequest((n) => n + 1)}
          >
            Fit
          </button>
        </div>
        <div className="tool-group" role="group" aria-label="Panels">
          {!panelOpen && (
            <button
              type="button"
              className="tool"
              data-testid="show-panel"
              title="Show the side panel (selection, settings, flows)"
              onClick={() => setPanelHidden(false)}
            >
              Panel
            </button>
          )}
        </div>
      </div>
      <div className={`editor-body${panelOpen ? ' with-panel' : ''}`}>
        <div className="editor-canvas-box" ref={boxRef}>
          {caption}
          {/* Over the canvas's right edge, where a fitted network leaves room (networks
              are wider than tall, views are wider still): the toolbar keeps one line and
              the network gets the height. */}
          {legend && (
            <div ref={legendRef} className={`editor-legend${legendOpen ? '' : ' folded'}`} data-testid="legend-box">
              {/* Folds away when a network someone builds reaches this corner. */}
              <button
                type="button"
                className="legend-toggle"
                aria-expanded={legendOpen}
                data-testid="legend-toggle"
                onClick={() => setLegendChoice(!legendOpen)}
              >
                {legendOpen ? 'Legend ▴' : 'Legend ▾'}
              </button>
              {legendOpen && legend}
            </div>
          )}
          {width > 0 && height > 0 && (
            <EditorCanvas
              scenario={scenario}
              width={width}
              height={height}
              selection={canvasSelection}
              pendingFrom={pendingFrom}
              placing={tool.type === 'place'}
              picking={tool.type === 'link' || tool.type === 'flow'}
              fitRequest={fitRequest}
              overlayActive={sync.kind === 'synced'}
              overlay={overlay}
              describe={describe(scenario)}
              reserve={legend ? legendReserve : undefined}
              onBackgroundClick={(x, y) => {
                if (tool.type === 'place') addNode(tool.kind, x, y);
                else if (tool.type === 'select') setSelection(null);
              }}
              onNodeClick={pickNode}
              selectedFlow={selectedFlow}
              flowRoutes={flowRoutes}
              onFlowClick={(id) => {
                if (tool.type === 'select') setSelection({ type: 'flow', id });
              }}
              onLinkClick={(id) => {
                if (tool.type === 'select') setSelection({ type: 'link', id });
              }}
              onNodeDrag={(id, x, y) => store.preview((s) => ({ ...s, nodes: s.nodes.map((n) => (n.id === id ? { ...n, x, y } : n)) }))}
              onNodeDragEnd={(id) => store.commitPreview(`move ${id}`)}
              onDropKind={addNode}
            />
          )}
          <StatusStrip
            hint={hint}
            sync={panelOpen ? { kind: 'synced' } : sync}
            guide={tool.type === 'select' ? nextBuildStep(scenario) : null}
            onDismissHint={() => setHint(null)}
            onAddFlow={startFlow}
          />
        </div>
        {panelOpen && (
          <PropertyPanel
            scenario={scenario}
            selection={shownSelection}
            sync={sync}
            edit={edit}
            onSelect={setSelection}
            onDelete={deleteSelection}
            lastElement={lastElement}
            onHide={() => {
              setSelection(null);
              setPanelHidden(true);
            }}
            onNewNetwork={newScenario}
            deleteNote={deleteNoteFor(scenario, shownSelection)}
            flowPicking={tool.type === 'flow'}
            onAddFlow={startFlow}
            routes={routes}
          />
        )}
      </div>
    </section>
  );
}

/** Focuses the first element `selector` finds once React has drawn it (a node just added, the first host). */
function focusNodeSoon(selector: string): void {
  requestAnimationFrame(() => requestAnimationFrame(() => document.querySelector<SVGGElement>(`.editor-canvas ${selector}`)?.focus()));
}

function StatusStrip({
  hint,
  sync,
  guide,
  onDismissHint,
  onAddFlow,
}: {
  hint: string | null;
  sync: SyncStatus;
  /** What to add next, while the network is being built (buildGuide.ts). */
  guide: BuildStep | null;
  onDismissHint(): void;
  onAddFlow(): void;
}) {
  // The guide says it better than "the network needs at least one node".
  const emptyNetwork = sync.kind === 'invalid' && sync.issues[0].path === 'nodes' && guide?.step === 'nodes';
  const problem = emptyNetwork
    ? null
    : sync.kind === 'invalid'
      ? `Not sent to the engine: ${sync.issues[0].message}${sync.issues.length > 1 ? ` (and ${sync.issues.length - 1} more)` : ''}.`
      : sync.kind === 'refused'
        ? `The engine refused this network: ${sync.message}`
        : null;
  if (!hint && !problem && !guide) return <div className="editor-status" data-testid="editor-status" data-sync={sync.kind} hidden />;
  return (
    <div className="editor-status" data-testid="editor-status" data-sync={sync.kind} role="status">
      {problem && <p className="status-problem">{oneLine(problem)}</p>}
      {guide && (
        <p className="status-guide" data-testid="build-guide" data-step={guide.step}>
          {guide.text}
          {guide.step === 'flow' && (
            <>
              {' '}
              <button type="button" className="small" data-testid="guide-add-flow" onClick={onAddFlow}>
                Add flow
              </button>
            </>
          )}
        </p>
      )}
      {hint && (
        <p className="status-hint">
          {hint}{' '}
          <button type="button" className="small" onClick={onDismissHint} aria-label="Dismiss hint">
            ×
          </button>
        </p>
      )}
    </div>
  );
}

function selectionExists(s: Scenario, sel: Selection): boolean {
  if (!sel) return false;
  switch (sel.type) {
    case 'node':
      return s.nodes.some((n) => n.id === sel.id);
    case 'link':
      return s.links.some((l) => l.id === sel.id);
    case 'flow':
      return s.flows.some((f) => f.id === sel.id);
    default:
      return true;
  }
}

/** What deleting the selected node would take with it, said before it happens. */
function deleteNoteFor(s: Scenario, sel: Selection): string | null {
  if (sel?.type !== 'node') return null;
  const took = dependentsText(dependentsOf(s, sel.id));
  return took ? `Deleting ${sel.id} also deletes ${took} (Undo brings them back).` : null;
}

function kindOf(s: Scenario, id: string): string {
  return s.nodes.find((n) => n.id === id)?.kind ?? 'node';
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

function describe(s: Scenario): string {
  const nodes = s.nodes.map((n) => `${n.id} (${n.kind})`).join(', ');
  return `Network editor. ${s.nodes.length} nodes: ${nodes}; ${s.links.length} links. Wheel to zoom, drag the background to pan.`;
}
