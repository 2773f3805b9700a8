/**
 * The log of a refutation (scripts/depth-refutation.ts): one JSON line per second guess settled,
 * refuted or a way on, appended as it is settled. The script and the tests read it here.
 */
import { existsSync, readFileSync } from 'node:fs';

/** One second guess settled. */
export interface RefutationLine {
  /** The first guess, and the class of its answers the refutation is about. */
  readonly opening: string;
  readonly answer: string;
  /** The second guess settled. */
  readonly guess: string;
  /**
   * The class it leaves with no strategy within `depth` − 2 guesses, and its size; both null if
   * it is a way on (every class it leaves is solved within `depth` − 2, so this class does not
   * refute the opening). A way on read back can only keep a run from concluding, never make one
   * conclude.
   */
  readonly refutedBy: string | null;
  readonly size: number | null;
  /** The guesses the refutation is about: no strategy keeps to them. */
  readonly depth: number;
  /** What the exact search took to settle it. */
  readonly nodes: number;
  readonly seconds: number;
  /**
   * Set on a line `--recheck` appends once it has solved the line before it (the same second
   * guess, the same class) again and found it holds: a recheck that stops goes on from there.
   */
  readonly recheck?: true;
}

/** The lines of the log `file` (none if there is no such file). */
export function readRefutationLog(file: string): RefutationLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RefutationLine);
}
