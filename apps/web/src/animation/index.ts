export { AnimationLayer } from './AnimationLayer';
export { AnimationLegend } from './AnimationLegend';
export { ScenarioAnimationLegend } from './ScenarioAnimationLegend';
export type { OverlayProps } from './overlayProps';
