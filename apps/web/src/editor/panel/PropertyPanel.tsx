/**
 * The side panel: the selected node, link or flow, the network settings, or the flows,
 * with the engine's verdict on top when it refused the network (or when the network breaks
 * a rule and was not sent), and a way to the field at fault.
 */
import { useMemo, useRef } from 'react';
import { usePanelReach } from './usePanelReach';
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { oneLine, splitElementPath } from '@obs-tcp-sim/scenario';
import { setPath } from '../../scenario/fieldPaths';
import type { SyncStatus } from '../../store/scenarioStore';
import type { Scenario } from '../../scenario/scenarioTypes';
import type { PanelContext } from './panelContext';
import { FlowSection } from './FlowSection';
import { FlowsSection } from './FlowsSection';
import { LinkSection } from './LinkSection';
import { NetworkSection } from './NetworkSection';
import { NodeSection } from './NodeSection';
import { TabList } from '../../view/TabList';

export type Selection =
  | { type: 'node'; id: string }
  | { type: 'link'; id: string }
  | { type: 'flow'; id: string }
  | { type: 'network' }
  | { type: 'flows' }
  | null;

export interface PropertyPanelProps {
  scenario: Scenario;
  selection: Selection;
  sync: SyncStatus;
  edit(label: string, fn: (s: Scenario) => Scenario): void;
  onSelect(sel: Selection): void;
  onDelete(): void;
  onHide(): void;
  onNewNetwork(): void;
  /** Said under Delete before it is pressed: what goes with the node (its flows, links). */
  deleteNote?: string | null;
  /** The node, link or flow selected last (the Selection tab goes back to it). */
  lastElement: Selection;
  flowPicking: boolean;
  onAddFlow(): void;
  /** The routes of the engine's loaded run (SimState.routes); shown only while `sync` says it runs this scenario. */
  routes?: EngineRoutes | null;
}

/** The element a field path belongs to: what to select to show it. */
export function selectionForPath(s: Scenario, path: string): Selection {
  const element = splitElementPath(path);
  if (element && element.index !== null && ['nodes', 'links', 'flows'].includes(element.list)) {
    const i = element.index;
    if (element.list === 'nodes' && s.nodes[i]) return { type: 'node', id: s.nodes[i].id };
    if (element.list === 'links' && s.links[i]) return { type: 'link', id: s.links[i].id };
    if (element.list === 'flows' && s.flows[i]) return { type: 'flow', id: s.flows[i].id };
    return null;
  }
  if (path === 'nodes') return null;
  return { type: 'network' };
}

