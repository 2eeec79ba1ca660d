/**
 * The panel's section for a selected node: its id and kind, a core's switch settings
 * (setup, FDLs, wavelength conversion), and an edge node's assembly overrides.
 */
import { withNodeKind, renameNode, NODE_KINDS } from '../../scenario/scenarioEdits';
import { assemblyOf, type AssemblyOverrides, type AssemblySettings, type NodeKind, type ScenarioNode } from '../../scenario/scenarioTypes';
import { checkId } from '../../scenario/validateScenario';
import type { PanelContext } from './panelContext';
import { NumberField, SelectField, TextField } from './fields';
import { PathNumberField } from './PathNumberField';
import { ConversionField } from './ConversionField';
import { ContentionFields } from './ContentionFields';

const KIND_LABEL: Record<NodeKind, string> = {
  host: 'Host (TCP end)',
  router: 'Router (packet switch)',
  edge: 'Edge (OBS ingress/egress)',
  core: 'Core (optical switch)',
};

export function NodeSection({
  ctx,
  node,
  index,
  onRenamed,
}: {
  ctx: PanelContext;
  node: ScenarioNode;
  index: number;
  onRenamed(id: string): void;
}) {
  const p = `nodes[${index}]`;
  const others = ctx.scenario.nodes.filter((n) => n !== node).map((n) => n.id);
  return (
    <>
      <TextField
        path={`${p}.id`}
        label="Id"
        value={node.id}
        check={(t) => checkId(t, others, 'node')}
        externalError={ctx.errorAt(`${p}.id`)}
        onCommit={(id) => {
          ctx.edit(`rename ${node.id} to ${id}`, (s) => renameNode(s, node.id, id));
          onRenamed(id);
        }}
      />
      <SelectField
        path={`${p}.kind`}
        label="Kind"
        value={node.kind}
        options={NODE_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
        onChange={(k) => ctx.edit(`${node.id}: kind ${k}`, (s) => withNodeKind(s, node.id, k))}
      />
      {node.kind === 'core' && (
        <>
          <PathNumberField ctx={ctx} path={`${p}.setupTime`} owner={node.id} />
          <PathNumberField ctx={ctx} path={`${p}.fdl.count`} owner={node.id} hint="0 = bufferless" />
          <PathNumberField ctx={ctx} path={`${p}.fdl.unit`} owner={node.id} hint="Line i delays by i × unit" />
          <ConversionField ctx={ctx} path={`${p}.conversion`} owner={node.id} conversion={node.conversion} />
          <ContentionFields ctx={ctx} path={p} owner={node.id} deflection={node.deflection} segmentation={node.segmentation} />
        </>
      )}
      {node.kind === 'edge' && <EdgeAssembly ctx={ctx} node={node} index={index} />}
      {(node.kind === 'host' || node.kind === 'router') && (
        <p className="panel-note">
          {node.kind === 'host'
            ? 'A host sends and receives TCP flows. Its link settings (rate, delay, queue) are on the links.'
            : 'A router forwards packets; its queues are set per link (queue, in packets).'}
        </p>
      )}
    </>
  );
}

function EdgeAssembly({ ctx, node, index }: { ctx: PanelContext; node: ScenarioNode; index: number }) {
  const p = `nodes[${index}].assembly`;
  const own = assemblyOf(node) ?? {};
  const net = ctx.scenario.obs.assembly;
  const setOverride = <K extends keyof AssemblySettings>(k: K, v: AssemblySettings[K] | undefined) => {
    ctx.edit(`${node.id}: assembly ${k} ${v ?? 'from network'}`, (s) => {
      const edge = s.nodes[index];
      if (edge.kind !== 'edge') return s;
      const next: AssemblyOverrides = { ...(edge.assembly ?? {}) };
      if (v === undefined) delete next[k];
      else next[k] = v;
      const { assembly: _old, ...rest } = edge;
      const n: ScenarioNode = Object.keys(next).length === 0 ? rest : { ...rest, assembly: next };
      return { ...s, nodes: s.nodes.map((m, i) => (i === index ? n : m)) };
    });
  };
  const INHERIT = '';
  return (
    <fieldset className="subsection">
      <legend>Burst assembly at this edge</legend>
      <p className="panel-note">Empty = the network's setting.</p>
      <SelectField
        path={`${p}.policy`}
        label="Policy"
        value={(own.policy ?? INHERIT) as string}
        options={[{ value: INHERIT, label: `network (${net.policy})` }, 'time', 'size', 'hybrid']}
        onChange={(v) => setOverride('policy', v === INHERIT ? undefined : (v as AssemblySettings['policy']))}
        externalError={ctx.errorAt(`${p}.policy`)}
      />
      {(['maxTime', 'maxBytes', 'minBytes'] as const).map((k) => (
        <NumberField
          key={k}
          path={`${p}.${k}`}
          value={own[k]}
          inherit={net[k]}
          externalError={ctx.errorAt(`${p}.${k}`)}
          onCommit={(v) => setOverride(k, v)}
        />
      ))}
      <SelectField
        path={`${p}.queues`}
        label="Queues"
        value={(own.queues ?? INHERIT) as string}
        options={[{ value: INHERIT, label: `network (${net.queues})` }, 'per-class', 'mixed']}
        onChange={(v) => setOverride('queues', v === INHERIT ? undefined : (v as AssemblySettings['queues']))}
      />
    </fieldset>
  );
}
