/**
 * `optimal --checkpoint FILE`: the checkpoint (search/checkpoint.ts) read from and written to a
 * file. Written whole to a temporary file and renamed over FILE, so FILE is always a complete
 * checkpoint whenever the process is stopped or killed; gzip-compressed when FILE ends in `.gz`.
 * Written when the proof ends and, while it runs, after a job finishes if the last write is long
 * enough ago: a quarter of a second, or twenty times what the last write took when the file is
 * large, so that writing stays a small share of the work. A proof killed loses little more than
 * the jobs it was running; one that cannot write the file (a full disk) says so and goes on.
 * FILE.lock keeps a second process from writing the same file (signed-file.ts).
 *
 * The file is one header line and a JSON body, framed and signed as signed-file.ts says:
 *
 *     codebreaker-checkpoint 2 crc32=1a2b3c4d bytes=12345 hmac-sha256=9f0e…
 *     {"proof":{"rules":{...},"objective":"expected","maxDepth":null,"consistentOnly":false},
 *      "jobs":{"255/1123:3":[1234567,[...packed tree...]],"255/1123:7":[880003]}}
 *
 * The `proof` names the question, so that a checkpoint of other rules, another objective or
 * another depth cap is refused too. `null` stands for ∞. A checkpoint that `--recheck` has
 * begun to solve again also has `"rechecked":{"255/1123:3":1234567}`: by job, the cost below which
 * solving it again found no strategy (the answers it found true, for the jobs the file keeps, and
 * the pieces found so far of a claim being solved again as jobs).
 *
 * With `--unsigned` (a campaign's checkpoint, shared where no secret key can be), the header says
 * `unsigned` where the signature would be; such a file is read only with `--unsigned`, which takes
 * nothing in it on trust: every answer read back is solved again before the result is printed as
 * proved, and its `rechecked` is not read.
 */
import {
  Checkpoint,
  type ProofIdentity,
  describeIdentity,
  identityJson,
  recordJson,
  recordOf,
} from '../../search/checkpoint.js';
import type { SigningKey } from '../keys.js';
import {
  type SignedFormat,
  badCheckpoint,
  checkpointWriter,
  holdCheckpoint,
  openSigned,
  readSignedFile,
  signedText,
} from './signed-file.js';

/** Format 2 is format 1 (unsigned) with the signature in its header. */
const FORMAT: SignedFormat = {
  magic: 'codebreaker-checkpoint',
  name: 'a codebreaker checkpoint',
  version: 2,
  purpose: 'checkpoint',
  older: {
    '1': 'it has format 1, which is not signed (an older version wrote it): start afresh with another file',
  },
};
const bad = badCheckpoint;

/** A checkpoint kept in a file. */
export interface CheckpointFile {
  readonly checkpoint: Checkpoint;
  /** Jobs it held when read. */
  readonly found: number;
  /** Writes the checkpoint if something is new and a write is due (`force`: now). */
  save(force?: boolean): void;
  /** Writes it at the end of the proof: why it could not, if it could not. */
  finish(): string | undefined;
  /** Lets the file go to other processes: at the end of the proof. */
  release(): void;
}

/**
 * Opens `path` for a proof of `identity`, signed with `key`: locks it for this process and reads
 * it if it exists (refusing a file in use by another process, or a damaged, unsigned, forged or
 * foreign checkpoint, with `CommandError`), and writes it, to make sure it can be. A write that
 * fails later is said through `tell`, in one line.
 */
export async function openCheckpoint(
  path: string,
  identity: ProofIdentity,
  key: SigningKey | undefined,
  tell: (line: string) => void,
): Promise<CheckpointFile> {
  const release = holdCheckpoint(path);
  try {
    const checkpoint = (await readCheckpoint(path, identity, key)) ?? new Checkpoint(identity);
    const writer = await checkpointWriter(
      path,
      () => checkpointText(checkpoint, key),
      () => checkpoint.changes,
      tell,
    );
    return { checkpoint, found: checkpoint.size, ...writer, release };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * The checkpoint in `path` for a proof of `identity`, signed with `key`, or undefined if there is
 * none; read only, without the lock: a file is always whole.
 */
export function readCheckpoint(
  path: string,
  identity: ProofIdentity,
  key: SigningKey | undefined,
): Promise<Checkpoint | undefined> {
  return readSignedFile(path, (text) => parseCheckpoint(text, identity, key));
}

/** The file: header line and body (see the module comment). */
export function checkpointText(checkpoint: Checkpoint, key: SigningKey | undefined): string {
  const kept = new Map(checkpoint.kept());
  const jobs: Record<string, unknown> = {};
  for (const [job, record] of kept) jobs[job] = recordJson(record);
  const rechecked: Record<string, number | null> = {};
  for (const [job, cost] of checkpoint.keptRechecks(kept)) {
    rechecked[job] = Number.isFinite(cost) ? cost : null;
  }
  const body = { proof: identityJson(checkpoint.identity), jobs };
  return signedText(
    FORMAT,
    JSON.stringify(Object.keys(rechecked).length > 0 ? { ...body, rechecked } : body),
    key,
  );
}

/**
 * The checkpoint in `text` for a proof of `identity`, checked in turn: its frame (header,
 * length, checksum, signature with `key`: signed-file.ts), its shape (records' schema), and the
 * proof it is for. Throws `CommandError('bad-checkpoint')` naming what is wrong.
 */
export async function parseCheckpoint(
  text: string,
  identity: ProofIdentity,
  key: SigningKey | undefined,
): Promise<Checkpoint> {
  const doc = openSigned(FORMAT, text, key);
  const { checkpointBodySchema, problemOf } = await import('../queue/records.js');
  const parsed = checkpointBodySchema.safeParse(doc);
  if (!parsed.success) throw bad(`its body is not valid (${problemOf(parsed.error)})`);
  const { proof, jobs, rechecked = {} } = parsed.data;
  if (JSON.stringify(proof) !== JSON.stringify(identityJson(identity))) {
    const theirs = describeIdentity(proof as ProofIdentity);
    throw bad(
      `it was made for another proof (${theirs}), not this one (${describeIdentity(identity)})`,
    );
  }
  const checkpoint = new Checkpoint(identity);
  for (const [job, record] of Object.entries(jobs)) checkpoint.put(job, recordOf(record));
  // What a recheck found is believed only from a signed file: read unsigned, every answer is
  // solved again.
  if (key) {
    for (const [job, cost] of Object.entries(rechecked)) {
      checkpoint.markRechecked(job, cost ?? Number.POSITIVE_INFINITY);
    }
  }
  return checkpoint;
}
