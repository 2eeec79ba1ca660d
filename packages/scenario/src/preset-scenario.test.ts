import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { presetScenario } from './preset-scenario';

const file = (name: string): any => JSON.parse(readFileSync(new URL(`../presets/${name}`, import.meta.url), 'utf8'));

describe('presetScenario', () => {
  it('gives the file value for value and in its order of keys', () => {
    for (const name of ['first-lesson.json', 'paper000-lobs.json', 'contention-resolution.json']) {
      const json = file(name);
      const scenario = presetScenario(name, json);
      expect(canonicalJson(scenario)).toBe(canonicalJson(json));
      expect(JSON.stringify(scenario)).toBe(JSON.stringify(json));
      expect(scenario).not.toBe(json);
    }
  });

  it('refuses a scenario the schema refuses, naming the preset and the field', () => {
    const json = file('first-lesson.json');
    json.links[1].wavelengths = -2;
    expect(() => presetScenario('first-lesson', json)).toThrow(/^preset first-lesson: links\[1\]\.wavelengths: /);
    const noNodes = { ...file('first-lesson.json'), nodes: 'none' };
    expect(() => presetScenario('first-lesson', noNodes)).toThrow(/^preset first-lesson: nodes: /);
  });

  it('refuses a field left out for the schema to fill in', () => {
    const json = file('paper000-lobs.json');
    const withDefault = presetScenario('paper000', json).flows[0].tcp.delayedAck;
    expect(withDefault).toBeDefined();
    delete json.flows[0].tcp.delayedAck;
    expect(() => presetScenario('paper000', json)).toThrow(
      "preset paper000: flows[0].tcp.delayedAck is left to the schema's default; a preset writes every field",
    );
  });
});
