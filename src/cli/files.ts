/**
 * Files the commands write. A command that computes for long checks where it will write before
 * it starts, so that a mistyped path fails at once rather than after the work; and a write that
 * fails anyway is one clear line, not a stack trace.
 */
// `promises` is read when a file is written: loading node:fs/promises (and the streams it
// brings) costs every command 2 ms at start-up, and most never write one.
import { constants, accessSync, promises, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { CodebreakerError } from '../errors.js';

/** Throws `CodebreakerError` unless `path` names a file that can be written (or made). */
export function checkWritable(path: string, flag: string): void {
  const fail = (why: string): never => {
    throw new CodebreakerError('bad-option', `${flag} ${path}: ${why}`);
  };
  let isDirectory = false;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    // Not there yet: its folder must be.
    try {
      accessSync(dirname(path), constants.W_OK);
    } catch {
      fail(`cannot make a file there (is the folder ${dirname(path)} there and writable?)`);
    }
    return;
  }
  if (isDirectory) fail('is a folder; give a file name');
  try {
    accessSync(path, constants.W_OK);
  } catch {
    fail('cannot be written');
  }
}

/** Writes `text` to `path`; a failure is one `CodebreakerError` naming the file. */
export async function writeTextFile(path: string, text: string): Promise<void> {
  try {
    await promises.writeFile(path, text);
  } catch (error) {
    throw new CodebreakerError('bad-option', `cannot write '${path}': ${(error as Error).message}`);
  }
}
