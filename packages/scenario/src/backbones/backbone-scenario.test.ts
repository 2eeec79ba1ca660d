import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scenarioShapeSchema } from '../schema/schema';
import { backboneScenario } from './backbone-scenario';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('backboneScenario', () => {
  it('one core and one edge per city, core links K wavelengths at 5 µs/km, access links 4K', () => {
    const s = backboneScenario({ backbone: 'nsfnet', wavelengths: 8, load: 0.3, conversion: 'none', wavelengthChoice: 'random' }) as any;
    expect(s.nodes).toHaveLength(28);
    expect(s.nodes.filter((n: any) => n.kind === 'core').every((n: any) => n.conversion === 'none')).toBe(true);
    expect(s.nodes.find((n: any) => n.id === 'E-SEA')).toMatchObject({ kind: 'edge' });
    expect(s.links).toHaveLength(21 + 14);
    expect(s.links.find((l: any) => l.id === 'SEA-PAL')).toMatchObject({ a: 'SEA', b: 'PAL', delay: 0.0105, wavelengths: 8, rate: 1e9 });
    expect(s.links.find((l: any) => l.id === 'E-SEA-SEA')).toMatchObject({ a: 'E-SEA', b: 'SEA', delay: 1e-6, wavelengths: 32 });
    expect(s.obs).toMatchObject({ scheduling: 'lauc', reservation: 'jet', wavelengthChoice: 'random' });
    expect(s.traffic).toEqual({ matrix: 'uniform', load: 0.3, model: 'poisson', meanBytes: 40000 });
    expect(s.sampleInterval).toBe(s.duration / 10);
    expect(scenarioShapeSchema.safeParse(s).success).toBe(true);
  });

  it('the fixtures are what it builds (K=16, load 0.6, full conversion)', () => {
    expect(fixture('nsfnet-k16.json')).toEqual(backboneScenario({ backbone: 'nsfnet', wavelengths: 16, load: 0.6 }));
    expect(fixture('cost239-k16.json')).toEqual(backboneScenario({ backbone: 'cost239', wavelengths: 16, load: 0.6 }));
  });
});
