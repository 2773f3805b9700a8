/**
 * The frame of every checkpoint file: one header line, then a JSON body.
 *
 *     MAGIC VERSION crc32=1a2b3c4d bytes=12345 hmac-sha256=9f0e…
 *     {…}
 *
 * The length and checksum cover the body and catch a file cut short or damaged; the signature
 * (cli/keys.ts) catches one changed by hand, which a checksum cannot, since whoever edits a file
 * can fix its checksum up. What the body says is the reader's to check (checkpoint-file.ts,
 * static-checkpoint.ts).
 *
 * Here too is how such a file is written, whole and by one process at a time: a proof's work
 * outlives the process, so a full disk must not cost the result, and two proofs sharing a file
 * would each overwrite the other's jobs with its own.
 */
import {
  closeSync,
  existsSync,
  linkSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { crc32 } from '../../checksum.js';
import { CommandError, isBadInput } from '../../errors.js';
import { readBoundedFile } from '../files.js';
import type { SigningKey } from '../keys.js';

/** One kind of signed file. */
export interface SignedFormat {
  readonly magic: string;
  /** What such a file is called: "a codebreaker checkpoint". */
  readonly name: string;
  readonly version: number;
  /** What its signatures are for: a signature of one kind of file is no good for another. */
  readonly purpose: string;
  /** What to say of older versions this one no longer reads, by version. */
  readonly older?: Readonly<Record<string, string>>;
}

/** What an unsigned file has in its header where a signed one has its signature. */
const UNSIGNED = 'unsigned';

/**
 * `body` framed and signed with `key`; without a key (`--unsigned`), framed with `unsigned` in
 * the signature's place.
 */
export function signedText(
  format: SignedFormat,
  body: string,
  key: SigningKey | undefined,
): string {
  const encoded = new TextEncoder().encode(body);
  const signature = key ? `hmac-sha256=${key.signBytes(format.purpose, encoded)}` : UNSIGNED;
  return `${format.magic} ${format.version} crc32=${crc32(encoded)} bytes=${encoded.length} ${signature}\n${body}`;
}

/**
 * The body of `text`, parsed, once its header, length, checksum and signature with `key` are
 * checked in turn; throws `CommandError('bad-checkpoint')` naming what is wrong. Without a key
 * (`--unsigned`: the reader checks every answer in the body again), a signed file or an unsigned
 * one is read, its signature unchecked; with one, an unsigned file is refused.
 */
export function openSigned(
  format: SignedFormat,
  text: string,
  key: SigningKey | undefined,
): unknown {
  const newline = text.indexOf('\n');
  const header = (newline < 0 ? text : text.slice(0, newline)).split(' ');
  if (header[0] !== format.magic) throw badCheckpoint(`it is not ${format.name}`);
  const older = format.older?.[header[1] ?? ''];
  if (older !== undefined) throw badCheckpoint(older);
  if (header[1] !== String(format.version)) {
    throw badCheckpoint(
      `it has format ${header[1]?.slice(0, 20)}; this version reads format ${format.version}`,
    );
  }
  const crc = /^crc32=([0-9a-f]{8})$/.exec(header[2] ?? '')?.[1];
  const bytes = /^bytes=(\d{1,12})$/.exec(header[3] ?? '')?.[1];
  const signature =
    header[4] === UNSIGNED ? UNSIGNED : /^hmac-sha256=([0-9a-f]{64})$/.exec(header[4] ?? '')?.[1];
  if (crc === undefined || bytes === undefined || signature === undefined) {
    throw badCheckpoint('its header is damaged');
  }
  if (signature === UNSIGNED && key) {
    throw badCheckpoint(
      'it is not signed (a campaign writes its checkpoints so): give --unsigned, which checks every answer it reads back from it before it says proved',
    );
  }
  const body = newline < 0 ? '' : text.slice(newline + 1);
  const encoded = new TextEncoder().encode(body);
  if (encoded.length !== Number(bytes)) {
    throw badCheckpoint(
      `it holds ${encoded.length} bytes of ${bytes}: it was cut short or changed`,
    );
  }
  if (crc32(encoded) !== crc) {
    throw badCheckpoint('its checksum does not match: it was changed or damaged');
  }
  if (key && !key.verifyBytes(format.purpose, encoded, signature)) {
    throw badCheckpoint(
      `its signature does not match the key from ${key.source}: it was changed by hand, or signed with another key`,
    );
  }
  try {
    return JSON.parse(body);
  } catch {
    throw badCheckpoint('its body is not JSON');
  }
}

/** The error of a checkpoint that cannot be resumed from, and why. */
export function badCheckpoint(why: string): CommandError {
  return new CommandError('bad-checkpoint', `cannot resume from this checkpoint: ${why}`);
}

/** The least time between two writes of a checkpoint while its proof runs, in milliseconds. */
const WRITE_EVERY_MS = 250;
/** And at least this many times what the last write took. */
const WRITE_SHARE = 20;

/** What writes a checkpoint file while the work runs, and at its end. */
export interface CheckpointWriter {
  /**
   * Writes the file if something is new and a write is due (`force`: now). A write that fails is
   * said once (until one succeeds again, which is said too), and the work goes on.
   */
  save(force?: boolean): void;
  /**
   * Writes what is new now, the work done: why it could not, if it could not, for the caller to
   * say beside the result (unsaid here).
   */
  finish(): string | undefined;
}

/**
 * Writes a checkpoint's text to `path` whole: to a temporary file of this process's own beside
 * it, renamed over `path`, so the file is always complete whenever the process is stopped or
 * killed, and a write that fails (a full disk) leaves it as the last one did, the temporary file
 * removed; gzip-compressed when `path` ends in `.gz`. Writes at once, and throws
 * `CommandError('cannot-write')` if it cannot: nothing is lost yet. Then `save` writes when
 * something is new (`changes` moved on) and a write is due: a quarter of a second since the
 * last, or twenty times what that one took when the file is large, so that writing stays a small
 * share of the work. A write that fails after the first is `tell`'s to say, and the work goes
 * on: what it finds matters more than the file.
 */
export async function checkpointWriter(
  path: string,
  text: () => string,
  changes: () => number,
  tell: (line: string) => void,
): Promise<CheckpointWriter> {
  // Loaded only for a compressed file: every other command starts without it.
  const zlib = path.endsWith('.gz') ? await import('node:zlib') : undefined;
  const temporary = `${path}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`;
  let written = -1;
  let last = 0;
  let took = 0;
  let failing = false;
  const write = (): string | undefined => {
    const started = Date.now();
    const current = changes();
    const body = text();
    const failure = replaceWhole(path, temporary, zlib ? zlib.gzipSync(body) : body);
    last = Date.now();
    took = last - started;
    if (failure === undefined) written = current;
    return failure;
  };
  const first = write();
  if (first !== undefined) {
    throw new CommandError('cannot-write', `cannot write the checkpoint ${path}: ${first}`);
  }
  /** Writes if something is new; why not, if it could not, said at once unless `quiet`. */
  const attempt = (quiet: boolean): string | undefined => {
    if (changes() === written) return undefined;
    const failure = write();
    if (failure !== undefined && !failing && !quiet) {
      tell(
        `cannot write the checkpoint ${path}: ${failure}; the search goes on, trying again at the next write`,
      );
    } else if (failure === undefined && failing) {
      tell(`the checkpoint ${path} is written again`);
    }
    failing = failure !== undefined;
    return failure;
  };
  return {
    save(force = false) {
      if (force || Date.now() - last >= Math.max(WRITE_EVERY_MS, WRITE_SHARE * took)) {
        attempt(false);
      }
    },
    finish: () => attempt(true),
  };
}

/** Writes `bytes` to `temporary` and renames it over `path`; why not, if it could not. */
function replaceWhole(
  path: string,
  temporary: string,
  bytes: string | Uint8Array,
): string | undefined {
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
    return undefined;
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {}
    return (error as Error).message;
  }
}

