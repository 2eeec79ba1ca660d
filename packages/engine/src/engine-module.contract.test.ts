// The hand-written declarations of engine-module.ts against the module Embind builds:
// Debian's Emscripten (3.1.6) cannot emit them (`--emit-tsd` came later), so this test
// reads the interfaces with the TypeScript compiler and asks the running module the same
// questions: which functions it binds, how many arguments each takes, which columns its
// drains return and in which typed arrays.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@obs-tcp-sim/scenario';
import { LINK_SAMPLE_COLUMNS, SAMPLE_COLUMNS, VISUAL_EVENT_COLUMNS } from './engine-module';
import { loadEngineNode } from './node-engine';

const declarations = ts.createSourceFile(
  'engine-module.ts',
  readFileSync(new URL('./engine-module.ts', import.meta.url), 'utf8'),
  ts.ScriptTarget.Latest,
  true,
);

function declaredInterface(name: string): ts.InterfaceDeclaration {
  const found = declarations.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!found) throw new Error(`engine-module.ts declares no interface ${name}`);
  return found;
}

function memberName(member: ts.TypeElement): string {
  return member.name && ts.isIdentifier(member.name) ? member.name.text : '';
}

/** Method name -> parameter count, for an interface's method signatures. */
function declaredMethods(name: string): Map<string, number> {
  const methods = new Map<string, number>();
  for (const m of declaredInterface(name).members) if (ts.isMethodSignature(m)) methods.set(memberName(m), m.parameters.length);
  return methods;
}

/** Property name -> its type as written, for an interface's property signatures. */
function declaredProperties(name: string): Map<string, string> {
  const properties = new Map<string, string>();
  for (const m of declaredInterface(name).members)
    if (ts.isPropertySignature(m) && m.type) properties.set(memberName(m), m.type.getText(declarations));
  return properties;
}

/** The argument count an Embind function insists on, read from the error it throws. */
function boundArity(call: (...args: unknown[]) => unknown): number {
  const tooMany = Array.from({ length: 12 }, () => 0);
  try {
    call(...tooMany);
  } catch (error) {
    const expected = /expected (\d+) args/.exec(String(error));
    if (expected) return Number(expected[1]);
    throw error;
  }
  return tooMany.length;
}

const engine = await loadEngineNode();
const SimulationClass = engine.module.Simulation as unknown as (new (...args: unknown[]) => Record<string, unknown>) & {
  prototype: object;
};

describe('engine-module.ts declares what the Embind module binds', () => {
  it('every Simulation method, no more and no fewer, each with the arity Embind enforces', () => {
    const declared = declaredMethods('Simulation');
    // delete() is Embind's own (ClassHandle), inherited by every bound class.
    declared.delete('delete');
    const bound = Object.getOwnPropertyNames(SimulationClass.prototype).filter((n) => n !== 'constructor');
    expect([...declared.keys()].sort()).toEqual(bound.sort());

    const sim = new SimulationClass(JSON.stringify(defaultScenario));
    try {
      for (const [name, parameters] of declared) {
        const method = sim[name] as (...args: unknown[]) => unknown;
        expect({ name, arity: boundArity((...args) => method.apply(sim, args)) }).toEqual({ name, arity: parameters });
      }
    } finally {
      (sim.delete as () => void)();
    }
  });

  it('the constructors and the free functions', () => {
    const moduleType = declaredInterface('EngineModule');
    const simulation = moduleType.members.find((m) => memberName(m) === 'Simulation');
    expect(simulation && ts.isPropertySignature(simulation) && simulation.type).toBeTruthy();
    const literal = (simulation as ts.PropertySignature).type as ts.TypeLiteralNode;
    const constructorArities = literal.members.filter(ts.isConstructSignatureDeclaration).map((c) => c.parameters.length);
    let refusal = '';
    try {
      new SimulationClass();
    } catch (error) {
      refusal = String(error);
    }
    // "... invalid number of parameters (0) - expected (1,3) parameters instead!"
    expect(/expected \(([\d,]+)\)/.exec(refusal)?.[1]).toBe(constructorArities.sort().join(','));

    const functions = declaredMethods('EngineModule');
    expect([...functions.keys()]).toEqual(['engineVersion', 'notableVisualEventKinds']);
    for (const name of functions.keys()) {
      const bound = engine.module[name as keyof typeof engine.module] as (...a: unknown[]) => unknown;
      expect(
        boundArity((...args) => bound(...args)),
        name,
      ).toBe(functions.get(name));
    }
  });

  it('the drained columns, by name and typed array', () => {
    const sim = new engine.module.Simulation(JSON.stringify({ ...defaultScenario, duration: 0.5 }));
    try {
      sim.setVisualEvents(true);
      sim.setLinkSamples(true);
      sim.advanceTo(0.5);
      const samples = sim.drainSamples() as unknown as Record<string, unknown>;
      const events = sim.drainVisualEvents() as unknown as Record<string, unknown>;
      const links = sim.drainLinkSamples() as unknown as Record<string, unknown>;
      for (const [interfaceName, drained, listed] of [
        ['SampleColumns', samples, SAMPLE_COLUMNS],
        ['LinkSampleColumns', links, LINK_SAMPLE_COLUMNS],
        ['VisualEventColumns', events, VISUAL_EVENT_COLUMNS],
      ] as const) {
        const declared = declaredProperties(interfaceName);
        expect(Object.keys(drained).sort()).toEqual([...declared.keys()].sort());
        for (const [column, type] of declared) {
          const value = drained[column];
          const actual = typeof value === 'number' ? 'number' : (value as object).constructor.name;
          expect({ interfaceName, column, type: actual }).toEqual({ interfaceName, column, type });
        }
        // The column lists the views iterate over are the arrays, in some order.
        expect([...listed].sort()).toEqual(
          [...declared]
            .filter(([, type]) => type !== 'number')
            .map(([column]) => column)
            .sort(),
        );
      }
      expect((samples.t as Float64Array).length).toBeGreaterThan(0);
      expect((links.t as Float64Array).length).toBeGreaterThan(0);
    } finally {
      sim.delete();
    }
  });
});
