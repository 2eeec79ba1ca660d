// @obs-tcp-sim/theory: the closed forms the runs are held against: TCP throughput (Mathis,
// Padhye) at a flow's measured loss and RTT (docs/theory.md), Erlang-B, analytic burst loss
// of OBS meshes (docs/mesh.md) and an independent loss-network simulation to check it. The
// backbones they are run on are scenarios, and so the format's (@obs-tcp-sim/scenario/backbones).
export * from './network';
export { erlangB, erlangBOrNull, ERLANG_B_MAX_SERVERS } from './erlang';
export * from './fixed-point';
export * from './continuity';
export * from './loss-network-sim';
export * from './tcp-models';
export * from './measured-loss';
export * from './flow-models';
export { seededRandom } from './seeded-random';
