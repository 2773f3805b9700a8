/**
 * How a command ends other than well: the exit status for bad input, and the failure a command
 * reports on good input. Apart from program.ts, which loads the commands, so that the commands
 * need not import it back.
 */

/** Exit status for bad input. */
export const EXIT_BAD_INPUT = 2;

/**
 * Exit status of a command that printed its result but could not write its checkpoint at the end
 * (a full disk): the result stands, the file lacks the last of the work.
 */
export const EXIT_CHECKPOINT_UNWRITTEN = 3;

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

/**
 * The failure of a command that printed its result but could not write its checkpoint `path` at
 * the end, and `why`: status `EXIT_CHECKPOINT_UNWRITTEN`.
 */
export function unwrittenCheckpoint(path: string, why: string): CommandFailure {
  return new CommandFailure(
    `the result is printed, but the checkpoint ${path} could not be written: ${why}`,
    EXIT_CHECKPOINT_UNWRITTEN,
  );
}
