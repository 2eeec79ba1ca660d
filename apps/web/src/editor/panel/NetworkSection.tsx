/**
 * The panel's network settings: the run, OBS, background traffic and the traffic matrix.
 */
import type { PanelContext } from './panelContext';
import { CheckField, SelectField, TextField } from './fields';
import { PathNumberField } from './PathNumberField';
import { EndSelects, PathSelectField } from './PathSelectField';
import { TrafficFields } from './TrafficFields';
import { withBackgroundModel } from '../../scenario/backgroundEdits';

/** The OBS settings chosen from a list: where each is, its name, the edit's name, its choices. */
const OBS_CHOICES = {
  policy: {
    path: 'obs.assembly.policy',
    label: 'Assembly policy',
    action: 'assembly policy',
    options: [
      { value: 'time', label: 'time (send after the assembly time)' },
      { value: 'size', label: 'size (send at the maximum size)' },
      { value: 'hybrid', label: 'hybrid (whichever first)' },
    ],
  },
  queues: {
    path: 'obs.assembly.queues',
    label: 'Assembly queues',
    action: 'assembly queues',
    options: [
      { value: 'per-class', label: 'per class (data and ACKs apart)' },
      { value: 'mixed', label: 'mixed' },
    ],
  },
  reservation: {
    path: 'obs.reservation',
    label: 'Reservation',
    action: 'reservation',
    options: [
      { value: 'jet', label: 'JET' },
      { value: 'jit', label: 'JIT' },
    ],
  },
  scheduling: {
    path: 'obs.scheduling',
    label: 'Wavelength scheduling',
    action: 'scheduling',
    options: [
      { value: 'ffuc', label: 'FFUC' },
      { value: 'lauc', label: 'LAUC' },
      { value: 'lauc-vf', label: 'LAUC-VF' },
    ],
  },
  wavelengthChoice: {
    path: 'obs.wavelengthChoice',
    label: 'Wavelength choice at the ingress edge',
    action: 'wavelength choice',
    options: [
      { value: 'first-fit', label: 'first fit (lowest free wavelength)' },
      { value: 'random', label: 'random (among the free ones)' },
    ],
  },
} as const;

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
      <PathNumberField ctx={ctx} path="duration" owner="run" label="Duration (simulated)" />
      <PathNumberField ctx={ctx} path="sampleInterval" owner="run" />
      <PathNumberField ctx={ctx} path="seed" owner="run" hint="Same seed, same result" />
      <fieldset className="subsection">
        <legend>OBS</legend>
        <PathSelectField ctx={ctx} {...OBS_CHOICES.policy} value={o.assembly.policy} />
        <PathNumberField ctx={ctx} path="obs.assembly.maxTime" owner="OBS" />
        <PathNumberField ctx={ctx} path="obs.assembly.maxBytes" owner="OBS" />
        <PathNumberField ctx={ctx} path="obs.assembly.minBytes" owner="OBS" hint="Shorter bursts are padded" />
        <PathSelectField ctx={ctx} {...OBS_CHOICES.queues} value={o.assembly.queues} />
        <PathSelectField ctx={ctx} {...OBS_CHOICES.reservation} value={o.reservation} />
        <PathSelectField ctx={ctx} {...OBS_CHOICES.scheduling} value={o.scheduling} />
        <PathSelectField
          ctx={ctx}
          {...OBS_CHOICES.wavelengthChoice}
          value={o.wavelengthChoice ?? 'first-fit'}
          hint="Used on paths where some core lacks full conversion"
        />
        <PathNumberField ctx={ctx} path="obs.controlProcessing" owner="OBS" hint="BHP processing per core hop" />
        <CheckField
          path="obs.offsetAuto"
          label="Offset: automatic (hops × processing + setup)"
          checked={o.offset === 'auto'}
          onChange={(on) => ctx.set(on ? 'offset auto' : 'offset fixed', 'obs.offset', on ? 'auto' : 1e-4)}
        />
        {o.offset !== 'auto' && <PathNumberField ctx={ctx} path="obs.offset" owner="OBS" />}
        {s.nodes.some((n) => n.kind === 'core' && n.deflection === true) && (
          <PathNumberField
            ctx={ctx}
            path="obs.maxDeflections"
            owner="OBS"
            inherit={1}
            inheritFrom="default"
            hint="Over a burst's whole path, at the cores with deflection"
          />
        )}
        <PathNumberField ctx={ctx} path="obs.burstLoss.data" owner="OBS" hint="End to end, per burst (the sliders)" />
        <PathNumberField ctx={ctx} path="obs.burstLoss.ack" owner="OBS" />
      </fieldset>
      <BackgroundFields ctx={ctx} />
      <TrafficFields ctx={ctx} />
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
            <EndSelects ctx={ctx} path={p} ends={b} options={opts} owner={`background ${i + 1}`} suffix=" edge" />
            <SelectField
              path={`${p}.model`}
              label="Model"
              value={b.model}
              options={['poisson', 'self-similar']}
              onChange={(v) =>
                ctx.edit(`background ${i + 1}: ${v}`, (sc) => ({
                  ...sc,
                  background: sc.background.map((x, j) => (j === i ? withBackgroundModel(x, v) : x)),
                }))
              }
            />
            <PathNumberField
              ctx={ctx}
              path={`${p}.load`}
              owner={`background ${i + 1}`}
              hint="Offered traffic ÷ narrowest fiber's capacity"
            />
            <PathNumberField
              ctx={ctx}
              path={`${p}.meanBytes`}
              owner={`background ${i + 1}`}
              hint={b.enterAssembly ? 'Mean batch handed to the edge' : undefined}
            />
            {b.model === 'self-similar' && <PathNumberField ctx={ctx} path={`${p}.hurst`} owner={`background ${i + 1}`} />}
            <PathNumberField
              ctx={ctx}
              path={`${p}.extraOffset`}
              owner={`background ${i + 1}`}
              inherit={0}
              inheritFrom="default"
              hint={
                b.enterAssembly
                  ? 'Not with shared bursts: its bytes ride in the edge’s TCP bursts'
                  : 'Its bursts wait this much longer behind their control packets (QoS)'
              }
            />
            <CheckField
              path={`${p}.enterAssembly`}
              label="Shares bursts with TCP (enters the edge's assembly queue)"
              checked={b.enterAssembly === true}
              onChange={(on) =>
                ctx.set(`background ${i + 1}: ${on ? 'shares bursts with TCP' : 'bursts of its own'}`, `${p}.enterAssembly`, on)
              }
            />
            <button
              type="button"
              className="small"
              onClick={() =>
                ctx.edit(`remove background ${i + 1}`, (sc) => ({ ...sc, background: sc.background.filter((_, j) => j !== i) }))
              }
            >
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
        onClick={() =>
          ctx.edit('add background source', (sc) => ({
            ...sc,
            background: [...sc.background, { src: edges[0], dst: edges[1], model: 'poisson', load: 0.3, meanBytes: 40000 }],
          }))
        }
      >
        Add background source
      </button>
    </fieldset>
  );
}
