/**
 * One error type for bad input at the boundaries: rules, codes, feedback, tree files, options.
 *
 * The CLI turns a `CodebreakerError` into one line on stderr and exit status 2. Anything else
 * thrown from the core is a bug (a violated invariant) and is left to crash loudly.
 */

/** What kind of input was wrong. */
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
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Bad input, with a message that names what is wrong and how to fix it. */
export class CodebreakerError extends Error {
  constructor(
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