/**
 * Holds the checkpoint `path` for this process, so that a second process given the same file is
 * refused rather than left to overwrite the first one's work with its own: `path.lock`, holding
 * this process's id and host, made whole (written aside, then linked into place, which fails if
 * it exists). A lock whose process is gone from this host is taken over; one held by a live
 * process, or by one on another host, whose life cannot be seen from here, refuses the file with
 * `CommandError('cannot-write')`. Returns what lets the file go.
 */
export function holdCheckpoint(path: string): () => void {
  const lock = `${path}.lock`;
  const mine = `${process.pid} ${hostname()}\n`;
  const aside = `${lock}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`;
  try {
    writeFileSync(aside, mine, { flag: 'wx' });
    // A few rounds at most: each ends with the lock taken, or gone, or found stale and removed.
    for (let round = 0; !linked(aside, lock); round++) {
      const held = readLock(lock);
      if (held === undefined && round < 8) continue;
      if (
        held === undefined ||
        round >= 3 ||
        held.pid === undefined ||
        held.host !== hostname() ||
        alive(held.pid)
      ) {
        throw inUse(path, lock, held ?? {});
      }
      // Its process is gone: removed, unless another process has taken it over meanwhile.
      if (readLock(lock)?.text === held.text) rmSync(lock, { force: true });
    }
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(
      'cannot-write',
      `cannot lock the checkpoint ${path}: ${(error as Error).message}`,
    );
  } finally {
    try {
      rmSync(aside, { force: true });
    } catch {}
  }
  let holding = true;
  return () => {
    if (!holding) return;
    holding = false;
    try {
      if (readLock(lock)?.text === mine) rmSync(lock, { force: true });
    } catch {}
  };
}

