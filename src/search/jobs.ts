/**
 * Jobs of a proof, and how they run. A proof of a whole game is split (search/optimal.ts) into
 * independent jobs: solve one class of secrets, or evaluate one guess at it, within a limit. A
 * job carries everything needed to run it anywhere (the rules, the search settings, the
 * secrets, the guesses that led there), and its answer is a packed cost with, below the limit,
 * the strategy as a packed tree. How jobs run is not decided here: a `JobRunner` is injected,
 * as `solveStatic` takes its `searchSize`. This module has the in-process runner (the library,
 * the browser) and the `JobSolver` every runner ends in; the CLI adds worker threads.
 *
 * `JobQueue` hands jobs to a runner, as many at once as it runs, and makes each job's task only
 * when it starts, so that a job queued behind a success starts with the tighter bound.
 */
import { gameFor } from '../game.js';
import type { Rules } from '../rules.js';
import { OptimalSearch, SearchStopped } from './branch-and-bound.js';

/** The search settings a proof's jobs share. */
export interface SearchSettings {
  readonly consistentOnly: boolean;
  readonly symmetry: boolean;
  readonly lookahead: boolean;
  /** Rank with the WebAssembly kernel where it runs (see search/masks.ts). */
  readonly simd: boolean;
  /** The crush objective's weights (see search/cost.ts). */
  readonly crush: boolean;
  /** Settle for a node's first strategy within the depth (the `depth` objective). */
  readonly firstFound: boolean;
}

/** One piece of a proof: solve a class of secrets, or evaluate one guess at it (`guess` given). */
export interface ProofJob {
  /** Names the job within its proof (see search/checkpoint.ts). */
  readonly key: string;
  readonly rules: Rules;
  readonly settings: SearchSettings;
  /** The guesses that led to the class (for symmetry). */
  readonly history: readonly number[];
  /** The class: secrets still possible, in code order. */
  readonly candidates: Int32Array;
  /** Guesses left. */
  readonly depth: number;
  /** The guess to evaluate; absent to find the best one. */
  readonly guess?: number;
  /** A packed cost the answer must stay under; absent for none. */
  readonly limit?: number;
}

/** What a job found. */
export interface JobAnswer {
  /** The packed cost; without a first guess, a lower bound at or above the limit. */
  readonly cost: number;
  /** When the cost is below the limit, the first guess of the strategy that reaches it. */
  readonly first?: number;
  /** That strategy, packed (see `packTree`), unless the solver was asked to leave it out. */
  readonly tree?: readonly number[];
  /** Nodes searched on the job. */
  readonly nodes: number;
  /** Lookaheads made on the job. */
  readonly lookaheads: number;
}

/**
 * Runs jobs: in this thread, on worker threads, on other machines. `report` hears the nodes
 * searched so far on a job; when it returns true the job should stop (a runner that cannot
 * stop a job at once lets `close` end it).
 */
export interface JobRunner {
  /**
   * Whether its answers come from outside this process (other machines): a proof counts the
   * lower bounds it takes from them, and can solve those jobs again to check them.
   */
  readonly external?: boolean;
  /** How many jobs it runs at once (it may change: see `watch`). */
  readonly concurrency: number;
  /**
   * For a runner whose concurrency grows while it runs (workers joining a queue): called once
   * with `wake`, which it calls when it may take more jobs, and now and then while it waits
   * (so that a proof with nothing running still hears it is asked to stop).
   */
  watch?(wake: () => void): void;
  run(job: ProofJob, report: (nodes: number) => boolean): Promise<JobAnswer>;
  /** Ends every job still running; their promises may never settle. */
  close(): Promise<void>;
}

/** Options of a `JobSolver`. */
interface SolverOptions {
  /** About how much memory its cache may take, in bytes. */
  readonly cacheBytes?: number;
  /** Nodes between reports. */
  readonly progressEvery?: number;
  /**
   * Whether answers carry their strategy trees (default true). Off only where whoever reads
   * the answers can ask the same search for a tree later.
   */
  readonly trees?: boolean;
}

/**
 * Solves jobs one at a time with one search, kept from job to job (its cache serves every job
 * of the same game and settings).
 */
export class JobSolver {
  #search: OptimalSearch | undefined;
  #rules: Rules | undefined;
  #settings: SearchSettings | undefined;
  #report: (nodes: number) => boolean = () => false;
  #before = 0;

