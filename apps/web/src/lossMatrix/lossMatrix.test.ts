import { describe, expect, it } from 'vitest';
import { LOSS_CLASSES, lossClass, lossText } from './lossColors';
import { edgePairsJoined, lossMatrix, overallLoss } from './lossMatrix';
import { cellWords } from './LossMatrixArea';

const pair = (src: string, dst: string, sent: number, contention: number, extra: object = {}) => ({
  src,
  dst,
  route: [src, 'C1', dst],
  offeredErlangs: 0.5,
  sent,
  delivered: sent - contention,
  dropped: { injected: 0, contention, late: 0 },
  loss: sent ? contention / sent : 0,
  ...extra,
});

describe('lossMatrix: pairs laid out source × destination', () => {
  it('orders both axes as the scenario lists its nodes, whatever order pairs come in', () => {
    const m = lossMatrix([pair('E2', 'E0', 10, 1), pair('E0', 'E2', 20, 5)], ['C1', 'E0', 'E1', 'E2']);
    expect(m.edges).toEqual(['E0', 'E2']);
    expect(m.cells[0][1]).toMatchObject({ src: 'E0', dst: 'E2', sent: 20, loss: 0.25 });
    expect(m.cells[1][0]).toMatchObject({ src: 'E2', dst: 'E0', sent: 10, loss: 0.1 });
    expect(m.cells[0][0]).toBeNull();
    expect(m.cells[1][1]).toBeNull();
  });

  it('adds up two paths between the same edges, keeping both routes', () => {
    const m = lossMatrix(
      [pair('E1', 'E2', 100, 10), pair('E1', 'E2', 50, 0, { route: ['E1', 'C2', 'E2'], dropped: { injected: 2, contention: 0, late: 3 } })],
      ['E1', 'E2'],
    );
    const c = m.cells[0][1]!;
    expect(c.sent).toBe(150);
    expect(c.dropped).toEqual({ injected: 2, contention: 10, late: 3 });
    expect(c.loss).toBeCloseTo(15 / 150);
    expect(c.routes).toEqual([
      ['E1', 'C1', 'E2'],
      ['E1', 'C2', 'E2'],
    ]);
    expect(c.offeredErlangs).toBe(1);
  });

  it('a pair that sent nothing has no loss to show, not 0', () => {
    const m = lossMatrix([pair('E0', 'E1', 0, 0)], ['E0', 'E1']);
    expect(m.cells[0][1]!.loss).toBeNull();
    expect(overallLoss(m)).toBeNull();
  });

  it('edges the scenario does not name go last; partial entries are skipped', () => {
    const m = lossMatrix([pair('X', 'E0', 4, 1), undefined, { src: 'E0' }, pair('E0', 'X', 4, 0)], ['E0']);
    expect(m.edges).toEqual(['E0', 'X']);
    expect(overallLoss(m)).toBeCloseTo(1 / 8);
  });

  it('says everything a cell holds in one line', () => {
    const m = lossMatrix([pair('E0', 'E2', 812, 20, { dropped: { injected: 1, contention: 20, late: 2 } })], ['E0', 'E2']);
    expect(cellWords(m.cells[0][1]!)).toBe(
      'E0 → E2 (E0 → C1 → E2): loss 2.8 %; sent 812, delivered 792, dropped 23 (no wavelength 20, injected 1, late 2); offered 0.5 Erlang',
    );
  });
});

describe('the colour scale', () => {
  it('puts losses in fixed classes: exactly 0 apart, bounds inclusive from below', () => {
    expect(lossClass(0).label).toBe('0');
    expect(lossClass(1e-6).label).toBe('under 0.1 %');
    expect(lossClass(0.001).label).toBe('0.1–1 %');
    expect(lossClass(0.049).label).toBe('1–5 %');
    expect(lossClass(0.3).label).toBe('25–50 %');
    expect(lossClass(1).label).toBe('50 % and more');
  });

  it('each class has darker fills for more loss, and text that reads on it at 4.5:1 or more', () => {
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    for (let i = 1; i < LOSS_CLASSES.length; i++) expect(lum(LOSS_CLASSES[i].fill)).toBeLessThan(lum(LOSS_CLASSES[i - 1].fill));
    for (const c of LOSS_CLASSES) expect(contrast(c.fill, c.text)).toBeGreaterThanOrEqual(4.5);
  });

  it('prints a loss with two significant digits under 10 %, whole percents above', () => {
    expect([0, 0.00042, 0.031, 0.0996, 0.27, 1].map(lossText)).toEqual(['0 %', '0.042 %', '3.1 %', '10 %', '27 %', '100 %']);
  });
});

describe('edgePairsJoined: when the loss matrix has something to compare', () => {
  it('counts pairs of edges direction aside: one TCP flow (data and ACKs) is one pair', () => {
    expect(
      edgePairsJoined([
        ['E1', 'E2'],
        ['E2', 'E1'],
      ]),
    ).toBe(1);
    expect(
      edgePairsJoined([
        ['E1', 'E2'],
        ['E2', 'E1'],
        ['E1', 'E3'],
        [undefined, 'E3'],
      ]),
    ).toBe(2);
    expect(edgePairsJoined([])).toBe(0);
  });
});
