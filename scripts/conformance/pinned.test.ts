// The pinned conformance subset `npm test` runs (cases.mjs PINNED): the deterministic
// cases for tahoe, reno, newreno and sack, run afresh on ns-2 and on the engine. Counts of
// fast retransmits and timeouts, ssthresh after recovery: equal; goodput: within 5 %
// (compare.mjs deterministicVerdict). ns-2 comes from scripts/setup-system.sh.
import { describe, expect, it } from 'vitest';
import { AGENT_ROWS, BASE_TCP, ns2Agent } from './alignment.mjs';
import { caseById, PINNED, runsOf } from './cases.mjs';
import { deterministicVerdict } from './compare.mjs';
import { runCase } from './main.mjs';
import { ns2Available } from './run.mjs';
import { tclScript } from './tcl.mjs';
import { ourScenario } from './scenario.mjs';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';

describe('one case description gives both runs', () => {
  const run = runsOf(caseById('det-three'), ['reno'])[0];
  it('sets every alignment row of the agent in the ns-2 script', () => {
    const tcl = tclScript(run);
    for (const row of AGENT_ROWS) {
      if (row.agents === 'linux' || row.ns2(BASE_TCP) === null) continue;
      expect(tcl).toContain(`$tcp(0) set ${row.ns2Var} ${row.ns2(BASE_TCP)}`);
    }
    expect(tcl).toContain(`new ${ns2Agent('reno').agent}]`);
    expect(tcl).toContain('$em droplist {300 303 306}');
  });
  it('gives our scenario the same flow, network and drops', () => {
    const s = ourScenario(run);
    expect(s.flows[0].tcp).toMatchObject({ variant: 'reno', mss: BASE_TCP.mss, maxWindow: BASE_TCP.maxWindow });
    expect(s.drops).toEqual([{ flow: 'tcp1', packets: [300, 303, 306] }]);
    expect(s.links.map((l) => l.id)).toEqual(run.case.network.links.map((l: { id: string }) => l.id));
  });
});

describe('the engine agrees with ns-2 on deterministic losses', () => {
  it('ns-2 is installed', () => {
    expect(ns2Available(), '`ns` not found: scripts/setup-system.sh installs the Debian package ns2').toBe(true);
  });
  for (const pinned of PINNED) {
    it.skipIf(!ns2Available())(pinned.id, async () => {
      const { module } = await loadEngineNode();
      const { rows } = runCase(module, caseById(pinned.id), pinned.variants);
      const differ = rows
        .map((r) => ({ r, v: deterministicVerdict(r) }))
        .filter(({ v }) => !v.pass)
        .map(({ r, v }) => `${r.variant}: ${v.why}`);
      expect(rows.length).toBe(pinned.variants.length);
      expect(differ).toEqual([]);
    });
  }
});
