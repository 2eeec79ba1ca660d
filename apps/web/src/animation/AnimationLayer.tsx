/**
 * The animation over the network view: one canvas, the size of the editor's SVG, drawn
 * from the visual events the controller files (controller.visual.recent) at the simulated
 * time of the latest frame (controller.live.now).
 *
 * Redrawn by the controller's frame loop (addView) after each engine frame, and on extra
 * animation frames while drop flashes fade (they live in wall time, so they show at every
 * speed, paused included).
 */
import { useView } from '../view/viewStore';
import { presenterTextPx } from '../view/presenterText';
import { useEffect, useMemo, useRef } from 'react';
import { focusStore } from '../sim/focusStore';
import { useController } from '../sim/simContext';
import { buildDrawList } from './drawList';
import { editorTextBoxes } from './editorText';
import { computeGeometry } from './geometry';
import { AnimationModel, flowSources, linkInfos } from './animationModel';
import { accessLayout, displayLink } from './accessLinks';
import { paintDrawList } from './paint';
import { DESK_MARKS, roomMarks } from './style';
import './animation.css';
import { keyBox, keyCorner } from './keyPlace';
import type { Geometry } from './geometry';
import type { DrawList } from './drawPrimitives';
import type { OverlayProps } from './overlayProps';

// textBoxes: where the editor laid out its own text (editor/canvas/labelLayout.ts).
export function AnimationLayer(props: OverlayProps) {
  const { scenario, width, height, toScreen } = props;
  const s = props.glyphScale;
  const ms = props.markScale;
  const presenter = useView().presenter;
  const minText = presenter ? presenterTextPx(window.innerHeight) : 0;
  const controller = useController();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const captionRef = useRef<HTMLParagraphElement>(null);
  const model = useMemo(() => new AnimationModel([]), []);

  // Another network: the model forgets what it kept (link indices mean other links now).
  const flowCount = useMemo(() => flowSources(scenario).length, [scenario]);
  // A group's per-copy access links are drawn on its fan's spokes (accessLinks.ts).
  const access = useMemo(() => accessLayout(scenario), [scenario]);
  useEffect(() => {
    model.setLinks(linkInfos(scenario, access), flowSources(scenario), access);
  }, [model, scenario, access]);

  // Lanes, marks and text take the editor's glyph scale (the area, the zoom past the fit,
  // presenter mode); positions follow toScreen. toScreen is a new function on each render
  // of the editor; the geometry is cheap.
  const geometry = useMemo(
    () => ({
      ...computeGeometry(scenario, toScreen, ms, s),
      text: props.textBoxes ? [...props.textBoxes] : editorTextBoxes(scenario, toScreen, s),
      minText,
      // Bursts and control packets a room can see on a projector, a desk screen's otherwise.
      marks: presenter ? roomMarks(window.innerHeight) : DESK_MARKS,
    }),
    [scenario, toScreen, s, ms, minText, presenter, props.textBoxes],
  );

  // The sampled bursts' caption goes in the corner it hides least in (nodes, names, links);
  // its room there is what the overlay's labels keep off while it shows.
  const { corner: captionCorner, box: captionBox } = useMemo(() => {
    const [w, h] = presenter ? CAPTION_ROOM.presenter : CAPTION_ROOM.desk;
    const corner = keyCorner(width, height, w, h, [...(geometry.text ?? []), ...drawnBoxes(geometry)]);
    return { corner, box: keyBox(corner, width, height, w, h) };
  }, [geometry, width, height, presenter]);

  // The latest props for the redraw closure, which lives as long as the component.
  const latest = useRef({ geometry, width, height, flowCount, access, captionBox });
  latest.current = { geometry, width, height, flowCount, access, captionBox };
  const redraw = useRef<(() => void) | null>(null);

  useEffect(() => {
    // Each frame refills the previous frame's list (its bars and marks are reused).
    let recycled: DrawList | undefined;
    // Every draw goes through the controller's frame loop, at most once per animation frame:
    // an engine frame, a fading flash, a picked log row and a new zoom in the same frame
    // draw once (a loop of our own drew a second time in frames that had an engine frame).
    const request = () => controller.requestRedraw(draw);
    // At full speed engine frames come every 33 ms and draw the fading flashes anyway:
    // frames of our own between them would double the page's painting (and keep the
    // compositor busy at 60 Hz) for a fade nobody sees as smoother.
    const framesDrawFlashes = () => {
      const { phase, speed } = controller.getState();
      return phase === 'running' && speed === Infinity;
    };
    const draw = () => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      const { geometry: geom, width: w, height: h, flowCount: flows, captionBox: captionRoom } = latest.current;
      const wall = performance.now() / 1000;
      const now = controller.live.now;
      const state = controller.getState();
      // Paused, nothing is sampled: the bursts in flight at that moment are drawn where they are.
      const paused = state.phase !== 'running';
      model.ingest(controller.visual, now, wall);
      model.advance(now, wall, paused ? 0 : state.speed);
      // A log row on a copy's access link points at its spoke.
      const picked = focusStore.get();
      const focus = picked && picked.link >= 0 ? { ...picked, link: displayLink(latest.current.access, picked.link) } : picked;
      const chosenSpeed = state.speed;
      const list = buildDrawList(
        model,
        geom,
        {
          now,
          wall,
          flowStripes: flows > 1,
          width: w,
          height: h,
          focus,
          chosenSpeed,
          paused,
          // As the last frame left it: the caption shows while samples are drawn. Its box as
          // laid out (it wraps to two lines when its count is long), else its room's estimate.
          keepClear: captionRef.current?.hidden === false ? [shownBox(captionRef.current) ?? captionRoom] : undefined,
        },
        recycled,
      );
      recycled = list;
      const dpr = window.devicePixelRatio || 1;
      const pw = Math.round(w * dpr);
      const ph = Math.round(h * dpr);
      if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
      }
      paintDrawList(ctx, list, w, h, dpr);
      canvas.dataset.bursts = String(list.stats.bursts);
      canvas.dataset.bhps = String(list.stats.bhps);
      canvas.dataset.packets = String(list.stats.packets);
      canvas.dataset.flashes = String(list.stats.flashes);
      canvas.dataset.focus = String(list.stats.focus);
      canvas.dataset.shapes = String(list.bars.length + list.diamonds.length + list.squares.length);
      canvas.dataset.sampled = String(list.stats.sampled);
      showSampling(captionRef.current, list.stats.sampled > 0 ? model.samples.burstsPerGlyph() : null);
      // Flashes fade in wall time: keep drawing while any is showing, even when paused.
      if (list.animating && !framesDrawFlashes()) request();
    };
    redraw.current = request;
    const remove = controller.addView(draw);
    // A row picked in the event log is marked on the network at once, paused or not.
    const unfollow = focusStore.subscribe(request);
    // A pause (or play) redraws at once: paused, the bursts in flight are drawn where they
    // are instead of the samples of a fast speed, which would otherwise stay frozen.
    let phase = controller.getState().phase;
    const unwatch = controller.subscribe(() => {
      const now = controller.getState().phase;
      if (now !== phase) {
        phase = now;
        request();
      }
    });
    return () => {
      remove();
      unfollow();
      unwatch();
      redraw.current = null;
    };
  }, [controller, model]);

  // A new size, zoom or pan: draw in the next animation frame, not at the next engine
  // frame (paused runs too).
  useEffect(() => {
    redraw.current?.();
  }, [geometry, width, height]);

  return (
    <div className="animation-box" style={{ width, height }}>
      <canvas
        ref={canvasRef}
        className="animation-layer"
        data-testid="animation-layer"
        style={{ position: 'absolute', left: 0, top: 0, width, height, pointerEvents: 'none' }}
        aria-hidden="true"
      />
      <p ref={captionRef} className="sampled-caption" data-testid="sampled-caption" data-corner={captionCorner} hidden />
    </div>
  );
}

