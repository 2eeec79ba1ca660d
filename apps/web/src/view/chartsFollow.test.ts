import { describe, expect, it } from 'vitest';
import { createFollowRequests } from './chartsFollow';

describe('chartsFollow', () => {
  it('tells every chart area listening, and none once it stopped listening', () => {
    const follow = createFollowRequests();
    const heard: string[] = [];
    const stopA = follow.subscribe(() => heard.push('a'));
    follow.subscribe(() => heard.push('b'));
    follow.request();
    stopA();
    follow.request();
    expect(heard).toEqual(['a', 'b', 'b']);
  });
});
