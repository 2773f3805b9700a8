/**
 * Feedback: hits (bulls, black pegs) and blows (cows, white pegs), as the seed thesis defines them.
 *
 * hits r = positions where secret and guess agree;
 * blows w = sum over symbols of min(count in secret, count in guess) − r.
 *
 * Black-peg games (`feedback: 'black'` in the rules) answer with the hits alone; their answers
 * carry `blows` 0 and are written `2H`.
 *
 * In the hot loops feedback is a small dense integer, its *answer index*. With hits and blows,
 * the answers are all pairs (h, b) with h + b ≤ pegs, ordered by hits then blows; with hits
 * alone, the index is the number of hits. Either way the all-hits answer is the last index, so a
 * partition of candidates by answer is an array of `answerCount(pegs, kind)` counts.
 */
import { CodebreakerError, quoteInput } from './errors.js';
import { type FeedbackKind, type Rules, feedbackOf } from './rules.js';

/** Hits and blows of one guess against one secret (blows 0 in a black-peg game). */
export interface Feedback {
  /** Right symbol in the right place: bulls, black pegs. */
  readonly hits: number;
  /** Right symbol in the wrong place: cows, white pegs (0 in a black-peg game). */
  readonly blows: number;
}

/**
 * How many answer indices there are for `pegs` pegs: (pegs + 1)(pegs + 2) / 2 with hits and
 * blows (some can never occur, like 3 hits 1 blow), pegs + 1 with hits alone.
 */
export function answerCount(pegs: number, kind: FeedbackKind = 'full'): number {
  return kind === 'black' ? pegs + 1 : ((pegs + 1) * (pegs + 2)) / 2;
}

/** The dense index of (hits, blows); with hits alone, of the hits (`blows` must be 0). */
export function answerIndex(
  pegs: number,
  hits: number,
  blows: number,
  kind: FeedbackKind = 'full',
): number {
  if (kind === 'black') {
    if (blows !== 0) {
      throw new CodebreakerError(
        'impossible-feedback',
        `a black-peg answer has no blows, not ${blows}`,
      );
    }
    return hits;
  }
  return hits * (pegs + 1) - (hits * (hits - 1)) / 2 + blows;
}

/** The index of the all-hits answer, which ends the game. */
export function solvedIndex(pegs: number, kind: FeedbackKind = 'full'): number {
  return answerCount(pegs, kind) - 1;
}

/** The (hits, blows) pair of an answer index. */
export function answerOf(pegs: number, index: number, kind: FeedbackKind = 'full'): Feedback {
  if (kind === 'black') return { hits: index, blows: 0 };
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
  if (feedbackOf(rules) === 'black') {
    if (blows !== 0 || hits < 0 || hits > pegs) return false;
    // Two different permutations of all the colours differ in at least two places.
    return !(hits === pegs - 1 && !repeat && colors === pegs);
  }
  const common = hits + blows;
  if (hits < 0 || blows < 0 || common > pegs) return false;
  if (hits === pegs - 1 && blows === 1) return false;
  if (!repeat && common < 2 * pegs - colors) return false;
  return true;
}

/** Writes feedback as text: `2H1B`, or `2H` with hits alone. */
export function makeFeedback({ hits, blows }: Feedback, kind: FeedbackKind = 'full'): string {
  return kind === 'black' ? `${hits}H` : `${hits}H${blows}B`;
}

/** How the answers of `rules` are written, for messages: "hits and blows as 2H1B, '2 1' or 2,1". */
function feedbackFormat(rules: Rules): string {
  return feedbackOf(rules) === 'black'
    ? 'the number of hits (black pegs) as 2 or 2H'
    : "hits and blows as 2H1B, '2 1' or 2,1";
}

/**
 * Reads feedback written `2H1B` (also `2h1b`, `2H`, `1B`), `2 1`, `2,1` or `2-1`; in a black-peg
 * game, the hits alone: `2` or `2H`. Throws `CodebreakerError` if it is malformed or can never
 * occur under the rules.
 */
export function parseFeedback(text: string, rules: Rules): Feedback {
  const t = text.trim();
  const black = feedbackOf(rules) === 'black';
  let feedback: Feedback | undefined;
  if (black) {
    const m = /^(\d+)\s*[hH]?$/.exec(t);
    if (m) feedback = { hits: Number(m[1]), blows: 0 };
  } else {
    let m = /^(?:(\d+)\s*[hH])?\s*(?:(\d+)\s*[bB])?$/.exec(t);
    if (m && (m[1] !== undefined || m[2] !== undefined)) {
      feedback = { hits: Number(m[1] ?? 0), blows: Number(m[2] ?? 0) };
    } else {
      m = /^(\d+)\s*[\s,\-]\s*(\d+)$/.exec(t);
      if (m) feedback = { hits: Number(m[1]), blows: Number(m[2]) };
    }
  }
  if (!feedback) {
    const only = black ? 'this game answers with hits only: ' : '';
    throw new CodebreakerError(
      'bad-feedback',
      `cannot read the answer ${quoteInput(text)}: ${only}write ${feedbackFormat(rules)}`,
    );
  }
  if (!canOccur(rules, feedback)) {
    throw new CodebreakerError(
      'impossible-feedback',
      `the answer ${makeFeedback(feedback, feedbackOf(rules))} cannot occur with ${rules.pegs} pegs${rules.repeat ? '' : ` of ${rules.colors} colours without repetition`}`,
    );
  }
  return feedback;
}
