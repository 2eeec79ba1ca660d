import { describe, expect, it } from 'vitest';
import { makeNames } from '@obs-tcp-sim/engine';
import { buildScene } from './geometry';
import { pathSpec } from './pathSpec';
import { LINE, LINE_ROUTES } from './testPath';
import { testSceneInput } from './testScene';
import type { BurstStory } from './timeSpaceModel';
import { burstName, describeScene, formatAt, storySentences, tableRows, TABLE_HEAD } from './timeSpaceWords';

const spec = pathSpec(LINE, ['E1', 'C1', 'C2', 'E2'], LINE_ROUTES)!;
const names = makeNames(LINE as never, ['tcp1'], LINE_ROUTES);

/** The lesson's burst: sent at 4.2 ms, offset 1 ms, through C1 (1 ms processing, 1 µs set-up). */
const through: BurstStory = {
  id: 0,
  cls: 0,
  formed: { t: 0.0042, column: 0, node: 1, offset: 0.0010015, segments: 1, bytes: 1500, mainFlow: 0, flows: 1, path: 0 },
  bhps: [{ hop: 0, back: false, t0: 0.0042, t1: 0.0092005 }],
  bands: [
    { hop: 0, back: false, t0: 0.0052015, t1: 0.0052135, lane: 0, fdl: 0 },
    { hop: 1, back: false, t0: 0.0102015, t1: 0.0102135, lane: 1, fdl: 0 },
  ],
  side: [],
  drop: null,
  deflections: [],
  cuts: [],
  delivered: null,
  last: 0.0123,
};

describe('the diagram in words', () => {
  it('names a burst with what it carries', () => {
    expect(burstName(through, names)).toBe('data burst 0 (1 segment of tcp1, 1.5 KB)');
    expect(formatAt(0.0092005)).toBe('9.2005 ms');
    expect(formatAt(12.3456)).toBe('12.3456 s');
  });

  it('tells a burst’s story along the path, up to now', () => {
    expect(storySentences(through, spec, names, 0.0106)).toEqual([
      'E1 sends data burst 0 (1 segment of tcp1, 1.5 KB) at 4.2 ms: its control packet (BHP) leaves first, the burst 1.0015 ms later, at 5.2015 ms (the offset).',
      'The BHP reaches C1 at 9.2005 ms; C1 processes it until 10.2005 ms and sets its switch by 10.2015 ms.',
      'The burst crosses E1 → C1: it leaves at 5.2015 ms, its first bit arrives at 10.2015 ms.',
      'The burst is on C1 → C2 (left at 10.2015 ms, arrives at 12.2015 ms).',
    ]);
  });

  it('says why a late burst was lost', () => {
    const late: BurstStory = {
      ...through,
      bands: [{ ...through.bands[0], t0: 0.0047 }],
      drop: { column: 1, node: 2, t: 0.0102005, reason: 2, link: 2, dir: 1 },
    };
    const said = storySentences(late, spec, names, 0.0105);
    // C1 never switched for it.
    expect(said[1]).toBe('The BHP reaches C1 at 9.2005 ms; C1 processes it until 10.2005 ms.');
    expect(said.at(-1)).toBe('Dropped at C1 (late): its first bit arrived at 9.7 ms, before its BHP was processed (10.2005 ms).');
    expect(tableRows([late], spec, 0.0105)[0].cells).toEqual(['0', 'data', 'E1', '4.2 ms', '4.7 ms', '1.0015 ms', 'dropped at C1 (late)']);
  });

  it('has a table row per burst, in the order they were sent', () => {
    const later = { ...through, id: 5, formed: { ...through.formed!, t: 0.0062 } };
    const rows = tableRows([later, through], spec, 0.02);
    expect(TABLE_HEAD).toHaveLength(rows[0].cells.length);
    expect(rows.map((r) => r.id)).toEqual([0, 5]);
    expect(rows[0].cells.at(-1)).toBe('on its way');
  });

  it('describes the figure: the path, the window, the bursts, the labelled one’s story', () => {
    const scene = buildScene(testSceneInput(spec, [through], { from: 0.003, to: 0.011, now: 0.0106 }));
    const text = describeScene(scene, new Map([[0, through]]), spec, names, { from: 0.003, to: 0.011, now: 0.0106 });
    expect(text).toMatch(
      /^Time-space diagram of the path E1 → C1 → C2 → E2: simulated time runs down from 3 ms to 11 ms, now 10.6 ms. 1 burst drawn. Labelled: E1 sends data burst 0/,
    );
  });
});
