import { describe, expect, it } from 'vitest';
import {
  applyScenarioSet,
  checkGuideSpeed,
  checkGuideView,
  checkConditionNames,
  checkPauseCondition,
  checkShowMe,
  checkShowMeAgainst,
  describePauseCondition,
  lookForShow,
  lookForText,
  type PauseCondition,
} from './guide';
import { findPreset } from './presets';
import type { Scenario } from './scenario';

const firstLesson = () => structuredClone(findPreset('first-lesson')!.scenario) as Scenario;

describe('describePauseCondition', () => {
  it('says "next" for a run that goes on', () => {
    expect(describePauseCondition({ event: 'fast-retransmit' }, 'next')).toBe('the next fast retransmit');
    expect(describePauseCondition({ event: 'time', at: 2 }, 'next')).toBe('t = 2 s');
  });

  it.each<[PauseCondition, string]>([
    [{ event: 'burst-dropped', class: 'data' }, 'the first data-burst drop'],
    [{ event: 'burst-dropped', class: 'ack', node: 'C1' }, 'the first ACK-burst drop at C1'],
    [{ event: 'burst-dropped', reason: 'late' }, 'the first late burst drop'],
    [{ event: 'burst-dropped', class: 'data', reason: 'contention' }, 'the first contention data-burst drop'],
    [{ event: 'burst-sent', node: 'E1' }, 'the first burst sent by E1'],
    [{ event: 'burst-sent', class: 'ack' }, 'the first ACK burst sent'],
    [{ event: 'packet-dropped', reason: 'queue' }, 'the first queue-full packet drop'],
    [{ event: 'fast-retransmit' }, 'the first fast retransmit'],
    [{ event: 'rto', flow: 'tcp1' }, 'the first timeout (RTO) of tcp1'],
    [{ event: 'recovery-exit' }, 'the first exit from fast recovery'],
    [{ event: 'time', at: 1.5 }, 't = 1.5 s'],
    [{ event: 'time', at: 0.0098 }, 't = 9.8 ms'],
    [{ event: 'time', at: 2e-5 }, 't = 20 µs'],
    [{ event: 'burst-sent', node: 'E1', class: 'data', after: 1 }, 'the first data burst sent by E1 after 1 s'],
    [{ event: 'rto', after: 0 }, 'the first timeout (RTO)'],
  ])('%j reads "%s"', (condition, words) => {
    expect(describePauseCondition(condition)).toBe(words);
  });
});

