// @obs-tcp-sim/scenario/mesh-theory: analytic burst loss of OBS meshes (docs/mesh.md) and an
// independent loss-network simulation to check it, plus the backbones they are run on.
export * from './network';
export { erlangB } from './erlang';
export * from './fixed-point';
export * from './continuity';
export * from './loss-network-sim';
export * from './backbones';
export * from './backbone-scenario';
