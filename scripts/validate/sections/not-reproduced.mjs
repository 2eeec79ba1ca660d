// Paper 002, without a sweep yet: said plainly, with what the preset alone shows.
export const id = 'not-reproduced';
export const specs = [];

export function render(ctx) {
  ctx.verdicts.push(
    { paper: '002', claim: 'throughput vs WLAN and OBS loss; RTT vs OBS load', paper_: 'trends', ours: '—', verdict: 'not yet reproduced' },
  );
  return `## Paper 002 — 802.11b access and an OBS core: not yet reproduced

No sweep yet; presets.md has single runs over WLAN loss per try (0 to 0.5) and background
load (0.2 to 0.5) that show the exponential-like fall and the "performance-fall" point.
Known deviation: the model's background bursts do not enter the edges' assembly queues, so
the paper's "RTT falls with OBS load" cannot appear. To do: the WLAN × OBS loss grid with
intervals (a \`parameter2\` sweep).`;
}
