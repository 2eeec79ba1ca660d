// The section's markup, rendered to a string (the app's tests run in node, without a DOM):
// a real table with its caption and header scopes, and nothing at all without the fields.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SummaryLike } from '../sim/controller';
import { ClassLossSection } from './ClassLossSection';

const render = (summary: SummaryLike | null) => renderToStaticMarkup(createElement(ClassLossSection, { summary }));

describe('ClassLossSection', () => {
  it('renders nothing when the summary has neither qos nor contention counters', () => {
    expect(render(null)).toBe('');
    expect(render({ bursts: { data: { sent: 10, dropped: 1 }, ack: { sent: 10, dropped: 0 } } })).toBe('');
  });

  it('renders the class table with caption, scoped headers, coloured loss and the cut column', () => {
    const html = render({
      qos: [
        { extraOffset: 0, sent: 200, delivered: 190, dropped: { injected: 0, contention: 10, late: 0 }, loss: 0.05, segmented: 3 },
        { extraOffset: 2e-4, sent: 0, delivered: 0, dropped: { injected: 0, contention: 0, late: 0 }, loss: 0, segmented: 0 },
      ],
      bursts: {
        data: { sent: 150, dropped: 5, segmented: 3, bytesSent: 1000, bytesLost: 20, segmentsCut: 4 },
        ack: { sent: 50, dropped: 5 },
      },
    });
    expect(html).toContain('<caption>Loss by class</caption>');
    expect(html).toContain(
      '<th scope="col">Extra offset</th><th scope="col">Bursts sent</th><th scope="col">Lost</th><th scope="col">Cut short</th>',
    );
    expect(html).toContain('<th scope="row">none</th>');
    expect(html).toContain('<th scope="row">200 µs</th>');
    // 5 % falls in the matrix's "5–10 %" class: the same fill as a matrix cell at that loss.
    expect(html).toMatch(/background:#fd8d3c[^>]*>5 %</);
    expect(html).toContain('>—<');
    expect(html).not.toContain('NaN');
    expect(html).toContain('Contention resolved at cores</h2>');
    expect(html).toContain('<li>Cut short: 3 bursts, 4 TCP segments cut</li>');
    expect(html).toContain('<li>Bytes lost: 2 % of the bytes sent</li>');
  });
});
