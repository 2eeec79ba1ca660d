// Backbones of the OBS and WDM literature (NSFNET, COST239, USNET) as format v1 scenarios:
// their topologies, and the scenario built on one (the backbone presets and the mesh theory
// checks of @obs-tcp-sim/theory both start from it).
export * from './topologies';
export * from './backbone-scenario';
