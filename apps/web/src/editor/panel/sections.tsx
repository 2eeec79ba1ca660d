/**
 * The panel's sections: one per thing that can be selected (node, link, flow), the
 * network settings (run, OBS, background traffic) and the list of flows. Every field of
 * scenario format v1 is here, with the edge's assembly overrides and tcp.recovery, and the
 * routing extension (docs/routing.md): link costs, start spread, access, forced routes.
 */
import { useState } from 'react';
import { allowedLinkKinds, withLinkKind, withNodeKind, renameNode, NODE_KINDS } from '../../scenario/scenarioEdits';
import { getPath } from '../../scenario/fieldPaths';
import { assemblyOf, type AssemblySettings, type Flow, type NodeKind, type ScenarioLink, type ScenarioNode } from '../../scenario/scenarioTypes';
import { TCP_VARIANTS } from '@obs-tcp-sim/scenario';
import { checkId, ruleFor } from '../../scenario/validateScenario';
import type { PanelContext } from './panelContext';
import { CheckField, NumberField, SelectField, TextField } from './fields';
import { flowRouteWords } from './routeWords';
import { costPerDirection, formatRoute, nextCost, NEW_ACCESS_SIDE, parseRoute, withAccessSide, type Access, type Cost } from '../../scenario/routingEdits';

/** A number field bound to a scenario path. */
function Num({
  ctx,
  path,
  owner,
  label,
  inherit,
  inheritFrom,
  hint,
}: {
  ctx: PanelContext;
  path: string;
  owner: string;
  label?: string;
  inherit?: number;
  inheritFrom?: string;
  hint?: string;
}) {
  const value = getPath(ctx.scenario, path) as number | undefined;
  const rule = ruleFor(path)!;
  return (
    <NumberField
      path={path}
      label={label}
      value={value}
      inherit={inherit}
      inheritFrom={inheritFrom}
      hint={hint}
      externalError={ctx.errorAt(path)}
      onCommit={(v, shown) => ctx.set(`${owner}: ${(label ?? rule.label).toLowerCase()} ${shown}`, path, v)}
    />
  );
}

// ---------------------------------------------------------------- node

const KIND_LABEL: Record<NodeKind, string> = {
  host: 'Host (TCP end)',
  router: 'Router (packet switch)',
  edge: 'Edge (OBS ingress/egress)',
  core: 'Core (optical switch)',
};

