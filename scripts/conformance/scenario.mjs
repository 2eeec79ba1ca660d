// One run of a case as a scenario of ours (format v1): the same network, flows and loss as
// tcl.mjs writes for ns-2, every TCP setting from alignment.mjs's BASE_TCP and the case.
import { flowTcp } from './tcl.mjs';

/**
 * @param {{ case: any, variant: string, seed: number, flows: any[] }} run
 * @param {{ packets?: number[] }} options packets: the resolved drop list
 */
export function ourScenario(run, options = {}) {
  const c = run.case;
  const links = c.network.links.map((l) => ({ id: l.id, a: l.a, b: l.b, kind: 'packet', rate: l.rate, delay: l.delay, queue: l.queue }));
  if (c.loss.kind === 'random') {
    // The data direction only, as ns-2's error model on the link from a to b.
    links.find((l) => l.id === c.lossLink).loss = { ab: c.loss.p, ba: 0 };
  }
  const scenario = {
    version: 1,
    name: `conformance ${c.id} (${run.variant})`,
    seed: run.seed,
    duration: c.duration,
    sampleInterval: 0.01,
    nodes: c.network.nodes.map((n) => ({ id: n.id, kind: n.kind })),
    links,
    flows: run.flows.map((f) => {
      const { rto, ...tcp } = flowTcp(f);
      return { id: f.id, src: f.src, dst: f.dst, start: f.start, tcp: { ...tcp, variant: f.variant, rto: { ...rto } } };
    }),
  };
  if (c.loss.kind === 'list') scenario.drops = [{ flow: run.flows[0].id, packets: options.packets ?? c.loss.packets }];
  return scenario;
}
