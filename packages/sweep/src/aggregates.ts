// Outputs over every element of a list in the summary: `sum(flows[].goodput)`,
// `jain(flows[].goodput)`, `p95(links[].ab.utilisation)`. `[]` stands for every element (the
// field table's generic notation, docs/format.md); the function reduces what it reaches
// to one number per run, which the sweep then treats like any other output.
// Pure TypeScript without Node or DOM APIs.
import { describeValue, getAtPath, parsePath, showInput } from './path';

/** The reductions an output may apply, and what each gives. */
export const AGGREGATES = Object.freeze({
  sum: 'the sum',
  mean: 'the arithmetic mean',
  min: 'the smallest',
  max: 'the largest',
  p50: 'the median (linear between the two middle values)',
  p95: 'the 95th percentile (linear between closest ranks, as numpy.percentile)',
  jain: "Jain's fairness index, (sum x)^2 / (n sum x^2): 1 when all are equal, 1/n when one has everything",
  count: 'how many elements have a number there',
} as const);

export type AggregateName = keyof typeof AGGREGATES;

/** One term of an output: a path to one number, or a reduction over every element of a list. */
export type OutputTerm = { path: string } | { aggregate: AggregateName; path: string };

const CALL = /^([a-z0-9]+)\((.*)\)$/s;

/**
 * Reads one term of an output (a ratio has two, outputTerms). Throws Error with the rule
 * broken: an unknown function, a path that does not parse, `[]` outside a function or a
 * function without `[]`.
 */
export function parseOutputTerm(term: string): OutputTerm {
  const call = CALL.exec(term);
  if (!call) {
    if (term.includes('[]'))
      throw new Error(
        `${showInput(term)}: [] (every element) needs a function around it, one of ${Object.keys(AGGREGATES).join(', ')}: sum(${showInput(term, 60)})`,
      );
    parsePath(term);
    return { path: term };
  }
  const [, name, path] = call;
  if (!Object.hasOwn(AGGREGATES, name))
    throw new Error(`${showInput(name, 40)}(...) is not a function of outputs (they are ${Object.keys(AGGREGATES).join(', ')})`);
  if (!path.includes('[]'))
    throw new Error(
      `${showInput(term)}: ${name}(...) reduces a list, so its path needs [] for every element, like ${name}(flows[].goodput)`,
    );
  // Each [] as an index: the rest of the path must parse as it would for one element.
  parsePath(path.replaceAll('[]', '[0]'));
  if (path.includes('[][]')) throw new Error(`${showInput(term)}: [] must be followed by a field ([].goodput), not another []`);
  return { aggregate: name as AggregateName, path };
}

/**
 * The numbers a path with `[]` reaches in `root`, in list order, nulls and absent fields
 * left out (a flow without a completion time; a field only some links have). Throws Error
 * naming the path when a `[]` is not at a list, an element holds something other than a
 * number there, or no element has the field at all (a misspelt path).
 */
export function collectAll(root: unknown, path: string): number[] {
  const out: number[] = [];
  let absent: Error | null = null;
  let present = 0;
  const visit = (here: unknown, rest: string, reached: string): void => {
    const at = rest.indexOf('[]');
    if (at < 0) {
      let value: unknown;
      try {
        value = rest === '' ? here : getAtPath(here, rest.startsWith('.') ? rest.slice(1) : rest);
      } catch (error) {
        // The element's own message names the field from the element ("the top level"): say which element.
        const message = error instanceof Error ? error.message : String(error);
        absent ??= new Error(
          `no element has ${showInput(rest.replace(/^\./, ''))} (${showInput(reached)}: ${message.replace('the top level', showInput(reached))})`,
        );
        return;
      }
      present++;
      if (value === null) return;
      if (typeof value !== 'number') throw new Error(`${showInput(reached + rest)} is ${describeValue(value)}, not a number`);
      out.push(value);
      return;
    }
    const head = rest.slice(0, at);
    const list = head === '' ? here : getAtPath(here, head.startsWith('.') ? head.slice(1) : head);
    if (!Array.isArray(list)) throw new Error(`${showInput(reached + head)} is ${describeValue(list)}, not a list, so [] means nothing`);
    list.forEach((element, i) => visit(element, rest.slice(at + 2), `${reached}${head}[${i}]`));
  };
  visit(root, path, '');
  if (present === 0 && absent !== null) throw absent;
  return out;
}

/** The reduction of `values` (already without nulls); null when there is nothing to reduce (count: 0). */
export function reduceValues(name: AggregateName, values: readonly number[]): number | null {
  const n = values.length;
  if (name === 'count') return n;
  if (n === 0) return null;
  switch (name) {
    case 'sum':
      return sum(values);
    case 'mean':
      return sum(values) / n;
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'p50':
      return percentile(values, 0.5);
    case 'p95':
      return percentile(values, 0.95);
    case 'jain': {
      // Scaled by the largest magnitude first: the squares of very small or very large
      // values would underflow or overflow, and the index does not change with the scale.
      const largest = Math.max(...values.map(Math.abs));
      if (largest === 0) return null;
      const scaled = values.map((x) => x / largest);
      return (sum(scaled) * sum(scaled)) / (n * sum(scaled.map((x) => x * x)));
    }
  }
}

/** Summed in list order, so every platform gives the same double. */
function sum(values: readonly number[]): number {
  let total = 0;
  for (const x of values) total += x;
  return total;
}

/** numpy's default ("linear"): rank q (n - 1) in the sorted values, interpolated between its neighbours. */
export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = q * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}
