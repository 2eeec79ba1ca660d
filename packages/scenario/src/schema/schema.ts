// Scenario format v1 (the scenario schema, packages/scenario/src/schema) as a zod schema, built from the field table
// (fields.ts) in two strengths:
//
//   - `scenarioSchema`: the engine's parser (wasm-core/src/scenario/scenario_parser.cc) rule
//     for rule: its defaults for absent fields, its ranges, unknown fields refused, the
//     references and kinds, the load-time route check, and `liveChanges`. What it accepts
//     the engine accepts, and it names the field the engine would name; rules it leaves
//     to the engine are listed in engine-only.ts. schema/contract.test.ts holds the two
//     together against the real wasm parser.
//   - `scenarioShapeSchema`: what every scenario from outside (a share link, a file, saved
//     work) must have before the app touches it: every field the Scenario type declares,
//     with its JSON type, and references that resolve. Values and unknown fields pass to
//     the engine, which judges them with its own words (share-limits.ts adds the limits).
//
// The Scenario types (scenario.ts) are this schema's output type.
import { z } from '../zod';
import { quoteInput } from '../safe-text';
import { checkId, checkName, checkNumber, typeName } from './checks';
import { APP_KINDS, CHOICE_RULES, NUMBER_RULES, labelOf, rateRule, type NumberRule } from './fields';
import {
  MAX_BACKGROUND,
  MAX_EVENT_RATE,
  MAX_FLOW_INSTANCES,
  MAX_LINKS,
  MAX_LIVE_CHANGES,
  MAX_DROP_NUMBERS,
  MAX_DROP_ORDINAL,
  MAX_DROP_RULES,
  MAX_NODES,
  MAX_SAMPLE_ROWS,
  MAX_SAMPLES_PER_FLOW,
  MAX_SECONDS,
  MAX_TRAFFIC_PAIRS,
} from './limits';
import { isLivePath, liveValueReason } from './live';
import { formatValue } from './units';

type Strength = 'engine' | 'shape';

