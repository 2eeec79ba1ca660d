/**
 * The address bar is always a share link to what is on screen: copying it shares the
 * scenario, the run's live changes with their times (a student sees the same run) and
 * the preset it comes from. `#preset=<id>` while the preset is unchanged.
 *
 * Written with history.replaceState, at most every ADDRESS_DELAY_MS: no history entry per
 * edit (Back leaves the page as before), and no encoding per slider step.
 */
import { encodeShareHash, presetShareHash } from '@obs-tcp-sim/scenario';
import { documentOf, type StoreState } from './scenarioStore';

export const ADDRESS_DELAY_MS = 300;

/** The hash for this state, '#' included; '' when it cannot be a link (too large). */
export function shareHashOf(state: Pick<StoreState, 'scenario' | 'run' | 'presetId' | 'edited'>): string {
  const { presetId, edited, run } = state;
  if (presetId !== null && !edited && run.changes.length === 0 && run.pending.length === 0) return presetShareHash(presetId);
  try {
    return encodeShareHash(documentOf(state), presetId === null ? {} : { fromPreset: presetId });
  } catch {
    // Too large for a link: the address says nothing rather than something else; the
    // Share menu explains and offers the file.
    return '';
  }
}

export interface AddressTarget {
  readonly hash: string;
  replace(hash: string): void;
}

/** The page's own address bar. */
export const pageAddress: AddressTarget = {
  get hash() {
    return location.hash;
  },
  replace(hash) {
    history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
  },
};

/**
 * Keeps `target` showing shareHashOf(store state), written at most every delayMs.
 * With `afterFirstAction`, nothing is written until the user has changed something: what
 * the app put on screen by itself (the default after a refused link, the saved work) is
 * left at the bare address, so a reload opens the saved work as before (storage/workKeeper.ts's
 * rules: a link in the address replaces the saved work, and would replay a stopped run).
 * Returns `refresh` (write now: a pasted link was handled), `pending` (a write waits out
 * the delay) and `stop`.
 */
export function followInAddressBar(
  store: { getState(): StoreState; subscribe(l: () => void): () => void },
  target: AddressTarget = pageAddress,
  {
    delayMs = ADDRESS_DELAY_MS,
    afterFirstAction = false,
    override,
  }: { delayMs?: number; afterFirstAction?: boolean; override?: AddressOverride } = {},
): { refresh(): void; readonly pending: boolean; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: StoreState | null = null;
  let lastOverride: string | null = null;
  const write = (force = false) => {
    timer = null;
    const state = store.getState();
    const over = override?.get() ?? null;
    if (!force && state === last && over === lastOverride) return;
    last = state;
    lastOverride = over;
    const hash = over ?? (afterFirstAction && state.actions === 0 ? '' : shareHashOf(state));
    if (hash !== target.hash && !(hash === '' && target.hash === '')) target.replace(hash);
  };
  const unsubscribe = store.subscribe(() => {
    if (timer === null) timer = setTimeout(write, delayMs);
  });
  // A lesson opening or moving on shows at once; its closing brings back the scenario's link.
  const unsubscribeOverride = override?.subscribe(() => write()) ?? (() => {});
  write(true);
  return {
    refresh: () => write(true),
    get pending() {
      return timer !== null;
    },
    stop: () => {
      unsubscribe();
      unsubscribeOverride();
      if (timer !== null) clearTimeout(timer);
    },
  };
}

/**
 * Something else the address shows while it is open, in place of the scenario's link: a
 * lesson, as `#lesson=<id>&step=N` (lessons/player.ts). null: the scenario's link.
 */
export interface AddressOverride {
  get(): string | null;
  subscribe(listener: () => void): () => void;
}
