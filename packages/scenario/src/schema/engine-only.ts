// The engine's refusals the schema does not repeat, each with the reason. The schema
// accepts such a scenario and the engine refuses it at load with its own message; the
// contract test (contract.test.ts) recognises these messages by `pattern` and skips only them.

export interface EngineOnlyRule {
  /** What the engine refuses. */
  rule: string;
  /** Why the schema leaves it to the engine. */
  reason: string;
  /** Matches the engine's message for it. */
  pattern: RegExp;
}

export const ENGINE_ONLY: readonly EngineOnlyRule[] = Object.freeze([
  // Before the background sources' rules, whose patterns match these messages too.
  {
    rule: 'Every pair of edge nodes a traffic matrix gives a weight needs a route (docs/mesh.md section 3)',
    reason:
      "The engine checks each pair's least-cost route when it builds the sources, pair by pair in row order, each for a path and then for what it runs over: which of those two refusals comes first depends on the routes (net/route.cc).",
    pattern: /^traffic\.matrix: no path of links leads from/,
  },
  {
    rule: "A traffic matrix pair's route must run over fiber links and core nodes only",
    reason: "As a background source's: the route is the least-cost path, so checking it would be a second router.",
    pattern: /^traffic\.matrix: the route from .* must run over fiber links and core nodes only/,
  },
  {
    rule: 'A traffic matrix pair makes at most 1e9 bursts per second (its share of the load x capacity / 8 x meanBytes)',
    reason:
      "Each pair's share of the load is scaled over the fiber directions the routes cross and its capacity is its route's first fiber: both need the routes.",
    pattern: /^traffic from .* would generate .* bursts per second/,
  },
  {
    rule: "A background source's route must run over fiber links and core nodes only",
    reason:
      "The route is the shortest path by propagation delay, ties broken by the engine's routing order (net/route.cc): repeating it would be a second router.",
    pattern: /must run over fiber links and core nodes only/,
  },
  {
    rule: 'A background source makes at most 1e9 bursts per second (load x capacity / 8 x meanBytes)',
    reason: "The capacity is that of the narrowest fiber on the source's route (rate x wavelengths), so it needs the route too.",
    pattern: /would generate .* bursts per second/,
  },
  {
    rule: "The run's budget: the memory the build needs, a background source's bursts over the run",
    reason:
      "Budgets belong to the run, not the scenario (docs/model.md section 8: the app, the CLI and sweeps pass different ones), and the memory estimate follows the engine's structures (resource_estimate.cc).",
    pattern: /of memory to build|more than the event budget|ran out of memory/,
  },
  {
    rule: 'The routes must take at most kMaxRoutingWork steps to compute (distinct endpoints x topology size)',
    reason: "A guard on the engine's own work, reached only by topologies thousands of times the presets' size.",
    pattern: /routes would take too long to compute/,
  },
  {
    rule: 'The scenario text must be JSON the engine reads: numbers within about 1e308, strings without unpaired surrogates',
    reason:
      'The schema checks values, not text: JSON.parse reads 1e400 as Infinity (the share check refuses it as not finite), and JSON.stringify writes a lone surrogate as an escape nlohmann refuses.',
    pattern: /is not valid JSON/,
  },
]);

/** The engine-only rule a refusal of the engine comes from, or undefined. */
export function engineOnlyRuleOf(engineMessage: string): EngineOnlyRule | undefined {
  return ENGINE_ONLY.find((r) => r.pattern.test(engineMessage));
}
