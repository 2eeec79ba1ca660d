// wasm-core/src/generated/limits.h: the engine's limits on a scenario, from the schema's
// limits.ts (their reasons are written there).
import * as LIMITS from '../../packages/scenario/src/schema/limits';
import { generatedHeader, constantName, doubleLiteral, intLiteral } from './cpp';

export function limitsHeader(): string {
  const ints = new Set(LIMITS.ENGINE_INT_LIMITS);
  const lines: string[] = [];
  // By name: a module's exports have no order every loader keeps.
  for (const [name, value] of Object.entries(LIMITS).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (typeof value !== 'number') continue;
    lines.push(
      ints.has(name)
        ? `constexpr int ${constantName(name)} = ${intLiteral(value)};`
        : `constexpr double ${constantName(name)} = ${doubleLiteral(value)};`,
    );
  }
  for (const name of ints)
    if (typeof (LIMITS as Record<string, unknown>)[name] !== 'number') throw new Error(`ENGINE_INT_LIMITS names no limit ${name}`);
  return generatedHeader(
    'packages/scenario/src/schema/limits.ts',
    "// The engine's limits on a scenario; limits.ts says why each is what it is.\n" +
      '#pragma once\n\nnamespace obs {\n\n' +
      lines.join('\n') +
      '\n\n}  // namespace obs\n',
  );
}