function build(strength: Strength) {
  const engine = strength === 'engine';

  // Objects: closed in the engine's schema (it refuses fields it does not know), open for
  // the shape check (a field added to format v1 later passes through to the engine).
  const obj = <S extends z.core.$ZodLooseShape>(shape: S) =>
    (engine ? z.strictObject(shape) : z.looseObject(shape)) as unknown as z.ZodObject<z.core.util.Writeable<S>, z.core.$strict>;

  // A number, checked against its rule in the engine's schema.
  const num = (generic: string, rule: NumberRule = NUMBER_RULES[generic]) => {
    if (!rule) throw new Error(`no rule for ${generic}`);
    if (!engine) return z.number();
    return z.number().superRefine((v, ctx) => {
      const why = checkNumber(v, rule);
      if (why) ctx.addIssue({ code: 'custom', message: why, input: v });
    });
  };
  // The engine's value for an absent field; the shape check requires the field.
  const dflt = <T extends z.ZodType>(schema: T, value: z.core.util.NoUndefined<z.core.output<T>>) =>
    (engine ? schema.default(value) : schema) as z.ZodDefault<T>;
  const numD = (generic: string, rule: NumberRule = NUMBER_RULES[generic]) => dflt(num(generic, rule), rule.default as number);
  // An object whose fields all have defaults: absent is the same as {}.
  const whole = <T extends z.ZodType>(schema: T) => (engine ? schema.prefault({} as z.core.input<T>) : schema) as z.ZodPrefault<T>;
  // One word of a list; the shape check takes any string (the engine names the choices).
  type Choices = typeof CHOICE_RULES;
  const choice = <G extends keyof Choices>(generic: G) =>
    (engine ? z.enum(CHOICE_RULES[generic].values) : z.string()) as unknown as z.ZodEnum<{ [K in Choices[G]['values'][number]]: K }>;
  const choiceD = <G extends { [K in keyof Choices]: Choices[K] extends { default: string } ? K : never }[keyof Choices]>(generic: G) =>
    dflt(choice(generic), CHOICE_RULES[generic].default as never);

  const text = (check: (s: string) => string | null) =>
    engine
      ? z.string().superRefine((s, ctx) => {
          const why = check(s);
          if (why) ctx.addIssue({ code: 'custom', message: why, input: s });
        })
      : z.string();
  const id = (what: string, noHash = false) => text((s) => checkId(s, [], what, { noHash }));
  const nodeRef = z.string();

  const burstLoss = (prefix: string) => whole(obj({ data: numD(`${prefix}.data`), ack: numD(`${prefix}.ack`) }));

  const assembly = obj({
    policy: choiceD('obs.assembly.policy'),
    maxTime: numD('obs.assembly.maxTime'),
    maxBytes: numD('obs.assembly.maxBytes'),
    minBytes: numD('obs.assembly.minBytes'),
    queues: choiceD('obs.assembly.queues'),
  });
  /** An edge's own assembly settings, field by field over obs.assembly. */
  const assemblyOverrides = obj({
    policy: choice('nodes[].assembly.policy').optional(),
    maxTime: num('nodes[].assembly.maxTime').optional(),
    maxBytes: num('nodes[].assembly.maxBytes').optional(),
    minBytes: num('nodes[].assembly.minBytes').optional(),
    queues: choice('nodes[].assembly.queues').optional(),
  });

  const obs = obj({
    assembly: whole(assembly),
    reservation: choiceD('obs.reservation'),
    scheduling: choiceD('obs.scheduling'),
    controlProcessing: numD('obs.controlProcessing'),
    offset: dflt(z.union([z.literal('auto'), num('obs.offset')]), 'auto'),
    burstLoss: burstLoss('obs.burstLoss'),
    /** Optional extension of format v1 (docs/mesh.md): the ingress edge's rule for a burst's wavelength ("first-fit"). */
    wavelengthChoice: choice('obs.wavelengthChoice').optional(),
    /** Optional extension of format v1 (docs/mesh.md section 6): deflections per burst over its whole path (1). */
    maxDeflections: num('obs.maxDeflections').optional(),
  });

  const position = { x: numD('nodes[].x'), y: numD('nodes[].y') };
  const fdl = obj({ count: numD('nodes[].fdl.count'), unit: numD('nodes[].fdl.unit') }).superRefine((f, ctx) => {
    if (engine && f.count > 0 && !(f.unit > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['unit'],
        message: 'Delay-line unit must be > 0 when there are delay lines',
        input: f.unit,
        params: { slot: '#unitPositive' },
      });
    }
  });
  // A word is a string first, so an object's issues are the object branch's (validate.ts branchOfType).
  const word = (engine ? z.string().pipe(choice('nodes[].conversion')) : choice('nodes[].conversion')) as ReturnType<
    typeof choice<'nodes[].conversion'>
  >;
  /** Optional extension of format v1 (docs/mesh.md): "full" (the engine's default), "none" or a limited range. */
  const conversion = z.union([word, obj({ range: num('nodes[].conversion.range') })]);
  const node = z.discriminatedUnion('kind', [
    obj({ id: id('node'), kind: z.literal('host'), ...position }),
    obj({ id: id('node'), kind: z.literal('router'), ...position }),
    obj({ id: id('node'), kind: z.literal('edge'), ...position, assembly: assemblyOverrides.optional() }),
    obj({
      id: id('node'),
      kind: z.literal('core'),
      ...position,
      setupTime: numD('nodes[].setupTime'),
      fdl: whole(fdl),
      conversion: conversion.optional(),
      /** Optional extension of format v1 (docs/mesh.md section 6): a blocked burst may leave on another output (false). */
      deflection: z.boolean().optional(),
      /** Optional extension of format v1 (docs/mesh.md section 7): a blocked burst keeps the part that fits (false). */
      segmentation: z.boolean().optional(),
    }),
  ]);

  /**
   * Optional extension of format v1 (docs/routing.md): a routing cost for both directions,
   * or per direction; absent (or a direction left out), the link costs its delay.
   */
  const cost = z
    .union([num('links[].cost'), obj({ ab: num('links[].cost.ab').optional(), ba: num('links[].cost.ba').optional() })])
    .optional();
  const ends = { id: id('link'), a: nodeRef, b: nodeRef, cost };
  const link = z.discriminatedUnion('kind', [
    obj({
      ...ends,
      kind: z.literal('packet'),
      rate: num('links[].rate', rateRule('packet')),
      delay: num('links[].delay'),
      queue: numD('links[].queue'),
      loss: dflt(z.union([num('links[].loss'), obj({ ab: numD('links[].loss.ab'), ba: numD('links[].loss.ba') })]), 0),
      arq: whole(obj({ retries: numD('links[].arq.retries'), retryDelay: numD('links[].arq.retryDelay') })),
    }),
    obj({
      ...ends,
      kind: z.literal('fiber'),
      rate: num('links[].rate', rateRule('fiber')),
      delay: num('links[].delay'),
      wavelengths: numD('links[].wavelengths'),
      burstLoss: burstLoss('links[].burstLoss'),
    }),
  ]);

  const rto = obj({
    initial: numD('flows[].tcp.rto.initial'),
    min: numD('flows[].tcp.rto.min'),
    max: numD('flows[].tcp.rto.max'),
    /** null: the RFC 6298 estimator; a number: that constant RTO. */
    fixed: dflt(num('flows[].tcp.rto.fixed').nullable(), null),
  }).superRefine((r, ctx) => {
    if (engine && r.min > r.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['min'],
        message: 'Minimum RTO must not exceed the maximum RTO',
        input: r.min,
        params: { slot: '#minAboveMax' },
      });
    }
  });
  const tcp = obj({
    variant: choiceD('flows[].tcp.variant'),
    /** Optional extension of format v1 (docs/model.md): overrides the variant's loss recovery. */
    recovery: choice('flows[].tcp.recovery').optional(),
    mss: numD('flows[].tcp.mss'),
    maxWindow: numD('flows[].tcp.maxWindow'),
    initialCwnd: numD('flows[].tcp.initialCwnd'),
    initialSsthresh: numD('flows[].tcp.initialSsthresh'),
    dupAckThreshold: numD('flows[].tcp.dupAckThreshold'),
    delayedAck: dflt(z.boolean(), false),
    rto: whole(rto),
  });
  const app = z.discriminatedUnion('kind', [
    obj({ kind: z.literal(APP_KINDS[0]) }),
    obj({ kind: z.literal(APP_KINDS[1]), bytes: num('flows[].app.bytes') }),
    obj({ kind: z.literal(APP_KINDS[2]), rate: num('flows[].app.rate') }),
  ]);
  /** One side of `access`: each copy's own packet link there (rate, delay, queue). */
  const accessSide = (side: 'src' | 'dst') =>
    obj({
      rate: num(`flows[].access.${side}.rate`),
      delay: num(`flows[].access.${side}.delay`),
      queue: num(`flows[].access.${side}.queue`).optional(),
    });
  const flow = obj({
    id: id('flow', true),
    src: nodeRef,
    dst: nodeRef,
    count: numD('flows[].count'),
    start: numD('flows[].start'),
    /** Optional extension of format v1 (docs/routing.md): copies start uniformly in [start, start + startSpread), seeded. */
    startSpread: num('flows[].startSpread').optional(),
    /** Optional extensions (docs/routing.md): forced routes as node ids, src to dst and dst to src. */
    route: z.array(nodeRef).optional(),
    ackRoute: z.array(nodeRef).optional(),
    /** Optional extension (docs/routing.md): each copy's own host and access link at one side or both. */
    access: obj({ src: accessSide('src').optional(), dst: accessSide('dst').optional() }).optional(),
    tcp: whole(tcp),
    app: dflt(app, { kind: 'bulk' }),
  }).superRefine((f, ctx) => {
    // One segment per nanosecond at most: a CBR source schedules one hand-over each.
    if (engine && f.app.kind === 'cbr' && f.app.rate / (8 * f.tcp.mss) > MAX_EVENT_RATE) {
      ctx.addIssue({
        code: 'custom',
        path: ['app', 'rate'],
        message: `CBR rate must be at most ${formatValue(8 * f.tcp.mss * MAX_EVENT_RATE, 'rate')} with this MSS (one segment per nanosecond)`,
        input: f.app.rate,
      });
    }
  });

  const source = obj({
    src: nodeRef,
    dst: nodeRef,
    model: choiceD('background[].model'),
    load: num('background[].load'),
    meanBytes: numD('background[].meanBytes'),
    /** Only for the self-similar model (the engine's default: 0.8). */
    hurst: num('background[].hurst').optional(),
    /**
     * false (the default): whole bursts offered to the core at the source edge.
     * true: batches of meanBytes enter the source edge's assembly queue and share bursts
     * with TCP there (as in ns-2's OBS modules; paper 002's "RTT falls as load rises").
     */
    enterAssembly: z.boolean().optional(),
    /**
     * Optional extension of format v1 (docs/mesh.md section 8): seconds the source's bursts
     * leave behind their control packets beyond the path's offset (0); not with enterAssembly.
     */
    extraOffset: num('background[].extraOffset').optional(),
  }).superRefine((b, ctx) => {
    if (engine && b.hurst !== undefined && b.model !== 'self-similar') {
      ctx.addIssue({
        code: 'custom',
        path: ['hurst'],
        message: 'Hurst parameter applies to the "self-similar" model only',
        input: b.hurst,
      });
    }
    if (engine && b.enterAssembly === true && b.extraOffset !== undefined && b.extraOffset > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['extraOffset'],
        message: "Extra offset cannot apply with enterAssembly (its bytes ride in the edge's TCP bursts)",
        input: b.extraOffset,
      });
    }
  });

  /**
   * Optional extension of format v1 (docs/mesh.md section 3): a background source for every
   * ordered pair of edge nodes the matrix gives a weight, scaled to the network load. The
   * matrix ("uniform", or rows of weights in the order of the edge nodes) is checked against
   * the edges across fields (trafficIssue), one refusal at most, as the engine.
   */
  const weights = z.array(z.array(z.number()));
  const traffic = obj({
    matrix: (
      (engine ? z.unknown() : z.union([z.string(), weights])) as unknown as z.ZodUnion<[z.ZodLiteral<'uniform'>, typeof weights]>
    ).optional(),
    load: num('traffic.load'),
    model: choice('traffic.model').optional(),
    meanBytes: num('traffic.meanBytes').optional(),
    /** Only for the self-similar model (the engine's default: 0.8). */
    hurst: num('traffic.hurst').optional(),
    /** Optional extension of format v1 (docs/mesh.md section 8): every source of the matrix leaves this much later (0). */
    extraOffset: num('traffic.extraOffset').optional(),
  }).superRefine((t, ctx) => {
    if (engine && t.hurst !== undefined && t.model !== 'self-similar') {
      ctx.addIssue({
        code: 'custom',
        path: ['hurst'],
        message: 'Hurst parameter applies to the "self-similar" model only',
        input: t.hurst,
      });
    }
  });

  /** A change the run makes to itself at a time: a live path (docs/engine-api.md) and its new value. */
  const liveChange = obj({ at: num('liveChanges[].at'), path: z.string(), value: z.number() });

  const list = <T extends z.ZodType>(item: T, max: number) => (engine ? z.array(item).max(max) : z.array(item));

  /**
   * A deterministic loss (docs/deterministic-loss.md): on a flow, `segments` (their
   * `transmission`-th sending) or `packets` (the flow's data packets in sending order);
   * on an edge, its `bursts` of `class` or its first one `after` a time. Numbers count
   * from 0. Which fields go together, and the references, are checked across fields
   * (dropIssue), one refusal per entry as the engine.
   */
  const numbers = z.array(z.number());
  const dropRule = obj({
    flow: (engine ? z.unknown() : z.string()).optional(),
    edge: (engine ? z.unknown() : z.string()).optional(),
    segments: (engine ? z.unknown() : numbers).optional(),
    packets: (engine ? z.unknown() : numbers).optional(),
    transmission: num('drops[].transmission').optional(),
    class: choice('drops[].class').optional(),
    bursts: (engine ? z.unknown() : numbers).optional(),
    after: num('drops[].after').optional(),
  }) as unknown as z.ZodObject<{
    flow: z.ZodOptional<z.ZodString>;
    edge: z.ZodOptional<z.ZodString>;
    segments: z.ZodOptional<typeof numbers>;
    packets: z.ZodOptional<typeof numbers>;
    transmission: z.ZodOptional<z.ZodNumber>;
    class: z.ZodOptional<z.ZodEnum<{ data: 'data'; ack: 'ack' }>>;
    bursts: z.ZodOptional<typeof numbers>;
    after: z.ZodOptional<z.ZodNumber>;
  }>;

  return obj({
    version: z.literal(1),
    name: dflt(text(checkName), ''),
    /** uint32; the same seed gives the same result on every platform. */
    seed: numD('seed'),
    /** Simulated seconds. */
    duration: numD('duration'),
    /** Seconds between time-series samples. */
    sampleInterval: numD('sampleInterval'),
    obs: whole(obs),
    nodes: engine ? z.array(node).min(1).max(MAX_NODES) : z.array(node),
    /** Bidirectional links. */
    links: list(link, MAX_LINKS),
    flows: dflt(z.array(flow), []),
    background: dflt(list(source, MAX_BACKGROUND), []),
    /** Optional extension of format v1 (docs/mesh.md): a traffic matrix of background bursts between the edge nodes. */
    traffic: traffic.optional(),
    /** Optional extension of format v1: changes the run applies to itself at given times. */
    liveChanges: list(liveChange, MAX_LIVE_CHANGES).optional(),
    /** Optional extension of format v1: losses chosen by their place in the run, not drawn. */
    drops: list(dropRule, MAX_DROP_RULES).optional(),
    /** Optional extension of format v1: the summary counts only (from, to], warm-up left out. */
    measure: obj({ from: numD('measure.from'), to: num('measure.to').optional() }).optional(),
  });
}

