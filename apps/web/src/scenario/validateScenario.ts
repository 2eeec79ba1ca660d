/**
 * The editor's validation: the scenario schema's (packages/scenario/src/schema), the one
 * the share links, files, live changes and the sweep picker use, held against the engine's
 * parser by its contract test. An invalid value is refused inline with its reason before
 * anything reaches the engine; the engine stays the judge of the few rules the schema
 * leaves to it (ENGINE_ONLY).
 *
 * Paths are the engine's: "links[3].delay", "flows[0].tcp.rto.min".
 */
export {
  checkId,
  checkNumber,
  genericPath,
  NUMBER_RULES,
  pathInMessage,
  ruleFor,
  validateScenario,
  type Issue,
  type NumberRule,
} from '@obs-tcp-sim/scenario';
