/** Where the CLI reads and writes, so tests can run it in-process. */
import { createRequire } from 'node:module';
import type * as Readline from 'node:readline';
import { CommandError } from '../errors.js';

/** Standard input as lines, read one at a time. */
export interface LineReader {
  /** Whether standard input is a terminal: then commands prompt before each line. */
  readonly isTerminal: boolean;
  /** The next line without its line ending, or undefined at the end of input; `prompt` is shown first on a terminal. */
  next(prompt: string): Promise<string | undefined>;
  /** Stops reading, so the process can exit. */
  close(): void;
}

/** Standard streams as the CLI sees them. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (progress bars go there only then). */
  readonly errIsTerminal: boolean;
  /** Opens standard input for reading lines; absent, standard input is empty. */
  readonly openInput?: () => LineReader;
  /** Standard input as chunks of bytes, to read whole; absent, standard input is empty. */
  readonly inputBytes?: () => AsyncIterable<Uint8Array>;
}

/** A line reader over fixed text, as if piped in: for tests and scripts. */
export function textInput(text: string): () => LineReader {
  return () => {
    const lines = text.split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    return {
      isTerminal: false,
      next: async () => lines.shift(),
      close: () => {
        lines.length = 0;
      },
    };
  };
}

/** An `Io` that keeps what is printed, reading `input` (if given) as piped standard input. */
export function memoryIo(input?: string): Io & { readonly printed: { out: string; err: string } } {
  const printed = { out: '', err: '' };
  return {
    printed,
    out: (text) => {
      printed.out += text;
    },
    err: (text) => {
      printed.err += text;
    },
    errIsTerminal: false,
    ...(input === undefined
      ? {}
      : {
          openInput: textInput(input),
          inputBytes: async function* () {
            yield new TextEncoder().encode(input);
          },
        }),
  };
}

/** Standard input through readline: prompts on a terminal, plain lines from a pipe or file. */
function processInput(): LineReader {
  const isTerminal = Boolean(process.stdin.isTTY);
  // Required here, not imported: only the commands that read input load it.
  const { createInterface } = createRequire(import.meta.url)('node:readline') as typeof Readline;
  const reader = createInterface({
    input: process.stdin,
    output: isTerminal ? process.stdout : undefined,
    terminal: isTerminal,
  });
  // On a terminal Ctrl-C reaches readline as a key, which would end the input as Ctrl-D does; it
  // is raised as the signal instead, so it stops the command as Ctrl-C does anywhere (signals.ts).
  if (isTerminal) {
    reader.on('SIGINT', () => {
      process.stdout.write('\n');
      process.kill(process.pid, 'SIGINT');
    });
  }
  // The iterator buffers lines that arrive while the caller is busy, which a pipe delivers at once.
  const lines = reader[Symbol.asyncIterator]();
  return {
    isTerminal,
    async next(prompt) {
      if (isTerminal) {
        reader.setPrompt(prompt);
        reader.prompt();
      }
      const line = await lines.next();
      if (!line.done) return line.value;
      // Ctrl-D on a prompt: end its line, so what follows starts on a fresh one.
      if (isTerminal) process.stdout.write('\n');
      return undefined;
    },
    close: () => reader.close(),
  };
}

/**
 * `text` with every control character written as an escape (`\x1b`, `\u202e`): what a
 * message quotes from a file, a code, a record or a flag can then not drive the terminal (move
 * the cursor, rewrite a line, reverse the text's direction).
 */
export function safeText(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  });
}

/** C0 and C1 controls, the line and paragraph separators, and the direction controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** What a failed write to standard output (a full disk, a closed file) is told as. */
export function outputFailure(error: NodeJS.ErrnoException): CommandError {
  const why = error.code === 'ENOSPC' ? 'no space left on the device' : error.message;
  return new CommandError('cannot-write', `cannot write standard output: ${why}`);
}

/** The process's own streams. */
export const processIo: Io = {
  out: (text) => {
    try {
      process.stdout.write(text);
    } catch (error) {
      // Written to a file, stdout writes at once and throws; a pipe's error comes as an event.
      const failure = error as NodeJS.ErrnoException;
      if (failure.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw outputFailure(failure);
    }
  },
  err: (text) => process.stderr.write(text),
  errIsTerminal: Boolean(process.stderr.isTTY),
  openInput: processInput,
  inputBytes: () => process.stdin,
};