const engineShape = build('engine');
type Parsed = z.output<typeof engineShape>;
type Ctx = z.core.$RefinementCtx<Parsed>;
type Path = (string | number)[];

/** An issue across fields; `slot` and `top` place it in the engine's order (order.ts). */
const add = (ctx: Ctx, path: Path, message: string, slot?: string, top?: string) =>
  ctx.addIssue({ code: 'custom', path, message, input: undefined, params: { slot, top } });

/** The shape check's one rule across fields: links, flows and sources name nodes that exist. */
function references(s: Parsed, ctx: Ctx): void {
  const ids = new Set(s.nodes.map((n) => n.id));
  const check = (path: Path, ref: string) => {
    if (!ids.has(ref)) add(ctx, path, `refers to an unknown node ${quoteInput(ref)}`);
  };
  s.links.forEach((l, i) => {
    check(['links', i, 'a'], l.a);
    check(['links', i, 'b'], l.b);
  });
  s.flows.forEach((f, i) => {
    check(['flows', i, 'src'], f.src);
    check(['flows', i, 'dst'], f.dst);
    for (const key of ['route', 'ackRoute'] as const) f[key]?.forEach((ref, k) => check(['flows', i, key, k], ref));
  });
  s.background.forEach((b, i) => {
    check(['background', i, 'src'], b.src);
    check(['background', i, 'dst'], b.dst);
  });
}

