// A one-node Slurm cluster in a scratch directory, for running docs/sweeps.md's job array
// for real: Debian's munged, slurmctld and slurmd as root, private ports and sockets, the
// node claiming 8 CPUs (`SlurmdParameters=config_overrides`) so the documented
// `--cpus-per-task=4` schedules on a 2-core machine (the tasks then share its cores).
// Nothing outside the directory is touched but the processes, which stop() ends.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

const DAEMONS = ['munged', 'slurmctld', 'slurmd', 'sbatch', 'squeue'];

/** Why a one-node Slurm cannot run here, in one sentence, or null if it can. */
export function whyNoSlurm() {
  if (process.getuid?.() !== 0) return 'the daemons are started as root (slurmd runs jobs as their user), and this is not root';
  const missing = DAEMONS.filter((cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status !== 0);
  if (missing.length)
    return `${missing.join(', ')} not installed (scripts/setup-system.sh installs slurmctld, slurmd, slurm-client and munge)`;
  if (!existsSync('/etc/munge/munge.key')) return 'no /etc/munge/munge.key (the munge package creates it)';
  return null;
}

/** Two free TCP ports for slurmctld and slurmd, picked by the kernel. */
function freePorts() {
  const out = execFileSync(process.execPath, [
    '-e',
    `
    const net = require('node:net');
    const a = net.createServer().listen(0, () => { const b = net.createServer().listen(0, () => {
      console.log(a.address().port, b.address().port); a.close(); b.close(); }); });`,
  ]).toString();
  return out.trim().split(/\s+/).map(Number);
}

function config(dir, host, [ctldPort, slurmdPort]) {
  return `# written by scripts/cluster/one-node-slurm.mjs
ClusterName=obs
SlurmctldHost=${host}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=${dir}/munge.sock
SlurmctldPort=${ctldPort}
SlurmdPort=${slurmdPort}
StateSaveLocation=${dir}/state
SlurmdSpoolDir=${dir}/spool
SlurmctldPidFile=${dir}/slurmctld.pid
SlurmdPidFile=${dir}/slurmd.pid
SlurmctldLogFile=${dir}/log/slurmctld.log
SlurmdLogFile=${dir}/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
NodeName=${host} CPUs=8 State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
`;
}

function tail(file, lines = 8) {
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n') : '(no log)';
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts munged, slurmctld and slurmd under `dir`; resolves once the node is idle.
 * Returns the environment for clients (SLURM_CONF) and stop().
 */
export async function startSlurm(dir) {
  for (const d of ['state', 'spool', 'log']) mkdirSync(join(dir, d), { recursive: true });
  const host = hostname().split('.')[0];
  const conf = join(dir, 'slurm.conf');
  writeFileSync(conf, config(dir, host, freePorts()));
  const env = { ...process.env, SLURM_CONF: conf };
  const run = (cmd, args) => {
    const r = spawnSync(cmd, args, { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${(r.stderr || r.stdout).trim()}`);
  };
  const pids = () =>
    ['munged', 'slurmctld', 'slurmd']
      .map((n) => join(dir, `${n}.pid`))
      .filter(existsSync)
      .map((f) => Number(readFileSync(f, 'utf8')));
  // Ends the daemons and waits until they are gone (up to 20 s, then SIGKILL): slurmctld
  // writes its state as it exits, and a caller that removes the directory right after
  // SIGTERM can find it growing under it (ENOTEMPTY, seen in CI).
  const stop = () => {
    const running = pids();
    const alive = (pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const signal = (pid, sig) => {
      try {
        process.kill(pid, sig);
      } catch {
        /* already gone */
      }
    };
    for (const pid of running) signal(pid, 'SIGTERM');
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let waited = 0; waited < 20_000 && running.some(alive); waited += 100) Atomics.wait(pause, 0, 0, 100);
    for (const pid of running.filter(alive)) signal(pid, 'SIGKILL');
  };
  try {
    // --force: munged as root (it is the cluster's only user here).
    run('munged', [
      '--force',
      `--socket=${dir}/munge.sock`,
      `--pid-file=${dir}/munged.pid`,
      `--log-file=${dir}/log/munged.log`,
      `--seed-file=${dir}/munge.seed`,
    ]);
    run('slurmctld', ['-f', conf, '-i']);
    run('slurmd', ['-f', conf]);
    for (let i = 0; i < 60; i++) {
      const r = spawnSync('sinfo', ['-h', '-o', '%t'], { env, encoding: 'utf8' });
      if (r.status === 0 && /^idle/m.test(r.stdout)) return { env, dir, stop };
      await sleep(500);
    }
    throw new Error(
      `the node did not become idle in 30 s.\nslurmctld: ${tail(join(dir, 'log/slurmctld.log'))}\nslurmd: ${tail(join(dir, 'log/slurmd.log'))}`,
    );
  } catch (error) {
    stop();
    throw error;
  }
}

/** Resolves when no job of this cluster is pending or running (or rejects after `ms`). */
export async function waitForEmptyQueue(env, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const r = spawnSync('squeue', ['-h', '-o', '%i %T'], { env, encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim() === '') return;
    await sleep(500);
  }
  throw new Error(`jobs still queued after ${ms / 1000} s: ${spawnSync('squeue', [], { env, encoding: 'utf8' }).stdout}`);
}
