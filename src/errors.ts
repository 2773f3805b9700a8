/**
 * One error type for bad input at the boundaries: rules, codes, feedback, tree files, options.
 *
 * The CLI turns a `CodebreakerError` into one line on stderr and exit status 2. Anything else
 * thrown from the core is a bug (a violated invariant) and is left to crash loudly.
 */

/**
 * Every kind of bad input, in the order they were added; see {@link ErrorKind} for when each is
 * thrown. Within a major version a listed kind keeps its name and meaning; new kinds may be
 * added.
 */
export const ERROR_KINDS = [
  'bad-rules',
  'too-large',
  'bad-code',
  'bad-feedback',
  'impossible-feedback',
  'bad-option',
  'bad-tree',
  'game-over',
] as const;

/**
 * What kind of input was wrong: the `kind` of a {@link CodebreakerError}.
 *
 * @remarks
 * <table>
 * <tr><th>kind</th><th>thrown when</th></tr>
 * <tr><td><code>bad-rules</code></td><td>rules that cannot be: an unknown preset or feedback
 * name, pegs or colours out of range, an alphabet of the wrong length or with repeated symbols,
 * fewer colours than pegs without repetition (<code>resolveRules</code>, <code>checkRules</code>,
 * <code>new Game</code>, the rules of a tree file)</td></tr>
 * <tr><td><code>too-large</code></td><td>a game or puzzle too large to enumerate or hold in
 * memory: more than 2<sup>24</sup> codes (<code>resolveRules</code>, <code>checkRules</code>), a
 * static search over more than 8,192 codes (<code>solveStatic</code>), puzzles beyond their
 * limits</td></tr>
 * <tr><td><code>bad-code</code></td><td>a code that is no code of the game: text with the wrong
 * length, a symbol outside the alphabet, a repeated symbol where repetition is not allowed
 * (<code>game.codes.parse</code>); a code index outside the game (<code>game.codes.make</code>,
 * the sessions, a strategy's <code>first</code> guess)</td></tr>
 * <tr><td><code>bad-feedback</code></td><td>an answer that cannot be read as hits and blows
 * (<code>parseFeedback</code>)</td></tr>
 * <tr><td><code>impossible-feedback</code></td><td>an answer that can never occur in the game
 * (<code>parseFeedback</code>, <code>CodemakerSession.answer</code>), or one that contradicts the
 * answers before it (<code>ContradictionError</code>, a subclass)</td></tr>
 * <tr><td><code>bad-option</code></td><td>an option out of its choices: an unknown strategy name,
 * or <code>optimal</code> asked of <code>createStrategy</code>; a game without a shipped proved
 * tree (<code>provedTree</code>, <code>optimalStrategy</code>); a puzzle's bad input (the
 * <code>puzzles</code> namespace)</td></tr>
 * <tr><td><code>bad-tree</code></td><td>a tree file that is not a tree (<code>parseTree</code>,
 * <code>treeFromJson</code>); a tree that fails a secret where a valid one is required
 * (<code>analyzeTree</code>, the strategy of <code>treeStrategy</code>); a flawed tree written
 * out (<code>treeToJson</code>); a shipped proved tree whose data fails its check
 * (<code>provedTree</code>)</td></tr>
 * <tr><td><code>game-over</code></td><td>a session asked to play on after its game ended
 * (<code>CodemakerSession.answer</code> once solved, <code>CodebreakerSession.guess</code> once
 * solved or given up)</td></tr>
 * </table>
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

/**
 * Kinds of bad input that reach the code only through the command line's own inputs: a
 * checkpoint file (or a queue's answers read back into a proof), standard output, a Redis
 * server. Not the library's: the package does not export them.
 */
export const COMMAND_ERROR_KINDS = ['bad-checkpoint', 'cannot-write', 'unreachable'] as const;

/** One of `COMMAND_ERROR_KINDS`. */
export type CommandErrorKind = (typeof COMMAND_ERROR_KINDS)[number];

/**
 * Bad input of a `CommandErrorKind`. The command line tells it in one line with status 2, as it
 * does a `CodebreakerError`.
 */
export class CommandError extends Error {
  constructor(
    readonly kind: CommandErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

/** Either kind of bad input, as a thread or the command line's error handler meets it. */
export type BadInput = CodebreakerError | CommandError;

/** Whether `error` is bad input rather than a bug. */
export function isBadInput(error: unknown): error is BadInput {
  return error instanceof CodebreakerError || error instanceof CommandError;
}

/** A `CodebreakerError` or a `CommandError`, as `kind` says. */
export function badInput(kind: ErrorKind | CommandErrorKind, message: string): BadInput {
  return (ERROR_KINDS as readonly string[]).includes(kind)
    ? new CodebreakerError(kind as ErrorKind, message)
    : new CommandError(kind as CommandErrorKind, message);
}

/** The most characters of a user's input an error message repeats. */
const QUOTED_MAX = 40;

/**
 * `text` quoted for an error message: cut short, with its length, if it is long. Every message
 * that repeats a user's input (a code, an answer, a flag, a name or a guess from a file) quotes
 * it with this, so that no message is longer than its own words and a few of the input's.
 */
export function quoteInput(text: string): string {
  let shown = '';
  let count = 0;
  // Counted without copying: the text may be a file's whole content.
  for (const char of text) {
    if (count < QUOTED_MAX) shown += char;
    count += 1;
  }
  return count <= QUOTED_MAX ? `'${text}'` : `'${shown}…' (${count} characters)`;
}