/** The engine's rules across fields, in the order it checks them. */
function engineRules(s: Parsed, ctx: Ctx): void {
  const samplesPerFlow = s.duration / s.sampleInterval;
  if (samplesPerFlow > MAX_SAMPLES_PER_FLOW) {
    add(
      ctx,
      ['sampleInterval'],
      `Sample interval is too small for the duration (at most ${MAX_SAMPLES_PER_FLOW.toLocaleString('en')} samples per flow)`,
      '#samplesPerFlow',
    );
  }

  const kindOf = new Map<string, string>();
  s.nodes.forEach((n, i) => {
    if (kindOf.has(n.id)) add(ctx, ['nodes', i, 'id'], `"${n.id}" is already used by another node`, '#dupId');
    else kindOf.set(n.id, n.kind);
  });

  const linkIds = new Set<string>();
  const adjacency = new Map<string, string[]>();
  s.links.forEach((l, i) => {
    const at = (key: string): Path => ['links', i, key];
    if (linkIds.has(l.id)) add(ctx, at('id'), `"${l.id}" is already used by another link`, '#dupId');
    linkIds.add(l.id);
    const ka = kindOf.get(l.a);
    const kb = kindOf.get(l.b);
    if (ka === undefined) add(ctx, at('a'), `End a refers to an unknown node ${quoteInput(l.a)}`);
    if (kb === undefined) add(ctx, at('b'), `End b refers to an unknown node ${quoteInput(l.b)}`);
    if (ka === undefined || kb === undefined) return;
    if (l.a === l.b) return add(ctx, at('b'), 'A link joins two different nodes', '#aEqualsB');
    if (l.kind === 'packet' && (ka === 'core' || kb === 'core')) {
      add(
        ctx,
        at('kind'),
        'A packet link cannot attach to a core node (a core node is optical; use a fiber link from an edge node)',
        '#ends',
      );
    }
    if (l.kind === 'fiber') {
      const other = [ka, kb].find((k) => k !== 'edge' && k !== 'core');
      if (other)
        add(
          ctx,
          at('kind'),
          `A fiber link joins edge or core nodes only, not a ${other} (attach hosts and routers to an edge node with a packet link)`,
          '#ends',
        );
    }
    adjacency.set(l.a, [...(adjacency.get(l.a) ?? []), l.b]);
    adjacency.set(l.b, [...(adjacency.get(l.b) ?? []), l.a]);
  });

  const endpoints = (path: Path, src: string, dst: string, kind: 'host' | 'edge'): boolean => {
    const label = kind === 'host' ? 'a host' : 'an edge node';
    const ends = [
      ['src', 'Source', src],
      ['dst', 'Destination', dst],
    ] as const;
    // As the engine: both references first, then both kinds.
    for (const [key, what, ref] of ends) {
      if (!kindOf.has(ref)) add(ctx, [...path, key], `${what} refers to an unknown node ${quoteInput(ref)}`);
    }
    let ok = true;
    for (const [key, what, ref] of ends) {
      const k = kindOf.get(ref);
      if (k !== undefined && k !== kind) add(ctx, [...path, key], `${what} must be ${label} (${quoteInput(ref)} is a ${k})`, `#${key}Kind`);
      ok &&= k === kind;
    }
    if (ok && src === dst) {
      add(ctx, [...path, 'dst'], 'Destination must differ from the source', '#sameEnds');
      ok = false;
    }
    return ok;
  };

  const flowIds = new Set<string>();
  let instances = 0;
  const routed: [Path, string, string][] = [];
  s.flows.forEach((f, i) => {
    if (flowIds.has(f.id)) add(ctx, ['flows', i, 'id'], `"${f.id}" is already used by another flow`, '#dupId');
    flowIds.add(f.id);
    if (f.access && !f.access.src && !f.access.dst) {
      add(
        ctx,
        ['flows', i, 'access', 'src'],
        'Access needs "src" or "dst": it gives each copy its own link at one side or both',
        '#needsSide',
      );
    }
    const ok =
      f.access?.src || f.access?.dst ? flowEndsWithAccess(ctx, ['flows', i], f, kindOf) : endpoints(['flows', i], f.src, f.dst, 'host');
    if (ok) {
      const start = f.start + (f.startSpread ?? 0);
      if (f.startSpread !== undefined && start > MAX_SECONDS) {
        add(
          ctx,
          ['flows', i, 'startSpread'],
          `Start spread must end by ${formatValue(MAX_SECONDS, 'time')} (start + start spread is ${formatValue(start, 'time')})`,
        );
      }
      const dataRoute = routeIssue(f.route, f.src, f.dst, 'src', s, kindOf);
      const ackRoute = routeIssue(f.ackRoute, f.dst, f.src, 'dst', s, kindOf);
      if (dataRoute) add(ctx, ['flows', i, 'route', ...dataRoute.at], dataRoute.message);
      if (ackRoute) add(ctx, ['flows', i, 'ackRoute', ...ackRoute.at], ackRoute.message);
      if (!dataRoute && !ackRoute && !f.route) routed.push([['flows', i, 'dst'], f.src, f.dst]);
    }
    if (Number.isInteger(f.count) && f.count > 0) {
      instances += f.count;
      if (instances > MAX_FLOW_INSTANCES)
        add(ctx, ['flows', i, 'count'], `Copies bring the total number of flows above ${MAX_FLOW_INSTANCES}`, '#instances');
    }
  });
  const rows = instances * (samplesPerFlow + 1);
  if (samplesPerFlow <= MAX_SAMPLES_PER_FLOW && rows > MAX_SAMPLE_ROWS) {
    add(
      ctx,
      ['sampleInterval'],
      `Sample interval is too small for ${instances} flows over ${formatValue(s.duration, 'time')} (at most 100,000,000 sample rows)`,
      '#rows',
    );
  }

  accessIdClashes(s, ctx);

  s.background.forEach((b, i) => {
    if (endpoints(['background', i], b.src, b.dst, 'edge')) routed.push([['background', i, 'dst'], b.src, b.dst]);
  });

  // The engine's load: every flow and source needs a route (hosts do not forward).
  for (const [path, src, dst] of routed) {
    if (!reachable(src, dst, adjacency, kindOf))
      add(ctx, path, `No path of links leads from ${quoteInput(src)} to ${quoteInput(dst)}`, undefined, '#routes');
  }

  s.drops?.forEach((d, i) => {
    const issue = dropIssue(d as Record<string, unknown>, s);
    if (issue) add(ctx, ['drops', i, issue.key], issue.message);
  });

  if (s.measure) {
    const { from, to } = s.measure;
    if (!(from < s.duration))
      add(ctx, ['measure', 'from'], `Measured from must be earlier than the duration (${formatValue(s.duration, 'time')})`);
    else if (to !== undefined && !(to > from))
      add(ctx, ['measure', 'to'], `Measured to must be later than measure.from (${formatValue(from, 'time')})`);
    else if (to !== undefined && to > s.duration)
      add(ctx, ['measure', 'to'], `Measured to must be at most the duration (${formatValue(s.duration, 'time')})`);
  }

  s.liveChanges?.forEach((c, i) => {
    const at = (key: string): Path => ['liveChanges', i, key];
    if (c.at > s.duration) add(ctx, at('at'), `Time of the change must be at most the duration (${formatValue(s.duration, 'time')})`);
    if (!isLivePath(c.path, s)) add(ctx, at('path'), `${quoteInput(c.path)} is not a field this scenario can change while running`);
    else {
      const why = liveValueReason(c.path, c.value);
      if (why) add(ctx, at('value'), why);
    }
  });
}

