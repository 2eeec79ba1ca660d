#!/usr/bin/env node
// The long form of the hostile-input test (issue 17): every case of the corpus
// (tests/hostile) and every big input (big-cases.mjs) through the real CLI, every link
// through decodeShareHash, then a mutation loop for a while: scenarios, specs, shard
// files and links mutated at random from a seed, each judged as the corpus is. Prints the
// counts and every failure; the inputs that failed are kept in a directory to rerun.
//
//   npm run fuzz:hostile -- [--seconds 60] [--seed 1] [--no-corpus] [--findings DIR]
//   (node --import tsx scripts/hostile/run.mjs ...: tsx lets it load share-link.ts)
//
// In the mutation loop every run gets --max-events 2e7: a mutation may well ask for a
// legitimately long simulation (an hour of simulated time at 10 Gbit/s), which the
// engine's default budget lets run for an hour; with a budget, any case past the time
// bound is a real hang. The corpus runs with the defaults, as a user would.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeShareHash } from '@obs-tcp-sim/scenario/share-link';
import { makeBigCases } from './big-cases.mjs';
import { CASE_SECONDS, judge, loadCases, loadLinks, runBatched, runProcess } from './harness.mjs';
import {
  EXTRA_NUMERIC_VALUES,
  HOSTILE_STRINGS,
  NUMERIC_FIELDS,
  NUMERIC_VALUES,
  STRING_FIELDS,
  baseSpec,
  clone,
  deletePath,
  fullScenario,
  linkOfText,
  raw,
  reforge,
  rng,
  setPath,
  shardFileValue,
  toJsonText,
  toShardText,
} from './mutators.mjs';

const args = process.argv.slice(2);
const option = (/** @type {string} */ name, /** @type {string} */ fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
const seconds = Number(option('--seconds', '60'));
const seed = Number(option('--seed', '1'));
const findings = option('--findings', join(tmpdir(), `obs-hostile-findings-${seed}`));
const LINE_UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** @typedef {import('./harness.mjs').Case} Case */
/** @typedef {import('./harness.mjs').Outcome} Outcome */

/** Counts of one part of the run. */
class Tally {
  /** @param {string} label */
  constructor(label) {
    this.label = label;
    this.cases = 0;
    this.ok = 0;
    this.refused = 0;
    this.incomplete = 0;
    /** @type {string[]} */
    this.failures = [];
  }

  /** @param {Case} c @param {Outcome} o */
  add(c, o) {
    this.cases++;
    if (o.status === 0) this.ok++;
    else if (o.status === 2) this.refused++;
    else if (o.status === 3) this.incomplete++;
    for (const problem of judge(c, o)) this.failures.push(`${c.name}: ${problem}${c.engine ? ` [engine: ${c.engine}]` : ''}`);
    return judge(c, o).length === 0;
  }

  line() {
    const failed = new Set(this.failures.map((f) => f.slice(0, f.indexOf(': ')))).size;
    const incomplete = this.incomplete > 0 ? `, ${this.incomplete} exit 3 (merge: runs missing)` : '';
    return `hostile: ${this.label}: ${this.cases} cases: ${this.ok} exit 0, ${this.refused} exit 2${incomplete}, ${failed} failed`;
  }
}

/** Cases in two lanes (two processes, the machine's two cores); batched ones first. @param {Case[]} cases */
async function runTwoLanes(cases) {
  /** @type {Map<Case, Outcome>} */
  const results = new Map();
  const batched = cases.filter((c) => !c.process);
  const halves = [batched.filter((_, i) => i % 2 === 0), batched.filter((_, i) => i % 2 === 1)];
  const outcomes = await Promise.all(halves.map((half) => runBatched(half)));
  halves.forEach((half, h) => half.forEach((c, i) => results.set(c, outcomes[h][i])));
  for (const c of cases.filter((c) => c.process)) results.set(c, await runProcess(c));
  return results;
}

/** Judges decodeShareHash on one link; returns what is wrong. @param {string} link */
function linkProblems(link) {
  const started = performance.now();
  let result;
  try {
    result = decodeShareHash(link);
  } catch (error) {
    return [`threw ${String(error).slice(0, 100)}`];
  }
  const problems = [];
  const ms = performance.now() - started;
  if (ms > 2000) problems.push(`took ${Math.round(ms)} ms`);
  if (!result.ok) {
    const { message } = result.error;
    if (typeof message !== 'string' || message === '') problems.push('no message');
    else if (message.length > 400) problems.push(`a message of ${message.length} characters`);
    else if (LINE_UNSAFE.test(message)) problems.push(`raw unsafe character in ${JSON.stringify(message)}`);
  }
  return problems;
}

// ---- mutations ---------------------------------------------------------------------------

/** A random double over the whole range: any sign, exponents from -320 to 308. @param {ReturnType<typeof rng>} r */
function randomNumber(r) {
  const x = r.next() * 10 ** (r.int(629) - 320);
  return r.next() < 0.3 ? -x : x;
}

/** A random string: hostile pieces, random code units (lone surrogates included), or long. @param {ReturnType<typeof rng>} r */
function randomString(r) {
  const kind = r.int(4);
  if (kind === 0) return r.pick(HOSTILE_STRINGS)[1];
  if (kind === 1) return Array.from({ length: 1 + r.int(30) }, () => String.fromCharCode(r.int(0x10000))).join('');
  if (kind === 2) return r.pick(['tcp1', 'E1', 'reno', 'packet', 'fiber', 'auto', 'bulk']) + r.pick(HOSTILE_STRINGS)[1].slice(0, 5);
  return 'y'.repeat(r.int(5000));
}

/** Any JSON-ish value. @param {ReturnType<typeof rng>} r @param {number} [depth] @returns {unknown} */
function randomValue(r, depth = 0) {
  switch (r.int(depth > 2 ? 5 : 7)) {
    case 0:
      return randomNumber(r);
    case 1:
      return r.pick([...NUMERIC_VALUES, ...EXTRA_NUMERIC_VALUES])[1];
    case 2:
      return randomString(r);
    case 3:
      return r.pick([null, true, false, 0, -1]);
    case 4:
      return r.int(2) ? raw(r.pick(['1e999', '-1e999', '-0', '1e-400', '123456789012345678901234567890'])) : r.int(1000);
    case 5:
      return Array.from({ length: r.int(5) }, () => randomValue(r, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: r.int(4) }, () => [randomString(r).slice(0, 20), randomValue(r, depth + 1)]));
  }
}

