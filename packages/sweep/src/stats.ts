// Mean, sample standard deviation and the 95 % confidence half-width by Student's t.
// Only + - * / and Math.sqrt (correctly rounded by IEEE 754), so every JavaScript engine
// gives the same doubles for the same samples: the app and the CLI print the same text.

import type { SampleStats } from './types';

/** t(0.975, df) for df = 1..60, computed with mpmath (40 digits) and rounded to double. */
const T975 = [
  12.706204736174705, 4.302652729749464, 3.1824463052837095, 2.7764451051977943, 2.5705818356363155, 2.44691185114497, 2.3646242515927853,
  2.3060041352041667, 2.2621571627982053, 2.228138851986275, 2.2009851600916397, 2.178812829667229, 2.1603686564627926, 2.144786687917804,
  2.1314495455597755, 2.1199052992212546, 2.109815577833317, 2.1009220402410387, 2.0930240544083096, 2.085963447265865, 2.0796138447276804,
  2.0738730679040263, 2.0686576104190486, 2.063898561628026, 2.0595385527532977, 2.055529438642873, 2.0518305164802855, 2.0484071417952454,
  2.0452296421327043, 2.042272456301238, 2.0395134463964086, 2.036933343460102, 2.034515297449339, 2.032244509317719, 2.0301079282503434,
  2.028094000980451, 2.0261924630291097, 2.02439416391197, 2.0226909200367613, 2.0210753903062733, 2.019540970441376, 2.018081702818445,
  2.0166921992278244, 2.015367574443764, 2.0141033888808466, 2.012895598919429, 2.011740513729766, 2.0106347576242323, 2.0095752371292397,
  2.008559112100761, 2.007583770315836, 2.0066468050616884, 2.005745995317869, 2.004879288188057, 2.004044783289146, 2.0032407188478722,
  2.0024654592910074, 2.001717484145236, 2.000995378088268, 2.0002978220142604,
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