type ParsedFlow = Parsed['flows'][number];

/** A flow's ends when it has `access`: on that side a router or an edge node, else a host (scenario_parser.cc readFlowEnds). */
function flowEndsWithAccess(ctx: Ctx, path: Path, f: ParsedFlow, kindOf: Map<string, string>): boolean {
  let ok = true;
  for (const [key, what, ref] of [
    ['src', 'Source', f.src],
    ['dst', 'Destination', f.dst],
  ] as const) {
    const k = kindOf.get(ref);
    if (k === undefined) {
      add(ctx, [...path, key], `${what} refers to an unknown node ${quoteInput(ref)}`);
      ok = false;
      continue;
    }
    const access = f.access?.[key] !== undefined;
    if (!access && k !== 'host') add(ctx, [...path, key], `${what} must be a host (${quoteInput(ref)} is a ${k})`, `#${key}Kind`);
    if (access && k !== 'router' && k !== 'edge') {
      add(
        ctx,
        [...path, key],
        `${what} must be a router or an edge node when access.${key} is given: each copy's own host is linked to it (${quoteInput(ref)} is a ${k})`,
        `#${key}Kind`,
      );
    }
    ok &&= access ? k === 'router' || k === 'edge' : k === 'host';
  }
  if (ok && f.src === f.dst) {
    add(ctx, [...path, 'dst'], 'Destination must differ from the source', '#sameEnds');
    ok = false;
  }
  return ok;
}

