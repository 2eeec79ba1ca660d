import { describe, expect, it } from 'vitest';
import { quotedFigures, shows } from './quotedFigures';

const pick = (text: string) =>
  quotedFigures(text).map(({ text: t, kind, value, approximate, moment, counted }) => ({ t, kind, value, approximate, moment, counted }));

describe('quotedFigures', () => {
  it('reads numbers with a unit into one base unit per kind, and counted things', () => {
    expect(pick('1.5 KB and 10 Mbit/s, then 27 of its bursts')).toEqual([
      { t: '1.5 KB', kind: 'bytes', value: 1500, approximate: false, moment: false, counted: undefined },
      { t: '10 Mbit/s', kind: 'rate', value: 1e7, approximate: false, moment: false, counted: undefined },
      { t: '27 of its bursts', kind: 'count', value: 27, approximate: false, moment: false, counted: 'burst' },
    ]);
  });

  it('leaves the digits of names alone (C1, RFC 6582)', () => {
    expect(quotedFigures('C1 and E2 by RFC 6582')).toEqual([]);
  });

  it('marks figures rounded in words, with a tenth of their value as rounding', () => {
    const [about] = quotedFigures('a round trip of about 35 ms');
    expect(about.approximate).toBe(true);
    expect(about.half).toBeCloseTo(0.0035, 12);
    expect(quotedFigures('a round trip of 35 ms')[0].half).toBeCloseTo(0.0005, 12);
  });

  it('marks moments of the run, not the values a sentence fixes', () => {
    expect(quotedFigures('The BHP reached C1 at 9.2 ms.')[0].moment).toBe(true);
    expect(quotedFigures('At ten times real time to t = 5 s.')[0].moment).toBe(true);
    expect(quotedFigures('Now the offset is fixed at 0.5 ms.')[0].moment).toBe(false);
    expect(quotedFigures('2 ms after the first packet arrived')[0].moment).toBe(false);
    // Only times are moments: "at 1 Gbit/s" is a rate.
    expect(quotedFigures('2 wavelengths at 1 Gbit/s')[0].moment).toBe(false);
  });
});

describe('shows', () => {
  it('matches within the coarser rounding, of one kind and one counted thing', () => {
    const [quoted] = quotedFigures('13.0 Mbit/s');
    expect(shows(quotedFigures('13.04 Mbit/s'), quoted)).toBe(true);
    expect(shows(quotedFigures('13 Mbit/s'), quoted)).toBe(true);
    expect(shows(quotedFigures('12.9 Mbit/s'), quoted)).toBe(false);
    const [segments] = quotedFigures('10 segments');
    expect(shows(quotedFigures('10 bursts'), segments)).toBe(false);
    expect(shows([{ ...quotedFigures('10 bursts')[0], counted: undefined }], segments)).toBe(true);
  });
});