/**
 * `step(value)`, or `value` unchanged when the step does not apply (a path through
 * something an earlier mutation replaced).
 * @template T @param {T} value @param {(value: T) => T} step @returns {T}
 */
function attempt(value, step) {
  try {
    return step(value);
  } catch {
    return value;
  }
}

/** 1 to 4 mutations of a scenario object. @param {ReturnType<typeof rng>} r @param {any} scenario */
function mutateScenario(r, scenario) {
  let s = scenario;
  for (let k = 1 + r.int(4); k > 0; k--) s = attempt(s, (t) => mutateScenarioOnce(r, t));
  return s;
}

/** @param {ReturnType<typeof rng>} r @param {any} scenario */
function mutateScenarioOnce(r, scenario) {
  let s = scenario;
  {
    const op = r.int(7);
    if (op <= 1) s = setPath(s, r.pick(NUMERIC_FIELDS), r.int(2) ? randomNumber(r) : randomValue(r));
    else if (op === 2) s = setPath(s, r.pick(STRING_FIELDS), r.int(3) ? randomString(r) : randomValue(r));
    else if (op === 3) s = deletePath(s, r.pick([...NUMERIC_FIELDS, ...STRING_FIELDS, 'nodes', 'links', 'flows', 'obs', 'background']));
    else if (op === 4) {
      const list = r.pick(['nodes', 'links', 'flows', 'background']);
      if (Array.isArray(s[list]) && s[list].length) s = setPath(s, `${list}[${s[list].length}]`, clone(r.pick(s[list])));
    } else if (op === 5) s = setPath(s, randomString(r).slice(0, 30) || 'extra', randomValue(r));
    else s = setPath(s, r.pick([...NUMERIC_FIELDS, ...STRING_FIELDS]), randomValue(r));
  }
  return s;
}

