/**
 * Costs of strategies: the total number of guesses over the secrets and the most guesses any one
 * secret needs. The exact search compares them millions of times a second, so a cost is packed
 * into one number, total × 256 + max: the least total first, ties to the smaller maximum, in one
 * comparison. ∞ stands for "no strategy" (a class that cannot be solved within its depth).
 */

/** No depth budget. */
export const UNLIMITED = 255;
/** The radix of the packing: a worst case is below 256 guesses. */
const DEPTH_RADIX = 256;

/** A packed cost: total guesses and the worst case. */
export function packCost(total: number, max: number): number {
  return total * DEPTH_RADIX + max;
}

/** The total of a packed cost. */
export function costTotal(cost: number): number {
  return Math.floor(cost / DEPTH_RADIX);
}

/** The worst case of a packed cost. */
export function costMax(cost: number): number {
  return cost % DEPTH_RADIX;
}

/** What a proof minimises: the total (so the average), or the worst case. */
export const OBJECTIVES = ['expected', 'worst'] as const;
export type Objective = (typeof OBJECTIVES)[number];