export function PropertyPanel(props: PropertyPanelProps) {
  const { scenario, selection, sync, edit } = props;
  const errors = useMemo(() => {
    const map = new Map<string, string>();
    if (sync.kind === 'invalid') for (const i of sync.issues) if (!map.has(i.path)) map.set(i.path, i.message);
    if (sync.kind === 'refused' && sync.path) map.set(sync.path, sync.message);
    return map;
  }, [sync]);

  const ctx: PanelContext = {
    scenario,
    edit,
    set: (label, path, value) => edit(label, (s) => setPath(s, path, value)),
    errorAt: (path) => errors.get(path) ?? null,
    errorUnder: (path) => {
      for (const [at, message] of errors) if (at === path || at.startsWith(`${path}[`) || at.startsWith(`${path}.`)) return message;
      return null;
    },
    // While an edit is on its way, invalid or refused, the engine still runs the previous
    // scenario: its routes would describe something else.
    routes: sync.kind === 'synced' ? (props.routes ?? null) : null,
  };

  const problemPath = sync.kind === 'invalid' ? sync.issues[0].path : sync.kind === 'refused' ? sync.path : null;
  const problemSel = problemPath ? selectionForPath(scenario, problemPath) : null;

  let title = 'Nothing selected';
  let body: React.ReactNode = (
    <div className="panel-empty">
      <p>Click a node or link to edit it; Settings for the run and OBS; Flows for the TCP connections.</p>
      <p>
        <span className="live-tag">live</span> fields change the running simulation; the others restart it from t = 0.
      </p>
    </div>
  );
  let key = 'none';
  let deletable = false;
  const isElement = selection?.type === 'node' || selection?.type === 'link' || selection?.type === 'flow';
  const rename = (type: 'node' | 'link' | 'flow') => (id: string) => props.onSelect({ type, id });

  if (selection?.type === 'node') {
    const index = scenario.nodes.findIndex((n) => n.id === selection.id);
    const node = scenario.nodes[index];
    if (node) {
      title = `${cap(node.kind)} ${node.id}`;
      body = <NodeSection ctx={ctx} node={node} index={index} onRenamed={rename('node')} />;
      key = `node-${index}-${node.id}`;
      deletable = true;
    }
  } else if (selection?.type === 'link') {
    const index = scenario.links.findIndex((l) => l.id === selection.id);
    const link = scenario.links[index];
    if (link) {
      title = `${cap(link.kind)} link ${link.id}`;
      body = <LinkSection ctx={ctx} link={link} index={index} onRenamed={rename('link')} />;
      key = `link-${index}-${link.id}`;
      deletable = true;
    }
  } else if (selection?.type === 'flow') {
    const index = scenario.flows.findIndex((f) => f.id === selection.id);
    const flow = scenario.flows[index];
    if (flow) {
      title = `Flow ${flow.id}`;
      body = <FlowSection ctx={ctx} flow={flow} index={index} onRenamed={rename('flow')} />;
      key = `flow-${index}-${flow.id}`;
      deletable = true;
    }
  } else if (selection?.type === 'network') {
    title = 'Network settings';
    body = (
      <>
        <NetworkSection ctx={ctx} />
        <button
          type="button"
          className="small"
          data-testid="new-network"
          title="A new, empty scenario (Undo brings this one back)"
          onClick={props.onNewNetwork}
        >
          New empty scenario
        </button>
      </>
    );
    key = 'network';
  } else if (selection?.type === 'flows') {
    title = `Flows (${scenario.flows.length})`;
    body = (
      <FlowsSection ctx={ctx} picking={props.flowPicking} onAdd={props.onAddFlow} onSelect={(id) => props.onSelect({ type: 'flow', id })} />
    );
    key = 'flows';
  }

  const panelRef = useRef<HTMLElement>(null);
  const reach = usePanelReach(panelRef);

  // The panel's tabs: the selected element (the last one, when another tab is open), the settings, the flows.
  const tabs = [
    {
      testId: 'open-selection',
      label: 'Selection',
      selected: isElement,
      open: () => props.onSelect(props.lastElement),
      disabled: !props.lastElement && !isElement,
    },
    { testId: 'open-network', label: 'Settings', selected: selection?.type === 'network', open: () => props.onSelect({ type: 'network' }) },
    { testId: 'open-flows', label: 'Flows', selected: selection?.type === 'flows', open: () => props.onSelect({ type: 'flows' }) },
  ];

  return (
    <aside
      ref={panelRef}
      className={`property-panel${reach !== null ? ' reaching' : ''}`}
      style={reach !== null ? { height: reach } : undefined}
      data-testid="property-panel"
      aria-label={title}
      data-selection={selection ? selection.type : 'none'}
    >
      <div className="property-tabs">
        <TabList className="property-tab-list" label="Panel" tabs={tabs} />
        {/* Outside the tab list: a tab list holds tabs only. */}
        <button
          type="button"
          className="small hide-panel"
          data-testid="close-panel"
          aria-label="Close the panel"
          title="Close the panel (Esc)"
          onClick={props.onHide}
        >
          ×
        </button>
      </div>
      <div className="property-head">
        <h3>{title}</h3>
        {deletable && (
          <button
            type="button"
            className="small"
            data-testid="panel-delete"
            onClick={props.onDelete}
            aria-describedby={props.deleteNote ? 'delete-note' : undefined}
          >
            Delete
          </button>
        )}
      </div>
      {deletable && props.deleteNote && (
        <p className="delete-note" id="delete-note" data-testid="delete-note">
          {props.deleteNote}
        </p>
      )}
      {(sync.kind === 'invalid' || sync.kind === 'refused') && (
        <div className="panel-banner" role="alert" data-testid="engine-banner" data-kind={sync.kind}>
          <p>
            {sync.kind === 'refused' ? (
              <>
                <strong>The engine refused this scenario:</strong> {oneLine(sync.message)}
              </>
            ) : (
              <>
                <strong>Not sent to the engine:</strong> {oneLine(sync.issues[0].message)}
                {sync.issues.length > 1 ? ` (and ${sync.issues.length - 1} more)` : ''}
              </>
            )}
          </p>
          <p className="banner-sub">Your edit is kept; the simulation runs the last accepted network.</p>
          {problemSel && !sameSelection(problemSel, selection) && (
            <button type="button" className="small" data-testid="show-problem" onClick={() => props.onSelect(problemSel)}>
              Show the field
            </button>
          )}
        </div>
      )}
      <div className="property-body" key={key}>
        {body}
      </div>
    </aside>
  );
}

function sameSelection(a: Selection, b: Selection): boolean {
  if (!a || !b || a.type !== b.type) return false;
  return !('id' in a) || ('id' in b && a.id === b.id);
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
