import { describe, expect, it } from 'vitest';
import { DEFAULT_PRESET_ID, PRESETS, encodeShareHash, type Scenario } from '@obs-tcp-sim/scenario';
import { chooseStart, presetIdOf } from './startup';
import { readSavedScenario, STORAGE_KEY, throttledSaver, writeSavedScenario } from './savedScenario';

const paper004 = PRESETS.find((p) => p.id === 'paper004')!;
const edited = (): Scenario => ({ ...(structuredClone(paper004.scenario) as Scenario), name: 'my network' });

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('the scenario the page opens on', () => {
  it('a share link wins over the saved scenario', () => {
    const storage = memoryStorage();
    writeSavedScenario(storage, edited());
    const linked = edited();
    linked.seed = 42;
    const start = chooseStart(encodeShareHash(linked), readSavedScenario(storage));
    expect(start.source).toBe('link');
    expect(start.scenario).toEqual(linked);
    expect(start.presetId).toBe('');
    expect(start.problem).toBeNull();
  });

  it('a preset link opens that preset, and a link to an unchanged preset names it', () => {
    expect(chooseStart('#preset=paper004', { kind: 'none' })).toMatchObject({ source: 'preset-link', presetId: 'paper004' });
    const start = chooseStart(encodeShareHash(structuredClone(paper004.scenario) as Scenario), { kind: 'none' });
    expect(start.presetId).toBe('paper004');
  });

  it('a bad link: its reason, and the default preset (not the saved work)', () => {
    const start = chooseStart('#s=1.AAAA', { kind: 'saved', scenario: edited() });
    expect(start.source).toBe('default');
    expect(start.presetId).toBe(DEFAULT_PRESET_ID);
    expect(start.problem).toMatch(/^This link could not be opened: .+\. Showing the default scenario instead\.$/);
  });

  it('no link: the saved scenario, else the default preset', () => {
    const storage = memoryStorage();
    expect(chooseStart('', readSavedScenario(storage))).toMatchObject({ source: 'default', presetId: DEFAULT_PRESET_ID, problem: null });
    writeSavedScenario(storage, edited());
    const start = chooseStart('', readSavedScenario(storage));
    expect(start.source).toBe('saved');
    expect(start.scenario.name).toBe('my network');
  });

  it('names a preset only when the scenario is exactly it', () => {
    expect(presetIdOf(structuredClone(paper004.scenario) as Scenario)).toBe('paper004');
    expect(presetIdOf(edited())).toBe('');
  });
});

describe('the saved scenario', () => {
  it('round-trips', () => {
    const storage = memoryStorage();
    expect(writeSavedScenario(storage, edited())).toBeNull();
    expect(readSavedScenario(storage)).toEqual({ kind: 'saved', scenario: edited() });
  });

  it('refuses what it cannot trust, saying why', () => {
    const read = (text: string) => readSavedScenario(memoryStorage({ [STORAGE_KEY]: text }));
    expect(read('{not json')).toMatchObject({ kind: 'unreadable', message: expect.stringMatching(/not valid JSON/) });
    expect(read(JSON.stringify({ format: 99, scenario: edited() }))).toMatchObject({ kind: 'unreadable', message: expect.stringMatching(/another version/) });
    const hostile = edited();
    hostile.flows[0].count = 1_000_000;
    expect(read(JSON.stringify({ format: 1, scenario: hostile }))).toMatchObject({ kind: 'unreadable', message: expect.stringMatching(/flows\[0\]\.count/) });
    const start = chooseStart('', read('{not json'));
    expect(start.problem).toMatch(/^Your last scenario could not be restored/);
  });

  it('reports a full or missing storage instead of throwing', () => {
    expect(writeSavedScenario(null, edited())).toMatch(/no local storage/);
    const full = { setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(writeSavedScenario(full, edited())).toMatch(/QuotaExceededError/);
  });

  it('writes at most once per interval, the last value, and on flush', () => {
    const saved: number[] = [];
    let fire: (() => void) | null = null;
    const saver = throttledSaver<number>((v) => saved.push(v), 500, { set: ((f: () => void) => ((fire = f), 1)) as never, clear: (() => { fire = null; }) as never });
    saver.push(1);
    saver.push(2);
    expect(saved).toEqual([]);
    fire!();
    expect(saved).toEqual([2]);
    saver.push(3);
    saver.flush();
    expect(saved).toEqual([2, 3]);
  });
});

describe('a scenario file', async () => {
  const { scenarioFromText } = await import('./openFile');
  it('opens a valid file and names the line of a syntax error or the field over a limit', () => {
    expect(scenarioFromText('a.json', JSON.stringify(edited()))).toEqual({ ok: true, scenario: edited() });
    const bad = scenarioFromText('b.json', '{\n  "version": 1,\n  x\n}');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^b\.json: .*line 3/);
    const hostile = edited();
    hostile.nodes[0].id = 'a\u202eb';
    const refused = scenarioFromText('c.json', JSON.stringify(hostile));
    expect(!refused.ok && refused.message).toMatch(/^c\.json: nodes\[0\]\.id/);
  });
});
