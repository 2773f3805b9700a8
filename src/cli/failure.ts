/**
 * How a command ends other than well: the exit status for bad input, and the failure a command
 * reports on good input. Apart from program.ts, which loads the commands, so that the commands
 * need not import it back.
 */

/** Exit status for bad input. */
export const EXIT_BAD_INPUT = 2;

/**
 * A command ran on good input and found a failure to report (say, a tree that misses a secret):
 * its message goes to stderr as one line, and the exit status is `status` (1 by default).
 */
export class CommandFailure extends Error {
  constructor(
    message: string,
    readonly status = 1,
  ) {
    super(message);
    this.name = 'CommandFailure';
  }
}