/** Text-level damage, sometimes: cut, flipped, inserted or repeated. @param {ReturnType<typeof rng>} r @param {string} text */
function damageText(r, text) {
  if (r.next() < 0.7 || text.length < 2) return text;
  const at = r.int(text.length);
  switch (r.int(4)) {
    case 0:
      return text.slice(0, at);
    case 1:
      return text.slice(0, at) + String.fromCharCode(text.charCodeAt(at) ^ (1 << r.int(8))) + text.slice(at + 1);
    case 2:
      return text.slice(0, at) + r.pick(['{', '[', '"', ',', ':', '\\', '\u0000', '\u202E', '1e999', ']]]]', '}}}']) + text.slice(at);
    default:
      return text.slice(0, at) + text.slice(at, at + r.int(200)).repeat(1 + r.int(20)) + text.slice(at);
  }
}

/** 1 to 3 mutations of a spec. @param {ReturnType<typeof rng>} r @param {any} spec */
function mutateSpec(r, spec) {
  let s = spec;
  for (let k = 1 + r.int(3); k > 0; k--) s = attempt(s, (t) => mutateSpecOnce(r, t));
  return s;
}

/** @param {ReturnType<typeof rng>} r @param {any} spec */
function mutateSpecOnce(r, spec) {
  let s = spec;
  {
    switch (r.int(9)) {
      case 0:
        s = { ...s, base: mutateScenario(r, s.base) };
        break;
      case 1:
        s = setPath(s, 'parameter.path', r.int(2) ? randomString(r) : r.pick([...NUMERIC_FIELDS, ...STRING_FIELDS]));
        break;
      case 2:
        s = setPath(s, 'parameter.values', r.int(2) ? [randomNumber(r), randomNumber(r)] : randomValue(r));
        break;
      case 3:
        s = setPath(s, 'seeds', r.pick([0, -1, 1001, 1.5, [1, 1], [4294967296], 'x', null, [r.int(100)], 2]));
        break;
      case 4:
        s = setPath(s, 'outputs', r.int(2) ? [randomString(r)] : randomValue(r));
        break;
      case 5:
        s = setPath(s, `overrides.${r.pick([...NUMERIC_FIELDS, ...STRING_FIELDS])}`, randomValue(r));
        break;
      case 6:
        s = setPath(s, 'parameter2', { path: r.pick(NUMERIC_FIELDS), values: [randomNumber(r)] });
        break;
      case 7:
        s = setPath(s, r.pick(['sweep', 'name', 'base', 'parameter', 'overrides', randomString(r).slice(0, 10) || 'x']), randomValue(r));
        break;
      default:
        s = setPath(s, 'base', r.pick([{ preset: randomString(r) }, '/dev/zero', randomString(r), { preset: 'first-lesson' }]));
        break;
    }
  }
  return s;
}

/** 1 to 3 edits of a shard file, hashes recomputed half the time. @param {ReturnType<typeof rng>} r @param {any} file */
function mutateShard(r, file) {
  let f = clone(file);
  for (let k = 1 + r.int(3); k > 0; k--) f = attempt(f, (t) => mutateShardOnce(r, clone(t)));
  return r.int(2) ? reforge(f) : f;
}

/** @param {ReturnType<typeof rng>} r @param {any} file */
function mutateShardOnce(r, file) {
  let f = file;
  {
    switch (r.int(10)) {
      case 0:
        if (f.runs?.length) f.runs[r.int(f.runs.length)].outputs[0] = r.int(2) ? randomNumber(r) : randomValue(r);
        break;
      case 8:
        // A run line repeated, dropped, or turned into a failed run, or its index changed.
        if (f.runs?.length) {
          const k = r.int(f.runs.length);
          const pick = r.int(4);
          if (pick === 0) f.runs.push(clone(f.runs[k]));
          else if (pick === 1) f.runs.splice(k, 1);
          else if (pick === 2) f.runs[k] = { run: f.runs[k].run, failed: r.int(2) ? randomString(r) : randomValue(r) };
          else f.runs[k].run = r.int(2) ? randomNumber(r) : r.int(100);
        }
        break;
      case 9:
        if (f.runs?.length) f.runs[r.int(f.runs.length)].check = r.int(2) ? randomString(r) : randomValue(r);
        break;
      case 1:
        f.sweep = setPath(
          f.sweep,
          r.pick(['axes', 'seeds', 'outputs', 'name', 'format', 'axes[0].values', 'axes[0].paths']),
          randomValue(r),
        );
        break;
      case 2:
        f.sweep.base = mutateScenario(r, f.sweep.base);
        break;
      case 3:
        f[r.pick(['shard', 'runCount', 'hash', 'engine', 'obsSweepShard'])] = randomValue(r);
        break;
      case 4:
        if (f.runs?.length) f.runs[r.int(f.runs.length)] = randomValue(r);
        break;
      case 5:
        f.sweep.seeds = Array.from({ length: r.pick([1, 1000, 1001]) }, (_, i) => i);
        break;
      case 6:
        f.sweep.axes = [{ paths: ['obs.burstLoss.data'], values: Array.from({ length: r.pick([2, 1000, 1001]) }, (_, i) => i / 2000) }];
        break;
      default:
        f = setPath(f, randomString(r).slice(0, 10) || 'x', randomValue(r));
        break;
    }
  }
  return f;
}

