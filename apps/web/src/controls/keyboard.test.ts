import { describe, expect, it } from 'vitest';
import { commandFor } from './keyboard';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('page keys', () => {
  it('maps Space, N and B', () => {
    expect(commandFor(key(' '))).toBe('toggle');
    expect(commandFor(key('n'))).toBe('step-event');
    expect(commandFor(key('B'))).toBe('step-burst');
    expect(commandFor(key('p'))).toBe('presenter');
    expect(commandFor(key('Escape'))).toBe('leave-presenter');
  });
  it('leaves shortcuts with modifiers and other keys to others', () => {
    expect(commandFor(key('z', { ctrlKey: true }))).toBeNull();
    expect(commandFor(key(' ', { ctrlKey: true }))).toBeNull();
    expect(commandFor(key('Delete'))).toBeNull();
  });
});
