/**
 * The time window every chart shows, shared so zooming or panning one chart moves all
 * three, and the hover time, so each chart draws its rule at the same instant.
 *
 * `domain === null` means "follow the run": the whole run, 0 to its duration. Zooming or
 * panning fixes a window; reset (double-click, the button) follows the run again.
 */

export type Domain = readonly [number, number];

/** Narrowest window: a few sample intervals stay visible, the axis never degenerates. */
export const MIN_SPAN = 1e-3;

/** Scales `domain` by `factor` (< 1 zooms in) around `center`, kept inside `bounds`. */
export function zoomDomain(domain: Domain, center: number, factor: number, bounds: Domain, minSpan = MIN_SPAN): Domain {
  const full = bounds[1] - bounds[0];
  const span = Math.min(full, Math.max(Math.min(minSpan, full), (domain[1] - domain[0]) * factor));
  const c = Math.min(domain[1], Math.max(domain[0], center));
  // The time under the pointer stays under the pointer.
  const ratio = domain[1] > domain[0] ? (c - domain[0]) / (domain[1] - domain[0]) : 0.5;
  return clampDomain([c - ratio * span, c - ratio * span + span], bounds);
}

/** Moves `domain` by `delta` seconds, stopping at the ends of `bounds`. */
export function panDomain(domain: Domain, delta: number, bounds: Domain): Domain {
  return clampDomain([domain[0] + delta, domain[1] + delta], bounds);
}

/** Shifts (never shrinks, unless wider than bounds) a window into the bounds. */
export function clampDomain(domain: Domain, bounds: Domain): Domain {
  const span = Math.min(domain[1] - domain[0], bounds[1] - bounds[0]);
  let a = domain[0];
  if (a < bounds[0]) a = bounds[0];
  if (a + span > bounds[1]) a = bounds[1] - span;
  return [a, a + span];
}

/** True when the window is (about) the whole run: then we follow the run instead. */
export function coversAll(domain: Domain, bounds: Domain): boolean {
  const eps = (bounds[1] - bounds[0]) * 1e-9;
  return domain[0] <= bounds[0] + eps && domain[1] >= bounds[1] - eps;
}

export class TimeWindowStore {
  /** The fixed window, or null while following the whole run. */
  domain: Domain | null = null;
  /** Simulated time under the pointer on any chart, or null. */
  hover: number | null = null;
  /** Bumped on every change of domain or hover. */
  version = 0;
  private bounds: Domain = [0, 1];
  private listeners = new Set<() => void>();

  /** The run's time range (0 to duration); a changed duration follows the run again. */
  setBounds(t0: number, t1: number): void {
    if (!(t1 > t0)) t1 = t0 + 1;
    if (this.bounds[0] === t0 && this.bounds[1] === t1) return;
    this.bounds = [t0, t1];
    this.domain = null;
    this.changed();
  }

  getBounds(): Domain {
    return this.bounds;
  }

  /** What the charts draw now. */
  visible(): Domain {
    return this.domain ?? this.bounds;
  }

  get following(): boolean {
    return this.domain === null;
  }

  zoom(center: number, factor: number): void {
    this.fix(zoomDomain(this.visible(), center, factor, this.bounds));
  }

  pan(delta: number): void {
    if (this.domain === null) return; // the whole run is already on screen
    this.fix(panDomain(this.domain, delta, this.bounds));
  }

  set(t0: number, t1: number): void {
    this.fix(clampDomain([Math.min(t0, t1), Math.max(t0, t1)], this.bounds));
  }

  reset(): void {
    if (this.domain === null) return;
    this.domain = null;
    this.changed();
  }

  setHover(t: number | null): void {
    if (t === this.hover) return;
    this.hover = t;
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private fix(d: Domain): void {
    const next = coversAll(d, this.bounds) ? null : d;
    if (next === this.domain) return;
    if (next && this.domain && next[0] === this.domain[0] && next[1] === this.domain[1]) return;
    this.domain = next;
    this.changed();
  }

  private changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }
}
