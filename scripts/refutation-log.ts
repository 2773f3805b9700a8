/**
 * The log of a refutation (scripts/depth-refutation.ts): one JSON line per second guess refuted,
 * appended as it is settled. The script and the tests read it here.
 */
import { existsSync, readFileSync } from 'node:fs';

/** One second guess refuted. */
export interface RefutationLine {
  /** The first guess, and the class of its answers the refutation is about. */
  readonly opening: string;
  readonly answer: string;
  /** The second guess refuted. */
  readonly guess: string;
  /** The class it leaves with no strategy within `depth` − 2 guesses, and its size. */
  readonly refutedBy: string;
  readonly size: number;
  /** The guesses the refutation is about: no strategy keeps to them. */
  readonly depth: number;
  /** What the exact search took to refute it. */
  readonly nodes: number;
  readonly seconds: number;
}

/** The lines of the log `file` (none if there is no such file). */
export function readRefutationLog(file: string): RefutationLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RefutationLine);
}
