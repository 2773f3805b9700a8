/**
 * `optimal --checkpoint FILE`: the checkpoint (search/checkpoint.ts) read from and written to a
 * file. Written whole to FILE.tmp and renamed over FILE, so FILE is always a complete checkpoint
 * whenever the process is stopped or killed; gzip-compressed when FILE ends in `.gz`. Written
 * when the proof ends and, while it runs, after a job finishes if the last write is long enough
 * ago: a quarter of a second, or twenty times what the last write took when the file is large,
 * so that writing stays a small share of the work. A proof killed loses little more than the
 * jobs it was running.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { CodebreakerError } from '../errors.js';
import { Checkpoint, type ProofIdentity } from '../search/checkpoint.js';

/** The least time between two writes while the proof runs, in milliseconds. */
const WRITE_EVERY_MS = 250;
/** And at least this many times what the last write took. */
const WRITE_SHARE = 20;

/** A checkpoint kept in a file. */
export interface CheckpointFile {
  readonly checkpoint: Checkpoint;
  /** Jobs it held when read. */
  readonly found: number;
  /** Writes the checkpoint if something is new and a write is due (`force`: now). */
  save(force?: boolean): void;
}

/**
 * Opens `path` for a proof of `identity`: reads it if it exists (refusing a checkpoint of
 * another proof, or a damaged one, with `CodebreakerError`), and makes sure it can be written.
 */
export async function openCheckpoint(
  path: string,
  identity: ProofIdentity,
): Promise<CheckpointFile> {
  // Loaded only for a compressed file: every other command starts without it.
  const zlib = path.endsWith('.gz') ? await import('node:zlib') : undefined;
  const checkpoint = readCheckpoint(path, identity, zlib) ?? new Checkpoint(identity);
  const found = checkpoint.size;
  let written = -1;
  let last = 0;
  let took = 0;
  const save = (force = false): void => {
    if (checkpoint.changes === written) return;
    const now = Date.now();
    if (!force && now - last < Math.max(WRITE_EVERY_MS, WRITE_SHARE * took)) return;
    const text = checkpoint.write();
    const bytes = zlib ? zlib.gzipSync(text) : text;
    try {
      writeFileSync(`${path}.tmp`, bytes);
      renameSync(`${path}.tmp`, path);
    } catch (error) {
      throw new CodebreakerError(
        'bad-checkpoint',
        `cannot write the checkpoint ${path}: ${(error as Error).message}`,
      );
    }
    written = checkpoint.changes;
    last = Date.now();
    took = last - now;
  };
  save(true);
  return { checkpoint, found, save };
}

/** The checkpoint in `path`, or undefined if there is no such file. */
function readCheckpoint(
  path: string,
  identity: ProofIdentity,
  zlib: typeof import('node:zlib') | undefined,
): Checkpoint | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CodebreakerError(
      'bad-checkpoint',
      `cannot read the checkpoint ${path}: ${(error as Error).message}`,
    );
  }
  try {
    const text = (zlib ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
    return Checkpoint.read(text, identity);
  } catch (error) {
    const why =
      error instanceof CodebreakerError
        ? error.message
        : 'cannot resume from this checkpoint: it is not gzip data';
    throw new CodebreakerError('bad-checkpoint', `${path}: ${why}`);
  }
}