  constructor(readonly options: SolverOptions = {}) {}

  /** Runs `job` to its end (or until `report` asks it to stop: then `SearchStopped` is thrown). */
  solve(job: ProofJob, report: (nodes: number) => boolean = () => false): JobAnswer {
    const search = this.searchFor(job.rules, job.settings);
    const before = search.nodes;
    const lookaheadsBefore = search.lookaheads;
    this.#before = before;
    this.#report = report;
    try {
      const limit = job.limit ?? Number.POSITIVE_INFINITY;
      const { candidates, history, depth, guess } = job;
      let cost: number;
      let first: number;
      if (guess === undefined) {
        const outcome = search.solve(candidates, history, depth, limit);
        cost = outcome.cost;
        first = outcome.guess;
      } else {
        cost = search.evaluateGuess(candidates, history, guess, depth, limit);
        first = cost < limit ? guess : -1;
      }
      const packed = first >= 0 && this.options.trees !== false;
      return {
        cost,
        first: first >= 0 ? first : undefined,
        tree: packed ? search.packedTree(candidates, history, depth, first) : undefined,
        nodes: search.nodes - before,
        lookaheads: search.lookaheads - lookaheadsBefore,
      };
    } finally {
      // Work the search does between jobs (planning, when it is shared) reports to no job.
      this.#report = () => false;
    }
  }

  /**
   * The search it solves jobs of `rules` and `settings` with, made anew when they change. The
   * proof that runs its jobs in-process plans with this same search, so that they share one
   * cache and the rankings its lookaheads leave.
   */
  searchFor(rules: Rules, settings: SearchSettings): OptimalSearch {
    const search = this.#search;
    const known = this.#settings;
    // Jobs of one proof share their rules and settings objects: compare those first.
    const same =
      search !== undefined &&
      (rules === this.#rules || search.game === gameFor(rules)) &&
      (settings === known ||
        (known?.consistentOnly === settings.consistentOnly &&
          known.symmetry === settings.symmetry &&
          known.lookahead === settings.lookahead &&
          known.simd === settings.simd &&
          known.crush === settings.crush &&
          known.firstFound === settings.firstFound));
    this.#rules = rules;
    this.#settings = settings;
    if (same) return search;
    this.#search = new OptimalSearch(gameFor(rules), {
      ...settings,
      cacheBytes: this.options.cacheBytes,
      progressEvery: this.options.progressEvery ?? 2048,
      onProgress: ({ nodes }) => this.#report(nodes - this.#before),
    });
    return this.#search;
  }
}

/** A runner that solves each job with `solver`, in this thread, one at a time. */
export function solverRunner(solver: JobSolver): JobRunner {
  return {
    concurrency: 1,
    run: (job, report) => new Promise((resolve) => resolve(solver.solve(job, report))),
    close: async () => {},
  };
}

/** A runner that solves each job in this thread, one at a time, with a solver of its own. */
export function inProcessRunner(options: SolverOptions = {}): JobRunner {
  return solverRunner(new JobSolver(options));
}

/** What a proof ends with when it is stopped before its end. */
export class ProofStopped extends Error {
  constructor() {
    super('proof stopped');
    this.name = 'ProofStopped';
  }
}

/** A job waiting for the runner: its task is made when it starts (null: no longer needed). */
interface Waiting {
  readonly size: number;
  readonly order: number;
  readonly start: () => ProofJob | null;
  readonly finish: (answer: JobAnswer | null) => void;
}

/**
 * Jobs waiting for a runner. With one job at a time they start in the order given (the order a
 * sequential search would take); with more, largest class first, so that the long jobs do not
 * end up alone at the end, or, once the proof has a best to beat (`smallestFirst`), smallest
 * first: each class solved then tightens its siblings' budgets and raises the bound soonest. A
 * job's `finish` is called as soon as it ends and before the next job starts, so that the next
 * job's budget counts what this one found.
 */
export class JobQueue {
  readonly #waiting: Waiting[] = [];
  /** Nodes so far on each running job, by id. */
  readonly #running = new Map<number, number>();
  #nextId = 0;
  #stopped = false;
  /** Jobs start only when this is 0 (see `batch`). */
  #holding = 0;
  /** Of jobs of different sizes on several threads, the smaller starts first. */
  #smallestFirst = false;
  #fail: (error: unknown) => void = () => {};
  /** Rejects with `ProofStopped` when the queue is stopped, or with the error a job failed with. */
  readonly failed: Promise<never>;
  /** Nodes of the jobs done. */
  nodesDone = 0;
  lookaheads = 0;