describe('checks', () => {
  it('accepts the speed control choices only', () => {
    for (const speed of [2e-5, 1e-3, 0.1, 1, 10, 'max']) expect(checkGuideSpeed(speed, 'speed')).toBeNull();
    expect(checkGuideSpeed(2, 'speed')).toMatch(/^speed must be one of the speed control's choices/);
    expect(checkGuideSpeed('1x', 'speed')).toContain('(got "1x")');
  });

  it('checks a view field by field', () => {
    expect(checkGuideView({ tab: 'log', chart: 'rtt', bigNetwork: true }, 'view')).toBeNull();
    expect(checkGuideView({ chart: 'pie' }, 'view')).toBe('view.chart must be one of all, cwnd, throughput, rtt (got "pie")');
    expect(checkGuideView({ bigNetwork: 1 }, 'view')).toBe('view.bigNetwork must be true or false (got 1)');
    expect(checkGuideView({ presenter: true }, 'view')).toBe('view has an unknown field "presenter" (allowed: tab, chart, bigNetwork)');
    expect(checkGuideView('charts', 'view')).toMatch(/^view must be an object/);
  });

  it('checks a pause condition and its filters', () => {
    expect(checkPauseCondition({ event: 'burst-dropped', class: 'ack', reason: 'injected', node: 'C1' }, 'p')).toBeNull();
    expect(checkPauseCondition({ event: 'time', at: 0 }, 'p')).toBeNull();
    expect(checkPauseCondition({ event: 'time' }, 'p')).toBe('p.at must be a time in seconds, 0 or more (it is missing)');
    expect(checkPauseCondition({ event: 'time', at: Infinity }, 'p')).toMatch(/^p.at must be a time/);
    expect(checkPauseCondition({ event: 'rto', class: 'data' }, 'p')).toBe('p has an unknown field "class" (allowed: event, flow, after)');
    expect(checkPauseCondition({ event: 'packet-dropped', reason: 'late' }, 'p')).toBe(
      'p.reason must be one of queue, random (got "late")',
    );
    expect(checkPauseCondition({ event: 'burst-dropped', reason: 'queue' }, 'p')).toBe(
      'p.reason must be one of injected, contention, late (got "queue")',
    );
    expect(checkPauseCondition({ event: 'burst-sent', node: '' }, 'p')).toBe('p.node must be the id of a node (got "")');
    expect(checkPauseCondition({ event: 'rto', after: 2 }, 'p')).toBeNull();
    expect(checkPauseCondition({ event: 'rto', after: -2 }, 'p')).toBe('p.after must be a time in seconds, 0 or more (got -2)');
    expect(checkPauseCondition({ event: 'time', at: 1, after: 2 }, 'p')).toBe('p has an unknown field "after" (allowed: event, at)');
    expect(checkPauseCondition({}, 'p')).toMatch(/^p.event must be one of burst-sent, .* \(it is missing\)$/);
    expect(checkPauseCondition({ event: 'burst-cut', class: 'background', node: 'C1', after: 1 }, 'p')).toBeNull();
    expect(checkPauseCondition({ event: 'burst-deflected', reason: 'contention' }, 'p')).toBe(
      'p has an unknown field "reason" (allowed: event, node, class, after)',
    );
    expect(checkPauseCondition({ event: 'burst-deflected', class: 'tcp' }, 'p')).toBe(
      'p.class must be one of data, ack, background (got "tcp")',
    );
  });

  it('refuses to wait for a deflection or a cut that no core of the scenario can make', () => {
    const s = firstLesson();
    expect(checkConditionNames({ event: 'burst-deflected' }, s, 'p')).toBe(
      'p waits for a deflection, but no core has deflection on (nodes[].deflection)',
    );
    expect(checkConditionNames({ event: 'burst-cut', node: 'E1' }, s, 'p')).toBe(
      'p.node must be a core node (cores deflect and cut bursts): E1 is an edge',
    );
    const cutting = applyScenarioSet(s, { 'nodes[C1].segmentation': true });
    expect(checkConditionNames({ event: 'burst-cut', node: 'C1' }, cutting, 'p')).toBeNull();
    expect(checkConditionNames({ event: 'burst-deflected', node: 'C1' }, cutting, 'p')).toBe(
      'p waits for a deflection, but C1 has no deflection on (nodes[].deflection)',
    );
    expect(describePauseCondition({ event: 'burst-cut', class: 'data', node: 'C1' })).toBe('the first data burst cut short at C1');
    expect(describePauseCondition({ event: 'burst-deflected' }, 'next')).toBe('the next burst deflected');
  });

  it('refuses a Show me that does nothing or says too much', () => {
    expect(checkShowMe({ speed: 1 }, 'show')).toBeNull();
    expect(checkShowMe({}, 'show')).toBe('show does nothing: give it a speed, a view, a pauseAt or a set');
    expect(checkShowMe({ speed: 1, restart: true }, 'show')).toBe(
      'show has an unknown field "restart" (allowed: speed, view, pauseAt, set)',
    );
    expect(checkShowMe({ set: {} }, 'show')).toMatch(/^show.set must map scenario paths to values/);
    expect(checkShowMe({ pauseAt: { event: 'rto', flow: 3 } }, 'show')).toBe('show.pauseAt.flow must be the id of a flow (got 3)');
  });

  it('checks a Show me against its scenario', () => {
    const s = firstLesson();
    expect(checkShowMeAgainst({ pauseAt: { event: 'burst-sent', node: 'E1' }, set: { 'obs.burstLoss.ack': 0.01 } }, s, 'show')).toBeNull();
    expect(checkShowMeAgainst({ pauseAt: { event: 'rto', after: 20 } }, s, 'show')).toBe(
      'show.pauseAt.after is 20 s, not before the end of the run (20 s)',
    );
    expect(checkShowMeAgainst({ pauseAt: { event: 'burst-sent', node: 'E7' } }, s, 'show')).toMatch(
      /^show.pauseAt.node names no node of the scenario: "E7"/,
    );
    expect(checkShowMeAgainst({ set: { 'flows[tcp1].tcp.variant': 'vegas2' } }, s, 'show')).toMatch(
      /^show.set makes the scenario invalid: .*\(flows\[0\]\.tcp\.variant\)$/,
    );
  });
});

describe('applyScenarioSet', () => {
  it('changes fields by path, by index or by id, and leaves the original alone', () => {
    const s = firstLesson();
    const out = applyScenarioSet(s, { 'obs.burstLoss.data': 0, 'flows[tcp1].tcp.variant': 'tahoe', 'links[1].wavelengths': 4 });
    expect(out.obs.burstLoss.data).toBe(0);
    expect(out.flows[0].tcp.variant).toBe('tahoe');
    expect((out.links[1] as { wavelengths: number }).wavelengths).toBe(4);
    expect(s).toEqual(firstLesson());
  });

  it('names the path that leads nowhere', () => {
    expect(() => applyScenarioSet(firstLesson(), { 'links[f9].delay': 1 })).toThrow(
      'the path "links[f9].delay" leads nowhere: links[f9] names no link (links are access1, fiber1, fiber2, access2)',
    );
  });

  it('copies object values, so a frozen preset never shares them', () => {
    const value = { data: 0.1, ack: 0.2 };
    const out = applyScenarioSet(firstLesson(), { 'obs.burstLoss': value });
    expect(out.obs.burstLoss).toEqual(value);
    expect(out.obs.burstLoss).not.toBe(value);
  });
});

describe('look-for points', () => {
  it('reads the sentence of either form, and the Show me of the object form', () => {
    expect(lookForText('Plain.')).toBe('Plain.');
    expect(lookForText({ text: 'With.', show: { speed: 1 } })).toBe('With.');
    expect(lookForShow('Plain.')).toBeNull();
    expect(lookForShow({ text: 'With.', show: { speed: 1 } })).toEqual({ speed: 1 });
  });
});
