/**
 * Sets of guesses up to symmetry, for the static search: which sets of codes are *canonical*.
 *
 * The game's group permutes the positions and renames the colours of every code alike (24 × 720
 * elements for classic Mastermind). Two sets of guesses that one element maps onto each other
 * separate the secrets alike, so the search needs one set of each orbit. It keeps the canonical
 * one: written as its codes in increasing order, the lexicographically least image of the set.
 *
 * Why this works as orderly generation: if a set is canonical, so is the set without its largest
 * code (if some image of the smaller set were less, adding the image of the largest code would
 * make an image of the whole set less too, since the smallest code where the two differ is
 * unchanged). So growing sets only by codes above their largest, and keeping only canonical
 * ones, reaches every orbit exactly once.
 *
 * Why the test is cheap: the 17280 elements are never listed. For each of the pegs! position
 * permutations, the best colour renaming is built greedily: the least image of a code under
 * renamings consistent with those fixed so far gives unseen colours the next free labels in
 * order of first occurrence. The least image of the set takes, at each step, the code whose
 * least image is smallest (branching on ties), and stops at the first step where it is larger
 * than the set's own code (no better image down this branch) or smaller (the set is not
 * canonical). Most branches end at the first step.
 */
import type { Game } from '../game.js';
import { imageTable } from '../symmetry.js';

/** Every permutation of 0..n-1, in lexicographic order. */
function permutations(n: number): Uint8Array[] {
  const found: Uint8Array[] = [];
  const current = new Uint8Array(n);
  const used = new Uint8Array(n);
  const place = (i: number): void => {
    if (i === n) {
      found.push(current.slice());
      return;
    }
    for (let j = 0; j < n; j++) {
      if (used[j]) continue;
      used[j] = 1;
      current[i] = j;
      place(i + 1);
      used[j] = 0;
    }
  };
  place(0);
  return found;
}

/** Tests sets of codes for being the canonical member of their orbit under the game's group. */
export class SetCanonizer {
  /** For each position permutation, the image of every code (colours unchanged). */
  readonly #moved: Int32Array[];
  readonly #symbols: Uint8Array;
  readonly #pegs: number;
  /** The colour renaming being built: colour → label, or -1. */
  readonly #label: Int16Array;
  /** Colours given labels, as a stack, so a branch can undo its own. */
  readonly #assigned: Int16Array;
  #assignedLength = 0;
  readonly #image: Uint8Array;
  /** The least image of each code on its own: colours relabelled in order of first occurrence. */
  readonly #normal: Int32Array;
  /** Which members of the set already have their place in the image being built. */
  #placed = new Uint8Array(0);
  /** Per step: the members whose least image ties with the set's code there. */
  #ties: Int32Array[] = [];
  /** Labels a comparison gives unlabelled colours, valid where `#pendingMark` holds the stamp. */
  readonly #pending: Int16Array;
  readonly #pendingMark: Int32Array;
  #pendingStamp = 0;

  constructor(readonly game: Game) {
    const colors = game.rules.colors;
    const identity = new Uint8Array(colors);
    for (let c = 0; c < colors; c++) identity[c] = c;
    this.#moved = permutations(game.pegs).map((positions) =>
      imageTable(game, { positions, colors: identity }),
    );
    this.#symbols = game.codes.symbols;
    this.#pegs = game.pegs;
    this.#label = new Int16Array(colors).fill(-1);
    this.#assigned = new Int16Array(colors);
    this.#image = new Uint8Array(game.pegs);
    this.#pending = new Int16Array(colors);
    this.#pendingMark = new Int32Array(colors);
    this.#normal = new Int32Array(game.size);
    for (let code = 0; code < game.size; code++) this.#normal[code] = this.#normalForm(code);
  }

  /** Whether `set[0..length)`, in increasing code order, is the least image of itself. */
  isCanonical(set: ArrayLike<number>, length: number): boolean {
    if (this.#placed.length < length) {
      this.#placed = new Uint8Array(length);
      this.#ties = Array.from({ length }, () => new Int32Array(length));
    }
    for (const moved of this.#moved) {
      if (!this.#branch(set, length, moved, 0, 0)) return false;
    }
    return true;
  }

  /**
   * Extends an image whose first `step` codes equal the set's; `next` is the next free label.
   * False when some completion is less than the set.
   */
  #branch(
    set: ArrayLike<number>,
    length: number,
    moved: Int32Array,
    step: number,
    next: number,
  ): boolean {
    if (step === length) return true;
    const target = set[step];
    const ties = this.#ties[step];
    let tieCount = 0;
    for (let j = 0; j < length; j++) {
      if (this.#placed[j]) continue;
      const code = moved[set[j]];
      const order =
        step === 0 ? this.#normal[code] - target : this.#compareLeastImage(code, next, target);
      if (order < 0) return false;
      if (order === 0) ties[tieCount++] = j;
    }
    for (let i = 0; i < tieCount; i++) {
      const j = ties[i];
      const mark = this.#assignedLength;
      const after = this.#assign(moved[set[j]], next);
      this.#placed[j] = 1;
      const canonical = this.#branch(set, length, moved, step + 1, after);
      this.#placed[j] = 0;
      this.#unassign(mark);
      if (!canonical) return false;
    }
    return true;
  }

  /**
   * Compares the least image of `code` under renamings that extend the current one with
   * `target`, symbol by symbol: negative, zero or positive.
   */
  #compareLeastImage(code: number, next: number, target: number): number {
    const pegs = this.#pegs;
    const symbols = this.#symbols;
    if (++this.#pendingStamp === 0x3fffffff) {
      this.#pendingMark.fill(0);
      this.#pendingStamp = 1;
    }
    const stamp = this.#pendingStamp;
    let free = next;
    for (let i = 0; i < pegs; i++) {
      const c = symbols[code * pegs + i];
      let label = this.#label[c];
      if (label < 0) {
        if (this.#pendingMark[c] !== stamp) {
          this.#pendingMark[c] = stamp;
          this.#pending[c] = free++;
        }
        label = this.#pending[c];
      }
      const order = label - symbols[target * pegs + i];
      if (order !== 0) return order;
    }
    return 0;
  }

  /** The least image of `code` on its own: colours relabelled in order of first occurrence. */
  #normalForm(code: number): number {
    const pegs = this.#pegs;
    const mark = this.#assignedLength;
    this.#assign(code, 0);
    const symbols = this.#symbols;
    for (let i = 0; i < pegs; i++) this.#image[i] = this.#label[symbols[code * pegs + i]];
    this.#unassign(mark);
    return this.game.codes.indexOf(this.#image);
  }

  /** Gives the unlabelled colours of `code` the labels from `next` on; returns the next free one. */
  #assign(code: number, next: number): number {
    const pegs = this.#pegs;
    const symbols = this.#symbols;
    for (let i = 0; i < pegs; i++) {
      const c = symbols[code * pegs + i];
      if (this.#label[c] < 0) {
        this.#label[c] = next++;
        this.#assigned[this.#assignedLength++] = c;
      }
    }
    return next;
  }

  #unassign(mark: number): void {
    while (this.#assignedLength > mark) this.#label[this.#assigned[--this.#assignedLength]] = -1;
  }
}
