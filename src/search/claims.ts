/**
 * What a proof takes on trust, and how to check it. A proof is exact only if every job's answer
 * is: a lower bound says that no strategy of the class costs less, an exact cost that none costs
 * less than it (the strategy that reaches it is played when the result is checked, the claim
 * that nothing is cheaper is not). Answers computed in this process are the search's own; those
 * read back from outside it — a checkpoint, a worker on another machine — are claims. A proof
 * keeps them here, counts them in its result, and can solve any share of them again in this
 * process, each within its own claim as the limit: a job that then finds a strategy below what
 * was claimed shows the claim false.
 */
import { crc32 } from '../checksum.js';
import { type Checkpoint, Rechecks } from './checkpoint.js';
import { JobQueue, type JobRunner, type ProofJob, ProofStopped } from './jobs.js';
import type { Reliance, Solved } from './proof-types.js';

/**
 * Where the claims solved again and found true are kept, so that a recheck stopped goes on, and
 * the pieces of those solved again as several jobs.
 */
export type RecheckRecord = Pick<Checkpoint, 'rechecked' | 'recheckedBound' | 'markRechecked'>;

/** Solves a claim again as the proof solved it, as several jobs (search/recheck-split.ts). */
export interface ClaimSplitter {
  /** Whether the proof solved `job` as several jobs. */
  splits(job: ProofJob): boolean;
  /**
   * Solves `job` again within packed `cost`, its pieces on `queue` and their answers kept in
   * `record`; rejects with the queue's failure.
   */
  solve(job: ProofJob, cost: number, queue: JobQueue, record: RecheckRecord): Promise<Solved>;
}

/** Where a claim came from. */
type ClaimSource = 'checkpoint' | 'workers';

/** One answer taken from outside: its job (without a limit) and the packed cost it claims. */
interface Claim {
  readonly job: ProofJob;
  readonly cost: number;
  /** The answer came with a strategy (its cost exact); else it is a lower bound. */
  readonly exact: boolean;
  readonly source: ClaimSource;
}

/**
 * `record` as a recheck that takes nothing from earlier runs sees it: what this run found, told
 * to `record` too (if there is one).
 */
function thisRunOnly(record: RecheckRecord | undefined): RecheckRecord {
  const found = new Rechecks();
  return {
    rechecked: (key, cost) => found.rechecked(key, cost),
    recheckedBound: (key) => found.recheckedBound(key),
    markRechecked: (key, cost) => {
      found.markRechecked(key, cost);
      record?.markRechecked(key, cost);
    },
  };
}

/** `record`, with `found` told of each piece (a key `isPiece` says is one) newly found true. */
function counting(
  record: RecheckRecord,
  isPiece: (key: string) => boolean,
  found: () => void,
): RecheckRecord {
  return {
    rechecked: (key, cost) => record.rechecked(key, cost),
    recheckedBound: (key) => record.recheckedBound(key),
    markRechecked: (key, cost) => {
      if (isPiece(key) && !record.rechecked(key, cost)) found();
      record.markRechecked(key, cost);
    },
  };
}

/** The share of claims `--recheck` takes, and how a claim is picked for it. */
function picked(key: string, share: number): boolean {
  if (share >= 1) return true;
  // By the key's checksum: the same claims are picked every time, and any share of them.
  const value = Number.parseInt(crc32(new TextEncoder().encode(key)), 16) / 2 ** 32;
  return value < share;
}

/** The claims a proof took, by job key. */
export class Claims {
  readonly #claims = new Map<string, Claim>();

  /** Takes note that job `job` was answered from `source` with packed cost `cost`. */
  add(job: ProofJob, cost: number, exact: boolean, source: ClaimSource): void {
    this.#claims.set(job.key, { job, cost, exact, source });
  }