/** The caption's room, px: its words at the desk's and the room's sizes (animation.css). */
const CAPTION_ROOM = { desk: [300, 26], presenter: [440, 40] } as const;

/** What the caption should not cover: each node's glyph, and each link's line every 12 px. */
function drawnBoxes(g: Geometry): Array<{ left: number; top: number; right: number; bottom: number }> {
  const out = g.nodes.map((n) => ({ left: n.x - n.r, top: n.y - n.r, right: n.x + n.r, bottom: n.y + n.r }));
  for (const l of g.links) {
    if (!l) continue;
    const steps = Math.max(1, Math.ceil(Math.hypot(l.bx - l.ax, l.by - l.ay) / 12));
    for (let k = 0; k <= steps; k++) {
      const x = l.ax + ((l.bx - l.ax) * k) / steps;
      const y = l.ay + ((l.by - l.ay) * k) / steps;
      out.push({ left: x - 4, top: y - 4, right: x + 4, bottom: y + 4 });
    }
  }
  return out;
}

/**
 * The caption's box as laid out, in the canvas's pixels (both sit at the animation box's
 * origin); null before it has a size. Reading it is cheap: the frame changes no layout
 * before it (the caption's text is written after the draw list is built).
 */
function shownBox(caption: HTMLElement): { left: number; top: number; right: number; bottom: number } | null {
  const { offsetLeft: left, offsetTop: top, offsetWidth: w, offsetHeight: h } = caption;
  return w > 0 && h > 0 ? { left, top, right: left + w, bottom: top + h } : null;
}

/**
 * The caption of sampled bursts (burstSamples.ts), written in the frame that draws them
 * (no React render per frame): how many real bursts each one shown stands for, and that
 * they are slowed. Hidden when none is drawn.
 */
function showSampling(caption: HTMLParagraphElement | null, perGlyph: number | null): void {
  if (!caption) return;
  const text = perGlyph === null ? '' : `Sampled bursts, slowed: 1 in ${perGlyph.toLocaleString('en-US')} shown`;
  if (caption.textContent !== text) caption.textContent = text;
  if (caption.hidden !== (text === '')) caption.hidden = text === '';
}