export function NodeSection({ ctx, node, index, onRenamed }: { ctx: PanelContext; node: ScenarioNode; index: number; onRenamed(id: string): void }) {
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
          <Num ctx={ctx} path={`${p}.setupTime`} owner={node.id} />
          <Num ctx={ctx} path={`${p}.fdl.count`} owner={node.id} hint="0 = bufferless" />
          <Num ctx={ctx} path={`${p}.fdl.unit`} owner={node.id} hint="Line i delays by i × unit" />
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
      const next = { ...(assemblyOf(s.nodes[index]) ?? {}) } as Record<string, unknown>;
      if (v === undefined) delete next[k];
      else next[k] = v;
      const n = { ...s.nodes[index] } as Record<string, unknown>;
      if (Object.keys(next).length === 0) delete n.assembly;
      else n.assembly = next;
      return { ...s, nodes: s.nodes.map((m, i) => (i === index ? (n as unknown as ScenarioNode) : m)) };
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

// ---------------------------------------------------------------- link

export function LinkSection({ ctx, link, index, onRenamed }: { ctx: PanelContext; link: ScenarioLink; index: number; onRenamed(id: string): void }) {
  const p = `links[${index}]`;
  const kindOf = new Map(ctx.scenario.nodes.map((n) => [n.id, n.kind]));
  const ka = kindOf.get(link.a);
  const kb = kindOf.get(link.b);
  const allowed = ka && kb ? allowedLinkKinds(ka, kb) : [];
  const kinds = allowed.includes(link.kind) ? allowed : [link.kind, ...allowed];
  const others = ctx.scenario.links.filter((l) => l !== link).map((l) => l.id);
  return (
    <>
      <p className="panel-ends">
        {link.a} ({ka ?? '?'}) — {link.b} ({kb ?? '?'})
      </p>
      <TextField
        path={`${p}.id`}
        label="Id"
        value={link.id}
        check={(t) => checkId(t, others, 'link')}
        externalError={ctx.errorAt(`${p}.id`)}
        onCommit={(id) => {
          ctx.set(`rename link ${link.id} to ${id}`, `${p}.id`, id);
          onRenamed(id);
        }}
      />
      <SelectField
        path={`${p}.kind`}
        label="Kind"
        value={link.kind}
        options={kinds.map((k) => ({ value: k, label: k === 'fiber' ? 'fiber (OBS, wavelengths)' : 'packet (drop-tail queue)' }))}
        externalError={ctx.errorAt(`${p}.kind`)}
        onChange={(k) => ctx.edit(`${link.id}: kind ${k}`, (s) => ({ ...s, links: s.links.map((l, i) => (i === index ? withLinkKind(l, k) : l)) }))}
      />
      <Num ctx={ctx} path={`${p}.rate`} owner={link.id} label={link.kind === 'fiber' ? 'Rate per wavelength' : 'Rate'} />
      <Num ctx={ctx} path={`${p}.delay`} owner={link.id} label="Propagation delay" />
      <CostFields ctx={ctx} link={link} p={p} />
      {link.kind === 'packet' ? <PacketFields ctx={ctx} link={link} p={p} /> : (
        <>
          <Num ctx={ctx} path={`${p}.wavelengths`} owner={link.id} />
          <Num ctx={ctx} path={`${p}.burstLoss.data`} owner={link.id} hint="Injected on this link, on top of the network's" />
          <Num ctx={ctx} path={`${p}.burstLoss.ack`} owner={link.id} />
        </>
      )}
    </>
  );
}

const COST_HINT = "Default: the link's delay; routes take the least total cost (docs/routing.md)";

/** `cost`: one number for both directions, or one per direction; empty = the delay. */
function CostFields({ ctx, link, p }: { ctx: PanelContext; link: ScenarioLink; p: string }) {
  const cost = (link as { cost?: Cost }).cost;
  // Ticking "per direction" on a link without a cost adds nothing until a value is typed.
  const [wantPerDirection, setWantPerDirection] = useState(false);
  const perDirection = typeof cost === 'object' || (cost === undefined && wantPerDirection);
  const commit = (which: 'both' | 'ab' | 'ba') => (v: number | undefined, shown: string) => {
    const what = which === 'both' ? 'cost' : `cost ${which === 'ab' ? `${link.a} → ${link.b}` : `${link.b} → ${link.a}`}`;
    ctx.set(`${link.id}: ${what} ${v === undefined ? 'from the delay' : shown}`, `${p}.cost`, nextCost(cost, which, v));
  };
  const field = (which: 'both' | 'ab' | 'ba', label: string, hint?: string) => {
    const path = which === 'both' ? `${p}.cost` : `${p}.cost.${which}`;
    return (
      <NumberField
        key={which}
        path={path}
        label={label}
        value={getPath(ctx.scenario, path) as number | undefined}
        inherit={link.delay}
        inheritFrom="the delay"
        hint={hint}
        externalError={ctx.errorAt(path)}
        onCommit={commit(which)}
      />
    );
  };
  return (
    <>
      <CheckField
        path={`${p}.costPerDirection`}
        label="Routing cost differs per direction"
        checked={perDirection}
        onChange={(on) => {
          setWantPerDirection(on);
          const next = costPerDirection(cost, on);
          if (next !== cost) ctx.set(`${link.id}: cost ${on ? 'per direction' : 'both directions'}`, `${p}.cost`, next);
        }}
      />
      {perDirection ? (
        <>
          {field('ab', `Routing cost ${link.a} → ${link.b}`, COST_HINT)}
          {field('ba', `Routing cost ${link.b} → ${link.a}`)}
        </>
      ) : (
        field('both', 'Routing cost', COST_HINT)
      )}
    </>
  );
}

function PacketFields({ ctx, link, p }: { ctx: PanelContext; link: Extract<ScenarioLink, { kind: 'packet' }>; p: string }) {
  const perDirection = typeof link.loss !== 'number';
  return (
    <>
      <Num ctx={ctx} path={`${p}.queue`} owner={link.id} hint="Drop-tail, per direction" />
      <CheckField
        path={`${p}.lossPerDirection`}
        label="Loss differs per direction"
        checked={perDirection}
        onChange={(on) => {
          const l = link.loss;
          const next = on ? { ab: typeof l === 'number' ? l : l.ab, ba: typeof l === 'number' ? l : l.ba } : typeof l === 'number' ? l : l.ab;
          ctx.set(`${link.id}: loss ${on ? 'per direction' : 'both directions'}`, `${p}.loss`, next);
        }}
      />
      {perDirection ? (
        <>
          <Num ctx={ctx} path={`${p}.loss.ab`} owner={link.id} label={`Loss ${link.a} → ${link.b}`} />
          <Num ctx={ctx} path={`${p}.loss.ba`} owner={link.id} label={`Loss ${link.b} → ${link.a}`} />
        </>
      ) : (
        <Num ctx={ctx} path={`${p}.loss`} owner={link.id} hint="Random loss per try, both directions" />
      )}
      <Num ctx={ctx} path={`${p}.arq.retries`} owner={link.id} label="Link-layer retries" />
      <Num ctx={ctx} path={`${p}.arq.retryDelay`} owner={link.id} />
    </>
  );
}

// ---------------------------------------------------------------- flow

const RECOVERY_DEFAULT = '';

export function FlowSection({ ctx, flow, index, onRenamed }: { ctx: PanelContext; flow: Flow; index: number; onRenamed(id: string): void }) {
  const p = `flows[${index}]`;
  const access = (flow as { access?: Access }).access;
  const hosts = ctx.scenario.nodes.filter((n) => n.kind === 'host').map((n) => n.id);
  // With access at a side, that end is the router or edge node the copies' own hosts hang from.
  const forwarders = ctx.scenario.nodes.filter((n) => n.kind === 'router' || n.kind === 'edge').map((n) => n.id);
  const others = ctx.scenario.flows.filter((f) => f !== flow).map((f) => f.id);
  const endOptions = (current: string, side: 'src' | 'dst') => {
    const ids = access?.[side] ? forwarders : hosts;
    return ids.includes(current) ? ids : [current, ...ids];
  };
  const t = flow.tcp;
  return (
    <>
      <TextField
        path={`${p}.id`}
        label="Id"
        value={flow.id}
        check={(s) => checkId(s, others, 'flow', { noHash: true })}
        externalError={ctx.errorAt(`${p}.id`)}
        onCommit={(id) => {
          ctx.set(`rename flow ${flow.id} to ${id}`, `${p}.id`, id);
          onRenamed(id);
        }}
      />
      <div className="field-pair">
        <SelectField path={`${p}.src`} label="From" value={flow.src} options={endOptions(flow.src, 'src')} externalError={ctx.errorAt(`${p}.src`)} onChange={(v) => ctx.set(`${flow.id}: from ${v}`, `${p}.src`, v)} />
        <SelectField path={`${p}.dst`} label="To" value={flow.dst} options={endOptions(flow.dst, 'dst')} externalError={ctx.errorAt(`${p}.dst`)} onChange={(v) => ctx.set(`${flow.id}: to ${v}`, `${p}.dst`, v)} />
      </div>
      <RouteWords ctx={ctx} flow={flow} />
      <Num ctx={ctx} path={`${p}.count`} owner={flow.id} hint={flow.count > 1 ? `Copies ${flow.id}#0 … ${flow.id}#${flow.count - 1}` : 'Copies of this flow'} />
      <Num ctx={ctx} path={`${p}.start`} owner={flow.id} />
      <Num
        ctx={ctx}
        path={`${p}.startSpread`}
        owner={flow.id}
        inherit={0}
        inheritFrom="all at start"
        hint={flow.count > 1 ? 'Copies start uniformly in [start, start + spread)' : 'Starts uniformly in [start, start + spread)'}
      />
      <SelectField
        path={`${p}.app.kind`}
        label="Application"
        value={flow.app.kind}
        options={[
          { value: 'bulk', label: 'bulk (always has data)' },
          { value: 'file', label: 'file (a number of bytes)' },
          { value: 'cbr', label: 'CBR (constant rate)' },
        ]}
        onChange={(k) =>
          ctx.set(`${flow.id}: application ${k}`, `${p}.app`, k === 'file' ? { kind: k, bytes: 1e6 } : k === 'cbr' ? { kind: k, rate: 1e7 } : { kind: k })
        }
      />
      {flow.app.kind === 'file' && <Num ctx={ctx} path={`${p}.app.bytes`} owner={flow.id} />}
      {flow.app.kind === 'cbr' && <Num ctx={ctx} path={`${p}.app.rate`} owner={flow.id} />}
      <AccessFields ctx={ctx} flow={flow} p={p} access={access} />
      <ForcedRoutes ctx={ctx} flow={flow} p={p} />
      <fieldset className="subsection">
        <legend>TCP</legend>
        <SelectField path={`${p}.tcp.variant`} label="Variant" value={t.variant} options={TCP_VARIANTS} onChange={(v) => ctx.set(`${flow.id}: TCP ${v}`, `${p}.tcp.variant`, v)} />
        <SelectField
          path={`${p}.tcp.recovery`}
          label="Loss recovery"
          value={(t.recovery ?? RECOVERY_DEFAULT) as string}
          options={[{ value: RECOVERY_DEFAULT, label: "the variant's own" }, 'tahoe', 'reno', 'newreno', 'sack']}
          onChange={(v) => ctx.set(`${flow.id}: recovery ${v || 'default'}`, `${p}.tcp.recovery`, v === RECOVERY_DEFAULT ? undefined : v)}
        />
        <Num ctx={ctx} path={`${p}.tcp.mss`} owner={flow.id} />
        <Num ctx={ctx} path={`${p}.tcp.maxWindow`} owner={flow.id} hint="Segments" />
        <Num ctx={ctx} path={`${p}.tcp.initialCwnd`} owner={flow.id} hint="Segments" />
        <Num ctx={ctx} path={`${p}.tcp.initialSsthresh`} owner={flow.id} hint="Segments" />
        <Num ctx={ctx} path={`${p}.tcp.dupAckThreshold`} owner={flow.id} />
        <CheckField path={`${p}.tcp.delayedAck`} label="Delayed ACKs" checked={t.delayedAck} onChange={(on) => ctx.set(`${flow.id}: delayed ACKs ${on ? 'on' : 'off'}`, `${p}.tcp.delayedAck`, on)} />
        <CheckField
          path={`${p}.tcp.rto.fixedOn`}
          label="Fixed RTO (no estimator)"
          checked={t.rto.fixed !== null}
          onChange={(on) => ctx.set(`${flow.id}: ${on ? 'fixed RTO' : 'RTO estimator'}`, `${p}.tcp.rto.fixed`, on ? Math.max(t.rto.min, 0.03) || 0.03 : null)}
        />
        {t.rto.fixed !== null ? (
          <Num ctx={ctx} path={`${p}.tcp.rto.fixed`} owner={flow.id} />
        ) : (
          <>
            <Num ctx={ctx} path={`${p}.tcp.rto.initial`} owner={flow.id} />
            <Num ctx={ctx} path={`${p}.tcp.rto.min`} owner={flow.id} />
            <Num ctx={ctx} path={`${p}.tcp.rto.max`} owner={flow.id} />
          </>
        )}
      </fieldset>
    </>
  );
}

/** The routes the engine took for this group, in words; "(forced)" where the scenario gives them. */
function RouteWords({ ctx, flow }: { ctx: PanelContext; flow: Flow }) {
  const words = flowRouteWords(ctx.routes, flow.id, ctx.scenario.links);
  if (!words) return null;
  const f = flow as { route?: string[]; ackRoute?: string[]; access?: Access };
  return (
    <div className="panel-routes" data-testid="flow-routes">
      <p>
        <strong>Data:</strong> {words.data}
        {f.route ? ' (forced)' : ''}
      </p>
      <p>
        <strong>ACKs:</strong> {words.ack}
        {f.ackRoute ? ' (forced)' : ''}
      </p>
      {words.acksOffCore && <p className="panel-note">ACKs do not cross the OBS core.</p>}
      {f.access && <p className="panel-note">Each copy adds its own access link at {f.access.src && f.access.dst ? 'both ends' : f.access.src ? 'the source end' : 'the sink end'}.</p>}
    </div>
  );
}

const ACCESS_SIDES = [
  { side: 'src', label: 'Source side', end: 'From' },
  { side: 'dst', label: 'Sink side', end: 'To' },
] as const;

/** `access`, edited as one thing: per side, whether each copy has its own link, and that link. */
function AccessFields({ ctx, flow, p, access }: { ctx: PanelContext; flow: Flow; p: string; access: Access | undefined }) {
  const copy = flow.count > 1 ? `${flow.id}#k` : flow.id;
  return (
    <fieldset className="subsection">
      <legend>Access links</legend>
      {ACCESS_SIDES.map(({ side, label, end }) => {
        const on = access?.[side] !== undefined;
        const node = side === 'src' ? flow.src : flow.dst;
        const sp = `${p}.access.${side}`;
        return (
          <div key={side} className="access-side" data-access-side={side}>
            <CheckField
              path={sp}
              label={`${label}: each copy has its own access link`}
              checked={on}
              externalError={ctx.errorAt(sp) ?? (side === 'src' ? ctx.errorAt(`${p}.access`) : null)}
              hint={
                on
                  ? `${end} (${node}) must be a router or an edge node: each copy's own host, ${copy}.${side}, is linked to it.`
                  : undefined
              }
              onChange={(v) =>
                ctx.set(
                  `${flow.id}: ${label.toLowerCase()} access ${v ? 'per copy' : 'shared'}`,
                  `${p}.access`,
                  withAccessSide(access, side, v ? NEW_ACCESS_SIDE : undefined),
                )
              }
            />
            {on && (
              <>
                <Num ctx={ctx} path={`${sp}.rate`} owner={flow.id} />
                <Num ctx={ctx} path={`${sp}.delay`} owner={flow.id} />
                <Num ctx={ctx} path={`${sp}.queue`} owner={flow.id} inherit={1000} inheritFrom="default" hint="Drop-tail, per direction, per copy" />
              </>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** `route` and `ackRoute`: node ids typed as text; empty = by cost. */
function ForcedRoutes({ ctx, flow, p }: { ctx: PanelContext; flow: Flow; p: string }) {
  const f = flow as { route?: string[]; ackRoute?: string[] };
  const field = (key: 'route' | 'ackRoute', label: string, from: string, to: string) => (
    <TextField
      path={`${p}.${key}`}
      label={label}
      value={formatRoute(f[key])}
      placeholder="by cost"
      hint={`Node ids from ${from} to ${to}, spaces or arrows; empty = least cost`}
      check={() => null}
      externalError={ctx.errorUnder(`${p}.${key}`)}
      onCommit={(text) => {
        const ids = parseRoute(text);
        // The same ids typed another way ("A B" for "A → B") change nothing: no undo step.
        if (JSON.stringify(ids) === JSON.stringify(f[key])) return;
        ctx.set(`${flow.id}: ${key === 'route' ? 'data' : 'ACK'} route ${ids ? formatRoute(ids) : 'by cost'}`, `${p}.${key}`, ids);
      }}
    />
  );
  return (
    <fieldset className="subsection">
      <legend>Forced routes</legend>
      {field('route', 'Data route', flow.src, flow.dst)}
      {field('ackRoute', 'ACK route', flow.dst, flow.src)}
    </fieldset>
  );
}

// ---------------------------------------------------------------- flows list

export function FlowsSection({
  ctx,
  onSelect,
  onAdd,
  picking,
}: {
  ctx: PanelContext;
  onSelect(id: string): void;
  onAdd(): void;
  picking: boolean;
}) {
  const flows = ctx.scenario.flows;
  return (
    <>
      {flows.length === 0 && <p className="panel-note">No flows yet.</p>}
      <ul className="flow-list" data-testid="flow-list">
        {flows.map((f, i) => (
          <li key={f.id} data-flow={f.id}>
            <button type="button" className="linklike" onClick={() => onSelect(f.id)}>
              {f.id}: {f.src} → {f.dst} ({f.tcp.variant}
              {f.count > 1 ? ` ×${f.count}` : ''})
            </button>
            <button
              type="button"
              className="small"
              aria-label={`Remove flow ${f.id}`}
              data-testid={`remove-flow-${f.id}`}
              onClick={() => ctx.edit(`remove flow ${f.id}`, (s) => ({ ...s, flows: s.flows.filter((_, j) => j !== i) }))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button type="button" data-testid="add-flow" aria-pressed={picking} onClick={onAdd}>
        {picking ? 'Cancel picking' : 'Add flow…'}
      </button>
      {picking && <p className="panel-note">Click the sending host, then the receiving host.</p>}
    </>
  );
}

// ---------------------------------------------------------------- network settings

export function NetworkSection({ ctx }: { ctx: PanelContext }) {
  const s = ctx.scenario;
  const o = s.obs;
  return (
    <>
      <TextField
        path="name"
        label="Scenario name"
        value={s.name}
        check={(t) => (t.length > 200 ? 'The name must be at most 200 characters' : null)}
        onCommit={(t) => ctx.set('rename scenario', 'name', t)}
      />
      <Num ctx={ctx} path="duration" owner="run" label="Duration (simulated)" />
      <Num ctx={ctx} path="sampleInterval" owner="run" />
      <Num ctx={ctx} path="seed" owner="run" hint="Same seed, same result" />
      <fieldset className="subsection">
        <legend>OBS</legend>
        <SelectField
          path="obs.assembly.policy"
          label="Assembly policy"
          value={o.assembly.policy}
          options={[
            { value: 'time', label: 'time (send after the assembly time)' },
            { value: 'size', label: 'size (send at the maximum size)' },
            { value: 'hybrid', label: 'hybrid (whichever first)' },
          ]}
          onChange={(v) => ctx.set(`assembly policy ${v}`, 'obs.assembly.policy', v)}
        />
        <Num ctx={ctx} path="obs.assembly.maxTime" owner="OBS" />
        <Num ctx={ctx} path="obs.assembly.maxBytes" owner="OBS" />
        <Num ctx={ctx} path="obs.assembly.minBytes" owner="OBS" hint="Shorter bursts are padded" />
        <SelectField
          path="obs.assembly.queues"
          label="Assembly queues"
          value={o.assembly.queues}
          options={[
            { value: 'per-class', label: 'per class (data and ACKs apart)' },
            { value: 'mixed', label: 'mixed' },
          ]}
          onChange={(v) => ctx.set(`assembly queues ${v}`, 'obs.assembly.queues', v)}
        />
        <SelectField path="obs.reservation" label="Reservation" value={o.reservation} options={[{ value: 'jet', label: 'JET' }, { value: 'jit', label: 'JIT' }]} onChange={(v) => ctx.set(`reservation ${v}`, 'obs.reservation', v)} />
        <SelectField
          path="obs.scheduling"
          label="Wavelength scheduling"
          value={o.scheduling}
          options={[
            { value: 'ffuc', label: 'FFUC' },
            { value: 'lauc', label: 'LAUC' },
            { value: 'lauc-vf', label: 'LAUC-VF' },
          ]}
          onChange={(v) => ctx.set(`scheduling ${v}`, 'obs.scheduling', v)}
        />
        <Num ctx={ctx} path="obs.controlProcessing" owner="OBS" hint="BHP processing per core hop" />
        <CheckField
          path="obs.offsetAuto"
          label="Offset: automatic (hops × processing + setup)"
          checked={o.offset === 'auto'}
          onChange={(on) => ctx.set(on ? 'offset auto' : 'offset fixed', 'obs.offset', on ? 'auto' : 1e-4)}
        />
        {o.offset !== 'auto' && <Num ctx={ctx} path="obs.offset" owner="OBS" />}
        <Num ctx={ctx} path="obs.burstLoss.data" owner="OBS" hint="End to end, per burst (the sliders)" />
        <Num ctx={ctx} path="obs.burstLoss.ack" owner="OBS" />
      </fieldset>
      <BackgroundFields ctx={ctx} />
    </>
  );
}

function BackgroundFields({ ctx }: { ctx: PanelContext }) {
  const s = ctx.scenario;
  const edges = s.nodes.filter((n) => n.kind === 'edge').map((n) => n.id);
  const opts = (cur: string) => (edges.includes(cur) ? edges : [cur, ...edges]);
  return (
    <fieldset className="subsection">
      <legend>Background traffic (bursts between edges)</legend>
      {s.background.map((b, i) => {
        const p = `background[${i}]`;
        return (
          <div key={i} className="background-item" data-background={i}>
            <div className="field-pair">
              <SelectField path={`${p}.src`} label="From edge" value={b.src} options={opts(b.src)} externalError={ctx.errorAt(`${p}.src`)} onChange={(v) => ctx.set(`background ${i + 1}: from ${v}`, `${p}.src`, v)} />
              <SelectField path={`${p}.dst`} label="To edge" value={b.dst} options={opts(b.dst)} externalError={ctx.errorAt(`${p}.dst`)} onChange={(v) => ctx.set(`background ${i + 1}: to ${v}`, `${p}.dst`, v)} />
            </div>
            <SelectField
              path={`${p}.model`}
              label="Model"
              value={b.model}
              options={['poisson', 'self-similar']}
              onChange={(v) => ctx.edit(`background ${i + 1}: ${v}`, (sc) => ({ ...sc, background: sc.background.map((x, j) => (j === i ? (v === 'poisson' ? { src: x.src, dst: x.dst, model: v, load: x.load, meanBytes: x.meanBytes, ...(x.enterAssembly === undefined ? {} : { enterAssembly: x.enterAssembly }) } : { ...x, model: v, hurst: x.hurst ?? 0.8 }) : x)) }))}
            />
            <Num ctx={ctx} path={`${p}.load`} owner={`background ${i + 1}`} hint="Offered traffic ÷ narrowest fiber's capacity" />
            <Num ctx={ctx} path={`${p}.meanBytes`} owner={`background ${i + 1}`} hint={b.enterAssembly ? 'Mean batch handed to the edge' : undefined} />
            {b.model === 'self-similar' && <Num ctx={ctx} path={`${p}.hurst`} owner={`background ${i + 1}`} />}
            <CheckField
              path={`${p}.enterAssembly`}
              label="Shares bursts with TCP (enters the edge's assembly queue)"
              checked={b.enterAssembly === true}
              onChange={(on) => ctx.set(`background ${i + 1}: ${on ? 'shares bursts with TCP' : 'bursts of its own'}`, `${p}.enterAssembly`, on)}
            />
            <button type="button" className="small" onClick={() => ctx.edit(`remove background ${i + 1}`, (sc) => ({ ...sc, background: sc.background.filter((_, j) => j !== i) }))}>
              Remove source
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="small"
        disabled={edges.length < 2}
        title={edges.length < 2 ? 'Needs two edge nodes' : undefined}
        onClick={() => ctx.edit('add background source', (sc) => ({ ...sc, background: [...sc.background, { src: edges[0], dst: edges[1], model: 'poisson', load: 0.3, meanBytes: 40000 }] }))}
      >
        Add background source
      </button>
    </fieldset>
  );
}
