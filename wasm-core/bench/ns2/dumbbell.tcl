# Issue 40's dumb-bell for ns-2 2.35, the reference `npm run bench` runs the engine against
# (wasm-core/bench/vs_ns2.mjs): `flows` bulk TCP flows, each from its own host through an
# access link to R1, over the bottleneck R1 -- R2, and through an access link to its own
# sink host.
#
# This file holds the structure only. Every number and agent name comes from the command
# line, written by wasm-core/bench/ns2/params.mjs from the engine's scenario (the pairing of
# each parameter with the scenario's field is the table there), so the two cannot drift:
#   ns dumbbell.tcl duration 10 flows 50 ...   (vs_ns2.mjs prints the whole command first)
# A parameter missing or unknown stops the script: params.mjs and this file name the same set.
#
# At the end it prints one line, every count summed over the flows:
#   RESULT delivered <data packets the sinks received> sinkBytes <their bytes on the wire>
#          sent <data packets sent> retransmits <packets sent again> rtos <timeouts>
#          wall <seconds from this script's first line to the end> setup <of which before the first event>
# No trace is written: the run is timed, and the engine's timed run writes none either.

set started [clock microseconds]

set known {duration flows start agent agentVars sink sinkVars
  bottleneckRate bottleneckDelay bottleneckQueue
  srcRate srcDelay srcQueue dstRate dstDelay dstQueue}
if {[llength $argv] % 2 != 0} { error "parameters come as key value pairs, got: $argv" }
array set p $argv
foreach key $known {
  if {![info exists p($key)]} { error "missing parameter $key (wasm-core/bench/ns2/params.mjs writes them all)" }
}
foreach key [array names p] {
  if {[lsearch -exact $known $key] < 0} { error "unknown parameter $key" }
}

set ns [new Simulator]

# A drop-tail duplex link holding at most `queue` packets in each direction.
proc link {a b rate delay queue} {
  global ns
  $ns duplex-link $a $b $rate $delay DropTail
  $ns queue-limit $a $b $queue
  $ns queue-limit $b $a $queue
}

# The first event: what went before it (building the nodes, links and agents in OTcl, and
# the routes `$ns run` computes) is the run's set-up.
proc mark_setup {} {
  global started setup
  set setup [expr {([clock microseconds] - $started) / 1e6}]
}
$ns at 0 "mark_setup"

set r1 [$ns node]
set r2 [$ns node]
link $r1 $r2 $p(bottleneckRate) $p(bottleneckDelay) $p(bottleneckQueue)

for {set i 0} {$i < $p(flows)} {incr i} {
  set src($i) [$ns node]
  set dst($i) [$ns node]
  link $src($i) $r1 $p(srcRate) $p(srcDelay) $p(srcQueue)
  link $r2 $dst($i) $p(dstRate) $p(dstDelay) $p(dstQueue)
  set tcp($i) [new $p(agent)]
  foreach {var value} $p(agentVars) { $tcp($i) set $var $value }
  $tcp($i) set fid_ $i
  $ns attach-agent $src($i) $tcp($i)
  set sink($i) [new $p(sink)]
  foreach {var value} $p(sinkVars) { $sink($i) set $var $value }
  $ns attach-agent $dst($i) $sink($i)
  $ns connect $tcp($i) $sink($i)
  set ftp($i) [$tcp($i) attach-app FTP]
  $ns at $p(start) "$ftp($i) start"
}

proc done {} {
  global p tcp sink started setup
  set delivered 0
  set bytes 0
  set sent 0
  set retransmits 0
  set rtos 0
  for {set i 0} {$i < $p(flows)} {incr i} {
    # A data packet on the wire: packetSize_ of payload and the TCP/IP header, except
    # packet 0, which ns-2 sends without the header (tcp.cc output() adds it to seqno > 0).
    set header [$tcp($i) set tcpip_base_hdr_size_]
    set size [expr {[$tcp($i) set packetSize_] + $header}]
    set b [$sink($i) set bytes_]
    if {$b > 0 && ($b + $header) % $size != 0} {
      # Not whole packets of the aligned size: the count below would be wrong.
      puts stderr "flow $i: its sink received $b bytes, not whole packets of $size bytes (packet 0 without its header)"
      exit 1
    }
    incr bytes $b
    incr delivered [expr {($b + $header) / $size}]
    incr sent [$tcp($i) set ndatapack_]
    incr retransmits [$tcp($i) set nrexmitpack_]
    incr rtos [$tcp($i) set nrexmit_]
  }
  set wall [expr {([clock microseconds] - $started) / 1e6}]
  puts "RESULT delivered $delivered sinkBytes $bytes sent $sent retransmits $retransmits rtos $rtos wall $wall setup $setup"
  exit 0
}
$ns at $p(duration) "done"
$ns run
