import { describe, expect, it } from 'vitest';
import { editorTextBoxes } from './editorText';
import { identity, lineScenario } from './testSupport';

describe("the editor's text, as boxes", () => {
  const boxes = editorTextBoxes(lineScenario(), identity);

  it('puts each node name where the editor writes it', () => {
    // A: one link, to the right: its name on the left, ending 28 px before the node.
    expect(boxes[0].right).toBe(-28);
    expect(boxes[0].left).toBeLessThan(-28);
    // B: links right-ward... and down; mostly not sideways: under the node, centred.
    expect((boxes[1].left + boxes[1].right) / 2).toBeCloseTo(1000);
    expect(boxes[1].top).toBeGreaterThan(0);
  });

  it("gives a long link's capacity and delay either side of it, and a short link none", () => {
    // Nodes 3, then the fiber A-B (1000 px): capacity above the line, delay below.
    const [capacity, delay] = boxes.slice(3, 5);
    expect((capacity.left + capacity.right) / 2).toBeCloseTo(500);
    expect(capacity.bottom).toBeLessThan(0);
    expect(delay.top).toBeGreaterThan(0);
    // The packet link B-H is 400 px: labelled too. A 100 px scale hides both links' labels.
    expect(boxes).toHaveLength(7);
    expect(editorTextBoxes(lineScenario(), (x, y) => [x / 10, y / 10])).toHaveLength(3);
  });
});
