/**
 * Checkpoints: what a proof has finished, kept so that a proof stopped (or killed) can go on
 * where it was instead of starting over. A proof is a set of independent jobs (search/jobs.ts),
 * and every job's answer is a fact that holds whatever else happens: an exact cost with its
 * strategy, or a lower bound. So a checkpoint is just those answers by job, and resuming is
 * running the proof again with every job it has an answer for answered at once.
 *
 * This is the checkpoint as the proof uses it; where it is kept, and how what is read back is
 * checked before it is believed (a signed file, signed records in Redis), is the command line's
 * (cli/checkpoint-file.ts, cli/queue-runner.ts). A cost is packed (search/cost.ts); a record
 * without a tree is a lower bound.
 */
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

/** A job's key as search/optimal.ts makes it: the depth, then guesses and answers. */
export const JOB_KEY = /^\d+\/[\d:/]+$/;

/** A record as files and Redis keep it: `[cost]` or `[cost, tree]`, ∞ as null. */
type RecordJson = [number | null] | [number, number[]];

/** `record` as files and Redis keep it. */
export function recordJson({ cost, tree }: JobRecord): RecordJson {
  if (tree) return [cost, [...tree]];
  return [Number.isFinite(cost) ? cost : null];
}

/** A record read back (already checked for its shape), as the proof keeps it. */
export function recordOf(json: RecordJson): JobRecord {
  const cost = json[0] ?? Number.POSITIVE_INFINITY;
  return json.length > 1 ? { cost, tree: json[1] } : { cost };
}

/**
 * By job, the packed cost below which a recheck found no strategy: whether the claim solved again
 * was an exact cost or a lower bound, that is what solving it again shows. A job's cost only rises.
 */
export class Rechecks {
  readonly #bounds = new Map<string, number>();

  /**
   * Whether a recheck found that no strategy of job `key`'s class costs less than packed `cost`
   * (or more), which is what a claim of that cost, exact or a lower bound, says.
   */
  rechecked(key: string, cost: number): boolean {
    return (this.#bounds.get(key) ?? Number.NEGATIVE_INFINITY) >= cost;
  }

  /** The packed cost below which a recheck found no strategy of job `key`'s class, if any. */
  recheckedBound(key: string): number | undefined {
    return this.#bounds.get(key);
  }

  /**
   * Records that a recheck found that no strategy of job `key`'s class costs less than `cost`;
   * false if that was known already.
   */
  markRechecked(key: string, cost: number): boolean {
    if (this.rechecked(key, cost)) return false;
    this.#bounds.set(key, cost);
    return true;
  }

  /** Every recheck recorded (job and cost), in the order first recorded. */
  entries(): IterableIterator<[string, number]> {
    return this.#bounds.entries();
  }
}

/**
 * The answers of a proof's finished jobs, by job key, and which of them a `--recheck` has solved
 * again and found true, so that a recheck stopped goes on where it stopped.
 */
export class Checkpoint {
  readonly #jobs = new Map<string, JobRecord>();
  /** What rechecks found, by job. */
  readonly #rechecked = new Rechecks();
  /** Counts the records put, so a writer can tell whether anything is new. */
  changes = 0;

  constructor(readonly identity: ProofIdentity) {}

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

  /**
   * The records a file needs to resume the proof from: a record below an exact one (the classes
   * and guesses of a job that its tree answers for) is left out, and one below a lower bound
   * keeps its cost alone, a lower bound too. Those trees serve only if the job above is run again,
   * which a later run, its budgets no looser, seldom does; when it does, it solves them again
   * (6 × 5's finished checkpoint proved its value again in 195 s on two threads).
   */
  *kept(): Generator<[string, JobRecord]> {
    for (const [key, record] of this.#jobs) {
      const above = this.#above(key);
      if (above === 'exact') continue;
      yield [key, above === 'bound' && record.tree ? { cost: record.cost } : record];
    }
  }

  /** What the records of the jobs `key` is part of hold: a tree, a lower bound alone, or none. */
  #above(key: string): 'exact' | 'bound' | undefined {
    let found: 'bound' | undefined;
    // The jobs above are the key cut before a later ':' or '/' (search/class-jobs.ts names them).
    for (let i = key.indexOf('/') + 1; i < key.length; i++) {
      const char = key[i];
      if (char !== ':' && char !== '/') continue;
      const record = this.#jobs.get(key.slice(0, i));
      if (record?.tree) return 'exact';
      if (record) found = 'bound';
    }
    return found;
  }

  /** Records that job `key` finished with `record`. */
  put(key: string, record: JobRecord): void {
    this.#jobs.set(key, record);
    this.changes++;
  }

  /** See `Rechecks.rechecked`. */
  rechecked(key: string, cost: number): boolean {
    return this.#rechecked.rechecked(key, cost);
  }

  /** See `Rechecks.recheckedBound`. */
  recheckedBound(key: string): number | undefined {
    return this.#rechecked.recheckedBound(key);
  }

  /** Records that a recheck found that no strategy of job `key`'s class costs less than `cost`. */
  markRechecked(key: string, cost: number): void {
    if (this.#rechecked.markRechecked(key, cost)) this.changes++;
  }

  /** Every recheck recorded (job and cost), in the order first recorded. */
  rechecks(): IterableIterator<[string, number]> {
    return this.#rechecked.entries();
  }

  /**
   * The rechecks a file needs, given the records it keeps (`kept`): those of kept jobs, and
   * those of the jobs below a kept job not yet found true, the pieces of a claim solved again as
   * jobs (search/recheck-split.ts) that a recheck stopped goes on from. Once the claim is found
   * true, its pieces serve no more.
   */
  *keptRechecks(kept: ReadonlyMap<string, JobRecord>): Generator<[string, number]> {
    for (const [key, cost] of this.#rechecked.entries()) {
      if (kept.has(key) || this.#inProgress(key, kept)) yield [key, cost];
    }
  }

  /** Whether a job above `key` is kept and not yet found true by a recheck. */
  #inProgress(key: string, kept: ReadonlyMap<string, JobRecord>): boolean {
    for (let i = key.indexOf('/') + 1; i < key.length; i++) {
      const char = key[i];
      if (char !== ':' && char !== '/') continue;
      const above = key.slice(0, i);
      const record = kept.get(above);
      if (record && !this.rechecked(above, record.cost)) return true;
    }
    return false;
  }
}

/** The identity as a file keeps it (fixed key order, so it compares as text). */
export function identityJson(identity: ProofIdentity): ProofIdentity {
  return {
    rules: rulesJson(identity.rules),
    objective: identity.objective,
    maxDepth: identity.maxDepth,
    consistentOnly: identity.consistentOnly,
  };
}

/** "4 pegs, 6 colours with repetition, objective expected, at most 5 guesses". */
export function describeIdentity(identity: ProofIdentity | undefined): string {
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
