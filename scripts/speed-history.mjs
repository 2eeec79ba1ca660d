// Instructions per event and per segment of the engine as built at past commits (issue 40:
// where a cost came in). For each commit: a throwaway worktree under the system's temporary
// folder, the native engine built there as scripts/build-native.sh builds it (Release, link-time
// optimisation, ccache when installed), callgrind on the speed gate's scenarios, the worktree
// removed. One line per commit and scenario, tab-separated, on stdout.
//
//   node scripts/speed-history.mjs <commit> [<commit> ...]
//
// The dumb-bell is written in the form every commit since 734bf32 parses: each flow's hosts
// and access links spelled out (`access`, which draws them, came with 6260317), the same
// nodes and links in the same order, so today's engine gives the same events (fingerprint)
// for both forms. Its set-up (parsing, routes, the senders' rings, the summary) is counted
// on a 1 µs run of the same file and subtracted: `run/event` and `run/segment` are the
// run's own instructions; `per event` is the whole process's, as the speed gate gives it.
// The other two gate scenarios are used as they are, where the commit parses them. Segments: data segments sent (flows[].segmentsSent, as the speed gate
// counts them); delivered: flows[].delivered over the MSS.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GATE = join(ROOT, 'wasm-core/bench/gate');

/** The gate's dumb-bell with its `access` hosts and links spelled out, `duration` seconds. */
function explicitDumbbell(duration) {
  const s = JSON.parse(readFileSync(join(GATE, 'dumbbell-50.json'), 'utf8'));
  const [group] = s.flows;
  const nodes = [...s.nodes];
  const links = [...s.links];
  const flows = [];
  const side = (a) => ({ kind: 'packet', rate: a.rate, delay: a.delay, queue: a.queue });
  for (let k = 0; k < group.count; k++) {
    const [src, dst] = [`h${k}s`, `h${k}d`];
    nodes.push({ id: src, kind: 'host', x: 100, y: 100 }, { id: dst, kind: 'host', x: 400, y: 100 });
    links.push({ id: `a${k}s`, a: src, b: group.src, ...side(group.access.src) });
    links.push({ id: `a${k}d`, a: group.dst, b: dst, ...side(group.access.dst) });
    flows.push({ id: `f${k}`, src, dst, start: group.start, tcp: group.tcp, app: group.app });
  }
  return { ...s, duration, nodes, links, flows };
}

function callgrind(engine, file) {
  const run = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', engine, file], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const collected = /Collected : (\d+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || !collected) throw new Error(`callgrind on ${file} failed`);
  return Number(collected[1]);
}

/** The engine's summary of `file`, or its refusal (an older format). */
function summary(engine, file) {
  const run = spawnSync(engine, [file], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) return { refused: (run.stderr ?? '').trim().split('\n')[0] };
  return JSON.parse(run.stdout);
}

const work = mkdtempSync(join(tmpdir(), 'speed-history-'));
const dumbbell = join(work, 'dumbbell-50-explicit.json');
const setup = join(work, 'dumbbell-50-explicit-1us.json');
writeFileSync(dumbbell, JSON.stringify(explicitDumbbell(3)));
writeFileSync(setup, JSON.stringify(explicitDumbbell(1e-6)));
const mss = explicitDumbbell(3).flows[0].tcp.mss;

console.log(
  [
    'commit',
    'date',
    'scenario',
    'instructions',
    'events',
    'segments',
    'delivered',
    'per event',
    'run/event',
    'run/segment',
    'run/delivered',
    'events/segment',
    'fingerprint',
  ].join('\t'),
);
for (const commit of process.argv.slice(2)) {
  const sha = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short=7', commit], { encoding: 'utf8' }).trim();
  const date = execFileSync('git', ['-C', ROOT, 'log', '-1', '--format=%cd', '--date=format:%Y-%m-%d %H:%M', sha], {
    encoding: 'utf8',
  }).trim();
  const tree = join(work, `tree-${sha}`);
  execFileSync('git', ['-C', ROOT, 'worktree', 'add', '--detach', tree, sha], { stdio: 'ignore' });
  try {
    const cache = spawnSync('ccache', ['--version']).status === 0 ? ['-DCMAKE_CXX_COMPILER_LAUNCHER=ccache'] : [];
    const env = { ...process.env, CCACHE_BASEDIR: tree, CCACHE_NOHASHDIR: '1' };
    const build = join(tree, 'build');
    execFileSync('cmake', ['-S', join(tree, 'wasm-core'), '-B', build, '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release', ...cache], {
      env,
      stdio: 'ignore',
    });
    execFileSync('cmake', ['--build', build, '--target', 'obs-sim-native'], { env, stdio: 'ignore' });
    const engine = join(build, 'obs-sim-native');
    const base = summary(engine, setup);
    const baseInstructions = callgrind(engine, setup);
    for (const [name, file] of [
      ['dumbbell-50 (hosts spelled out)', dumbbell],
      ['paper003-fast-0.1s', join(GATE, 'paper003-fast-0.1s.json')],
      ['nsfnet-load0.6-0.1s', join(GATE, 'nsfnet-load0.6-0.1s.json')],
    ]) {
      const s = summary(engine, file);
      if (s.refused) {
        console.log([sha, date, name, `not parsed: ${s.refused}`].join('\t'));
        continue;
      }
      const instructions = callgrind(engine, file);
      const segments = s.flows.reduce((n, f) => n + (f.segmentsSent ?? 0), 0);
      const delivered = Math.round(s.flows.reduce((n, f) => n + (f.delivered ?? 0), 0) / mss);
      // The run's own instructions: only for the dumb-bell, whose set-up run is the same file.
      const own = file === dumbbell ? instructions - baseInstructions : null;
      const ownEvents = s.events - (base.events ?? 0);
      const per = (n, d) => (own === null || !d ? '' : (n / d).toFixed(1));
      console.log(
        [
          sha,
          date,
          name,
          instructions,
          s.events,
          segments,
          file === dumbbell ? delivered : '',
          (instructions / s.events).toFixed(1),
          per(own, ownEvents),
          per(own, segments),
          per(own, delivered),
          segments ? (s.events / segments).toFixed(4) : '',
          s.fingerprint,
        ].join('\t'),
      );
    }
  } finally {
    execFileSync('git', ['-C', ROOT, 'worktree', 'remove', '--force', tree], { stdio: 'ignore' });
  }
}
rmSync(work, { recursive: true, force: true });
