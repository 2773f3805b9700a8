/**
 * Sets of candidates shown to have no strategy within a depth, kept to answer the sets that hold
 * one: a strategy for a set plays for each of its subsets within as many guesses, so a set that
 * holds one with none has none either. For the searches that only decide whether a strategy keeps
 * to a depth (two-left.ts's), at the nodes with three guesses left, where a piece of 5 of 10's
 * refutation asks about half its classes again inside a larger one (docs/performance.md).
 *
 * Each set is filed under one of its members, the one whose file is shortest as it is added, and
 * a set is looked for under each of its own members; a signature of 128 bits (a bit a member, by a
 * hash) rules most sets out before their members are compared. Past a budget of members kept, all
 * are forgotten and the store starts again.
 */

/** How many members the sets kept may hold in all (4 bytes each). */
const MEMBERS_BUDGET = 4_000_000;

/** The bit of `code` in a 128-bit signature: word and bit. */
function signatureBit(code: number): number {
  return Math.imul(code, 0x9e3779b1) >>> 25;
}

/** The sets refuted within one depth, and how to find one inside a set. */
export class RefutedSets {
  /** Per code, the sets filed under it (indices into `#sets`). */
  #files: (number[] | undefined)[];
  #sets: Int32Array[] = [];
  /** Four words a set. */
  #signatures: number[] = [];
  #members = 0;
  readonly #size: number;
  readonly #budget: number;
  readonly #signature = new Uint32Array(4);

  /** For a game of `size` codes, keeping at most `budget` members in all. */
  constructor(size: number, budget = MEMBERS_BUDGET) {
    this.#size = size;
    this.#budget = budget;
    this.#files = new Array(size);
  }

  /** Whether some set kept lies inside `candidates` (sorted, as the search's sets are). */
  holdsOne(candidates: Int32Array): boolean {
    if (this.#sets.length === 0) return false;
    const signature = this.#signatureOf(candidates);
    const [s0, s1, s2, s3] = signature;
    for (let i = 0; i < candidates.length; i++) {
      const file = this.#files[candidates[i]];
      if (file === undefined) continue;
      for (const id of file) {
        const at = 4 * id;
        const own = this.#signatures;
        if (
          (own[at] & ~s0) !== 0 ||
          (own[at + 1] & ~s1) !== 0 ||
          (own[at + 2] & ~s2) !== 0 ||
          (own[at + 3] & ~s3) !== 0
        ) {
          continue;
        }
        if (isSubset(this.#sets[id], candidates)) return true;
      }
    }
    return false;
  }

  /** Keeps `candidates` (sorted), shown to have no strategy within the depth. */
  add(candidates: Int32Array): void {
    if (this.#members + candidates.length > this.#budget) this.#forget();
    let key = candidates[0];
    let shortest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < candidates.length; i++) {
      const length = this.#files[candidates[i]]?.length ?? 0;
      if (length < shortest) {
        shortest = length;
        key = candidates[i];
      }
    }
    const id = this.#sets.length;
    this.#sets.push(candidates.slice());
    const signature = this.#signatureOf(candidates);
    for (let w = 0; w < 4; w++) this.#signatures.push(signature[w]);
    this.#members += candidates.length;
    const file = this.#files[key];
    if (file) file.push(id);
    else this.#files[key] = [id];
  }

  #forget(): void {
    this.#files = new Array(this.#size);
    this.#sets = [];
    this.#signatures = [];
    this.#members = 0;
  }

  #signatureOf(candidates: Int32Array): Uint32Array {
    const signature = this.#signature;
    signature.fill(0);
    for (let i = 0; i < candidates.length; i++) {
      const bit = signatureBit(candidates[i]);
      signature[bit >>> 5] |= 1 << (bit & 31);
    }
    return signature;
  }
}

/** Whether every member of `set` is in `candidates` (both sorted). */
function isSubset(set: Int32Array, candidates: Int32Array): boolean {
  if (set.length > candidates.length) return false;
  let j = 0;
  for (let i = 0; i < set.length; i++) {
    const code = set[i];
    while (j < candidates.length && candidates[j] < code) j++;
    if (j === candidates.length || candidates[j] !== code) return false;
    j++;
  }
  return true;
}