/** The first rule a forced route breaks, in the engine's order (scenario_parser.cc readRoute), or null. */
function routeIssue(
  route: string[] | undefined,
  first: string,
  last: string,
  startsAt: 'src' | 'dst',
  s: Parsed,
  kindOf: Map<string, string>,
): { at: Path; message: string } | null {
  if (route === undefined) return null;
  const label = startsAt === 'src' ? 'Route' : 'ACK route';
  if (route.length < 2) return { at: [], message: `${label} must list at least two node ids (from its first node to its last)` };
  if (route.length > s.nodes.length)
    return { at: [], message: `${label} lists more nodes than the scenario has (a route visits a node at most once)` };
  const seen = new Set<string>();
  for (let k = 0; k < route.length; k++) {
    const id = route[k];
    const kind = kindOf.get(id);
    if (kind === undefined) return { at: [k], message: `${label} refers to an unknown node ${quoteInput(id)}` };
    if (seen.has(id)) return { at: [k], message: `${label} visits ${quoteInput(id)} a second time (a route has no loops)` };
    seen.add(id);
    if (k > 0 && k + 1 < route.length && kind === 'host')
      return { at: [k], message: `${label} passes the host ${quoteInput(id)}, which does not forward (hosts end routes only)` };
    if (k > 0 && !s.links.some((l) => (l.a === route[k - 1] && l.b === id) || (l.b === route[k - 1] && l.a === id))) {
      return { at: [k], message: `${label}: ${quoteInput(id)} is not linked to the node before it, ${quoteInput(route[k - 1])}` };
    }
  }
  const end = startsAt === 'src' ? 'dst' : 'src';
  if (route[0] !== first) return { at: [0], message: `${label} must start at ${quoteInput(first)} (the flow's ${startsAt})` };
  if (route[route.length - 1] !== last)
    return { at: [route.length - 1], message: `${label} must end at ${quoteInput(last)} (the flow's ${end})` };
  return null;
}

