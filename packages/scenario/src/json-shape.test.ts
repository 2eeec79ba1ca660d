import { describe, expect, it } from 'vitest';
import { checkJsonShape } from './json-shape';

describe('the shape of JSON text, before it is parsed', () => {
  it('each limit, with where it is broken', () => {
    expect(checkJsonShape('[[[]]]', { maxDepth: 3 })).toBeNull();
    expect(checkJsonShape('[[[[]]]]', { maxDepth: 3 })).toEqual({ rule: 'depth', offset: 3 });
    expect(checkJsonShape('[{},{},{}]', { maxDepth: 9, maxContainers: 3 })).toEqual({ rule: 'containers', offset: 7 });
    expect(checkJsonShape('{"a":1,"b":2}', { maxDepth: 9, maxItems: 2 })).toEqual({ rule: 'items', offset: 10 });
    expect(checkJsonShape('[1,2]', { maxDepth: 9, maxListLength: 2 })).toBeNull();
    expect(checkJsonShape('[1,2,3]', { maxDepth: 9, maxListLength: 2 })).toEqual({ rule: 'list', offset: 4 });
    expect(checkJsonShape('{"a":1,"b":2,"c":3}', { maxDepth: 9, maxListLength: 2 })).toBeNull(); // members are not list items
  });

  it('brackets, commas and colons inside strings are not structure, escaped quotes included', () => {
    expect(checkJsonShape('["[[[[,,,:::", "a\\"[[[", "b\\\\"]', { maxDepth: 1, maxItems: 2 })).toBeNull();
    expect(checkJsonShape('["a\\\\", [[]]]', { maxDepth: 2 })).toEqual({ rule: 'depth', offset: 9 });
  });

  it('malformed text is measured as far as it goes', () => {
    expect(checkJsonShape('["unterminated [[[[', { maxDepth: 1 })).toBeNull();
    expect(checkJsonShape(']]]]{', { maxDepth: 1 })).toBeNull();
  });
});
