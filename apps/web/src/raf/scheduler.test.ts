import { describe, expect, it } from 'vitest';
import { FrameScheduler, REDRAW_BUDGET_MS } from './scheduler';

function harness() {
  const queue: Array<() => void> = [];
  let now = 0;
  const scheduler = new FrameScheduler({ request: (cb) => queue.push(cb), cancel: () => {} }, () => now);
  const frame = () => {
    const cbs = queue.splice(0);
    for (const cb of cbs) cb();
  };
  return { scheduler, frame, advance: (ms: number) => (now += ms), requested: () => queue.length };
}

describe('FrameScheduler', () => {
  it('runs actions before redraws, each dirty view once per frame', () => {
    const { scheduler, frame } = harness();
    const log: string[] = [];
    const view = () => log.push('view');
    scheduler.markDirty(view);
    scheduler.schedule(() => log.push('action'));
    scheduler.markDirty(view);
    frame();
    expect(log).toEqual(['action', 'view']);
    expect(scheduler.idle).toBe(true);
  });

  it('leaves the views past the frame budget for the next frame, first in line', () => {
    const { scheduler, frame, advance } = harness();
    const log: string[] = [];
    const costly = (name: string) => () => {
      log.push(name);
      advance(REDRAW_BUDGET_MS / 2 + 1);
    };
    const a = costly('a');
    const b = costly('b');
    const c = costly('c');
    scheduler.markDirty(a);
    scheduler.markDirty(b);
    scheduler.markDirty(c);
    frame();
    expect(log).toEqual(['a', 'b']); // b took the frame over budget
    expect(scheduler.idle).toBe(false);
    scheduler.markDirty(a); // marked again meanwhile: after the one still waiting
    frame();
    expect(log).toEqual(['a', 'b', 'c', 'a']);
    expect(scheduler.idle).toBe(true);
  });

  it("asks for no second frame when a frame's actions mark views dirty (an engine frame)", () => {
    const { scheduler, frame, requested } = harness();
    const log: string[] = [];
    const view = () => log.push('view');
    scheduler.schedule(() => {
      log.push('apply');
      scheduler.markDirty(view);
    });
    expect(requested()).toBe(1);
    frame();
    expect(log).toEqual(['apply', 'view']);
    expect(requested()).toBe(0);
    expect(scheduler.idle).toBe(true);
  });

  it('asks for the next frame for work queued during a frame that this frame does not run', () => {
    const { scheduler, frame, requested } = harness();
    const log: string[] = [];
    const self = () => {
      log.push('self');
      if (log.length < 2) scheduler.markDirty(self); // a view that wants one more frame
    };
    scheduler.schedule(() => scheduler.schedule(() => log.push('later action')));
    scheduler.markDirty(self);
    frame();
    expect(log).toEqual(['self']);
    expect(requested()).toBe(1);
    frame();
    expect(log).toEqual(['self', 'later action', 'self']);
    expect(scheduler.idle).toBe(true);
  });

  it('whenDrawn resolves after a frame that applied its actions and redrew every view, though an animation marks itself again', async () => {
    const { scheduler, frame, advance } = harness();
    let drawn = false;
    const animation = () => scheduler.markDirty(animation); // wants every frame, forever
    scheduler.markDirty(animation);
    scheduler.schedule(() => scheduler.schedule(() => {})); // an action that queues another
    void scheduler.whenDrawn().then(() => (drawn = true));
    frame(); // the queued action is still to run
    await Promise.resolve();
    expect(drawn).toBe(false);
    const slow = () => advance(REDRAW_BUDGET_MS + 1);
    scheduler.markDirty(slow);
    scheduler.markDirty(() => {});
    frame(); // the action ran; a view was left over budget
    await Promise.resolve();
    expect(drawn).toBe(false);
    frame(); // everything marked before it is drawn; the animation wants the next frame
    await Promise.resolve();
    expect(drawn).toBe(true);
    expect(scheduler.idle).toBe(false);
  });

  it('whenDrawn resolves at once when nothing waits', async () => {
    const { scheduler } = harness();
    await expect(scheduler.whenDrawn()).resolves.toBeUndefined();
  });
});
