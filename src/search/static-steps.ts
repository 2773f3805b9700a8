/**
 * The steps a canonizer (static-sets.ts) keeps of the images of a set's codes but the last, so
 * that a set grown by one code is tested by comparing that code alone at each step.
 */

/**
 * The steps the images of some codes take, per position permutation, as the canonizer takes them:
 * at each, the permutation, the renaming so far and its next free label, and the code the
 * image must not go below there (−1 after the last: the code to come itself). A set that adds
 * one code above them is canonical if that code's least image goes below at none of the steps,
 * nor does an image with it placed at a step where it ties.
 */
export interface PrefixSteps {
  made: boolean;
  readonly codes: Int32Array;
  /** Whether some image of the codes is already less than they are. */
  fails: boolean;
  count: number;
  /** The step a code last failed at (`isCanonical` tries it first). */
  failed: number;
  /** Per step kept: its number, the codes placed before it (a bit each), the permutation. */
  steps: Int32Array;
  placed: Int32Array;
  moved: Int32Array;
  nexts: Int32Array;
  targets: Int32Array;
  /** Per step, a renaming: colour → label, or −1. */
  labels: Int16Array;
}

/** Room for the steps of `length` codes, in a game of `colors` colours; none made yet. */
export function newPrefixSteps(length: number, colors: number): PrefixSteps {
  const room = 64;
  return {
    made: false,
    codes: new Int32Array(length),
    fails: false,
    count: 0,
    failed: 0,
    steps: new Int32Array(room),
    placed: new Int32Array(room),
    moved: new Int32Array(room),
    nexts: new Int32Array(room),
    targets: new Int32Array(room),
    labels: new Int16Array(room * colors),
  };
}

/** Doubles the room of `steps`, keeping what it holds. */
export function growSteps(steps: PrefixSteps, colors: number): void {
  const room = steps.moved.length * 2;
  const copy = <T extends Int32Array | Int16Array>(from: T, to: T): T => {
    to.set(from);
    return to;
  };
  steps.steps = copy(steps.steps, new Int32Array(room));
  steps.placed = copy(steps.placed, new Int32Array(room));
  steps.moved = copy(steps.moved, new Int32Array(room));
  steps.nexts = copy(steps.nexts, new Int32Array(room));
  steps.targets = copy(steps.targets, new Int32Array(room));
  steps.labels = copy(steps.labels, new Int16Array(room * colors));
}
