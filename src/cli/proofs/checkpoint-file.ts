/**
 * `optimal --checkpoint FILE`: the checkpoint (search/checkpoint.ts) read from and written to a
 * file. Written whole to FILE.tmp and renamed over FILE, so FILE is always a complete checkpoint
 * whenever the process is stopped or killed; gzip-compressed when FILE ends in `.gz`. Written
 * when the proof ends and, while it runs, after a job finishes if the last write is long enough
 * ago: a quarter of a second, or twenty times what the last write took when the file is large,
 * so that writing stays a small share of the work. A proof killed loses little more than the
 * jobs it was running.
 *
 * The file is one header line and a JSON body:
 *
 *     codebreaker-checkpoint 2 crc32=1a2b3c4d bytes=12345 hmac-sha256=9f0e…
 *     {"proof":{"rules":{...},"objective":"expected","maxDepth":null,"consistentOnly":false},
 *      "jobs":{"255/1123:3":[1234567,[...packed tree...]],"255/1123:7":[880003]}}
 *
 * The length and checksum cover the body and catch a file cut short or damaged; the signature
 * (cli/keys.ts) catches one changed by hand, which a checksum cannot, since whoever edits a file
 * can fix its checksum up. The `proof` names the question, so that a checkpoint of other rules,
 * another objective or another depth cap is refused too. `null` stands for ∞.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { crc32 } from '../../checksum.js';
import { CommandError, isBadInput } from '../../errors.js';
import {
  Checkpoint,
  type ProofIdentity,
  describeIdentity,
  identityJson,
  recordJson,
  recordOf,
} from '../../search/checkpoint.js';
import { readBoundedFile } from '../files.js';
import type { SigningKey } from '../keys.js';

/** The least time between two writes while the proof runs, in milliseconds. */
const WRITE_EVERY_MS = 250;
/** And at least this many times what the last write took. */
const WRITE_SHARE = 20;

const MAGIC = 'codebreaker-checkpoint';
/** Format 2 is format 1 (unsigned) with the signature in its header. */
const VERSION = 2;
/** What the signature of a checkpoint's body is for. */
const PURPOSE = 'checkpoint';

/** A checkpoint kept in a file. */
export interface CheckpointFile {
  readonly checkpoint: Checkpoint;
  /** Jobs it held when read. */
  readonly found: number;
  /** Writes the checkpoint if something is new and a write is due (`force`: now). */
  save(force?: boolean): void;
}

/**
 * Opens `path` for a proof of `identity`, signed with `key`: reads it if it exists (refusing a
 * damaged, unsigned, forged or foreign checkpoint with `CodebreakerError`), and makes sure it
 * can be written.
 */
