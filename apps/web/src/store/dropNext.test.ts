import { describe, expect, it } from 'vitest';
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { dropNextPath, edgesForming } from './dropNext';

const preset = (id: string) => structuredClone(PRESETS.find((p) => p.id === id)!.scenario) as Scenario;
const names = (s: Scenario, nodes: number[]) => nodes.map((i) => s.nodes[i].id);

describe('the edges a drop-next button acts on', () => {
  it('data bursts from the edge after the source, ACK bursts from the edge after the sink', () => {
    const s = preset('first-lesson');
    expect(names(s, edgesForming(s, 'data'))).toEqual(['E1']);
    expect(names(s, edgesForming(s, 'ack'))).toEqual(['E2']);
  });

  it('each edge once, however many flows it serves; none on a network without OBS', () => {
    // Paper 004's dumb-bell: hosts and routers only.
    expect(edgesForming(preset('paper004'), 'data')).toEqual([]);
    const fast = preset('paper003-fast');
    expect(names(fast, edgesForming(fast, 'data'))).toEqual(['E1']);
  });

  it('none without flows; the path names the node and the class', () => {
    const s = preset('first-lesson');
    s.flows = [];
    expect(edgesForming(s, 'data')).toEqual([]);
    expect(dropNextPath(3, 'ack')).toBe('nodes[3].dropNext.ack');
  });
});
