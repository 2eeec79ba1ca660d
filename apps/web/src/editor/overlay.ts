/**
 * The slot for the animation drawn over the network (apps/web/src/animation, built
 * apart). The editor renders `overlay(props)` absolutely over its SVG, under its toolbar
 * and panel, with pointer-events: none, only while the engine runs what is drawn.
 */
import type { ReactNode } from 'react';
import type { OverlayProps } from '../animation/overlayProps';

export type OverlayRenderer = (props: OverlayProps) => ReactNode;
