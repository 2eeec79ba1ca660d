// The outputs of a sweep are summary paths; reading them, and setting a sweep's axes, is
// the format's path access (@obs-tcp-sim/scenario's path-access.ts), re-exported here.
// Pure TypeScript without Node or DOM APIs.

export { describeValue, getAtPath, locate, setAtPath, showInput } from '@obs-tcp-sim/scenario/path-access';
export { parsePath } from '@obs-tcp-sim/scenario/path-grammar';

/**
 * The summary paths of a sweep output: one, or two for a ratio written `a / b` (a space on
 * each side, outside brackets: an id may hold a slash), such as
 * `bursts.background.droppedContention / bursts.background.sent`, the share an Erlang-B
 * curve predicts. Each term is a path (parsePath checks it).
 */
export function outputTerms(output: string): [string] | [string, string] {
  let depth = 0;
  for (let i = 0; i + 3 <= output.length; i++) {
    if (output[i] === '[') depth++;
    else if (output[i] === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && output.startsWith(' / ', i)) return [output.slice(0, i), output.slice(i + 3)];
  }
  return [output];
}
