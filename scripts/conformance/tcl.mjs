// One run of a case as an ns-2 2.35 script. Every TCP setting comes from alignment.mjs;
// this file only lays out the network, the agents, the loss and what is printed:
//   RESULT <flow index> ack_ ndatapack_ nrexmitpack_ nrexmit_ ncwndcuts_ cwnd_ ssthresh_ <sink bytes_>
// at the end, and cwnd-<flow index>.tr with every change of cwnd_ and ssthresh_.
import { BASE_TCP, DELACK_INTERVAL, VARIANT_TCP, agentSettings, ns2Agent, ns2QueueLimit } from './alignment.mjs';

/** The TCP settings of a flow: the base, its variant's departures (VARIANT_TCP), the flow's own. */
export const flowTcp = (flow) => ({
  ...BASE_TCP,
  ...(VARIANT_TCP[flow.variant] ?? {}),
  ...(flow.tcp ?? {}),
  rto: { ...BASE_TCP.rto, ...(flow.tcp?.rto ?? {}) },
});

/**
 * @param {{ case: any, variant: string, seed: number, flows: any[] }} run
 * @param {{ packets?: number[], traceFirstLink?: boolean }} options packets: the resolved droplist
 * @returns {string}
 */
export function tclScript(run, options = {}) {
  const c = run.case;
  const L = [];
  L.push(`# ${c.id} (${run.variant}, seed ${run.seed}), written by scripts/conformance/tcl.mjs`);
  L.push('set ns [new Simulator]');
  // ns-2's own generator (Linux agents' and others' draws) from the run's seed.
  L.push(`$defaultRNG seed ${run.seed}`);
  for (const n of c.network.nodes) L.push(`set n(${n.id}) [$ns node]`);
  for (const l of c.network.links) {
    L.push(`$ns duplex-link $n(${l.a}) $n(${l.b}) ${l.rate} ${l.delay} DropTail`);
    L.push(`$ns queue-limit $n(${l.a}) $n(${l.b}) ${ns2QueueLimit(l.queue)}`);
    L.push(`$ns queue-limit $n(${l.b}) $n(${l.a}) ${ns2QueueLimit(l.queue)}`);
  }
  run.flows.forEach((f, i) => {
    const tcp = flowTcp(f);
    const { agent, sink, ca } = ns2Agent(f.variant);
    L.push(`set tcp(${i}) [new ${agent}]`);
    for (const line of agentSettings(`tcp(${i})`, f.variant, tcp)) L.push(line);
    L.push(`$tcp(${i}) set fid_ ${i}`);
    L.push(`$ns attach-agent $n(${f.src}) $tcp(${i})`);
    L.push(`set sink(${i}) [new ${tcp.delayedAck ? `${sink}/DelAck` : sink}]`);
    if (tcp.delayedAck) L.push(`$sink(${i}) set interval_ ${DELACK_INTERVAL}`);
    L.push(`$ns attach-agent $n(${f.dst}) $sink(${i})`);
    L.push(`$ns connect $tcp(${i}) $sink(${i})`);
    L.push(`set tr(${i}) [open cwnd-${i}.tr w]`);
    L.push(`$tcp(${i}) attach $tr(${i})`);
    L.push(`$tcp(${i}) trace cwnd_`);
    L.push(`$tcp(${i}) trace ssthresh_`);
    if (ca) L.push(`$ns at 0 "$tcp(${i}) select_ca ${ca}"`);
    L.push(`set ftp(${i}) [$tcp(${i}) attach-app FTP]`);
    L.push(`$ns at ${f.start} "$ftp(${i}) start"`);
  });
  const lossLink = c.lossLink ? c.network.links.find((l) => l.id === c.lossLink) : null;
  if (c.loss.kind === 'list') {
    L.push('set em [new ErrorModel/List]');
    L.push(`$em droplist {${(options.packets ?? c.loss.packets).join(' ')}}`);
    L.push(`$ns link-lossmodel $em $n(${lossLink.a}) $n(${lossLink.b})`);
  } else if (c.loss.kind === 'random') {
    L.push('set lossRng [new RNG]');
    L.push(`$lossRng seed ${run.seed}`);
    L.push('set u [new RandomVariable/Uniform]');
    L.push('$u use-rng $lossRng');
    L.push('set em [new ErrorModel]');
    L.push(`$em set rate_ ${c.loss.p}`);
    L.push('$em unit pkt');
    L.push('$em ranvar $u');
    L.push('$em drop-target [new Agent/Null]');
    L.push(`$ns link-lossmodel $em $n(${lossLink.a}) $n(${lossLink.b})`);
  }
  if (options.traceFirstLink) {
    const f = run.flows[0];
    const first = c.network.links.find((l) => l.a === f.src || l.b === f.src);
    const other = first.a === f.src ? first.b : first.a;
    L.push(`$ns trace-queue $n(${f.src}) $n(${other}) [open first-link.tr w]`);
  }
  L.push('proc done {} {');
  L.push('  global tcp tr sink');
  L.push(`  foreach i {${run.flows.map((_, i) => i).join(' ')}} {`);
  L.push(
    '    puts "RESULT $i [$tcp($i) set ack_] [$tcp($i) set ndatapack_] [$tcp($i) set nrexmitpack_] [$tcp($i) set nrexmit_] [$tcp($i) set ncwndcuts_] [$tcp($i) set cwnd_] [$tcp($i) set ssthresh_] [$sink($i) set bytes_]"',
  );
  L.push('    close $tr($i)');
  L.push('  }');
  L.push('  exit 0');
  L.push('}');
  L.push(`$ns at ${c.duration} "done"`);
  L.push('$ns run');
  return L.join('\n') + '\n';
}
