/**
 * Costs of strategies: the total number of guesses over the secrets and the most guesses any one
 * secret needs. The exact search compares them millions of times a second, so a cost is packed
 * into one number, total × 256 + max: the least total first, ties to the smaller maximum, in one
 * comparison. ∞ stands for "no strategy" (a class that cannot be solved within its depth).
 *
 * The crush objective weighs each secret that needs every guess of the depth budget
 * `CRUSH_WEIGHT` more: the "total" the search adds up is then that weighted total, whose order is
 * the fewest such secrets first, then the least total, with nothing else in the search changed.
 */

/** No depth budget. */
export const UNLIMITED = 255;
/** The radix of the packing: a worst case is below 256 guesses. */
const DEPTH_RADIX = 256;

/** A packed cost: total guesses and the worst case. */
export function packCost(total: number, max: number): number {
  return total * DEPTH_RADIX + max;
}

/**
 * ⌊value / divisor⌋ of a whole value ≥ 0, or ∞ for ∞, by an exact division: in code the JIT has
 * not optimized yet the quotient then stays a small integer, where `Math.floor(value / divisor)`
 * made a heap number of the fraction first, on every call. A value read from a Float64Array is
 * a heap number there, and so is every result of arithmetic on one: `Math.trunc` turns a whole
 * one back into a small integer first (no allocation), so the division makes none either.
 */
function quotient(value: number, divisor: number): number {
  if (value === Number.POSITIVE_INFINITY) return value;
  const whole = Math.trunc(value);
  return (whole - (whole % divisor)) / divisor;
}

/**
 * What the cost of the guess ranked `index`th must stay under to win over the best so far, `best`
 * (of the guess ranked `bestIndex`th): of guesses that cost the same, the better-ranked wins, so
 * one ranked before the best may equal it (packed costs are whole numbers: best + 1).
 */
export function toBeat(best: number, index: number, bestIndex: number): number {
  return index < bestIndex ? best + 1 : best;
}

/** The total of a packed cost. */
export function costTotal(cost: number): number {
  return quotient(cost, DEPTH_RADIX);
}

/** The bound of a ranking's sort key (2 × bound + 1 for a guess that is no candidate). */
export function keyBound(key: number): number {
  return quotient(key, 2);
}

/** The worst case of a packed cost. */
export function costMax(cost: number): number {
  return cost % DEPTH_RADIX;
}

/**
 * What a secret at the last guess of the depth budget weighs more under the crush objective:
 * more than any total (a total is below 2^20 while codes × depth is), so that counts come first.
 */
export const CRUSH_WEIGHT = 2 ** 20;

/** A weighted total of the crush objective, apart: secrets at the last guess, and the total. */
export function crushParts(weighted: number): { atLast: number; total: number } {
  return { atLast: Math.floor(weighted / CRUSH_WEIGHT), total: weighted % CRUSH_WEIGHT };
}

/**
 * The packed cost, as `objective` counts it within a depth budget of `depth`, of a strategy whose
 * secrets need `histogram[g]` guesses g.
 */
export function costOfHistogram(
  objective: Objective,
  depth: number,
  histogram: readonly number[],
): number {
  let total = 0;
  let max = 0;
  histogram.forEach((count, guesses) => {
    total += count * guesses;
    if (count > 0) max = guesses;
  });
  const atLast = objective === 'crush' ? (histogram[depth] ?? 0) : 0;
  return packCost(total + CRUSH_WEIGHT * atLast, max);
}

/**
 * What a proof minimises: the total (so the average); the worst case (then the total); the
 * worst case, then how many secrets need it ("crush"), then the total; or the worst case alone
 * ("depth": the first strategy found that keeps to it, its total not minimised).
 */
export const OBJECTIVES = ['expected', 'worst', 'crush', 'depth'] as const;
/** What a proof minimises: see `OBJECTIVES`. */
export type Objective = (typeof OBJECTIVES)[number];
