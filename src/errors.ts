/**
 * One error type for bad input at the boundaries: rules, codes, feedback, tree files, options.
 *
 * The CLI turns a `CodebreakerError` into one line on stderr and exit status 2. Anything else
 * thrown from the core is a bug (a violated invariant) and is left to crash loudly.
 */

/**
 * Every kind of bad input, in the order they were added; see {@link ErrorKind} for when each is
 * thrown. A kind, once listed, keeps its name and meaning; new kinds may be added.
 */
export const ERROR_KINDS = [
  'bad-rules',
  'too-large',
  'bad-code',
  'bad-feedback',
  'impossible-feedback',
  'bad-option',
  'bad-tree',
  'bad-checkpoint',
  'cannot-write',
  'unreachable',
  'game-over',
] as const;

/**
 * What kind of input was wrong: the `kind` of a {@link CodebreakerError}.
 *
 * @remarks
 * | kind | thrown when |
 * | --- | --- |
 * | `bad-rules` | rules that cannot be: an unknown preset or feedback name, pegs or colours out of range, an alphabet of the wrong length or with repeated symbols, fewer colours than pegs without repetition (`resolveRules`, `checkRules`, `new Game`, the rules of a tree file) |
 * | `too-large` | a game or puzzle too large to enumerate or hold in memory: more than `MAX_CODES` codes (`resolveRules`, `checkRules`), a static search over more than `TABLE_MAX_CODES` codes (`solveStatic`), puzzles beyond their limits |
 * | `bad-code` | a code that is no code of the game: text with the wrong length, a symbol outside the alphabet, a repeated symbol where repetition is not allowed (`game.codes.parse`); a code index outside the game (`game.codes.make`, the sessions, a strategy's `first` guess) |
 * | `bad-feedback` | an answer that cannot be read as hits and blows (`parseFeedback`) |
 * | `impossible-feedback` | an answer that can never occur in the game (`parseFeedback`, `CodemakerSession.answer`), or one that contradicts the answers before it (`ContradictionError`, a subclass) |
 * | `bad-option` | an option out of its choices: an unknown strategy name, or `optimal` asked of `createStrategy`; a puzzle's bad input (the `puzzles` namespace) |
 * | `bad-tree` | a tree file that is not a tree (`parseTree`, `treeFromJson`); a tree that fails a secret where a valid one is required (`analyzeTree`, the strategy of `treeStrategy`); a flawed tree written out (`treeToJson`) |
 * | `bad-checkpoint` | command line only: a `--checkpoint` file that is damaged, of another proof, or cannot be read or written |
 * | `cannot-write` | command line only: standard output cannot be written (a full disk) |
 * | `unreachable` | command line only: the Redis server of `--queue` does not answer |
 * | `game-over` | a session asked to play on after its game ended (`CodemakerSession.answer` once solved, `CodebreakerSession.guess` once solved or given up) |
 *
 * A strategy that breaks its own contract (a guess that makes no progress) and a violated
 * invariant inside the library throw a plain `Error`: those are bugs, not bad input.
 */
export type ErrorKind = (typeof ERROR_KINDS)[number];

/**
 * Bad input, with a message that names what is wrong and how to fix it.
 *
 * @remarks
 * Every error the library throws for bad input is a `CodebreakerError`; tell them apart by
 * {@link CodebreakerError.kind}, not by the message, which may be reworded.
 */
export class CodebreakerError extends Error {
  /**
   * @param kind - what kind of input was wrong
   * @param message - one line naming the bad input
   */
  constructor(
    /** What kind of input was wrong; stable across versions (see {@link ErrorKind}). */
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'CodebreakerError';
  }
}

/** The most characters of a user's input an error message repeats. */
const QUOTED_MAX = 40;

/** `text` quoted for an error message: cut short, with its length, if it is long. */
export function quoteInput(text: string): string {
  const chars = [...text];
  if (chars.length <= QUOTED_MAX) return `'${text}'`;
  return `'${chars.slice(0, QUOTED_MAX).join('')}…' (${chars.length} characters)`;
}
