import { describe, expect, it } from 'vitest';
import { fitAround } from './fitAround';
import { apply } from '../fit';
import { FAN_REACH } from '../../topology/accessFan';

const nodes = [
  { id: 'E1', kind: 'edge' as const, x: 0, y: 0 },
  { id: 'C1', kind: 'core' as const, x: 200, y: 0 },
  { id: 'E2', kind: 'edge' as const, x: 400, y: 0 },
];
const links = [
  { id: 'f1', a: 'E1', b: 'C1' },
  { id: 'f2', a: 'C1', b: 'E2' },
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
});
