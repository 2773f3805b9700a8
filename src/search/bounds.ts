/**
 * Admissible lower bounds for the exact searches, from counting alone.
 *
 * A guess answers with one of at most P answers, one of them "all hits". So whatever the
 * strategy, at most one secret is solved by the first guess, at most P − 1 by the second (one
 * per non-winning answer of the first guess, each followed by a guess that may be the secret),
 * and at most (P − 1)^(d−1) by guess d. A class of s secrets therefore costs at least the total
 * of filling depths 1, 2, 3, … to those capacities in order, and needs at least as many guesses
 * as that filling's last depth. For s ≤ P this is 2s − 1, reached exactly when one candidate
 * splits the rest apart.
 */

/** Lower bounds on the cost of a class of secrets, by its size. */
export class SizeBounds {
  /** `total[s]`: the least number of guesses summed over s secrets. */
  readonly total: Float64Array;
  /** `growth[s]` = total[s] − total[s − 1]: what one more secret adds to the bound. */
  readonly growth: Float64Array;
  /** `depth[s]`: the least worst case for s secrets. */
  readonly depth: Uint8Array;
  /** `capacity[d]`: the most secrets any strategy solves within d guesses. */
  readonly capacity: Float64Array;

  /** Bounds for classes of up to `maxSize` secrets when a guess has at most `answers` answers. */
  constructor(
    readonly answers: number,
    maxSize: number,
  ) {
    this.total = new Float64Array(maxSize + 1);
    this.depth = new Uint8Array(maxSize + 1);
    const capacity: number[] = [0];
    let atDepth = 1;
    let depth = 1;
    let filled = 0;
    let total = 0;
    for (let s = 1; s <= maxSize; s++) {
      while (filled >= capacity[depth - 1] + atDepth) {
        capacity.push(capacity[depth - 1] + atDepth);
        atDepth *= answers - 1;
        depth++;
      }
      filled++;
      total += depth;
      this.total[s] = total;
      this.depth[s] = depth;
    }
    while (capacity.length < 64) {
      capacity.push(capacity[capacity.length - 1] + atDepth);
      atDepth *= answers - 1;
    }
    this.capacity = Float64Array.from(capacity);
    this.growth = new Float64Array(maxSize + 1);
    for (let s = 1; s <= maxSize; s++) this.growth[s] = this.total[s] - this.total[s - 1];
  }
}
