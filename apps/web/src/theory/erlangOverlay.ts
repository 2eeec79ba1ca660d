/**
 * Erlang-B over a sweep of background burst loss: the share of a Poisson background
 * source's bursts lost to contention, against the loss of a bufferless link of K
 * wavelengths offered A Erlangs, for each fiber of its route.
 *
 * The source offers `load` x C on average, C the capacity of the narrowest fiber of its
 * route (docs/model.md, Background traffic), in bursts of mean `meanBytes`; a burst holds
 * one wavelength of a fiber of rate r for 8 x meanBytes / r. So a fiber of K wavelengths
 * on the route is offered A = load x C / r Erlangs (load x K on the narrowest), and the
 * route loses 1 - prod(1 - B(K, A)) of the bursts: independent links, each offered the
 * whole load (no thinning upstream; exact on a route with one fiber that can block).
 *
 * It applies only where the engine's system is that loss system, and otherwise says why:
 * one Poisson source, not entering assembly (then its bytes ride in TCP's bursts), JET
 * reservation (under JIT a wavelength is held from the control packet on, longer than
 * the burst), no delay lines on its cores (they turn losses into delays), and no TCP burst
 * sharing a fiber and direction with it (their load is not in A).
 *
 * The source's route and the flows' are those the engine took (routes/engineRoutes.ts: the
 * app computes none of its own); without them, before the engine has loaded the scenario,
 * it says the fit cannot be told yet.
 */
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { backgroundRoute, flowRoute, linksById } from '../routes/engineRoutes';
import type { RouteLink, RouteNetwork } from './bottleneck';
import { erlangBOrNull } from '@obs-tcp-sim/theory';

/** The sweep output Erlang-B predicts: the share of background bursts lost to contention. */
export const BACKGROUND_CONTENTION_SHARE = 'bursts.background.droppedContention / bursts.background.sent';

/** The parts of a scenario this needs (the Scenario type fits). */
export interface ErlangScenario extends RouteNetwork {
  nodes: readonly { id: string; kind: string; fdl?: { count?: number } }[];
  links: readonly RouteLink[];
  flows: readonly { id: string; src: string; dst: string }[];
  obs?: { reservation?: string };
  background?: readonly { src: string; dst: string; model?: string; load: number; meanBytes?: number; enterAssembly?: boolean }[];
}

export interface ErlangFiber {
  id: string;
  wavelengths: number;
  erlangs: number;
  loss: number;
}

/** `routesUnknown`: it is the routes that are not known (nothing loaded yet, another scenario's): the fit may yet hold. */
export type ErlangFit = { kind: 'fit'; loss: number; fibers: ErlangFiber[] } | { kind: 'none'; reason: string; routesUnknown?: true };

const directed = (from: string, linkId: string) => `${linkId}\u0000${from}`;

/** Why Erlang-B cannot describe this scenario's background loss whatever the routes, or null. */
function unfitWhateverTheRoutes(scenario: ErlangScenario): string | null {
  const sources = scenario.background ?? [];
  if (sources.length !== 1) return `Erlang-B is drawn for one background source (this scenario has ${sources.length})`;
  const source = sources[0];
  if ((source.model ?? 'poisson') !== 'poisson') return 'the background source is self-similar: its arrivals are not Poisson';
  if (source.enterAssembly) return 'the background enters assembly: its bytes ride in bursts with TCP’s segments';
  if ((scenario.obs?.reservation ?? 'jet') !== 'jet')
    return 'under JIT a wavelength is held from the control packet on, longer than the burst Erlang-B counts';
  return null;
}

/** Erlang-B's loss for the scenario's background source on the routes the engine took, or why it does not apply. */
export function erlangFit(scenario: ErlangScenario, routes: EngineRoutes | null): ErlangFit {
  const unfit = unfitWhateverTheRoutes(scenario);
  if (unfit !== null) return none(unfit);
  const source = scenario.background![0];
  const read = backgroundRoute(scenario, routes, 0);
  if (!read.ok) return routesUnknown(`the background’s route is not known: ${read.reason}`);
  const route = read.route;
  const fibers = route.filter((hop) => hop.link.kind === 'fiber');
  const capacity = Math.min(...fibers.map((hop) => hop.link.rate * (hop.link.wavelengths ?? 1)));
  if (!(capacity > 0)) return none('its route has no fiber with a capacity');
  const nodes = new Map(scenario.nodes.map((n) => [n.id, n]));
  const delayLines = route.map((hop) => nodes.get(hop.from)).find((n) => n?.kind === 'core' && (n.fdl?.count ?? 0) > 0);
  if (delayLines) return none(`core ${delayLines.id} has fiber delay lines: they delay bursts Erlang-B would count as lost`);
  const onRoute = new Set(fibers.map((hop) => directed(hop.from, hop.link.id)));
  const links = linksById(scenario.links);
  for (const flow of scenario.flows) {
    // A flow's data bursts go src -> dst, its ACK bursts back (each on the engine's own
    // route for that direction): either may share a direction.
    for (const direction of ['data', 'ack'] as const) {
      const read = flowRoute(scenario, routes, flow, direction, links);
      if (!read.ok) return routesUnknown(`flow ${flow.id}’s route is not known: ${read.reason}`);
      const shared = read.route.hops.find((hop) => hop.link.kind === 'fiber' && onRoute.has(directed(hop.from, hop.link.id)));
      if (shared)
        return none(`flow ${flow.id}’s bursts share fiber ${shared.link.id} with the background: their load is not in Erlang-B’s`);
    }
  }
  let through = 1;
  const out: ErlangFiber[] = [];
  for (const hop of fibers) {
    const wavelengths = hop.link.wavelengths ?? 1;
    const erlangs = (source.load * capacity) / hop.link.rate;
    const loss = erlangBOrNull(wavelengths, erlangs);
    if (loss === null) return none(`Erlang-B cannot be computed for ${wavelengths} wavelengths offered ${erlangs} Erlangs`);
    through *= 1 - loss;
    out.push({ id: hop.link.id, wavelengths, erlangs, loss });
  }
  return { kind: 'fit', loss: 1 - through, fibers: out };
}

function none(reason: string): ErlangFit {
  return { kind: 'none', reason };
}

function routesUnknown(reason: string): ErlangFit {
  return { kind: 'none', reason, routesUnknown: true };
}

/** The fiber that loses the most, in words: "2 wavelengths offered 1.4 Erlangs" (for tooltips). */
export function describeErlangFit(fit: Extract<ErlangFit, { kind: 'fit' }>): string {
  const worst = fit.fibers.reduce((a, b) => (b.loss > a.loss ? b : a));
  const others = fit.fibers.length > 1 ? `, the worst of ${fit.fibers.length} fibers` : '';
  return `${worst.id}: ${worst.wavelengths} wavelength${worst.wavelengths === 1 ? '' : 's'} offered ${Number(worst.erlangs.toPrecision(3))} Erlangs${others}`;
}
