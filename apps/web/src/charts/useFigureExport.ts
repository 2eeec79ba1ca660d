/**
 * Offers a results view's figure to the export menu (Share & files) while it is on screen:
 * the first <svg> in `figure` (axes and data, as the Sweep and Compare tabs draw them) or
 * its first <canvas> (the Channels tab's view, embedded as an image). The live charts
 * register themselves (LiveChart.tsx): they replay their painter on an SVG recorder.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { registerChart, type ChartExporter, type FigureKind } from './chartExport';

export interface FigureDescription {
  title: string;
  keys: ReturnType<ChartExporter['keys']>;
}

export function useFigureExport(
  kind: FigureKind,
  figure: RefObject<HTMLElement | null>,
  source: 'svg' | 'canvas',
  describe: () => FigureDescription,
): void {
  const latest = useRef(describe);
  latest.current = describe;
  useEffect(() => {
    const el = figure.current;
    if (!el) return;
    const exporter: ChartExporter = {
      kind,
      figure: el,
      // A getter, not a copy: the title follows what the view shows at export time.
      get title() {
        return latest.current().title;
      },
      keys: () => latest.current().keys,
    };
    if (source === 'svg') exporter.svg = () => el.querySelector('svg');
    else exporter.image = () => el.querySelector('canvas');
    return registerChart(exporter);
  }, [kind, figure, source]);
}
