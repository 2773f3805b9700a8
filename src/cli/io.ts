/** Where the CLI reads and writes, so tests can run it in-process. */

/** Standard streams as the CLI sees them. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (progress bars go there only then). */
  readonly errIsTerminal: boolean;
}

/** The process's own streams. */
export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  errIsTerminal: Boolean(process.stderr.isTTY),
};
