/**
 * The static search on several threads. Each set size is dealt out in shards (see
 * search/static.ts), one per worker thread; a size is settled by the first worker that finds a
 * set, or refuted when every shard ends without one. A local search for a smaller set runs on
 * every thread at once, each with a seed of its own, until one finds a set or time is up.
 * With a checkpoint, a size is searched as jobs instead, a job at a time to each worker free
 * (`searchJobs`). Workers live across sizes and are ended when a set is found (the others are
 * mid-search) or when the search is over.
 * The worker is the module static-worker next to this one (started as workers.ts explains).
 */
import type { Worker } from 'node:worker_threads';
import type { Rules } from '../../rules.js';
import type { SizeSearchResult } from '../../search/static-size.js';
import { pastDeadline } from '../../search/static.js';
import { CLI_HOME } from '../home.js';
import { startWorker } from '../workers.js';

/** What the main thread asks a worker: one shard of one size. */
export interface ShardTask {
  readonly kind: 'shard';
  readonly rules: Rules;
  readonly size: number;
  readonly shard: { readonly index: number; readonly count: number };
  readonly deadline?: number;
  /** Searched by colour sets (search/static-colours.ts), the shard a share of the families. */
  readonly byColourSets?: boolean;
}

/** Or: a local search for a set of `size`, from `from`, with a seed of its own. */
export interface LocalTask {
  readonly kind: 'local';
  readonly rules: Rules;
  readonly size: number;
  readonly from: readonly number[];
  readonly seed: number;
  readonly deadline: number;
}

/** Or: job `index` of one size, the sets that begin with `prefix` (static-checkpoint.ts). */
export interface JobTask {
  readonly kind: 'job';
  readonly rules: Rules;
  readonly size: number;
  readonly index: number;
  readonly prefix: readonly number[];
  readonly deadline?: number;
  /** The job is a family of colour sets (its masks in `prefix`) to arrange. */
  readonly byColourSets?: boolean;
}

/** What a worker says back: sets visited so far, then its result. */
export type WorkerReport =
  | { readonly kind: 'progress'; readonly nodes: number }
  | ({ readonly kind: 'done' } & SizeSearchResult)
  | ({ readonly kind: 'job'; readonly index: number } & SizeSearchResult)
  | { readonly kind: 'local'; readonly guesses?: number[] };

/** How `StaticPool.searchJobs` runs the jobs of one size. */
export interface JobRun {
  readonly rules: Rules;
  readonly size: number;
  /** Each job's prefix, by job number. */
  readonly prefixes: readonly (readonly number[])[];
  /** The jobs to run, in order. */
  readonly todo: readonly number[];
  readonly deadline?: number;
  /** Hears the sets visited so far by the jobs of this call, summed. */
  readonly onNodes: (nodes: number) => void;
  /** Hears each job that ran to its end without a set. */
  readonly onRefuted: (index: number, nodes: number) => void;
  /** The jobs are families of colour sets (their masks as `prefixes`) to arrange. */
  readonly byColourSets?: boolean;
}

/** A pool of worker threads that search set sizes together. */
export class StaticPool {
  #workers: Worker[] = [];
  /** Set by `interrupt`: every search from then on ends at once, with nothing found. */
  #interrupted = false;
  /** Ends the search running now as `interrupt` says, if one is. */
  #interruptRunning: (() => void) | undefined;

  constructor(readonly threads: number) {}

