/**
 * Files the commands write. A command that computes for long checks where it will write before
 * it starts, so that a mistyped path fails at once rather than after the work; and a write that
 * fails anyway is one clear line, not a stack trace.
 */
// `promises` is read when a file is written: loading node:fs/promises (and the streams it
// brings) would cost every command at start-up, and most never write one.
import { closeSync, openSync, promises, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  CodebreakerError,
  CommandError,
  type CommandErrorKind,
  type ErrorKind,
  badInput,
  isBadInput,
} from '../errors.js';
import { safeText } from './io.js';

/** A file a command will write when its work is done, opened before the work starts. */
export interface OutputFile {
  readonly path: string;
  /**
   * Writes `text` as the whole file. A failure still loses nothing: the text goes to a file in
   * the system's temporary folder, and the one `CodebreakerError` names both.
   */
  write(text: string | Uint8Array): Promise<void>;
  /** Closes it unwritten; a file it made is removed. */
  discard(): Promise<void>;
}

/**
 * Opens `path` (the value of `flag`) for writing now, without emptying a file already there, so
 * that a path that cannot be written fails before a long search rather than after it.
 */
export async function openOutput(path: string, flag: string): Promise<OutputFile> {
  const fail = (why: string): never => {
    throw new CodebreakerError('bad-option', `${flag} ${safeText(path)}: ${why}`);
  };
  const info = statSync(path, { throwIfNoEntry: false });
  if (info?.isDirectory()) fail('is a folder; give a file name');
  const existed = info !== undefined;
  let handle: import('node:fs/promises').FileHandle;
  try {
    handle = await promises.open(path, 'a');
  } catch (error) {
    return fail(
      `cannot be written (${plainReason(error)}; is the folder ${safeText(dirname(path))} there and writable?)`,
    );
  }
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await handle.close().catch(() => {});
  };
  return {
    path,
    async write(text) {
      try {
        await handle.truncate(0);
        await handle.writeFile(text);
        await close();
      } catch (error) {
        await close();
        const { tmpdir } = await import('node:os');
        const { join } = await import('node:path');
        const kept = join(tmpdir(), `codebreaker-out-${process.pid}-${Date.now()}.json`);
        await promises.writeFile(kept, text);
        throw new CommandError(
          'cannot-write',
          `cannot write ${flag} ${safeText(path)} (${plainReason(error)}); what it would hold is kept in ${kept}`,
        );
      }
    },
    async discard() {
      await close();
      if (!existed) await promises.rm(path, { force: true }).catch(() => {});
    },
  };
}

/** Writes `text` to `path`; a failure is one `CodebreakerError` naming the file. */
export async function writeTextFile(path: string, text: string): Promise<void> {
  try {
    await promises.writeFile(path, text);
  } catch (error) {
    throw new CodebreakerError('bad-option', `cannot write '${path}': ${(error as Error).message}`);
  }
}

/** The most bytes a file the program reads may hold, compressed or not. */
const MAX_FILE_BYTES = 256 * 2 ** 20;
/** The most bytes a compressed file may inflate to. */
const MAX_INFLATED_BYTES = 256 * 2 ** 20;
/**
 * The most a tree file may hold, inflated or not: the largest tree of a game the tools play
 * (Super Mastermind's, 32,768 secrets) takes a few MB.
 */
export const MAX_TREE_BYTES = 64 * 2 ** 20;
/** The most a small file a flag names may hold: a key, a password, a certificate. */
const MAX_SMALL_BYTES = 1 << 20;

/**
 * The text of a small file (a key, a password, a certificate) that `what` names in messages:
 * read within `MAX_SMALL_BYTES`, so that a device that never ends is refused at once; undefined
 * if there is no such file and `missing` allows it. Failures name the file, never its content.
 */
export function readSmallFile(path: string, what: string, missing = false): string | undefined {
  const fail = (why: string): never => {
    throw new CodebreakerError('bad-option', `${what} ${safeText(path)}: ${why}`);
  };
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if (missing && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return fail(plainReason(error));
  }
  try {
    const buffer = Buffer.alloc(MAX_SMALL_BYTES + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > MAX_SMALL_BYTES) fail(`it is larger than ${mebibytes(MAX_SMALL_BYTES)}`);
    }
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (isBadInput(error)) throw error;
    return fail(plainReason(error));
  } finally {
    closeSync(fd);
  }
}

/** What `readBoundedFile` is told of the file: what it is, for messages, and its limits. */
interface FileLimits {
  /** What the file is, for messages: "the tree file", "the checkpoint". */
  readonly what: string;
  /** The error kind a file that cannot be read is told as. */
  readonly kind: ErrorKind | CommandErrorKind;
  readonly maxBytes?: number;
  readonly maxInflated?: number;
}

/**
 * The bytes of `path` ('-' for standard input through `stdin`), inflated if gzip: read as a
 * stream and stopped as soon as it passes its limit, so that neither a device that never ends
 * (/dev/zero) nor a gzip bomb takes more than the limit's memory and time. Every failure is one
 * `CodebreakerError` or `CommandError` (as `kind` says) that says why.
 */
export async function readBoundedFile(
  path: string,
  limits: FileLimits,
  stdin?: AsyncIterable<Uint8Array>,
): Promise<Uint8Array> {
  const { what, kind } = limits;
  const maxBytes = limits.maxBytes ?? MAX_FILE_BYTES;
  const maxInflated = limits.maxInflated ?? MAX_INFLATED_BYTES;
  const fail = (why: string): never => {
    throw badInput(kind, `cannot read ${what} '${safeText(path)}': ${why}`);
  };
  const chunks: Uint8Array[] = [];
  let length = 0;
  const { createReadStream } = await import('node:fs');
  try {
    const source: AsyncIterable<Uint8Array> =
      path === '-' && stdin ? stdin : createReadStream(path, { highWaterMark: 1 << 20 });
    for await (const chunk of source) {
      length += chunk.length;
      if (length > maxBytes) fail(`it is larger than ${mebibytes(maxBytes)}`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (isBadInput(error)) throw error;
    fail(plainReason(error));
  }
  const bytes = Buffer.concat(chunks, length);
  if (!(bytes[0] === 0x1f && bytes[1] === 0x8b)) return bytes;
  const { gunzipSync } = await import('node:zlib');
  try {
    // Inflated in pieces and stopped at the limit: a bomb costs at most the limit.
    return gunzipSync(bytes, { maxOutputLength: maxInflated });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      return fail(`it inflates to more than ${mebibytes(maxInflated)}`);
    }
    return fail(`it is damaged gzip data (${plainReason(error)})`);
  }
}

/** "256 MiB", "1 MiB". */
function mebibytes(bytes: number): string {
  return `${Math.round(bytes / 2 ** 20)} MiB`;
}

/** An error's message without what Node adds for programmers ("ENOENT: ..., open 'x'"). */
function plainReason(error: unknown): string {
  const failure = error as NodeJS.ErrnoException;
  if (failure.code === 'ENOENT') return 'no such file';
  if (failure.code === 'EISDIR') return 'it is a folder';
  if (failure.code === 'EACCES') return 'permission denied';
  return safeText(failure.message ?? String(error));
}
