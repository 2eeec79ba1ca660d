import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import defaultScenario from '../scenarios/default.json';
import { parsePath } from './path-grammar';
import { getAtPath, setAtPath, showInput } from './path-access';

describe('parsePath', () => {
  it('reads dotted keys, indices and ids', () => {
    expect(parsePath('obs.burstLoss.data')).toEqual([{ key: 'obs' }, { key: 'burstLoss' }, { key: 'data' }]);
    expect(parsePath('links[2].wavelengths')).toEqual([{ key: 'links' }, { index: 2 }, { key: 'wavelengths' }]);
    expect(parsePath('flows[tcp1].tcp.mss')).toEqual([{ key: 'flows' }, { id: 'tcp1' }, { key: 'tcp' }, { key: 'mss' }]);
    expect(parsePath('links[E1-C1.x].delay')).toEqual([{ key: 'links' }, { id: 'E1-C1.x' }, { key: 'delay' }]);
  });

  it('refuses malformed paths', () => {
    for (const bad of ['', '.obs', 'obs.', 'links[', 'links[]', 'links]1[', '[0].a', 'a b']) {
      expect(() => parsePath(bad), bad).toThrow(/path/);
    }
  });
});

describe('getAtPath', () => {
  const scenario = {
    links: [
      { id: 'f1', wavelengths: 2 },
      { id: 'f2', wavelengths: 4 },
    ],
    background: [{ load: 0.3 }],
    obs: { offset: 'auto' },
  };

  it('finds values by index and by id', () => {
    expect(getAtPath(scenario, 'links[1].wavelengths')).toBe(4);
    expect(getAtPath(scenario, 'links[f1].wavelengths')).toBe(2);
    expect(getAtPath(defaultScenario, 'flows[tcp1].tcp.mss')).toBe(defaultScenario.flows[0].tcp.mss);
  });

  it('names the step that leads nowhere', () => {
    expect(() => getAtPath(scenario, 'links[f9].wavelengths')).toThrow('links[f9] names no link (links are f1, f2)');
    expect(() => getAtPath(scenario, 'links[5].wavelengths')).toThrow('links[5] is out of range (links has 2 links: 0 to 1)');
    expect(() => getAtPath(scenario, 'links[f1].colour')).toThrow('links[f1].colour does not exist (links[f1] has id, wavelengths)');
    expect(() => getAtPath(scenario, 'background[x].load')).toThrow(
      'background[x]: background sources have no id here; use an index, like background[0]',
    );
    expect(() => getAtPath(scenario, 'obs.offset.x')).toThrow('obs.offset is a string ("auto"), so it has no field x');
    expect(() => getAtPath(scenario, 'nope')).toThrow('nope does not exist (the top level has links, background, obs)');
  });
});

describe('setAtPath', () => {
  it('changes a copy and leaves the original alone', () => {
    const before = structuredClone(defaultScenario);
    const changed = setAtPath(defaultScenario, 'links[3].wavelengths', 7);
    expect(defaultScenario).toEqual(before);
    expect(changed.links[3]).toMatchObject({ wavelengths: 7 });
    expect(changed.links[2]).toBe(defaultScenario.links[2]); // untouched parts are shared
    expect(setAtPath(defaultScenario, 'flows[tcp1].tcp.mss', 1000).flows[0].tcp.mss).toBe(1000);
  });

  it('may add a last key but refuses a path through nothing', () => {
    expect(setAtPath({ tcp: {} }, 'tcp.recovery', 'sack')).toEqual({ tcp: { recovery: 'sack' } });
    expect(() => setAtPath({ tcp: {} }, 'tcp.rto.min', 1)).toThrow('tcp.rto does not exist');
  });

  it('reads back what it set, anywhere in a scenario', () => {
    const numericPaths: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value === 'number') numericPaths.push(path);
      else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    };
    walk(defaultScenario, '');
    fc.assert(
      fc.property(fc.constantFrom(...numericPaths), fc.double({ noNaN: true }), (path, value) => {
        const changed = setAtPath(defaultScenario, path, value);
        expect(getAtPath(changed, path)).toBe(value);
        expect(JSON.stringify(setAtPath(changed, path, getAtPath(defaultScenario, path)))).toBe(JSON.stringify(defaultScenario));
      }),
    );
  });
});

describe('showInput', () => {
  it('shows a path or id unquoted, escaped, and cut with escapes counted', () => {
    expect(showInput('links[f1].rate')).toBe('links[f1].rate');
    expect(showInput('tcp\u202E1')).toBe('tcp\\u{202E}1');
    expect(showInput('a\nb')).toBe('a\\u{000A}b');
    expect(showInput('x'.repeat(150))).toBe(`${'x'.repeat(100)}... (50 more characters)`);
    const escaped = showInput('\u202E'.repeat(100));
    expect(escaped).toBe(`${'\\u{202E}'.repeat(12)}... (88 more characters)`);
    expect(showInput('\uD83D\uDE00'.repeat(60), 10)).toBe(`${'\uD83D\uDE00'.repeat(5)}... (110 more characters)`);
  });
});