/** A mutated link: a mutated scenario encoded, or a valid link damaged. @param {ReturnType<typeof rng>} r @param {string[]} good */
function mutateLink(r, good) {
  if (r.int(2)) return linkOfText(damageText(r, toJsonText(mutateScenario(r, fullScenario()))));
  const link = r.pick(good);
  const at = 1 + r.int(link.length - 1);
  switch (r.int(5)) {
    case 0:
      return link.slice(0, at);
    case 1:
      return link.slice(0, at) + String.fromCharCode(r.int(0x10000)) + link.slice(at + 1);
    case 2:
      return `#preset=${[...Buffer.from(randomString(r), 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')}`;
    case 3:
      return `#preset=${randomString(r)}`;
    default:
      return link.slice(0, at) + r.pick(['%', '%E2%80%AE', '&', '=', '.', '#', '%00']) + link.slice(at);
  }
}

/**
 * One round of the mutation loop: `count` mutated cases written to `dir`.
 * @param {ReturnType<typeof rng>} r @param {string} dir @param {number} round @param {number} count
 * @returns {Case[]}
 */
function mutationRound(r, dir, round, count) {
  /** @type {Case[]} */
  const cases = [];
  const budget = ['--max-events', '2e7'];
  for (let k = 0; k < count; k++) {
    const name = `r${round}-${k}`;
    const kind = r.int(4);
    if (kind <= 1) {
      const file = join(dir, `${name}-scenario.json`);
      writeFileSync(file, damageText(r, toJsonText(mutateScenario(r, fullScenario()))));
      cases.push({ name: `mutations/${name}-scenario`, command: 'run', files: [file], args: budget, expect: 'any' });
    } else if (kind === 2) {
      const file = join(dir, `${name}-spec.json`);
      writeFileSync(file, damageText(r, toJsonText(mutateSpec(r, baseSpec()))));
      cases.push({ name: `mutations/${name}-spec`, command: 'sweep', files: [file], args: budget, expect: 'any' });
    } else {
      const n = 1 + r.int(3);
      const files = Array.from({ length: n }, (_, i) => {
        const file = join(dir, `${name}-shard-${i + 1}.jsonl`);
        const value = shardFileValue({ index: i + 1, count: n });
        writeFileSync(file, damageText(r, toShardText(i === 0 || r.int(2) ? mutateShard(r, value) : value)));
        return file;
      });
      cases.push({ name: `mutations/${name}-merge`, command: 'merge', files, expect: 'any' });
    }
  }
  return cases;
}

// ---- the run -----------------------------------------------------------------------------

const started = performance.now();
const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
const tallies = [];
/** @type {string[]} */
const linkFailures = [];
let linkCount = 0;
let linksOpened = 0;
let corpusLinksFailed = 0;

