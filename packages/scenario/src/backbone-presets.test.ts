import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKBONE_PRESETS, backbonePreset } from './backbone-presets';
import { validateScenario } from './schema/index';

const file = (name: string) => JSON.parse(readFileSync(new URL(`../presets/${name}`, import.meta.url), 'utf8'));

describe('backbone presets', () => {
  it.each(Object.entries(BACKBONE_PRESETS))(
    '%s is what backbonePreset builds (node --import tsx scripts/make-backbone-presets.ts)',
    (name, options) => {
      expect(file(name)).toEqual(backbonePreset(options));
    },
  );

  it.each(Object.keys(BACKBONE_PRESETS))('%s passes the schema, with a TCP flow between hosts outside the backbone', (name) => {
    const s = file(name);
    expect(validateScenario(s)).toEqual([]);
    const kinds = (kind: string) => s.nodes.filter((n: { kind: string }) => n.kind === kind).length;
    expect(kinds('edge')).toBe(kinds('core'));
    expect(kinds('host')).toBe(2);
    expect(s.flows).toHaveLength(1);
    expect(s.traffic).toMatchObject({ matrix: 'uniform', model: 'poisson' });
  });

  it('the continuity preset is the NSFNET one but for its name and the cores’ conversion', () => {
    const full = file('nsfnet.json');
    const none = file('nsfnet-continuity.json');
    const strip = (s: { name?: string; nodes: { conversion?: unknown }[] }) => ({
      ...s,
      name: '',
      nodes: s.nodes.map((n) => ({ ...n, conversion: undefined })),
    });
    expect(strip(none)).toEqual(strip(full));
    expect(
      none.nodes.filter((n: { kind: string }) => n.kind === 'core').every((n: { conversion: string }) => n.conversion === 'none'),
    ).toBe(true);
  });
});
