/**
 * The panel's section for a selected link: ends, kind, capacity and delay, routing cost
 * (docs/routing.md), a packet link's queue.
 */
import { useState } from 'react';
import { allowedLinkKinds, withLinkKind } from '../../scenario/scenarioEdits';
import { getPath } from '../../scenario/fieldPaths';
import { type ScenarioLink } from '../../scenario/scenarioTypes';
import { checkId } from '../../scenario/validateScenario';
import type { PanelContext } from './panelContext';
import { CheckField, NumberField, SelectField, TextField } from './fields';
import { costPerDirection, nextCost, type Cost } from '../../scenario/routingEdits';
import { PathNumberField } from './PathNumberField';

export function LinkSection({
  ctx,
  link,
  index,
  onRenamed,
}: {
  ctx: PanelContext;
  link: ScenarioLink;
  index: number;
  onRenamed(id: string): void;
}) {
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
        onChange={(k) =>
          ctx.edit(`${link.id}: kind ${k}`, (s) => ({ ...s, links: s.links.map((l, i) => (i === index ? withLinkKind(l, k) : l)) }))
        }
      />
      <PathNumberField ctx={ctx} path={`${p}.rate`} owner={link.id} label={link.kind === 'fiber' ? 'Rate per wavelength' : 'Rate'} />
      <PathNumberField ctx={ctx} path={`${p}.delay`} owner={link.id} label="Propagation delay" />
      <CostFields ctx={ctx} link={link} p={p} />
      {link.kind === 'packet' ? (
        <PacketFields ctx={ctx} link={link} p={p} />
      ) : (
        <>
          <PathNumberField ctx={ctx} path={`${p}.wavelengths`} owner={link.id} />
          <PathNumberField ctx={ctx} path={`${p}.burstLoss.data`} owner={link.id} hint="Injected on this link, on top of the network's" />
          <PathNumberField ctx={ctx} path={`${p}.burstLoss.ack`} owner={link.id} />
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
      <PathNumberField ctx={ctx} path={`${p}.queue`} owner={link.id} hint="Drop-tail, per direction" />
      <CheckField
        path={`${p}.lossPerDirection`}
        label="Loss differs per direction"
        checked={perDirection}
        onChange={(on) => {
          const l = link.loss;
          const next = on
            ? { ab: typeof l === 'number' ? l : l.ab, ba: typeof l === 'number' ? l : l.ba }
            : typeof l === 'number'
              ? l
              : l.ab;
          ctx.set(`${link.id}: loss ${on ? 'per direction' : 'both directions'}`, `${p}.loss`, next);
        }}
      />
      {perDirection ? (
        <>
          <PathNumberField ctx={ctx} path={`${p}.loss.ab`} owner={link.id} label={`Loss ${link.a} → ${link.b}`} />
          <PathNumberField ctx={ctx} path={`${p}.loss.ba`} owner={link.id} label={`Loss ${link.b} → ${link.a}`} />
        </>
      ) : (
        <PathNumberField ctx={ctx} path={`${p}.loss`} owner={link.id} hint="Random loss per try, both directions" />
      )}
      <PathNumberField ctx={ctx} path={`${p}.arq.retries`} owner={link.id} label="Link-layer retries" />
      <PathNumberField ctx={ctx} path={`${p}.arq.retryDelay`} owner={link.id} />
    </>
  );
}