/** The hosts and links `access` draws ("tcp1#3.src") must not take an id the scenario uses. */
function accessIdClashes(s: Parsed, ctx: Ctx): void {
  const taken = new Map<string, string>();
  s.nodes.forEach((n, i) => taken.has(n.id) || taken.set(n.id, `nodes[${i}]`));
  s.links.forEach((l, i) => taken.has(l.id) || taken.set(l.id, `links[${i}]`));
  s.flows.forEach((f, i) => {
    for (const side of ['src', 'dst'] as const) {
      if (!f.access?.[side] || !Number.isInteger(f.count) || f.count < 1 || f.count > MAX_FLOW_INSTANCES) continue;
      for (let k = 0; k < f.count; k++) {
        const drawn = `${f.count === 1 ? f.id : `${f.id}#${k}`}.${side}`;
        const where = taken.get(drawn);
        if (where) {
          add(
            ctx,
            ['flows', i, 'access', side],
            `Access draws a host and link named ${quoteInput(drawn)}, the id of ${where} (rename that one)`,
            undefined,
            '#accessIds',
          );
          break;
        }
      }
    }
  });
}

/** The first rule a `drops` entry breaks, in the engine's order (scenario_parser.cc readDrops), or null. */
function dropIssue(d: Record<string, unknown>, s: Parsed): { key: string; message: string } | null {
  const has = (k: string) => Object.prototype.hasOwnProperty.call(d, k) && d[k] !== undefined;
  const ordinals = (key: string): string | null => {
    const v = d[key];
    if (!Array.isArray(v)) return `${labelOf(`drops[].${key}`)} must be a list of numbers, not ${typeName(v)}`;
    if (v.length === 0) return `${labelOf(`drops[].${key}`)} must list at least one number`;
    if (v.length > MAX_DROP_NUMBERS) return `${labelOf(`drops[].${key}`)} must list at most ${MAX_DROP_NUMBERS} numbers`;
    const bad = v.findIndex((n) => typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_DROP_ORDINAL);
    return bad < 0
      ? null
      : `${labelOf(`drops[].${key}`)} must list whole numbers from 0 to ${MAX_DROP_ORDINAL} (item ${bad} is ${typeof v[bad] === 'number' ? v[bad] : typeName(v[bad])})`;
  };
  const either = (a: string, b: string, aLabel: string): { key: string; message: string } | null => {
    if (has(a) && has(b)) return { key: b, message: `${labelOf(`drops[].${b}`)} cannot be given with "${a}" (one rule per entry)` };
    if (!has(a) && !has(b)) return { key: a, message: `${aLabel} is required (or "${b}")` };
    return null;
  };
  const notWith = (keys: string[], rule: string) => {
    const k = keys.find(has);
    return k ? { key: k, message: `${labelOf(`drops[].${k}`)} ${rule}` } : null;
  };
  if (has('flow') === has('edge')) {
    return has('flow')
      ? { key: 'edge', message: 'Edge cannot be given with "flow" (one rule per entry)' }
      : { key: 'flow', message: 'Flow is required (or "edge", for a rule on bursts)' };
  }
  if (has('flow')) {
    if (typeof d.flow !== 'string') return { key: 'flow', message: `Flow must be a string, not ${typeName(d.flow)}` };
    if (!s.flows.some((f) => f.id === d.flow)) return { key: 'flow', message: `Flow refers to an unknown flow ${quoteInput(d.flow)}` };
    const which = either('segments', 'packets', 'Segments');
    if (which) return which;
    const key = has('segments') ? 'segments' : 'packets';
    const bad = ordinals(key);
    if (bad) return { key, message: bad };
    if (key === 'packets' && has('transmission')) return { key: 'transmission', message: 'Transmission applies to "segments" only' };
    return notWith(['class', 'bursts', 'after'], "applies to a rule on an edge's bursts only");
  }
  if (typeof d.edge !== 'string') return { key: 'edge', message: `Edge must be a string, not ${typeName(d.edge)}` };
  const node = s.nodes.find((n) => n.id === d.edge);
  if (!node) return { key: 'edge', message: `Edge refers to an unknown node ${quoteInput(d.edge)}` };
  if (node.kind !== 'edge') return { key: 'edge', message: `Edge must be an edge node (${quoteInput(d.edge)} is a ${node.kind})` };
  if (!has('class')) return { key: 'class', message: 'Burst class is required' };
  const which = either('bursts', 'after', 'Bursts');
  if (which) return which;
  if (has('bursts')) {
    const bad = ordinals('bursts');
    if (bad) return { key: 'bursts', message: bad };
  } else if (typeof d.after === 'number' && d.after > s.duration) {
    return { key: 'after', message: `Drop after must be at most the duration (${formatValue(s.duration, 'time')})` };
  }
  return notWith(['segments', 'packets', 'transmission'], 'applies to a rule on a flow only');
}

