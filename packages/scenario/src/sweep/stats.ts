// Mean, sample standard deviation and the 95 % confidence half-width by Student's t.
// Only + - * / and Math.sqrt (correctly rounded by IEEE 754), so every JavaScript engine
// gives the same doubles for the same samples: the app and the CLI print the same text.

import type { SampleStats } from './types';

/** t(0.975, df) for df = 1..60, computed with mpmath (40 digits) and rounded to double. */
const T975 = [
  12.706204736174705, 4.3026527297494639, 3.1824463052837096, 2.7764451051977944, 2.5705818356363155, 2.44691185114497,
  2.3646242515927853, 2.3060041352041667, 2.2621571627982055, 2.2281388519862747, 2.2009851600916399, 2.1788128296672289,
  2.1603686564627925, 2.1447866879178038, 2.1314495455597757, 2.1199052992212547, 2.1098155778333171, 2.1009220402410385,
  2.0930240544083098, 2.0859634472658648, 2.0796138447276804, 2.0738730679040262, 2.0686576104190487, 2.0638985616280258,
  2.0595385527532977, 2.0555294386428732, 2.0518305164802856, 2.0484071417952452, 2.0452296421327043, 2.0422724563012383,
  2.0395134463964085, 2.036933343460102, 2.0345152974493387, 2.032244509317719, 2.0301079282503432, 2.0280940009804509,
  2.0261924630291098, 2.0243941639119696, 2.0226909200367611, 2.0210753903062734, 2.019540970441376, 2.0180817028184447,
  2.0166921992278244, 2.0153675744437638, 2.0141033888808467, 2.0128955989194292, 2.0117405137297659, 2.0106347576242322,
  2.0095752371292397, 2.0085591121007611, 2.007583770315836, 2.0066468050616883, 2.005745995317869, 2.004879288188057,
  2.0040447832891459, 2.0032407188478722, 2.0024654592910073, 2.0017174841452361, 2.0009953780882677, 2.0002978220142605,
];

/** The 0.975 quantile of the standard normal distribution. */
const Z975 = 1.959963984540054;

/**
 * The 0.975 quantile of Student's t with `df` degrees of freedom: exact (to double) for
 * df <= 60, beyond that the Cornish-Fisher expansion to 1/df^4 (Abramowitz and Stegun
 * 26.7.5), relative error below 5e-10. `df` is a positive integer.
 */
export function tQuantile975(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom must be a positive integer, got ${df}`);
  if (df <= T975.length) return T975[df - 1];
  const z = Z975;
  const z2 = z * z;
  const z3 = z2 * z;
  const z5 = z3 * z2;
  const z7 = z5 * z2;
  const z9 = z7 * z2;
  const g1 = (z3 + z) / 4;
  const g2 = (5 * z5 + 16 * z3 + 3 * z) / 96;
  const g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384;
  const g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160;
  return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

/**
 * n, mean, sample standard deviation (n - 1 in the denominator) and the 95 % confidence
 * half-width of the mean, t(0.975, n - 1) * sd / sqrt(n). sd and ci95 are null below
 * two samples, mean is null without any.
 */
export function describeSamples(samples: readonly number[]): SampleStats {
  const n = samples.length;
  if (n === 0) return { n, mean: null, sd: null, ci95: null };
  let sum = 0;
  for (const x of samples) sum += x;
  const mean = sum / n;
  if (n === 1) return { n, mean, sd: null, ci95: null };
  let squares = 0;
  for (const x of samples) squares += (x - mean) * (x - mean);
  const sd = Math.sqrt(squares / (n - 1));
  return { n, mean, sd, ci95: (tQuantile975(n - 1) * sd) / Math.sqrt(n) };
}
