// npm run bench's topology-build round: how long the engine takes to load full meshes of
// routers, from the JSON text to the first event (parse, check, routes, model), in
// WebAssembly under Node as the CLI and the page run it. The build should grow about
// linearly with the links (it once grew with links^2.1: 1, 18 and 99 s for 100, 200 and
// 300 routers); the format allows 100,000 links, so the last mesh is at that limit.
//
// Usage: node build_time.mjs [repeats]
import { loadEngineNode } from '@obs-tcp-sim/engine/node';

const repeats = Math.max(1, Number(process.argv[2] ?? 3));

/** A full mesh of `routers` routers, two hosts at opposite corners, one flow. */
function mesh(routers) {
  const nodes = [
    { id: 'H0', kind: 'host', x: 0, y: 0 },
    { id: 'H1', kind: 'host', x: 1, y: 0 },
  ];
  for (let i = 0; i < routers; i++) nodes.push({ id: `R${i}`, kind: 'router', x: i, y: 1 });
  const links = [];
  for (let i = 0; i < routers; i++) {
    for (let j = i + 1; j < routers; j++) {
      links.push({
        id: `l${i}_${j}`,
        a: `R${i}`,
        b: `R${j}`,
        kind: 'packet',
        rate: 1e9,
        delay: 1e-3 * (1 + ((i * 7 + j * 13) % 5)),
        queue: 100,
      });
    }
  }
  links.push({ id: 'h0', a: 'H0', b: 'R0', kind: 'packet', rate: 1e9, delay: 1e-4 });
  links.push({ id: 'h1', a: 'H1', b: `R${routers - 1}`, kind: 'packet', rate: 1e9, delay: 1e-4 });
  return {
    text: JSON.stringify({
      version: 1,
      name: `mesh of ${routers}`,
      duration: 0.01,
      sampleInterval: 0.01,
      nodes,
      links,
      flows: [{ id: 't', src: 'H0', dst: 'H1' }],
    }),
    links: links.length,
  };
}

const { module } = await loadEngineNode();
const rows = [];
for (const routers of [100, 200, 300, 446]) {
  const { text, links } = mesh(routers);
  const walls = [];
  for (let r = 0; r < repeats; r++) {
    const start = performance.now();
    const sim = new module.Simulation(text);
    if (!sim.ok()) throw new Error(sim.error());
    sim.advanceEvents(1);
    walls.push((performance.now() - start) / 1000);
    sim.delete();
  }
  walls.sort((a, b) => a - b);
  rows.push({ routers, links, best: walls[0], median: walls[Math.floor(walls.length / 2)] });
}
console.log('topology build, wasm under Node (JSON text to the first event), best and median of', repeats);
console.log('routers    links   best (s)  median (s)   links per second (best)');
for (const r of rows) {
  console.log(
    `${String(r.routers).padStart(7)} ${String(r.links).padStart(8)} ${r.best.toFixed(3).padStart(10)} ${r.median.toFixed(3).padStart(11)} ${Math.round(
      r.links / r.best,
    )
      .toLocaleString('en')
      .padStart(14)}`,
  );
}
const first = rows[0],
  last = rows.at(-1);
const exponent = Math.log(last.best / first.best) / Math.log(last.links / first.links);
console.log(`growth: time ~ links^${exponent.toFixed(2)} from ${first.links} to ${last.links} links`);
