/** Exact averages: totals over secret counts as reduced fractions. */

/** The greatest common divisor of two non-negative integers. */
export function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** `numerator/denominator` in lowest terms, e.g. "3503/630"; a whole number stays whole. */
export function reducedFraction(numerator: number, denominator: number): string {
  const d = gcd(numerator, denominator);
  return denominator / d === 1 ? `${numerator / d}` : `${numerator / d}/${denominator / d}`;
}
