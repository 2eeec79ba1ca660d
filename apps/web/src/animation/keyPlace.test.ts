import { describe, expect, it } from 'vitest';
import { keyBox, keyCorner } from './keyPlace';

describe('keyCorner', () => {
  it('takes the bottom-left corner when nothing is drawn there', () => {
    expect(keyCorner(600, 300, 200, 80, [{ left: 250, top: 100, right: 350, bottom: 200 }])).toBe('bottom-left');
  });
  it('moves to the corner that hides least: a router and its name at the bottom left', () => {
    const router = { left: 20, top: 240, right: 80, bottom: 290 };
    expect(keyCorner(600, 300, 200, 80, [router])).toBe('bottom-right');
    const bothBottoms = [router, { left: 450, top: 230, right: 590, bottom: 290 }];
    expect(keyCorner(600, 300, 200, 80, bothBottoms)).toBe('top-left');
  });
  it('places the box inside the view in its corner', () => {
    expect(keyBox('bottom-right', 600, 300, 200, 80)).toEqual({ left: 396, top: 216, right: 596, bottom: 296 });
    expect(keyBox('top-left', 600, 300, 200, 80)).toEqual({ left: 4, top: 4, right: 204, bottom: 84 });
  });
});