if (!args.includes('--no-corpus')) {
  const corpus = new Tally('corpus');
  const cases = loadCases();
  for (const [c, o] of await runTwoLanes(cases)) corpus.add(c, o);
  console.log(`${corpus.line()} (${elapsed()} s)`);
  tallies.push(corpus);

  const bigTally = new Tally('big inputs');
  const big = makeBigCases();
  try {
    for (const [c, o] of await runTwoLanes(big.cases)) bigTally.add(c, o);
  } finally {
    big.cleanup();
  }
  console.log(`${bigTally.line()} (${elapsed()} s)`);
  tallies.push(bigTally);

  const links = loadLinks();
  links.forEach((link, i) => {
    const problems = linkProblems(link);
    const result = decodeShareHash(link);
    if (result.ok) linksOpened++;
    if (problems.length) corpusLinksFailed++;
    for (const problem of problems) linkFailures.push(`links.txt line ${i + 1}: ${problem}`);
  });
  linkCount += links.length;
  console.log(
    `hostile: links: ${links.length} links: ${linksOpened} opened, ${links.length - linksOpened} refused, ${corpusLinksFailed} failed`,
  );
}

const mutations = new Tally(`mutations (${seconds} s, seed ${seed})`);
const r = rng(seed);
const loopStart = performance.now();
const work = mkdtempSync(join(tmpdir(), 'obs-hostile-mutations-'));
let round = 0;
let mutatedLinks = 0;
let mutatedLinkFailures = 0;
const goodLinks = loadLinks().slice(0, 8);
try {
  while ((performance.now() - loopStart) / 1000 < seconds) {
    const dir = join(work, `round-${round}`);
    mkdirSync(dir);
    const cases = mutationRound(r, dir, round, 40);
    const results = await runTwoLanes(cases);
    for (const c of cases) {
      const o = /** @type {Outcome} */ (results.get(c));
      if (!mutations.add(c, o)) {
        mkdirSync(findings, { recursive: true });
        for (const file of c.files) copyFileSync(file, join(findings, basename(file)));
        writeFileSync(
          join(findings, `${basename(c.name)}.txt`),
          `obs-sim ${[c.command === 'run' ? '' : c.command, ...c.files.map((f) => basename(f)), ...(c.args ?? [])].filter(Boolean).join(' ')}\n${judge(c, o).join('\n')}\n`,
        );
      }
    }
    for (let k = 0; k < 200; k++) {
      const link = mutateLink(r, goodLinks);
      const problems = linkProblems(link);
      mutatedLinks++;
      if (problems.length) {
        mutatedLinkFailures++;
        if (linkFailures.length < 200) linkFailures.push(`mutated link ${JSON.stringify(link.slice(0, 80))}: ${problems.join('; ')}`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
    round++;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`${mutations.line()}; ${mutatedLinks} links, ${mutatedLinkFailures} failed (${elapsed()} s)`);
tallies.push(mutations);

const all = tallies.reduce(
  (sum, t) => ({
    cases: sum.cases + t.cases,
    ok: sum.ok + t.ok,
    refused: sum.refused + t.refused,
    incomplete: sum.incomplete + t.incomplete,
  }),
  { cases: 0, ok: 0, refused: 0, incomplete: 0 },
);
const failures = [...tallies.flatMap((t) => t.failures), ...linkFailures];
const failedCases = new Set(tallies.flatMap((t) => t.failures.map((f) => f.slice(0, f.indexOf(': '))))).size;
if (failures.length) {
  console.log('failures:');
  for (const failure of failures.slice(0, 100)) console.log(`  ${failure.length > 400 ? `${failure.slice(0, 400)}...` : failure}`);
  if (failures.length > 100) console.log(`  ... and ${failures.length - 100} more`);
  if (mutations.failures.length) console.log(`the mutated inputs that failed are in ${findings}`);
}
// The counts again, last, where `tail` sees them.
for (const tally of tallies) console.log(tally.line());
const linksFailed = corpusLinksFailed + mutatedLinkFailures;
console.log(
  `hostile: links: ${linkCount} of the corpus (${linksOpened} opened, ${corpusLinksFailed} failed) and ${mutatedLinks} mutated (${mutatedLinkFailures} failed) through decodeShareHash`,
);
console.log(
  `hostile: ${all.cases} cases through obs-sim: ${all.ok} exit 0, ${all.refused} exit 2, ${all.incomplete} exit 3, ${failedCases} failed (each within ${CASE_SECONDS} s); ${linkCount + mutatedLinks} links, ${linksFailed} failed; ${elapsed()} s`,
);
process.exitCode = failedCases + linksFailed > 0 ? 1 : 0;
