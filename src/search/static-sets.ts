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
import { type PrefixSteps, growSteps, newPrefixSteps } from './static-steps.js';

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

/** The most codes whose images' steps are kept (`PrefixSteps.placed`, a bit a code). */
const MAX_KEPT = 30;

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
  /** By length, the steps of the images of the codes last asked about but one. */
  readonly #steps: PrefixSteps[] = [];

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

  /**
   * Whether `set[0..length)`, in increasing code order, is the least image of itself. A search
   * asks this of one set of codes grown by code after code, so the steps of the images of all
   * codes but the last are kept from the last call with the same codes but the last
   * (`#prefixSteps`); the last code is then compared at each of those steps alone, and where it
   * ties with the set's code at a step before the last, the images with it placed there are
   * built on from that step.
   */
  isCanonical(set: ArrayLike<number>, length: number): boolean {
    this.#room(length);
    if (length === 0) return true;
    const last = length - 1;
    // The kept steps note the codes placed a bit each.
    if (last > MAX_KEPT) return this.#everyImage(set, length);
    const steps = this.#prefixSteps(set, last);
    if (steps.fails) return false;
    // The step the last code before this one failed at, first: codes asked in turn often fail
    // at the same step.
    const first = steps.failed;
    if (first < steps.count && !this.#passesStep(set, length, steps, first)) return false;
    for (let k = 0; k < steps.count; k++) {
      if (k === first) continue;
      if (!this.#passesStep(set, length, steps, k)) {
        steps.failed = k;
        return false;
      }
    }
    return true;
  }

  /**
   * Whether no image of `set[0..length)` through kept step `k` is less than the set: the last
   * code's least image there does not go below the set's code, nor, where it ties, an image with
   * it placed there.
   */
  #passesStep(set: ArrayLike<number>, length: number, steps: PrefixSteps, k: number): boolean {
    const code = set[length - 1];
    const target = steps.targets[k];
    const order = this.#compareUnder(
      steps.labels,
      k * this.#label.length,
      this.#moved[steps.moved[k]][code],
      steps.nexts[k],
      target < 0 ? code : target,
    );
    if (order < 0) return false;
    return order > 0 || target < 0 || this.#lastPlacedAt(set, length, steps, k);
  }

  /**
   * `#branch` on from kept step `k`, where the last code of `set[0..length)` ties with the set's
   * code: the images with the last code placed there. False when one is less than the set.
   */
  #lastPlacedAt(set: ArrayLike<number>, length: number, steps: PrefixSteps, k: number): boolean {
    const colors = this.#label.length;
    const mark = this.#assignedLength;
    for (let c = 0; c < colors; c++) {
      const label = steps.labels[k * colors + c];
      if (label < 0) continue;
      this.#label[c] = label;
      this.#assigned[this.#assignedLength++] = c;
    }
    const last = length - 1;
    for (let j = 0; j < last; j++) this.#placed[j] = (steps.placed[k] >>> j) & 1;
    const moved = this.#moved[steps.moved[k]];
    const after = this.#assign(moved[set[last]], steps.nexts[k]);
    this.#placed[last] = 1;
    const canonical = this.#branch(set, length, moved, steps.steps[k] + 1, after);
    this.#placed.fill(0, 0, length);
    this.#unassign(mark);
    return canonical;
  }

  /** The test from scratch: every image of `set[0..length)` built, none less than the set. */
  #everyImage(set: ArrayLike<number>, length: number): boolean {
    for (const moved of this.#moved) {
      if (!this.#branch(set, length, moved, 0, 0)) return false;
    }
    return true;
  }

  /** Makes the buffers of the images' steps long enough for sets of `length` codes. */
  #room(length: number): void {
    if (this.#placed.length < length) {
      this.#placed = new Uint8Array(length);
      this.#ties = Array.from({ length }, () => new Int32Array(length));
    }
  }

  /**
   * The steps the images of `set[0..length)` take (`PrefixSteps`), made again only when those
   * codes are not the ones they were last made for.
   */
  #prefixSteps(set: ArrayLike<number>, length: number): PrefixSteps {
    while (this.#steps.length <= length) {
      const at = this.#steps.length;
      this.#steps.push(newPrefixSteps(at, this.#label.length));
    }
    const steps = this.#steps[length];
    let same = steps.made;
    for (let j = 0; same && j < length; j++) same = steps.codes[j] === set[j];
    if (same) return steps;
    steps.made = true;
    for (let j = 0; j < length; j++) steps.codes[j] = set[j];
    steps.count = 0;
    steps.failed = 0;
    steps.fails = false;
    for (let m = 0; m < this.#moved.length && !steps.fails; m++) {
      steps.fails = !this.#branch(set, length, this.#moved[m], 0, 0, steps, m);
    }
    return steps;
  }

  /**
   * Keeps in `steps` the step `#branch` is at under position permutation `m` (`step` codes of
   * `set[0..length)` placed; the one after the last too, whose target is the code to come: −1).
   */
  #keep(
    steps: PrefixSteps,
    set: ArrayLike<number>,
    length: number,
    m: number,
    step: number,
    next: number,
  ): void {
    const colors = this.#label.length;
    if ((steps.count + 1) * colors > steps.labels.length) growSteps(steps, colors);
    const at = steps.count++;
    steps.steps[at] = step;
    let placed = 0;
    for (let j = 0; j < length; j++) placed |= this.#placed[j] << j;
    steps.placed[at] = placed;
    steps.moved[at] = m;
    steps.nexts[at] = next;
    steps.targets[at] = step < length ? set[step] : -1;
    steps.labels.set(this.#label, at * colors);
  }

  /**
   * Compares the least image of `code` under renamings that extend the one at `labels[from..)`
   * (colour → label, or −1; the current one, or one a step kept) with `target`, symbol by
   * symbol: negative, zero or positive.
   */
  #compareUnder(
    labels: Int16Array,
    from: number,
    code: number,
    next: number,
    target: number,
  ): number {
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
      let label = labels[from + c];
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

  /**
   * Extends an image whose first `step` codes equal the set's; `next` is the next free label.
   * False when some completion is less than the set. With `kept`, keeps each step it takes
   * there, under position permutation `m` (`#prefixSteps`).
   */
  #branch(
    set: ArrayLike<number>,
    length: number,
    moved: Int32Array,
    step: number,
    next: number,
    kept?: PrefixSteps,
    m = 0,
  ): boolean {
    if (kept) this.#keep(kept, set, length, m, step, next);
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
      const canonical = this.#branch(set, length, moved, step + 1, after, kept, m);
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
    return this.#compareUnder(this.#label, 0, code, next, target);
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
