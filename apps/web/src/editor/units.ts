/**
 * Friendly units for the editor's inputs: the scenario package's (packages/scenario/src/
 * schema/units.ts), where the schema's field rules and live changes format their values.
 */
export { formatValue, parsePlain, parseValue, shiftDecimal, unitLabels, unitOf, type ParseResult, type Quantity } from '@obs-tcp-sim/scenario';