/** Links `aside` as `lock`: false if `lock` exists. */
function linked(aside: string, lock: string): boolean {
  try {
    linkSync(aside, lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** What the lock `lock` says (its process and host, if it reads as one); undefined if gone. */
function readLock(lock: string): { text: string; pid?: number; host?: string } | undefined {
  let text: string;
  try {
    const descriptor = openSync(lock, 'r');
    try {
      const bytes = Buffer.alloc(300);
      text = bytes.subarray(0, readSync(descriptor, bytes)).toString();
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const held = /^(\d{1,10}) (\S{1,255})\n$/.exec(text);
  return held ? { text, pid: Number(held[1]), host: held[2] } : { text };
}

/** Whether process `pid` of this host is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The refusal of a checkpoint another process holds. */
function inUse(path: string, lock: string, held: { pid?: number; host?: string }): CommandError {
  if (held.pid === undefined) {
    return new CommandError(
      'cannot-write',
      `the checkpoint ${path} is locked by ${lock}, which is not a lock this version writes: remove it if no proof is using the file`,
    );
  }
  const elsewhere = held.host !== hostname();
  return new CommandError(
    'cannot-write',
    `the checkpoint ${path} is in use by process ${held.pid}${elsewhere ? ` on ${held.host}` : ''}: wait for it to end, or give another file${elsewhere ? ` (if that process is gone, remove ${lock})` : ''}`,
  );
}

/**
 * What `parse` makes of the checkpoint in `path`, or undefined if there is no such file; a file
 * it refuses is refused with its path.
 */
export async function readSignedFile<T>(
  path: string,
  parse: (text: string) => T | Promise<T>,
): Promise<T | undefined> {
  if (!existsSync(path)) return undefined;
  const bytes = await readBoundedFile(path, { what: 'the checkpoint', kind: 'bad-checkpoint' });
  try {
    return await parse(new TextDecoder().decode(bytes));
  } catch (error) {
    if (!isBadInput(error)) throw error;
    throw new CommandError('bad-checkpoint', `${path}: ${error.message}`);
  }
}
