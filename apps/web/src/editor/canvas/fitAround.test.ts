import { describe, expect, it } from 'vitest';
import { fitAround } from './fitAround';
import { apply } from '../fit';
import { FAN_REACH } from '../../topology/accessFan';

const nodes = [
  { id: 'E1', kind: 'edge' as const, x: 0, y: 0 },
  { id: 'C1', kind: 'core' as const, x: 200, y: 0 },
  { id: 'E2', kind: 'edge' as const, x: 400, y: 0 },
];
const fiber = { kind: 'fiber' as const, delay: 1e-3, wavelengths: 2, rate: 1e9 };
const packetLink = { kind: 'packet' as const, delay: 1e-3, rate: 1e7 };
const links = [
  { id: 'f1', a: 'E1', b: 'C1', ...fiber },
  { id: 'f2', a: 'C1', b: 'E2', ...fiber },
];

describe('fitAround with fan glyphs', () => {
  it('leaves room on the left for a source fan and its label at the leftmost node', () => {
    const flows = [{ id: 'tcp', src: 'E1', dst: 'E2', count: 320, access: { src: { rate: 1e8, delay: 1e-3 } } }];
    const plain = fitAround({ nodes, links } as never, 800, 300);
    const fanned = fitAround({ nodes, links, flows } as never, 800, 300);
    const [plainX] = apply(plain, 0, 0);
    const [fannedX] = apply(fanned, 0, 0);
    // The spokes, hosts and "×320, 100 Mbit/s each" fit left of E1.
    expect(fannedX).toBeGreaterThan(FAN_REACH + 100);
    expect(fannedX).toBeGreaterThan(plainX);
  });

  it('leaves the label the room of its text scale, larger in presenter mode than the glyphs’', () => {
    const flows = [{ id: 'tcp', src: 'E1', dst: 'E2', count: 80, access: { src: { rate: 1e8, delay: 1e-3 } } }];
    const s = 1.2;
    const ts = 1.8;
    const fit = fitAround({ nodes, links, flows } as never, 1000, 300, undefined, s, ts);
    const [e1x] = apply(fit, 0, 0);
    // "×80, 100 Mbit/s each" at 14 px scaled by ts (8 px a character, estimated), ending
    // left of the spokes' hosts: all of it inside the view.
    const labelWidth = (8 * '×80, 100 Mbit/s each'.length + 2) * ts;
    expect(e1x).toBeGreaterThanOrEqual(FAN_REACH * s + labelWidth);
  });
});

describe('fitAround on a projector', () => {
  const line = {
    nodes: [
      { id: 'Server', kind: 'host' as const, x: 80, y: 200 },
      { id: 'E1', kind: 'edge' as const, x: 260, y: 200 },
      { id: 'C1', kind: 'core' as const, x: 450, y: 200 },
      { id: 'E2', kind: 'edge' as const, x: 640, y: 200 },
      { id: 'Client', kind: 'host' as const, x: 820, y: 200 },
    ],
    links: [
      { id: 'a1', a: 'Server', b: 'E1', ...packetLink },
      { id: 'f1', a: 'E1', b: 'C1', ...fiber },
      { id: 'f2', a: 'C1', b: 'E2', ...fiber },
      { id: 'a2', a: 'E2', b: 'Client', ...packetLink },
    ],
  };

  it('spreads a line over most of the width, the end names under their nodes rather than beside', () => {
    // Presenter mode's network in a lesson at 1280x720 (glyphs x1.5), the legend folded.
    const t = fitAround(line as never, 732, 161, { width: 90, height: 34 }, 1.5);
    const [left] = apply(t, 80, 200);
    const [right] = apply(t, 820, 200);
    // With the names beside (fitPadding), the ends were 144 px in from each side: 444 of 732 px.
    expect(right - left).toBeGreaterThan(0.75 * 732);
    expect(left).toBeGreaterThan(29 * 1.5); // the host's glyph stays inside
  });

  it('keeps the names beside where a column of nodes leaves no room under them', () => {
    const column = {
      nodes: [...line.nodes, { id: 'Server2', kind: 'host' as const, x: 80, y: 240 }],
      links: [...line.links, { id: 'a3', a: 'Server2', b: 'E1', ...packetLink }],
    };
    const t = fitAround(column as never, 732, 161, { width: 90, height: 34 }, 1.5);
    const [left] = apply(t, 80, 200);
    expect(left).toBeGreaterThan(120);
  });
});

describe('fitAround beside the legend', () => {
  it('keeps a line inside a view as short as the open legend, beside it rather than under it', () => {
    const line = { nodes, links };
    const legend = { width: 190, height: 160 };
    const t = fitAround(line as never, 930, 178, legend, 1);
    const [, y] = apply(t, 0, 0);
    expect(y).toBeLessThan(178 - 30);
    expect(y).toBeGreaterThan(30);
  });
});
