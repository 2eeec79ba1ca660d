/**
 * The seed that shuffles a student's question choices (choiceOrder.ts), one per page
 * session: kept in sessionStorage, so a reload of the tab shows the same order while
 * another tab, or another student's machine, gets another. Where the browser refuses
 * storage (a sandboxed frame, privacy settings) the seed lives as long as the page.
 */

/** sessionStorage key; the value is an unsigned 32-bit integer in decimal. */
export const CHOICE_SEED_KEY = 'obs-tcp-sim.choiceSeed';

type SeedStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The seed kept in `storage`, or a new one written there. Never throws. */
export function readChoiceSeed(storage: SeedStorage | null, random: () => number = Math.random): number {
  try {
    const kept = storage?.getItem(CHOICE_SEED_KEY);
    if (kept != null && /^\d{1,10}$/.test(kept) && Number(kept) <= 0xffffffff) return Number(kept);
  } catch {
    // Reading refused: a new seed below.
  }
  const seed = Math.floor(random() * 0x100000000) >>> 0;
  try {
    storage?.setItem(CHOICE_SEED_KEY, String(seed));
  } catch {
    // Full or refused: the seed holds for this page only.
  }
  return seed;
}

let pageSeed: number | null = null;

/** The page's seed, read (or made) once. */
export function choiceSeed(): number {
  if (pageSeed === null) pageSeed = readChoiceSeed(sessionStorageOrNull());
  return pageSeed;
}

function sessionStorageOrNull(): SeedStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Merely reading window.sessionStorage throws where storage is blocked.
    return null;
  }
}
