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
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
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

/** `body` framed and signed with `key`. */
export function signedText(format: SignedFormat, body: string, key: SigningKey): string {
  const encoded = new TextEncoder().encode(body);
  const signature = key.signBytes(format.purpose, encoded);
  return `${format.magic} ${format.version} crc32=${crc32(encoded)} bytes=${encoded.length} hmac-sha256=${signature}\n${body}`;
}

/**
 * The body of `text`, parsed, once its header, length, checksum and signature with `key` are
 * checked in turn; throws `CommandError('bad-checkpoint')` naming what is wrong.
 */
export function openSigned(format: SignedFormat, text: string, key: SigningKey): unknown {
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
  const signature = /^hmac-sha256=([0-9a-f]{64})$/.exec(header[4] ?? '')?.[1];
  if (crc === undefined || bytes === undefined || signature === undefined) {
    throw badCheckpoint('its header is damaged');
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
  if (!key.verifyBytes(format.purpose, encoded, signature)) {
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

/**
 * Writes a checkpoint's text to `path` whole: to `path.tmp`, renamed over `path`, so the file is
 * always complete whenever the process is stopped or killed; gzip-compressed when `path` ends
 * in `.gz`. `save` writes when something is new (`changes` moved on) and a write is due: a
 * quarter of a second since the last, or twenty times what that one took when the file is
 * large, so that writing stays a small share of the work; `force`, now.
 */
export async function checkpointWriter(
  path: string,
  text: () => string,
  changes: () => number,
): Promise<(force?: boolean) => void> {
  // Loaded only for a compressed file: every other command starts without it.
  const zlib = path.endsWith('.gz') ? await import('node:zlib') : undefined;
  let written = -1;
  let last = 0;
  let took = 0;
  return (force = false) => {
    if (changes() === written) return;
    const now = Date.now();
    if (!force && now - last < Math.max(WRITE_EVERY_MS, WRITE_SHARE * took)) return;
    const current = changes();
    const body = text();
    try {
      writeFileSync(`${path}.tmp`, zlib ? zlib.gzipSync(body) : body);
      renameSync(`${path}.tmp`, path);
    } catch (error) {
      throw new CommandError(
        'bad-checkpoint',
        `cannot write the checkpoint ${path}: ${(error as Error).message}`,
      );
    }
    written = current;
    last = Date.now();
    took = last - now;
  };
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