  /**
   * Searches `size` on every thread (by colour sets if `byColourSets`); `onNodes` hears the sets
   * visited so far, summed.
   */
  searchSize(
    rules: Rules,
    size: number,
    deadline: number | undefined,
    onNodes: (nodes: number) => void,
    byColourSets = false,
  ): Promise<SizeSearchResult> {
    const nodes = new Array<number>(this.threads).fill(0);
    const results: SizeSearchResult[] = [];
    const stopped = (): SizeSearchResult => ({
      complete: false,
      nodes: nodes.reduce((a, b) => a + b, 0),
    });
    return this.#run<SizeSearchResult>(
      stopped,
      (index, count) => ({
        kind: 'shard',
        rules,
        size,
        shard: { index, count },
        deadline,
        ...(byColourSets ? { byColourSets } : {}),
      }),
      (index, report, settle) => {
        if (report.kind === 'local' || report.kind === 'job') return;
        nodes[index] = report.nodes;
        const total = nodes.reduce((a, b) => a + b, 0);
        if (report.kind === 'progress') {
          onNodes(total);
          return;
        }
        results.push(report);
        if (report.guesses) settle({ guesses: report.guesses, complete: true, nodes: total });
        else if (results.length === this.threads) {
          settle({ complete: results.every((r) => r.complete), nodes: total });
        }
      },
    );
  }

  /**
   * Runs the jobs `todo` of one size, a job at a time on each worker, the next to the first
   * worker free: settles with the first set found, or complete once every job has ended without
   * one, or not complete at the deadline or when interrupted. Each job refuted is told to
   * `onRefuted` as it ends, so a checkpoint can keep it. Past the deadline no job is started: a
   * job looks at the clock only every so many sets, which a small one may never reach.
   */
  searchJobs(run: JobRun): Promise<SizeSearchResult> {
    const { rules, size, prefixes, todo, deadline, onNodes, onRefuted } = run;
    let next = 0;
    let finished = 0;
    let finishedNodes = 0;
    const running = new Array<number>(this.threads).fill(0);
    const task = (index: number): JobTask => {
      const job = todo[index];
      return {
        kind: 'job',
        rules,
        size,
        index: job,
        prefix: prefixes[job],
        deadline,
        ...(run.byColourSets ? { byColourSets: true } : {}),
      };
    };
    const total = (): number => finishedNodes + running.reduce((a, b) => a + b, 0);
    if (todo.length === 0) return Promise.resolve({ complete: true, nodes: 0 });
    if (pastDeadline(deadline)) return Promise.resolve({ complete: false, nodes: 0 });
    return this.#run<SizeSearchResult>(
      () => ({ complete: false, nodes: total() }),
      (worker) => (worker < todo.length ? task(next++) : undefined),
      (worker, report, settle, give) => {
        if (report.kind === 'progress') {
          running[worker] = report.nodes;
          onNodes(total());
          return;
        }
        if (report.kind !== 'job') return;
        running[worker] = 0;
        finishedNodes += report.nodes;
        if (report.guesses) {
          settle({ guesses: report.guesses, complete: true, nodes: total() });
          return;
        }
        if (!report.complete) {
          settle({ complete: false, nodes: total() });
          return;
        }
        onRefuted(report.index, report.nodes);
        finished++;
        if (next < todo.length && pastDeadline(deadline)) {
          settle({ complete: false, nodes: total() });
        } else if (next < todo.length) give(task(next++));
        else if (finished === todo.length) settle({ complete: true, nodes: total() });
      },
    );
  }

  /**
   * Looks for a set of `size` guesses by local search on every thread (seeds 1, 2, …; each
   * move over every position) until `deadline`: the first set found, or none.
   */
  localSearch(
    rules: Rules,
    size: number,
    from: readonly number[],
    deadline: number,
  ): Promise<number[] | undefined> {
    let answered = 0;
    return this.#run<number[] | undefined>(
      () => undefined,
      (index) => ({ kind: 'local', rules, size, from, seed: index + 1, deadline }),
      (_index, report, settle) => {
        if (report.kind !== 'local') return;
        answered++;
        if (report.guesses) settle(report.guesses);
        else if (answered === this.threads) settle(undefined);
      },
    );
  }

  /**
   * Ends the search running now, and every one after, at once: each settles with what it has
   * (nothing found, not complete), and the workers are ended. For Ctrl-C.
   */
  interrupt(): void {
    this.#interrupted = true;
    this.#interruptRunning?.();
  }

  /**
   * Sends each worker its task (none if `task` gives none) and passes its reports to `hear`
   * until `hear` settles the outcome; `give` sends the reporting worker another task. Workers
   * still busy then (another one found a set) are ended. Interrupted, it settles with
   * `stopped()`.
   */
  #run<T>(
    stopped: () => T,
    task: (index: number, count: number) => ShardTask | LocalTask | JobTask | undefined,
    hear: (
      index: number,
      report: WorkerReport,
      settle: (outcome: T) => void,
      give: (task: ShardTask | LocalTask | JobTask) => void,
    ) => void,
  ): Promise<T> {
    if (this.#interrupted) return Promise.resolve(stopped());
    while (this.#workers.length < this.threads)
      this.#workers.push(startWorker('static-worker', CLI_HOME));
    const workers = this.#workers;
    let busy = 0;
    return new Promise((resolve, reject) => {
      // Remove only our own listeners: Worker keeps listeners of its own on itself.
      const detach: (() => void)[] = [];
      let settled = false;
      const finish = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        this.#interruptRunning = undefined;
        for (const off of detach) off();
        outcome();
        if (busy > 0) void this.close();
      };
      this.#interruptRunning = () => finish(() => resolve(stopped()));
      workers.forEach((worker, index) => {
        const give = (next: ShardTask | LocalTask | JobTask): void => {
          busy++;
          worker.postMessage(next);
        };
        const onMessage = (report: WorkerReport): void => {
          if (report.kind !== 'progress') busy--;
          hear(index, report, (outcome) => finish(() => resolve(outcome)), give);
        };
        const onError = (error: Error): void => finish(() => reject(error));
        const onExit = (code: number): void =>
          finish(() => reject(new Error(`a static search worker stopped (exit code ${code})`)));
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
        detach.push(() =>
          worker.off('message', onMessage).off('error', onError).off('exit', onExit),
        );
        const first = task(index, workers.length);
        if (first) give(first);
      });
    });
  }

  /** Ends every worker. */
  async close(): Promise<void> {
    const workers = this.#workers;
    this.#workers = [];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
