export { AnimationLayer } from './AnimationLayer';
export { AnimationLegend } from './AnimationLegend';
export type { OverlayProps } from './overlayProps';
