/**
 * A small seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same
 * numbers on every machine. Plenty for shuffling a lesson question's choices (the app's
 * lessons/choiceOrder.ts) or drawing a test's cases (the engine's schema contract); not for
 * statistics (random.ts, the loss-network simulation's).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
