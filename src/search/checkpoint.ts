import { crc32 } from '../checksum.js';
/**
 * Checkpoints: what a proof has finished, kept so that a proof stopped (or killed) can go on
 * where it was instead of starting over. A proof is a set of independent jobs (search/jobs.ts),
 * and every job's answer is a fact that holds whatever else happens: an exact cost with its
 * strategy, or a lower bound. So a checkpoint is just those answers by job, and resuming is
 * running the proof again with every job it has an answer for answered at once.
 *
 * The file is one header line and a JSON body:
 *
 *     codebreaker-checkpoint 1 crc32=1a2b3c4d bytes=12345
 *     {"proof":{"rules":{...},"objective":"expected","maxDepth":null,"consistentOnly":false},
 *      "jobs":{"255/1123:3":[1234567,[...packed tree...]],"255/1123:7":[880003]}}
 *
 * The header's checksum and length cover the body, so a file cut short or changed by hand is
 * detected and refused, never trusted; the `proof` names the question, so a checkpoint of other
 * rules, another objective or another depth cap is refused too. A cost is packed
 * (search/cost.ts); `null` stands for ∞ (no strategy within the depth).
 */
import { CodebreakerError } from '../errors.js';
import { type Rules, feedbackOf, rulesJson } from '../rules.js';
import type { Objective } from './cost.js';

/** The question a proof answers: a checkpoint serves only a proof of the same question. */
export interface ProofIdentity {
  readonly rules: Rules;
  readonly objective: Objective;
  /** The depth cap, or null for none. */
  readonly maxDepth: number | null;
  readonly consistentOnly: boolean;
}

/** A finished job: its packed cost and, when the cost is exact, its packed strategy tree. */
export interface JobRecord {
  readonly cost: number;
  readonly tree?: readonly number[];
}

const MAGIC = 'codebreaker-checkpoint';
const VERSION = 1;

/** The answers of a proof's finished jobs, by job key. */
export class Checkpoint {
  readonly #jobs = new Map<string, JobRecord>();
  /** Counts the records put, so a writer can tell whether anything is new. */
  changes = 0;

  constructor(readonly identity: ProofIdentity) {}

  /**
   * Reads a checkpoint file for a proof of `identity`; throws `CodebreakerError('bad-checkpoint')`
   * naming what is wrong if it is corrupt, cut short, or for another proof.
   */
  static read(text: string, identity: ProofIdentity): Checkpoint {
    const newline = text.indexOf('\n');
    const header = (newline < 0 ? text : text.slice(0, newline)).split(' ');
    if (header[0] !== MAGIC) throw bad('it is not a codebreaker checkpoint');
    if (header[1] !== String(VERSION)) {
      throw bad(`it has format ${header[1]}; this version reads format ${VERSION}`);
    }
    const crc = /^crc32=([0-9a-f]{8})$/.exec(header[2] ?? '')?.[1];
    const bytes = /^bytes=(\d+)$/.exec(header[3] ?? '')?.[1];
    if (crc === undefined || bytes === undefined) throw bad('its header is damaged');
    const body = newline < 0 ? '' : text.slice(newline + 1);
    const encoded = new TextEncoder().encode(body);
    if (encoded.length !== Number(bytes)) {
      throw bad(`it holds ${encoded.length} bytes of ${bytes}: it was cut short or changed`);
    }
    if (crc32(encoded) !== crc) throw bad('its checksum does not match: it was changed or damaged');
    let doc: { proof?: unknown; jobs?: unknown };
    try {
      doc = JSON.parse(body);
    } catch {
      throw bad('its body is not JSON');
    }
    const theirs = describeIdentity(doc.proof as ProofIdentity);
    const ours = describeIdentity(identity);
    if (JSON.stringify(doc.proof) !== JSON.stringify(identityJson(identity))) {
      throw bad(`it was made for another proof (${theirs}), not this one (${ours})`);
    }
    const checkpoint = new Checkpoint(identity);
    if (typeof doc.jobs !== 'object' || doc.jobs === null) throw bad('it has no jobs');
    for (const [key, value] of Object.entries(doc.jobs)) {
      checkpoint.#jobs.set(key, recordFromJson(key, value));
    }
    return checkpoint;
  }

  /** How many jobs it holds. */
  get size(): number {
    return this.#jobs.size;
  }

  /** The record of job `key`, if finished. */
  get(key: string): JobRecord | undefined {
    return this.#jobs.get(key);
  }

  /** Every finished job, in the order first recorded. */
  entries(): IterableIterator<[string, JobRecord]> {
    return this.#jobs.entries();
  }

  /** Records that job `key` finished with `record`. */
  put(key: string, record: JobRecord): void {
    this.#jobs.set(key, record);
    this.changes++;
  }

  /** The file: header line and body (see the module comment). */
  write(): string {
    const jobs: Record<string, unknown[]> = {};
    for (const [key, record] of this.#jobs) jobs[key] = recordJson(record);
    const body = JSON.stringify({ proof: identityJson(this.identity), jobs });
    const encoded = new TextEncoder().encode(body);
    return `${MAGIC} ${VERSION} crc32=${crc32(encoded)} bytes=${encoded.length}\n${body}`;
  }
}

/** A record as the file keeps it: `[cost]` or `[cost, tree]`, ∞ as null. */
export function recordJson({ cost, tree }: JobRecord): unknown[] {
  const packed = Number.isFinite(cost) ? cost : null;
  return tree ? [packed, tree] : [packed];
}

/** A record of job `key` read back; throws `CodebreakerError` if it is not one. */
export function recordFromJson(key: string, value: unknown): JobRecord {
  if (!Array.isArray(value) || (value[0] !== null && typeof value[0] !== 'number')) {
    throw bad(`job ${key} is not a record`);
  }
  const cost = value[0] === null ? Number.POSITIVE_INFINITY : value[0];
  return value.length > 1 ? { cost, tree: value[1] } : { cost };
}

/** The identity as the file keeps it (fixed key order, so it compares as text). */
function identityJson(identity: ProofIdentity): ProofIdentity {
  return {
    rules: rulesJson(identity.rules),
    objective: identity.objective,
    maxDepth: identity.maxDepth,
    consistentOnly: identity.consistentOnly,
  };
}

/** "4 pegs, 6 colours with repetition, objective expected, at most 5 guesses". */
function describeIdentity(identity: ProofIdentity | undefined): string {
  const rules = identity?.rules;
  if (!rules || typeof rules !== 'object') return 'unknown rules';
  const parts = [
    `${rules.pegs} pegs, ${rules.colors} colours ${rules.repeat ? 'with' : 'without'} repetition, alphabet ${rules.alphabet}${feedbackOf(rules) === 'black' ? ', black pegs only' : ''}`,
    `objective ${identity.objective}`,
  ];
  if (identity.maxDepth !== null) parts.push(`at most ${identity.maxDepth} guesses`);
  if (identity.consistentOnly) parts.push('consistent guesses only');
  return parts.join(', ');
}

function bad(why: string): CodebreakerError {
  return new CodebreakerError('bad-checkpoint', `cannot resume from this checkpoint: ${why}`);
}