  /** `onNodes` hears of progress on a running job; when it returns true the queue stops. */
  constructor(
    readonly runner: JobRunner,
    readonly onNodes: () => boolean,
  ) {
    this.failed = new Promise<never>((_, reject) => {
      this.#fail = reject;
    });
    this.failed.catch(() => {});
    runner.watch?.(() => {
      if (this.#stopped) return;
      if (this.onNodes()) void this.stop();
      else this.#dispatch();
    });
  }

  /** Nodes searched so far, on jobs done and running. */
  get nodes(): number {
    let running = 0;
    for (const nodes of this.#running.values()) running += nodes;
    return this.nodesDone + running;
  }

  /**
   * Queues a job of `size` secrets, `order` its place among the others: `start` makes its task
   * when it starts (null if it is no longer needed), and `finish` hears its answer (null if it
   * did not run). Nothing runs once the queue is stopped.
   */
  submit(
    size: number,
    order: number,
    start: () => ProofJob | null,
    finish: (answer: JobAnswer | null) => void,
  ): void {
    if (this.#stopped) return;
    const waiting = this.#waiting;
    const job = { size, order, start, finish };
    // Insert in place (jobs mostly come in order): first the place of the last job not after it.
    let at = waiting.length;
    while (at > 0 && this.#before(job, waiting[at - 1])) at--;
    waiting.splice(at, 0, job);
    this.#dispatch();
  }

  /**
   * Runs `work`, the jobs it queues starting only once it returns: in their order, and each
   * within the limit that what `work` settled meanwhile leaves it (jobs read their limits as
   * they start).
   */
  batch<T>(work: () => T): T {
    this.#holding++;
    try {
      return work();
    } finally {
      if (--this.#holding === 0) this.#dispatch();
    }
  }

  /** From now on, of jobs of different sizes on several threads, the smaller starts first. */
  smallestFirst(): void {
    this.#smallestFirst = true;
    // A stable sort keeps the order given among jobs of one size.
    this.#waiting.sort((a, b) => (this.#before(a, b) ? -1 : this.#before(b, a) ? 1 : 0));
  }

  /** Whether job `a` starts before job `b`. */
  #before(a: Waiting, b: Waiting): boolean {
    if (this.runner.concurrency > 1 && a.size !== b.size) {
      return this.#smallestFirst ? a.size < b.size : a.size > b.size;
    }
    return a.order < b.order;
  }

  /** Stops with `error` (by default `ProofStopped`): nothing more starts, the runner is closed. */
  async stop(error: unknown = new ProofStopped()): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#waiting.length = 0;
    // The nodes the running jobs searched count, though their answers will not come.
    for (const nodes of this.#running.values()) this.nodesDone += nodes;
    this.#running.clear();
    this.#fail(error);
    await this.runner.close();
  }

  #dispatch(): void {
    while (!this.#stopped && this.#holding === 0 && this.#running.size < this.runner.concurrency) {
      const waiting = this.#waiting.shift();
      if (!waiting) return;
      const job = waiting.start();
      if (!job) {
        this.#settle(waiting, null);
        continue;
      }
      const id = this.#nextId++;
      this.#running.set(id, 0);
      const report = (nodes: number): boolean => {
        if (!this.#running.has(id)) return true;
        this.#running.set(id, nodes);
        if (this.onNodes()) void this.stop();
        return this.#stopped;
      };
      this.runner.run(job, report).then(
        (answer) => {
          if (!this.#running.delete(id)) return;
          this.nodesDone += answer.nodes;
          this.lookaheads += answer.lookaheads;
          this.#settle(waiting, answer);
          this.#dispatch();
        },
        (error) => {
          if (!this.#running.delete(id)) return;
          void this.stop(error instanceof SearchStopped ? new ProofStopped() : error);
        },
      );
    }
  }

  /** Calls a job's `finish`; a failure there stops the queue with it. */
  #settle(waiting: Waiting, answer: JobAnswer | null): void {
    try {
      waiting.finish(answer);
    } catch (error) {
      void this.stop(error);
    }
  }
}