export async function openCheckpoint(
  path: string,
  identity: ProofIdentity,
  key: SigningKey,
): Promise<CheckpointFile> {
  // Loaded only for a compressed file: every other command starts without it.
  const zlib = path.endsWith('.gz') ? await import('node:zlib') : undefined;
  const checkpoint = (await readCheckpoint(path, identity, key)) ?? new Checkpoint(identity);
  const found = checkpoint.size;
  let written = -1;
  let last = 0;
  let took = 0;
  const save = (force = false): void => {
    if (checkpoint.changes === written) return;
    const now = Date.now();
    if (!force && now - last < Math.max(WRITE_EVERY_MS, WRITE_SHARE * took)) return;
    const text = checkpointText(checkpoint, key);
    const bytes = zlib ? zlib.gzipSync(text) : text;
    try {
      writeFileSync(`${path}.tmp`, bytes);
      renameSync(`${path}.tmp`, path);
    } catch (error) {
      throw new CommandError(
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

/** The file: header line and body (see the module comment). */
export function checkpointText(checkpoint: Checkpoint, key: SigningKey): string {
  const jobs: Record<string, unknown> = {};
  for (const [job, record] of checkpoint.entries()) jobs[job] = recordJson(record);
  const body = JSON.stringify({ proof: identityJson(checkpoint.identity), jobs });
  const encoded = new TextEncoder().encode(body);
  const signature = key.signBytes(PURPOSE, encoded);
  return `${MAGIC} ${VERSION} crc32=${crc32(encoded)} bytes=${encoded.length} hmac-sha256=${signature}\n${body}`;
}

/**
 * The checkpoint in `text` for a proof of `identity`, checked in turn: its header, its length
 * and checksum (accidents), its signature with `key` (edits), its shape (records/ schema),
 * and the proof it is for. Throws `CommandError('bad-checkpoint')` naming what is wrong.
 */
export async function parseCheckpoint(
  text: string,
  identity: ProofIdentity,
  key: SigningKey,
): Promise<Checkpoint> {
  const newline = text.indexOf('\n');
  const header = (newline < 0 ? text : text.slice(0, newline)).split(' ');
  if (header[0] !== MAGIC) throw bad('it is not a codebreaker checkpoint');
  if (header[1] === '1') {
    throw bad(
      'it has format 1, which is not signed (an older version wrote it): start afresh with another file',
    );
  }
  if (header[1] !== String(VERSION)) {
    throw bad(`it has format ${header[1]?.slice(0, 20)}; this version reads format ${VERSION}`);
  }
  const crc = /^crc32=([0-9a-f]{8})$/.exec(header[2] ?? '')?.[1];
  const bytes = /^bytes=(\d{1,12})$/.exec(header[3] ?? '')?.[1];
  const signature = /^hmac-sha256=([0-9a-f]{64})$/.exec(header[4] ?? '')?.[1];
  if (crc === undefined || bytes === undefined || signature === undefined) {
    throw bad('its header is damaged');
  }
  const body = newline < 0 ? '' : text.slice(newline + 1);
  const encoded = new TextEncoder().encode(body);
  if (encoded.length !== Number(bytes)) {
    throw bad(`it holds ${encoded.length} bytes of ${bytes}: it was cut short or changed`);
  }
  if (crc32(encoded) !== crc) throw bad('its checksum does not match: it was changed or damaged');
  if (!key.verifyBytes(PURPOSE, encoded, signature)) {
    throw bad(
      `its signature does not match the key from ${key.source}: it was changed by hand, or signed with another key`,
    );
  }
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    throw bad('its body is not JSON');
  }
  const { checkpointBodySchema, problemOf } = await import('../queue/records.js');
  const parsed = checkpointBodySchema.safeParse(doc);
  if (!parsed.success) throw bad(`its body is not valid (${problemOf(parsed.error)})`);
  const { proof, jobs } = parsed.data;
  if (JSON.stringify(proof) !== JSON.stringify(identityJson(identity))) {
    const theirs = describeIdentity(proof as ProofIdentity);
    throw bad(
      `it was made for another proof (${theirs}), not this one (${describeIdentity(identity)})`,
    );
  }
  const checkpoint = new Checkpoint(identity);
  for (const [job, record] of Object.entries(jobs)) checkpoint.put(job, recordOf(record));
  return checkpoint;
}

/** The checkpoint in `path`, or undefined if there is no such file. */
async function readCheckpoint(
  path: string,
  identity: ProofIdentity,
  key: SigningKey,
): Promise<Checkpoint | undefined> {
  if (!existsSync(path)) return undefined;
  const bytes = await readBoundedFile(path, { what: 'the checkpoint', kind: 'bad-checkpoint' });
  try {
    return await parseCheckpoint(new TextDecoder().decode(bytes), identity, key);
  } catch (error) {
    if (!isBadInput(error)) throw error;
    throw new CommandError('bad-checkpoint', `${path}: ${error.message}`);
  }
}

function bad(why: string): CommandError {
  return new CommandError('bad-checkpoint', `cannot resume from this checkpoint: ${why}`);
}
