/**
 * A proof's ledger: what it reads back and what it writes down. Every class or guess the proof
 * settles is remembered (and, with a checkpoint, written there), and one already settled is
 * answered from what was remembered or written instead of run. Every answer that comes from
 * outside this process (the checkpoint's, or a queue's workers') is a claim, kept in `claims` for
 * the proof to count in its result and to solve again as `recheck` asks (search/claims.ts); what
 * this proof settled itself is not, so a proof that looks again under a higher total (`raise`)
 * starts from its own bounds with nothing read back.
 */
import { CommandError } from '../errors.js';
import type { Checkpoint } from './checkpoint.js';
import { Claims } from './claims.js';
import type { JobAnswer, ProofJob } from './jobs.js';
import type { Solved } from './proof-types.js';

/** What answers read back whose strategy does not play as they claim are told as. */
export function untrusted(): CommandError {
  return new CommandError(
    'bad-checkpoint',
    'the answers read back (the checkpoint, or workers) hold a strategy that does not play as they claim: they cannot be trusted; start afresh with another file or queue',
  );
}

/**
 * Where a ledger reads answers back and writes its own: a checkpoint, or the rechecks one holds
 * (search/recheck-split.ts).
 */
export type AnswerStore = Pick<Checkpoint, 'get' | 'put'>;

/** One proof's checkpoint and claims. */
export class Ledger {
  /** The answers taken from outside this process. */
  readonly claims = new Claims();
  /** Jobs answered from the checkpoint instead of run. */
  resumed = 0;
  readonly #checkpoint: AnswerStore | undefined;
  /**
   * What this proof settled, by job: answers its own jobs found, or made from answers already
   * counted as claims when they were read (those from a queue's workers, when `record`ed).
   */
  readonly #own = new Map<string, Solved>();
  /** The jobs' answers come from outside this process (a queue's workers). */
  readonly #external: boolean;

  constructor(checkpoint: AnswerStore | undefined, external: boolean) {
    this.#checkpoint = checkpoint;
    this.#external = external;
  }

  /**
   * What the checkpoint says of job `key` if it settles it now: an exact cost, or a lower bound
   * at or above `budget()`; undefined if the job must run. What it settles is a claim from
   * outside this process: `claimed` makes its job, to check it.
   */
  recorded(
    key: string,
    budget: () => number | null,
    claimed: () => ProofJob,
  ): Solved | null | undefined {
    const own = this.#own.get(key);
    if (own) {
      if (own.first !== undefined) return own;
      const limit = budget();
      if (limit === null) return null;
      return own.cost >= limit ? own : undefined;
    }
    const record = this.#checkpoint?.get(key);
    if (!record) return undefined;
    if (record.tree) {
      this.resumed++;
      this.claims.add(claimed(), record.cost, true, 'checkpoint');
      return { cost: record.cost, first: record.tree[0], tree: record.tree };
    }
    const limit = budget();
    if (limit !== null && record.cost < limit) return undefined;
    this.resumed++;
    if (limit === null) return null;
    this.claims.add(claimed(), record.cost, false, 'checkpoint');
    return { cost: record.cost };
  }

  /**
   * The lower bound (packed) this proof or the checkpoint holds for job `key`, whatever the
   * budget, if `raises` says it raises the bound at hand: one below the budget does not settle
   * the job, but still bounds it from the start. Taken from the checkpoint, it is a claim, as any
   * answer read back (`claimed` makes its job); undefined if neither holds one, or one holds a
   * strategy, or one lower.
   */
  bound(
    key: string,
    raises: (cost: number) => boolean,
    claimed: () => ProofJob,
  ): number | undefined {
    const own = this.#own.get(key);
    if (own) return own.first === undefined && raises(own.cost) ? own.cost : undefined;
    const record = this.#checkpoint?.get(key);
    if (!record || record.tree || !raises(record.cost)) return undefined;
    this.claims.add(claimed(), record.cost, false, 'checkpoint');
    return record.cost;
  }

  /**
   * A job's answer as a solved class, recorded in the checkpoint; an answer from outside this
   * process is a claim (`claimed` makes its job).
   */
  record(claimed: () => ProofJob, answer: JobAnswer): Solved {
    const { cost, first, tree } = answer;
    const job = claimed();
    if (this.#external) this.claims.add(job, cost, first !== undefined, 'workers');
    return this.remember(job.key, first === undefined ? { cost } : { cost, first, tree });
  }

  /** Remembers a solved class, and records it in the checkpoint; returns it. */
  remember(key: string, solved: Solved): Solved {
    const { cost, first, tree } = solved;
    this.#own.set(key, solved);
    if (first === undefined) this.#checkpoint?.put(key, { cost });
    else if (tree) this.#checkpoint?.put(key, { cost, tree });
    return solved;
  }

  /** Whether answers from outside this process (a checkpoint, workers) went into the proof. */
  readBack(): boolean {
    return this.resumed > 0 || this.#external;
  }
}
