import { describe, expect, it } from 'vitest';
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { dropNextNode, dropNextPath, edgesForming, whyNoEdgeForms, type BurstClassName, type FormingEdges } from './dropNext';
import { NO_ROUTES_YET, ROUTES_OF_ANOTHER_SCENARIO } from '../routes/engineRoutes';
import { acksCheaperThroughE3, acksForcedThroughE3, engineRoutesOf, engineRunOf } from '../routes/testNetworks';

const preset = (id: string) => structuredClone(PRESETS.find((p) => p.id === id)!.scenario) as Scenario;
const names = (s: Scenario, forming: FormingEdges) => (forming.known ? forming.edges.map((i) => s.nodes[i].id) : forming.reason);
/** The edges forming a class's bursts, on the routes the engine computes for the scenario. */
const forming = async (s: Scenario, cls: BurstClassName) => names(s, edgesForming(s, await engineRoutesOf(s), cls));

describe('the edges a drop-next button acts on', () => {
  it('data bursts from the edge after the source, ACK bursts from the edge after the sink', async () => {
    const s = preset('first-lesson');
    expect(await forming(s, 'data')).toEqual(['E1']);
    expect(await forming(s, 'ack')).toEqual(['E2']);
  });

  it('each edge once, however many flows it serves; none on a network without OBS', async () => {
    // Paper 004's dumb-bell: hosts and routers only.
    expect(await forming(preset('paper004'), 'data')).toEqual([]);
    expect(await forming(preset('paper003-fast'), 'data')).toEqual(['E1']);
  });

  it('none without flows; the path names the node and the class, and back', async () => {
    const s = preset('first-lesson');
    s.flows = [];
    expect(await forming(s, 'data')).toEqual([]);
    expect(whyNoEdgeForms(edgesForming(s, null, 'data'), 'data')).toBe("no edge node forms the flows' data bursts");
    expect(dropNextPath(3, 'ack')).toBe('nodes[3].dropNext.ack');
    expect(dropNextNode('nodes[3].dropNext.ack', 'ack')).toBe(3);
    expect(dropNextNode('nodes[3].dropNext.ack', 'data')).toBeNull();
    expect(dropNextNode('obs.burstLoss.ack', 'ack')).toBeNull();
  });

  // The engine's routes send the ACKs back through E3 (forced, or cheaper that way), where a
  // router of the app's own by delay would have said E2: the button must name the edge that
  // actually forms the ACK bursts in the run.
  for (const [name, network] of [
    ['an ackRoute through E3', acksForcedThroughE3],
    ['costs per direction that make E3 cheaper for ACKs', acksCheaperThroughE3],
  ] as const) {
    it(`with ${name}: the edges where the engine forms each class's bursts`, async () => {
      const s = network();
      const { formedAt } = await engineRunOf(s);
      for (const [cls, code] of [
        ['data', 0],
        ['ack', 1],
      ] as const) {
        expect(formedAt.get(code)?.size, cls).toBeGreaterThan(0);
        expect(await forming(s, cls), cls).toEqual([...formedAt.get(code)!].sort());
      }
      expect(await forming(s, 'ack')).toEqual(['E3']);
      expect(await forming(s, 'data')).toEqual(['E1']);
    });
  }

  it('says the edges are not known, rather than guess, without the engine’s routes for this scenario', async () => {
    const s = acksForcedThroughE3();
    expect(edgesForming(s, null, 'ack')).toEqual({ known: false, reason: NO_ROUTES_YET });
    expect(whyNoEdgeForms(edgesForming(s, undefined, 'ack'), 'ack')).toBe(
      `which edge forms the flows' ACK bursts is not known: ${NO_ROUTES_YET}`,
    );
    // Routes of the scenario loaded before the flow was renamed: they are not this one's.
    const renamed = { ...s, flows: [{ ...s.flows[0], id: 'renamed' }] };
    expect(edgesForming(renamed, await engineRoutesOf(s), 'ack')).toEqual({ known: false, reason: ROUTES_OF_ANOTHER_SCENARIO });
  });
});
