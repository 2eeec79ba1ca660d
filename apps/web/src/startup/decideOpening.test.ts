import { describe, expect, it } from 'vitest';
import { DEFAULT_PRESET_ID, PRESETS, encodeShareHash, type Scenario } from '@obs-tcp-sim/scenario';
import { decideOpening, presetIdOf } from './decideOpening';
import {
  parseRecord,
  readSavedScenario,
  recordText,
  STORAGE_KEY,
  throttledSaver,
  writeSavedScenario,
  type SavedRead,
} from '../storage/savedScenario';
import { memoryStorage } from '../storage/testStorage';

const paper004 = PRESETS.find((p) => p.id === 'paper004')!;
const edited = (): Scenario => ({ ...(structuredClone(paper004.scenario) as Scenario), name: 'my network' });
const savedWork = (): SavedRead => ({ kind: 'saved', scenario: edited(), savedAt: 1, stopped: null, fromLink: false });

describe('what the page opens on (decideOpening, at start-up)', () => {
  it('a share link wins over the saved scenario', () => {
    const linked = edited();
    linked.seed = 42;
    const start = decideOpening(encodeShareHash(linked), savedWork());
    expect(start).toMatchObject({ source: 'link', presetId: '', play: true, notice: null, offers: [] });
    expect(start.scenario).toEqual(linked);
  });

  it('a preset link opens that preset, and a link to an unchanged preset names it', () => {
    expect(decideOpening('#preset=paper004', { kind: 'none' })).toMatchObject({ source: 'preset-link', presetId: 'paper004' });
    expect(decideOpening(encodeShareHash(structuredClone(paper004.scenario) as Scenario), { kind: 'none' }).presetId).toBe('paper004');
  });

  it('a bad link: its reason and the default preset; the saved work is said to be kept and offered', () => {
    const start = decideOpening('#s=1.AAAA', savedWork());
    expect(start).toMatchObject({ source: 'default', presetId: DEFAULT_PRESET_ID, play: true, offers: ['open-saved'] });
    expect(start.notice).toMatch(/^This link could not be opened: .+\. Showing the default scenario instead\. Your saved work is kept\.$/);
    // Nothing saved: nothing to offer.
    expect(decideOpening('#s=1.AAAA', { kind: 'none' })).toMatchObject({ source: 'default', offers: [] });
  });

  it('a bad link while the saved record cannot be read: both said, the record offered for download', () => {
    const start = decideOpening('#preset=nope', {
      kind: 'unreadable',
      message: 'it was saved by a newer version of the simulator (storage format 2; this version reads format 1)',
      text: '{"format":2}',
    });
    expect(start.notice).toMatch(
      /^This link could not be opened: .*Showing the default scenario instead\. The scenario saved in this browser cannot be read by this version \(it was saved by a newer version.*\); it is kept as it was\.$/,
    );
    expect(start.offers).toEqual(['download-kept']);
  });

  it('a lesson link opens the scenario of the step it names, paused, with the lesson to start', () => {
    const start = decideOpening('#lesson=tahoe-reno-newreno&step=3', savedWork());
    expect(start).toMatchObject({
      source: 'preset-link',
      presetId: 'first-lesson',
      play: false,
      notice: null,
      lesson: { step: 2, lesson: { id: 'tahoe-reno-newreno' } },
    });
    // Step 3 switches the first step's Tahoe to Reno.
    expect(start.scenario!.flows[0].tcp.variant).toBe('reno');
  });

  it('a broken lesson link is refused like a broken #s= link, naming what is wrong; the saved work is kept', () => {
    const start = decideOpening('#lesson=no-such-lesson', savedWork());
    expect(start).toMatchObject({ source: 'default', presetId: DEFAULT_PRESET_ID, play: true, offers: ['open-saved'] });
    expect(start.lesson).toBeUndefined();
    expect(start.notice).toBe(
      'This link could not be opened: there is no lesson "no-such-lesson"; the lessons are burst-and-offset, data-vs-ack-loss, tahoe-reno-newreno, wavelength-conversion, contention-resolution. Showing the default scenario instead. Your saved work is kept.',
    );
    expect(decideOpening('#lesson=burst-and-offset&step=9', null)).toMatchObject({
      scenario: null,
      notice:
        'This link could not be opened: the lesson "burst-and-offset" has steps 1 to 5; the link asks for step "9". Your scenario is unchanged.',
    });
  });

  it('no link: the saved scenario, else the default preset', () => {
    expect(decideOpening('', { kind: 'none' })).toMatchObject({ source: 'default', presetId: DEFAULT_PRESET_ID, notice: null, play: true });
    const start = decideOpening('', savedWork());
    expect(start).toMatchObject({ source: 'saved', play: true, notice: null });
    expect(start.scenario!.name).toBe('my network');
  });

  it('a saved scenario whose last run the engine stopped opens paused, saying why and how to run it', () => {
    const saved: SavedRead = { ...savedWork(), stopped: { reason: 'the run passed its event budget', at: 5 } } as SavedRead;
    const start = decideOpening('', saved);
    expect(start).toMatchObject({ source: 'saved', play: false });
    expect(start.notice).toBe(
      'The last run of this scenario was stopped: the run passed its event budget. It is loaded but not started: press Play to run it anyway.',
    );
  });

  it('an unreadable saved record: the default, and the record is said to be kept', () => {
    const start = decideOpening('', { kind: 'unreadable', message: 'it is not valid JSON (the record is damaged)', text: '{x' });
    expect(start).toMatchObject({ source: 'default', offers: ['download-kept'] });
    expect(start.notice).toMatch(/^The scenario saved in this browser could not be opened: it is not valid JSON .*It is kept as it was/);
  });

  it('names a preset only when the scenario is exactly it', () => {
    expect(presetIdOf(structuredClone(paper004.scenario) as Scenario)).toBe('paper004');
    expect(presetIdOf(edited())).toBe('');
  });
});

