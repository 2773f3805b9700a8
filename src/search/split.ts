/**
 * The partition of a node's candidates by their answers to one guess, as the exact search keeps
 * it while it evaluates the guess: one set of buffers per level of the recursion, reused for
 * every guess at that level (search/branch-and-bound.ts), so that evaluating a guess allocates
 * nothing. Beside the classes, what is known of each and the sums the guess's bound is made of.
 */

/** What is known of a class before it is solved: its cost exactly, or a bound from a search of it, or only from its size. */
export const EXACT = 0;
export const SEARCHED = 1;
export const SIZE_ONLY = 2;

/** The partition buffers of one level of `#evaluate`, and the sums its classes make. */
export class Split {
  /** The candidates grouped by answer: class a is grouped[start[a]] … grouped[start[a + 1] − 1]. */
  readonly grouped: Int32Array;
  readonly start: Int32Array;
  /** Per class left to solve, its proved lower bound (a total). */
  readonly lower: Float64Array;
  /** Per class, what `#known` said of it. */
  readonly kind: Uint8Array;
  /** The answers whose classes are left to solve, in the order they are solved. */
  readonly classes: Int32Array;
  /** Per answer, its class's place in that order (the least first). */
  readonly sortKey: Int32Array;
  /** Those to look ahead, in the order it is done. */
  readonly order: Int32Array;
  /** How many classes are left to solve (the first entries of `classes`). */
  unsettled = 0;
  /** The secrets plus the totals of the settled classes. */
  total = 0;
  /** The sum of the lower bounds of the classes left to solve. */
  rest = 0;
  deepest = 1;

  constructor(size: number, answers: number) {
    this.grouped = new Int32Array(size);
    this.start = new Int32Array(answers + 1);
    this.lower = new Float64Array(answers);
    this.kind = new Uint8Array(answers);
    this.classes = new Int32Array(answers);
    this.sortKey = new Int32Array(answers);
    this.order = new Int32Array(answers);
  }

  /** The size of class `a`. */
  size(a: number): number {
    return this.start[a + 1] - this.start[a];
  }

  /** The members of class `a` (a view). */
  members(a: number): Int32Array {
    return this.grouped.subarray(this.start[a], this.start[a + 1]);
  }
}
