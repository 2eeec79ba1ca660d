// Small hand-built networks for the tests of this folder: no edges, every link can block.
import type { Conversion, LinkDirection, LossNetwork } from './network';

export const dir = (key: string, wavelengths: number, from = key, to = `${key}'`): LinkDirection => ({
  key,
  link: key,
  from,
  to,
  wavelengths,
  rate: 1,
  buffered: false,
  drop: false,
});

/** Routes given as lists of link keys with their offered Erlangs over these links. */
export function network(links: LinkDirection[], routes: [string[], number][], conversion: Record<string, Conversion> = {}): LossNetwork {
  return {
    links,
    routes: routes.map(([keys, offered], i) => ({ src: `s${i}`, dst: `d${i}`, nodes: [], links: keys, offered })),
    conversion,
  };
}

/**
 * A bidirectional ring of n nodes, K wavelengths per direction, every node sending `a`
 * Erlangs to each of its neighbours and its neighbours' neighbours, both ways (one- and
 * two-hop routes). Link "i+" runs from node i to i+1, "i-" from i to i-1.
 */
export function ring(n: number, k: number, a: number, conversion?: Conversion): LossNetwork {
  const links: LinkDirection[] = [];
  const node = (i: number) => `N${(i + n) % n}`;
  for (let i = 0; i < n; i++) links.push(dir(`${i}+`, k, node(i), node(i + 1)), dir(`${i}-`, k, node(i), node(i - 1)));
  const routes: [string[], number][] = [];
  for (let i = 0; i < n; i++) {
    routes.push([[`${i}+`], a], [[`${i}-`], a]);
    routes.push([[`${i}+`, `${(i + 1) % n}+`], a], [[`${i}-`, `${(i - 1 + n) % n}-`], a]);
  }
  const conv: Record<string, Conversion> = {};
  if (conversion) for (let i = 0; i < n; i++) conv[node(i)] = conversion;
  return network(links, routes, conv);
}