  /**
   * Solves again, on `runner` (in this process), the claims picked by `share` (0 to 1), each
   * within its claimed cost; `strict` says whether exact costs are least costs (not for a search
   * that settles for the first strategy, whose exact costs claim nothing of the kind). `watch`
   * hears how many are solved of those picked, the nodes searched on them so far and the pieces
   * found true (see `Reliance.pieces`), now and then; when it returns true the check stops, the
   * claims not yet solved counted `unchecked`.
   * `kept.record` (a checkpoint) is told each claim found true; with `kept.resume`, a claim it
   * says an earlier run found true is not solved again but counted as `recheckedEarlier`. The
   * claims are solved the smallest class first; those that `split` says the proof solved as
   * several jobs, after the others, as several jobs again (search/recheck-split.ts), the answers
   * of their pieces kept in `kept.record` too.
   */
  async recheck(
    share: number,
    strict: boolean,
    runner: () => JobRunner,
    watch: (solved: number, picked: number, nodes: number, pieces: number) => boolean = () => false,
    kept?: { readonly record: RecheckRecord; readonly resume: boolean },
    split?: ClaimSplitter,
  ): Promise<Reliance> {
    const count = { checkpoint: { bounds: 0, exact: 0 }, workers: { bounds: 0, exact: 0 } };
    const todo: Claim[] = [];
    let earlier = 0;
    for (const claim of this.#claims.values()) {
      count[claim.source][claim.exact ? 'exact' : 'bounds']++;
      // A claim of ∞ (no strategy within the depth) is checked with no limit at all.
      const checkable = strict || !claim.exact;
      if (share > 0 && checkable && picked(claim.job.key, share)) {
        if (kept?.resume && kept.record.rechecked(claim.job.key, claim.cost)) earlier++;
        else todo.push(claim);
      }
    }
    // The smallest classes first: a recheck stopped (a long one is, run after run) has then
    // solved as many claims as it could, and the largest, hours each on the largest games, last.
    todo.sort((a, b) => a.job.candidates.length - b.job.candidates.length);
    // Split only where exact costs are least costs: a piece's answer is kept as a lower bound.
    const splits = (claim: Claim): boolean => strict && split?.splits(claim.job) === true;
    const whole = todo.filter((claim) => !splits(claim));
    const asJobs = todo.filter(splits);
    const refuted: string[] = [];
    let solved = 0;
    let piecesFound = 0;
    const settle = (claim: Claim, holds: boolean): void => {
      solved++;
      if (holds) kept?.record.markRechecked(claim.job.key, claim.cost);
      else refuted.push(claim.job.key);
    };
    if (todo.length > 0) {
      const local = runner();
      // A runner on threads cannot stop a job at once: a stop ends the wait for it, and `close`
      // ends the job.
      let stop: () => void = () => {};
      const stopped = new Promise<undefined>((resolve) => {
        stop = () => resolve(undefined);
      });
      let asked = false;
      let nodesDone = 0;
      const running = new Map<number, number>();
      // The pieces of split claims share one queue, which runs as many at once as the runner.
      const queue = asJobs.length > 0 ? new JobQueue(local, () => heard()) : undefined;
      const heard = (): boolean => {
        let nodes = nodesDone + (queue?.nodes ?? 0);
        for (const n of running.values()) nodes += n;
        if (!asked && watch(solved, todo.length, nodes, piecesFound)) {
          asked = true;
          stop();
        }
        return asked;
      };
      const lanes = async (lane: () => Promise<void>): Promise<void> => {
        await Promise.all(Array.from({ length: Math.max(1, local.concurrency) }, lane));
      };
      try {
        let next = 0;
        heard();
        await lanes(async () => {
          while (!asked && next < whole.length) {
            const at = next++;
            const claim = whole[at];
            const limit = Number.isFinite(claim.cost) ? claim.cost : undefined;
            const report = (nodes: number): boolean => {
              running.set(at, nodes);
              return heard();
            };
            // A job stopped at the runner's own pace (a search that throws) ends as unsolved.
            const run = local.run({ ...claim.job, limit }, report).catch((error: unknown) => {
              if (asked) return undefined;
              throw error;
            });
            const answer = await Promise.race([run, stopped]);
            running.delete(at);
            if (!answer) return;
            nodesDone += answer.nodes;
            settle(claim, answer.first === undefined);
            heard();
          }
        });
        if (queue && split) {
          // A recheck that does not resume takes no earlier run's pieces either.
          const record = counting(
            kept?.resume ? kept.record : thisRunOnly(kept?.record),
            (key) => !this.#claims.has(key),
            () => piecesFound++,
          );
          next = 0;
          void stopped.then(() => queue.stop());
          // As many claims at once as the runner runs jobs: a guess's classes are solved one
          // after another, so one claim alone would leave threads idle.
          await lanes(async () => {
            while (!asked && next < asJobs.length) {
              const claim = asJobs[next++];
              const answer = await split
                .solve(claim.job, claim.cost, queue, record)
                .catch((error: unknown) => {
                  if (asked || error instanceof ProofStopped) return undefined;
                  throw error;
                });
              if (!answer) return;
              settle(claim, answer.first === undefined);
              heard();
            }
          });
        }
      } finally {
        await local.close();
      }
    }
    return {
      ...count,
      rechecked: solved - refuted.length,
      recheckedEarlier: earlier,
      pieces: piecesFound,
      unchecked: todo.length - solved,
      refuted: refuted.sort(),
    };
  }
}
