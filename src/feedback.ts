/**
 * Feedback: hits (bulls, black pegs) and blows (cows, white pegs), as the seed thesis defines them.
 *
 * hits r = positions where secret and guess agree;
 * blows w = sum over symbols of min(count in secret, count in guess) − r.
 *
 * In the hot loops feedback is a small dense integer, its *answer index*: all pairs (h, b) with
 * h + b ≤ pegs, ordered by hits then blows. The all-hits answer is always the last index, so a
 * partition of candidates by answer is an array of `answerCount(pegs)` counts.
 */
import { CodebreakerError, quoteInput } from './errors.js';
import type { Rules } from './rules.js';

/** Hits and blows of one guess against one secret. */
export interface Feedback {
  readonly hits: number;
  readonly blows: number;
}

/** How many answer indices there are for `pegs` pegs (some can never occur, like 3 hits 1 blow). */
export function answerCount(pegs: number): number {
  return ((pegs + 1) * (pegs + 2)) / 2;
}

/** The dense index of (hits, blows). */
export function answerIndex(pegs: number, hits: number, blows: number): number {
  return hits * (pegs + 1) - (hits * (hits - 1)) / 2 + blows;
}

/** The index of the all-hits answer, which ends the game. */
export function solvedIndex(pegs: number): number {
  return answerCount(pegs) - 1;
}

/** The (hits, blows) pair of an answer index. */
export function answerOf(pegs: number, index: number): Feedback {
  let hits = 0;
  let start = 0;
  while (index >= start + (pegs + 1 - hits)) {
    start += pegs + 1 - hits;
    hits++;
  }
  return { hits, blows: index - start };
}

/** Whether (hits, blows) can be the answer to some guess against some secret of these rules. */
export function canOccur(rules: Rules, { hits, blows }: Feedback): boolean {
  const { pegs, colors, repeat } = rules;
  const common = hits + blows;
  if (hits < 0 || blows < 0 || common > pegs) return false;
  if (hits === pegs - 1 && blows === 1) return false;
  if (!repeat && common < 2 * pegs - colors) return false;
  return true;
}

/** Writes feedback as text: `2H1B`. */
export function makeFeedback({ hits, blows }: Feedback): string {
  return `${hits}H${blows}B`;
}

/**
 * Reads feedback written `2H1B` (also `2h1b`, `2H`, `1B`), `2 1`, `2,1` or `2-1`; throws
 * `CodebreakerError` if it is malformed or can never occur under the rules.
 */
export function parseFeedback(text: string, rules: Rules): Feedback {
  const t = text.trim();
  let m = /^(?:(\d+)\s*[hH])?\s*(?:(\d+)\s*[bB])?$/.exec(t);
  let hits: number;
  let blows: number;
  if (m && (m[1] !== undefined || m[2] !== undefined)) {
    hits = Number(m[1] ?? 0);
    blows = Number(m[2] ?? 0);
  } else {
    m = /^(\d+)\s*[\s,\-]\s*(\d+)$/.exec(t);
    if (!m) {
      throw new CodebreakerError(
        'bad-feedback',
        `cannot read the answer ${quoteInput(text)}: write hits and blows as 2H1B, '2 1' or 2,1`,
      );
    }
    hits = Number(m[1]);
    blows = Number(m[2]);
  }
  const feedback = { hits, blows };
  if (!canOccur(rules, feedback)) {
    throw new CodebreakerError(
      'impossible-feedback',
      `the answer ${makeFeedback(feedback)} cannot occur with ${rules.pegs} pegs${rules.repeat ? '' : ` of ${rules.colors} colours without repetition`}`,
    );
  }
  return feedback;
}
