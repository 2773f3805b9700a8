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
import type { Checkpoint } from './checkpoint.js';
import type { JobRunner, ProofJob } from './jobs.js';

/** Where the claims solved again and found true are kept, so that a recheck stopped goes on. */
export type RecheckRecord = Pick<Checkpoint, 'rechecked' | 'markRechecked'>;

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

/** What a proof relied on, and what checking it found. */
export interface Reliance {
  /** Answers taken from a checkpoint: lower bounds, and exact costs (with their strategies). */
  readonly checkpoint: { readonly bounds: number; readonly exact: number };
  /** Answers taken from workers outside this process. */
  readonly workers: { readonly bounds: number; readonly exact: number };
  /** How many of them were solved again here, and agreed. */
  readonly rechecked: number;
  /**
   * How many `--recheck` did not solve again because an earlier run had, and found them true,
   * as the checkpoint says (read back, so taken as written).
   */
  readonly recheckedEarlier: number;
  /** How many `--recheck` picked but did not solve again: it was asked to stop first. */
  readonly unchecked: number;
  /** The keys of the jobs whose claims solving them again here showed false. */
  readonly refuted: readonly string[];
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
   * hears how many are solved of those picked, and the nodes searched on them so far, now and
   * then; when it returns true the check stops, the claims not yet solved counted `unchecked`.
   * `kept.record` (a checkpoint) is told each claim found true; with `kept.resume`, a claim it
   * says an earlier run found true is not solved again but counted as `recheckedEarlier`. The
   * claims are solved the smallest class first.
   */
  async recheck(
    share: number,
    strict: boolean,
    runner: () => JobRunner,
    watch: (solved: number, picked: number, nodes: number) => boolean = () => false,
    kept?: { readonly record: RecheckRecord; readonly resume: boolean },
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
    const refuted: string[] = [];
    let solved = 0;
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
      const heard = (): boolean => {
        let nodes = nodesDone;
        for (const n of running.values()) nodes += n;
        if (!asked && watch(solved, todo.length, nodes)) {
          asked = true;
          stop();
        }
        return asked;
      };
      try {
        let next = 0;
        const lane = async (): Promise<void> => {
          while (!asked && next < todo.length) {
            const at = next++;
            const claim = todo[at];
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
            solved++;
            if (answer.first !== undefined) refuted.push(claim.job.key);
            else kept?.record.markRechecked(claim.job.key, claim.cost);
            heard();
          }
        };
        heard();
        await Promise.all(Array.from({ length: Math.max(1, local.concurrency) }, lane));
      } finally {
        await local.close();
      }
    }
    return {
      ...count,
      rechecked: solved - refuted.length,
      recheckedEarlier: earlier,
      unchecked: todo.length - solved,
      refuted: refuted.sort(),
    };
  }
}