describe('a link pasted into an open page (decideOpening, same function)', () => {
  it('a valid link opens as it would at start-up', () => {
    const linked = edited();
    expect(decideOpening(encodeShareHash(linked), null)).toMatchObject({ source: 'link', scenario: linked, play: true });
    expect(decideOpening('#preset=paper004', null)).toMatchObject({ source: 'preset-link', presetId: 'paper004' });
  });

  it('a bad link leaves the scenario on screen and says so', () => {
    const opened = decideOpening('#s=1.AAAA', null);
    expect(opened.scenario).toBeNull();
    expect(opened.notice).toMatch(/^This link could not be opened: .+\. Your scenario is unchanged\.$/);
  });

  it('no link in the hash: nothing happens', () => {
    for (const hash of ['', '#']) expect(decideOpening(hash, null)).toMatchObject({ scenario: null, notice: null, source: 'none' });
  });
});

describe('notices quote outside text on one line', () => {
  it('a right-to-left override in #preset= cannot turn the notice around', () => {
    const rlo = '\u202e';
    for (const saved of [savedWork(), null]) {
      const { notice } = decideOpening(`#preset=${encodeURIComponent(`${rlo}moc.elpmaxe.live ta won nepo`)}`, saved);
      expect(notice).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u2028\u2029\u0000-\u001f]/);
      expect(notice).toContain('\\u{202E}');
    }
  });

  it('a line separator or a huge reason stays one short line', () => {
    const { notice } = decideOpening(`#preset=${encodeURIComponent(`a\u2028b${'x'.repeat(5000)}`)}`, null);
    expect(notice).not.toMatch(/[\u2028\n]/);
    expect(notice!.length).toBeLessThan(500);
  });
});

describe('the saved record', () => {
  it('round-trips', () => {
    const storage = memoryStorage();
    expect(writeSavedScenario(storage, edited(), 7)).toBeNull();
    expect(readSavedScenario(storage)).toEqual({ kind: 'saved', scenario: edited(), savedAt: 7, stopped: null, fromLink: false });
  });

  it('refuses what it cannot trust, saying why, and keeps the text word for word', () => {
    const read = (text: string) => readSavedScenario(memoryStorage({ [STORAGE_KEY]: text }));
    expect(read('{not json')).toEqual({ kind: 'unreadable', message: expect.stringMatching(/not valid JSON/), text: '{not json' });
    expect(read(JSON.stringify({ format: 2, whatever: 1 }))).toMatchObject({
      kind: 'unreadable',
      message: expect.stringMatching(/newer version .*storage format 2/),
    });
    expect(read(JSON.stringify({ format: 1, scenario: { ...edited(), version: 2 } }))).toMatchObject({
      kind: 'unreadable',
      message: expect.stringMatching(/newer version .*scenario format 2/),
    });
    expect(read(JSON.stringify([1]))).toMatchObject({ kind: 'unreadable', message: expect.stringMatching(/not a record/) });
    const hostile = edited();
    hostile.flows[0].count = 1_000_000;
    expect(read(JSON.stringify({ format: 1, scenario: hostile }))).toMatchObject({
      kind: 'unreadable',
      message: expect.stringMatching(/flows\[0\]\.count/),
    });
  });

  it('a stop mark of any shape counts as a stop (a damaged mark never restarts a crashing run)', () => {
    const base = JSON.parse(recordText({ scenario: edited(), savedAt: 1, stopped: null, fromLink: false }));
    expect(parseRecord(JSON.stringify({ ...base, stopped: { reason: 'trap', at: 3 } }))).toMatchObject({
      stopped: { reason: 'trap', at: 3 },
    });
    expect(parseRecord(JSON.stringify({ ...base, stopped: true }))).toMatchObject({
      stopped: { reason: 'no reason was recorded', at: null },
    });
    expect(parseRecord(JSON.stringify({ ...base, stopped: { reason: 'x'.repeat(9000) } }))).toMatchObject({
      stopped: { reason: 'x'.repeat(500) },
    });
    expect(parseRecord(JSON.stringify(base))).toMatchObject({ stopped: null });
  });

  it('reports a full or missing storage instead of throwing', () => {
    expect(writeSavedScenario(null, edited())).toMatch(/no local storage/);
    const full = {
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(writeSavedScenario(full, edited())).toMatch(/QuotaExceededError/);
    const off = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readSavedScenario(off)).toEqual({ kind: 'none' });
  });

  it('writes at most once per interval, the last value, and on flush', () => {
    const saved: number[] = [];
    let fire: (() => void) | null = null;
    const saver = throttledSaver<number>((v) => saved.push(v), 500, {
      set: (f) => ((fire = f), 1),
      clear: () => {
        fire = null;
      },
    });
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
  const { scenarioFromText } = await import('../files/openFile');
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

  it('a file name cannot reorder or break the message', () => {
    const refused = scenarioFromText('gpj.\u202eexe.json\u2028x', '{');
    expect(!refused.ok && refused.message).toMatch(/^gpj\.\\u\{202E\}exe\.json\\u\{2028\}x: /);
  });
});
