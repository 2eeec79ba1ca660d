import { describe, expect, it } from 'vitest';
import { outputTerms } from './index';

describe('outputTerms', () => {
  it('splits a ratio at " / " outside brackets, and nowhere else', () => {
    expect(outputTerms('aggregate.goodput')).toEqual(['aggregate.goodput']);
    expect(outputTerms('bursts.dropped / bursts.sent')).toEqual(['bursts.dropped', 'bursts.sent']);
    expect(outputTerms('flows[a / b].rtos')).toEqual(['flows[a / b].rtos']);
    expect(outputTerms('flows[a / b].rtos / flows[c].rtos')).toEqual(['flows[a / b].rtos', 'flows[c].rtos']);
    expect(outputTerms('bursts.dropped/bursts.sent')).toEqual(['bursts.dropped/bursts.sent']);
  });
});
