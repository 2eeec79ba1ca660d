import { describe, expect, it } from 'vitest';
import { FAN_MAX_SPOKES, FAN_REACH, fanDirection, fanGeometry, fanLabelText, scenarioFans, spokeCount, spokeOf } from './accessFan';

const deg = (a: number) => Math.round((a * 180) / Math.PI);
const identity = (x: number, y: number) => [x, y] as const;

describe('fanLabelText', () => {
  it('says how many copies and each one’s rate, with the app’s rate units', () => {
    expect(fanLabelText(320, 1e8)).toBe('×320, 100 Mbit/s each');
    expect(fanLabelText(2, 1.5e9)).toBe('×2, 1.5 Gbit/s each');
  });
  it('says "own … access" for a group of one', () => {
    expect(fanLabelText(1, 1e8)).toBe('own 100 Mbit/s access');
  });
});

describe('spokes', () => {
  it('draws a handful of spokes, never one per copy', () => {
    expect(spokeCount(320)).toBe(FAN_MAX_SPOKES);
    expect(spokeCount(3)).toBe(3);
    expect(spokeCount(1)).toBe(1);
  });
  it('puts copy k on spoke k mod spokes', () => {
    expect(spokeOf(0, 320)).toBe(0);
    expect(spokeOf(7, 320)).toBe(7 % FAN_MAX_SPOKES);
    expect(spokeOf(2, 3)).toBe(2);
    expect(spokeOf(0, 1)).toBe(0);
  });
});

describe('fanDirection', () => {
  /** The fan's direction in degrees, at a node at the origin with links to these neighbours. */
  const awayFromOrigin = (...neighbours: [number, number][]) => deg(fanDirection([0, 0], neighbours));

  it('points away from a single link', () => {
    expect(deg(fanDirection([100, 100], [[300, 100]]))).toBe(-180); // link to the right: fan left
    expect(deg(fanDirection([100, 100], [[100, 0]]))).toBe(90); // link up: fan down
  });
  it('takes the widest free gap between several links', () => {
    // Links left, right and down: the fan goes up.
    expect(awayFromOrigin([-100, 0], [100, 0], [0, 100])).toBe(-90);
    // Left and right only: up, not down (ties go up).
    expect(awayFromOrigin([-100, 0], [100, 0])).toBe(-90);
  });
  it('keeps clear of a fan already placed at the same node', () => {
    const first = fanDirection([0, 0], [[100, 0]]);
    const second = fanDirection([0, 0], [[100, 0]], [first]);
    expect(deg(first)).toBe(-180);
    expect(Math.abs(deg(second))).toBe(90);
  });
  it('with no links, a source fans left and a sink right', () => {
    expect(deg(fanDirection([0, 0], [], [], 'src'))).toBe(-180);
    expect(deg(fanDirection([0, 0], [], [], 'dst'))).toBe(0);
  });
});

describe('fanGeometry', () => {
  const base = {
    flowId: 'tcp',
    side: 'src' as const,
    count: 320,
    rate: 1e8,
    hub: [200, 150] as const,
    hubRadius: 17,
    neighbours: [[400, 150]] as const,
  };

  it('starts every spoke at the hub glyph’s edge and ends it FAN_REACH px out, away from the link', () => {
    const fan = fanGeometry(base);
    expect(fan.spokes).toHaveLength(FAN_MAX_SPOKES);
    for (const sp of fan.spokes) {
      expect(Math.hypot(sp.x1 - 200, sp.y1 - 150)).toBeCloseTo(19, 6);
      expect(Math.hypot(sp.x2 - 200, sp.y2 - 150)).toBeCloseTo(FAN_REACH, 6);
      expect(sp.x2).toBeLessThan(200); // the side away from the link to the right
    }
    // Symmetric about the fan's direction: outer spokes mirror each other.
    expect(fan.spokes[0].y2 - 150).toBeCloseTo(-(fan.spokes[FAN_MAX_SPOKES - 1].y2 - 150), 6);
  });

  it('anchors the label past the hosts, its end towards the fan when the fan points left', () => {
    const fan = fanGeometry(base);
    expect(fan.label).toMatchObject({ text: '×320, 100 Mbit/s each', anchor: 'end', dy: 0 });
    expect(fan.label.y).toBeCloseTo(150, 6);
    expect(fan.label.x).toBeLessThan(Math.min(...fan.spokes.map((sp) => sp.x2)));
  });

  it('puts an upward fan’s label above it', () => {
    const fan = fanGeometry({
      ...base,
      neighbours: [
        [0, 150],
        [400, 150],
        [200, 400],
      ],
    });
    expect(deg(fan.angle)).toBe(-90);
    expect(fan.label).toMatchObject({ anchor: 'middle', dy: -1 });
    expect(fan.label.y).toBeLessThan(Math.min(...fan.spokes.map((sp) => sp.y2)));
  });

  it('draws a group of one as one spoke, labelled as its own access', () => {
    const fan = fanGeometry({ ...base, count: 1 });
    expect(fan.spokes).toHaveLength(1);
    expect(fan.spokes[0].y2).toBeCloseTo(150, 6);
    expect(fan.label.text).toBe('own 100 Mbit/s access');
  });

  it('grows with the glyph scale', () => {
    const fan = fanGeometry(base, 2);
    expect(Math.hypot(fan.spokes[0].x2 - 200, fan.spokes[0].y2 - 150)).toBeCloseTo(2 * FAN_REACH, 6);
  });

  it('is the same on every call for the same drawing', () => {
    expect(fanGeometry(base)).toEqual(fanGeometry({ ...base, neighbours: [[400, 150]] }));
  });
});

describe('scenarioFans', () => {
  const scenario = {
    nodes: [
      { id: 'E1', kind: 'edge', x: 0, y: 0 },
      { id: 'C1', kind: 'core', x: 200, y: 0 },
      { id: 'E2', kind: 'edge', x: 400, y: 0 },
    ],
    links: [
      { a: 'E1', b: 'C1' },
      { a: 'C1', b: 'E2' },
    ],
    flows: [
      { id: 'tcp', src: 'E1', dst: 'E2', count: 320, access: { src: { rate: 1e8 }, dst: { rate: 1e9 } } },
      { id: 'udp', src: 'E1', dst: 'E2', count: 1, access: { src: { rate: 1e7 } } },
      { id: 'plain', src: 'E1', dst: 'E2', count: 4 },
    ],
  };
  const fans = scenarioFans(scenario, identity, () => 17);

  it('draws one fan per group and side with access, none for groups without', () => {
    expect(fans.map((f) => f.key)).toEqual(['tcp:src', 'tcp:dst', 'udp:src']);
  });
  it('fans a sink side away from its links too', () => {
    expect(deg(fans[1].angle)).toBe(0);
    expect(fans[1].label.text).toBe('×320, 1 Gbit/s each');
  });
  it('fans two groups at one node apart', () => {
    expect(deg(fans[0].angle)).toBe(-180);
    expect(Math.abs(deg(fans[2].angle))).toBe(90);
  });
});
