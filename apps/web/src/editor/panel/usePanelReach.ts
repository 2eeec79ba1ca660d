/**
 * The side panel reaches down to the bottom of the window, over the results, on a wide
 * screen: beside a network view a few hundred pixels tall (1280x720) it showed two fields
 * at a time in a box that scrolled inside the page. The canvas keeps its height; the
 * results under the panel are covered while it is open (its × closes it). On a narrow
 * screen (one column) it stays in the flow of the page.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Below this window width the page is one column and the panel stays in place. */
export const PANEL_REACH_MIN_WIDTH = 1000;
const BOTTOM_GAP_PX = 8;

export function usePanelReach(panel: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const el = panel.current;
      if (!el || window.innerWidth < PANEL_REACH_MIN_WIDTH) {
        setHeight(null);
        return;
      }
      const top = el.getBoundingClientRect().top;
      const reach = Math.floor(window.innerHeight - top - BOTTOM_GAP_PX);
      // Only when that is more than the row gives it.
      setHeight(reach > (el.parentElement?.clientHeight ?? 0) + 40 ? reach : null);
    };
    measure();
    addEventListener('resize', measure);
    const watch = new ResizeObserver(measure);
    if (panel.current?.parentElement) watch.observe(panel.current.parentElement);
    return () => {
      removeEventListener('resize', measure);
      watch.disconnect();
    };
  }, [panel]);
  return height;
}
