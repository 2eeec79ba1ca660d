/** "6.8 s", "0.125 s": a change's time as the history, the charts and the notices name it. */
export function formatChangeTime(at: number): string {
  return `${Number(at.toFixed(3))} s`;
}