/**
 * `traffic` against the edge nodes, checked whatever else is wrong (zod's `when`): the engine
 * reads the matrix before traffic's own fields, so its refusal must not wait for theirs.
 */
function trafficRules(input: unknown, ctx: Ctx): void {
  const { nodes, traffic } = (input ?? {}) as { nodes?: unknown; traffic?: unknown };
  if (traffic === null || typeof traffic !== 'object' || Array.isArray(traffic) || !Array.isArray(nodes)) return;
  const edges = (nodes as unknown[])
    .filter((n): n is { id?: unknown } => n !== null && typeof n === 'object' && (n as { kind?: unknown }).kind === 'edge')
    .map((n) => ({ id: typeof n.id === 'string' ? n.id : '?' }));
  const issue = trafficIssue((traffic as { matrix?: unknown }).matrix, edges);
  if (issue) add(ctx, ['traffic', ...issue.at], issue.message, issue.slot);
}

/**
 * The first rule a traffic matrix breaks against the edge nodes, in the engine's order
 * (scenario_parser.cc readTraffic), or null. Its routes are the engine's to check (engine-only.ts).
 */
function trafficIssue(matrix: unknown, edges: { id: string }[]): { at: Path; message: string; slot?: string } | null {
  const n = edges.length;
  if (n < 2) return { at: ['matrix'], message: `Traffic matrix needs at least two edge nodes (the network has ${n})`, slot: '#edges' };
  let pairs = n * (n - 1);
  if (matrix !== undefined && typeof matrix !== 'string') {
    if (!Array.isArray(matrix))
      return { at: ['matrix'], message: `Traffic matrix must be "uniform" or an array of rows of weights, not ${typeName(matrix)}` };
    if (matrix.length !== n)
      return { at: ['matrix'], message: `Traffic matrix must have one row per edge node (${n}), not ${matrix.length}` };
    pairs = 0;
    for (let i = 0; i < n; i++) {
      const row: unknown = matrix[i];
      if (!Array.isArray(row) || row.length !== n)
        return {
          at: ['matrix', i],
          message: `The row of ${quoteInput(edges[i].id)} in the traffic matrix must list ${n} numbers, one per edge node`,
        };
      for (let j = 0; j < n; j++) {
        const w: unknown = row[j];
        const weight = `The weight from ${quoteInput(edges[i].id)} to ${quoteInput(edges[j].id)}`;
        if (typeof w !== 'number') return { at: ['matrix', i, j], message: `${weight} must be a number, not ${typeName(w)}` };
        if (!(w >= 0 && w <= 1e9)) return { at: ['matrix', i, j], message: `${weight} must be from 0 to 1e9 (it is ${w})` };
        if (i === j && w !== 0) return { at: ['matrix', i, j], message: `${weight} must be 0: an edge sends no traffic to itself` };
        if (w > 0) pairs++;
      }
    }
    if (pairs === 0) return { at: ['matrix'], message: 'Traffic matrix must give some pair a weight above 0' };
  } else if (matrix !== undefined && matrix !== 'uniform') {
    return { at: ['matrix'], message: `Traffic matrix must be "uniform" or an array of rows of weights, not ${quoteInput(matrix)}` };
  }
  if (pairs > MAX_TRAFFIC_PAIRS) {
    return {
      at: ['matrix'],
      message: `Traffic matrix gives ${pairs.toLocaleString('en')} pairs of edges traffic, at most ${MAX_TRAFFIC_PAIRS.toLocaleString('en')} (a background source each)`,
      slot: '#pairs',
    };
  }
  return null;
}

/** Breadth-first over links; hosts never forward (docs/model.md §2). */
function reachable(src: string, dst: string, adjacency: Map<string, string[]>, kindOf: Map<string, string>): boolean {
  const seen = new Set([src]);
  const queue = [src];
  for (let k = 0; k < queue.length; k++) {
    for (const next of adjacency.get(queue[k]) ?? []) {
      if (next === dst) return true;
      if (seen.has(next) || kindOf.get(next) === 'host') continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return false;
}

/** The engine's parser as a schema: what it accepts, with its defaults. */
export const scenarioSchema = engineShape.superRefine(engineRules).superRefine(trafficRules, { when: () => true });
/** What every scenario from outside must have before the app uses it (values left to the engine). */
export const scenarioShapeSchema: z.ZodType<unknown> = build('shape').superRefine(references);

/** A scenario as the engine reads it from a file: absent fields take their defaults. */
export type ScenarioInput = z.input<typeof scenarioSchema>;
/** A scenario with every field present: the app's. */
export type ScenarioOutput = z.output<typeof scenarioSchema>;
