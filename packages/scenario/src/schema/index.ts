// The scenario schema: one statement of format v1's fields and rules (zod), read by the
// editor, share links, files, saved work, live changes and the sweep picker, and held
// against the engine's parser by packages/engine/src/schema-engine.contract.test.ts.
export { scenarioSchema, scenarioShapeSchema, type ScenarioInput, type ScenarioOutput } from './schema';
export { validateScenario, issuesOf, formatPath, pathInMessage, type Issue } from './validate';
export {
  NUMBER_RULES,
  CHOICE_RULES,
  KIND_ONLY,
  TCP_VARIANTS,
  LOSS_RECOVERIES,
  NODE_KINDS,
  LINK_KINDS,
  APP_KINDS,
  ASSEMBLY_POLICIES,
  ASSEMBLY_QUEUES,
  RESERVATIONS,
  SCHEDULERS,
  BACKGROUND_MODELS,
  CONVERSIONS,
  WAVELENGTH_CHOICES,
  DROP_CLASSES,
  genericPath,
  ruleFor,
  choiceRuleFor,
  rateRule,
  labelOf,
  inSentence,
  formatByRule,
  type NumberRule,
  type ChoiceRule,
  type FieldUnit,
} from './fields';
export { checkNumber, checkId, checkName, utf8Length } from './checks';
export {
  isLivePath,
  livePathsOf,
  liveFieldOf,
  liveRuleOf,
  liveValueReason,
  LIVE_GENERIC_PATHS,
  LIVE_TARGETS,
  liveTargetOf,
  VARIANT_INDEX_RULE,
  DROP_NEXT_RULES,
  type LiveField,
  type LiveUnit,
} from './live';
export { numericPaths, type NumericPath } from './paths';
export { ENGINE_ONLY, engineOnlyRuleOf, type EngineOnlyRule } from './engine-only';
export * as LIMITS from './limits';
export { formatValue, parsePlain, parseValue, shiftDecimal, unitLabels, unitOf, type ParseResult, type Quantity } from './units';
