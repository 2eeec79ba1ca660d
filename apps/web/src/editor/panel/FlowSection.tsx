/**
 * The panel's section for a selected flow group: ends, count and start spread, TCP
 * settings with tcp.recovery, and the routing extension (docs/routing.md): access links
 * and forced routes.
 */
import { type Flow } from '../../scenario/scenarioTypes';
import { TCP_VARIANTS } from '@obs-tcp-sim/scenario';
import { checkId } from '../../scenario/validateScenario';
import type { PanelContext } from './panelContext';
import { CheckField, SelectField, TextField } from './fields';
import { flowRouteWords } from './routeWords';
import { formatRoute, NEW_ACCESS_SIDE, parseRoute, withAccessSide, type Access } from '../../scenario/routingEdits';
import { PathNumberField } from './PathNumberField';
import { EndSelects, PathSelectField } from './PathSelectField';

const RECOVERY_DEFAULT = '';

export function FlowSection({
  ctx,
  flow,
  index,
  onRenamed,
}: {
  ctx: PanelContext;
  flow: Flow;
  index: number;
  onRenamed(id: string): void;
}) {
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
      <EndSelects ctx={ctx} path={p} ends={flow} options={endOptions} owner={flow.id} />
      <RouteWords ctx={ctx} flow={flow} />
      <PathNumberField
        ctx={ctx}
        path={`${p}.count`}
        owner={flow.id}
        hint={flow.count > 1 ? `Copies ${flow.id}#0 … ${flow.id}#${flow.count - 1}` : 'Copies of this flow'}
      />
      <PathNumberField ctx={ctx} path={`${p}.start`} owner={flow.id} />
      <PathNumberField
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
          ctx.set(
            `${flow.id}: application ${k}`,
            `${p}.app`,
            k === 'file' ? { kind: k, bytes: 1e6 } : k === 'cbr' ? { kind: k, rate: 1e7 } : { kind: k },
          )
        }
      />
      {flow.app.kind === 'file' && <PathNumberField ctx={ctx} path={`${p}.app.bytes`} owner={flow.id} />}
      {flow.app.kind === 'cbr' && <PathNumberField ctx={ctx} path={`${p}.app.rate`} owner={flow.id} />}
      <AccessFields ctx={ctx} flow={flow} p={p} access={access} />
      <ForcedRoutes ctx={ctx} flow={flow} p={p} />
      <fieldset className="subsection">
        <legend>TCP</legend>
        <PathSelectField
          ctx={ctx}
          path={`${p}.tcp.variant`}
          label="Variant"
          value={t.variant}
          options={TCP_VARIANTS}
          action={`${flow.id}: TCP`}
        />
        <SelectField
          path={`${p}.tcp.recovery`}
          label="Loss recovery"
          value={(t.recovery ?? RECOVERY_DEFAULT) as string}
          options={[{ value: RECOVERY_DEFAULT, label: "the variant's own" }, 'tahoe', 'reno', 'newreno', 'sack']}
          onChange={(v) => ctx.set(`${flow.id}: recovery ${v || 'default'}`, `${p}.tcp.recovery`, v === RECOVERY_DEFAULT ? undefined : v)}
        />
        <PathNumberField ctx={ctx} path={`${p}.tcp.mss`} owner={flow.id} />
        <PathNumberField ctx={ctx} path={`${p}.tcp.maxWindow`} owner={flow.id} hint="Segments" />
        <PathNumberField ctx={ctx} path={`${p}.tcp.initialCwnd`} owner={flow.id} hint="Segments" />
        <PathNumberField ctx={ctx} path={`${p}.tcp.initialSsthresh`} owner={flow.id} hint="Segments" />
        <PathNumberField ctx={ctx} path={`${p}.tcp.dupAckThreshold`} owner={flow.id} />
        <CheckField
          path={`${p}.tcp.delayedAck`}
          label="Delayed ACKs"
          checked={t.delayedAck}
          onChange={(on) => ctx.set(`${flow.id}: delayed ACKs ${on ? 'on' : 'off'}`, `${p}.tcp.delayedAck`, on)}
        />
        <CheckField
          path={`${p}.tcp.rto.fixedOn`}
          label="Fixed RTO (no estimator)"
          checked={t.rto.fixed !== null}
          onChange={(on) =>
            ctx.set(
              `${flow.id}: ${on ? 'fixed RTO' : 'RTO estimator'}`,
              `${p}.tcp.rto.fixed`,
              on ? Math.max(t.rto.min, 0.03) || 0.03 : null,
            )
          }
        />
        {t.rto.fixed !== null ? (
          <PathNumberField ctx={ctx} path={`${p}.tcp.rto.fixed`} owner={flow.id} />
        ) : (
          <>
            <PathNumberField ctx={ctx} path={`${p}.tcp.rto.initial`} owner={flow.id} />
            <PathNumberField ctx={ctx} path={`${p}.tcp.rto.min`} owner={flow.id} />
            <PathNumberField ctx={ctx} path={`${p}.tcp.rto.max`} owner={flow.id} />
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
      {f.access && (
        <p className="panel-note">
          Each copy adds its own access link at{' '}
          {f.access.src && f.access.dst ? 'both ends' : f.access.src ? 'the source end' : 'the sink end'}.
        </p>
      )}
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
                <PathNumberField ctx={ctx} path={`${sp}.rate`} owner={flow.id} />
                <PathNumberField ctx={ctx} path={`${sp}.delay`} owner={flow.id} />
                <PathNumberField
                  ctx={ctx}
                  path={`${sp}.queue`}
                  owner={flow.id}
                  inherit={1000}
                  inheritFrom="default"
                  hint="Drop-tail, per direction, per copy"
                />
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
