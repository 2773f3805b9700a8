/**
 * The optimal search on several threads. The work is split at the top of the tree: the main
 * thread ranks the first guesses (few, after symmetry: 5 for Mastermind, 1 for Bulls and Cows)
 * and tries them in order; each guess's classes are independent subproblems, dealt out to the
 * worker threads largest first. Each class is sent with the budget the best strategy so far
 * leaves it (that best total minus what the other classes are known or bound to cost), so a
 * guess is refuted as soon as one class cannot fit. Each worker keeps its cache across classes.
 */
import type { Worker } from 'node:worker_threads';
import { allCandidates, classOf, partition } from '../candidates.js';
import type { Game } from '../game.js';
import type { Rules } from '../rules.js';
import type { SizeBounds } from '../search/bounds.js';
import {
  type OptimalOptions,
  type OptimalResult,
  OptimalSearch,
  type SearchProgress,
  UNLIMITED,
  costMax,
  costTotal,
  depthsToTry,
  heuristicFallback,
  impossible,
  packCost,
} from '../search/optimal.js';
import { type TreeNode, treeStrategy } from '../tree.js';
import { startWorker } from './workers.js';

/** One class for a worker to solve. */
export interface ClassTask {
  readonly id: number;
  readonly rules: Rules;
  readonly consistentOnly: boolean;
  readonly symmetry: boolean;
  readonly candidates: Int32Array;
  readonly history: number[];
  readonly depth: number;
  /** A packed cost the class must stay under; absent for none. */
  readonly limit?: number;
}

/** What a worker says back: nodes searched so far on a task, then its result. */
export type WorkerReport =
  | { readonly kind: 'progress'; readonly id: number; readonly nodes: number }
  | {
      readonly kind: 'done';
      readonly id: number;
      readonly cost: number;
      readonly tree?: TreeNode;
      readonly nodes: number;
    };

/** Options of the threaded search. */
export interface ThreadedOptions extends Omit<OptimalOptions, 'onProgress'> {
  threads: number;
  /** Hears where the search stands (nodes on all threads); returns true to stop it. */
  onProgress?: (progress: SearchProgress) => boolean;
}

interface Job {
  task: ClassTask;
  size: number;
}

/** A pool of workers solving classes; a class that fails or errs rejects its batch. */
class ClassPool {
  readonly #workers: Worker[] = [];
  readonly #progress = new Map<number, number>();
  #abort: (() => void) | undefined;
  nodesDone = 0;

  constructor(
    readonly threads: number,
    readonly onNodes: () => void,
  ) {}

  get nodes(): number {
    let running = 0;
    for (const n of this.#progress.values()) running += n;
    return this.nodesDone + running;
  }

  /**
   * Runs jobs largest first; `limitFor` gives each its budget when it starts (undefined: the
   * batch is already refuted, skip it); `onDone` hears each result.
   */
  run(
    jobs: Job[],
    limitFor: (job: Job) => number | null,
    onDone: (job: Job, report: Extract<WorkerReport, { kind: 'done' }>) => void,
  ): Promise<void> {
    while (this.#workers.length < this.threads) {
      this.#workers.push(startWorker('optimal-worker', import.meta.url));
    }
    const queue = [...jobs].sort((a, b) => b.size - a.size);
    let running = 0;
    return new Promise((resolve, reject) => {
      const next = (worker: Worker): void => {
        for (;;) {
          const job = queue.shift();
          if (!job) {
            if (running === 0) finish(resolve);
            return;
          }
          const limit = limitFor(job);
          if (limit === null) continue;
          running++;
          const task = {
            ...job.task,
            limit: limit === Number.POSITIVE_INFINITY ? undefined : limit,
          };
          worker.removeAllListeners('message');
          worker.on('message', (report: WorkerReport) => {
            if (report.kind === 'progress') {
              this.#progress.set(report.id, report.nodes);
              this.onNodes();
              return;
            }
            this.#progress.delete(report.id);
            this.nodesDone += report.nodes;
            running--;
            onDone(job, report);
            next(worker);
          });
          worker.postMessage(task);
          return;
        }
      };
      const finish = (outcome: () => void): void => {
        this.#abort = undefined;
        for (const worker of this.#workers) {
          worker.removeAllListeners('message');
          worker.removeAllListeners('error');
        }
        outcome();
      };
      this.#abort = () => finish(resolve);
      for (const worker of this.#workers) {
        worker.on('error', (error) => finish(() => reject(error)));
      }
      for (const worker of this.#workers) next(worker);
      if (queue.length === 0 && running === 0) finish(resolve);
    });
  }

  /** Ends the workers; a batch still running resolves at once (its results are lost). */
  close(): Promise<number[]> {
    this.#abort?.();
    return Promise.all(this.#workers.splice(0).map((worker) => worker.terminate()));
  }
}

class Stopped extends Error {}

/** `findOptimal` on several threads (see the module comment). */
export async function findOptimalThreaded(
  game: Game,
  options: ThreadedOptions,
): Promise<OptimalResult> {
  const ranker = new OptimalSearch(game, options);
  const cap = options.maxDepth ?? UNLIMITED;
  const depths = depthsToTry(options, ranker.bounds.depth[game.size]);
  let stop = false;
  const pool = new ClassPool(options.threads, () => {
    const progress = {
      nodes: pool.nodes,
      best: costTotal(best),
      lowerBound: costTotal(Math.min(best, frontier)),
    };
    if (options.onProgress?.(progress)) {
      stop = true;
      void pool.close();
    }
  });
  const timer = setInterval(() => pool.onNodes(), 250);
  let best = Number.POSITIVE_INFINITY;
  let bestRoot: TreeNode | undefined;
  let frontier = packCost(ranker.bounds.total[game.size], 0);
  try {
    for (const depth of depths) {
      const all = allCandidates(game);
      const { guesses, bounds } = ranker.rankGuesses(all, [], depth);
      best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < guesses.length; i++) {
        if (bounds[i] >= best) break;
        frontier = bounds[i];
        const evaluated = await evaluateGuess(game, pool, guesses[i], depth, best, {
          options,
          bounds: ranker.bounds,
          stopped: () => stop,
        });
        if (evaluated && evaluated.cost < best) {
          best = evaluated.cost;
          bestRoot = evaluated.root;
        }
      }
      if (bestRoot) {
        return {
          strategy: treeStrategy({ game, root: bestRoot }, 'optimal'),
          cost: best,
          proved: true,
          lowerBound: costTotal(best),
          depth,
          nodes: pool.nodes,
          impossible: false,
        };
      }
    }
    return impossible(cap, pool.nodes);
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
    if (bestRoot) {
      return {
        strategy: treeStrategy({ game, root: bestRoot }, 'optimal'),
        cost: best,
        proved: false,
        lowerBound: Math.min(costTotal(frontier), costTotal(best)),
        depth: cap,
        nodes: pool.nodes,
        impossible: false,
      };
    }
    const fallback = heuristicFallback(game, options, cap);
    return {
      strategy: fallback?.strategy,
      cost: fallback?.cost ?? Number.POSITIVE_INFINITY,
      proved: false,
      lowerBound: costTotal(frontier),
      depth: cap,
      nodes: pool.nodes,
      impossible: false,
    };
  } finally {
    clearInterval(timer);
    await pool.close();
  }
}

/** The cost and tree of `guess` at the root if it beats `best`; undefined if it cannot. */
async function evaluateGuess(
  game: Game,
  pool: ClassPool,
  guess: number,
  depth: number,
  best: number,
  context: { options: ThreadedOptions; bounds: SizeBounds; stopped: () => boolean },
): Promise<{ cost: number; root: TreeNode } | undefined> {
  const { options, bounds, stopped } = context;
  const all = allCandidates(game);
  const n = all.length;
  const split = partition(game, guess, all);
  const children = new Map<number, TreeNode>();
  let total = n;
  let deepest = 1;
  const jobs: Job[] = [];
  const lower = new Map<number, number>();
  for (let answer = 0; answer < game.answers; answer++) {
    const members = classOf(split, answer);
    if (members.length === 0 || answer === game.solved) continue;
    if (members.length <= 2) {
      const [first, second] = members;
      const leaf = { guess: first, children: new Map<number, TreeNode>() };
      if (second !== undefined)
        leaf.children.set(game.score(first, second), { guess: second, children: new Map() });
      children.set(answer, leaf);
      total += members.length === 1 ? 1 : 3;
      deepest = Math.max(deepest, members.length + 1);
      continue;
    }
    lower.set(answer, bounds.total[members.length]);
    jobs.push({
      size: members.length,
      task: {
        id: answer,
        rules: game.rules,
        consistentOnly: options.consistentOnly ?? false,
        symmetry: options.symmetry ?? true,
        candidates: members.slice(),
        history: [guess],
        depth: depth - 1,
      },
    });
  }
  let refuted = false;
  const bestTotal = costTotal(best);
  const pending = (except: number): number => {
    let sum = 0;
    for (const [answer, bound] of lower) if (answer !== except) sum += bound;
    return sum;
  };
  await pool.run(
    jobs,
    (job) => {
      if (refuted || stopped()) return null;
      if (best === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
      const allowed = bestTotal - total - pending(job.task.id);
      if (allowed < lower.get(job.task.id)!) {
        refuted = true;
        return null;
      }
      return packCost(allowed + 1, 0);
    },
    (job, report) => {
      if (!report.tree) {
        refuted = true;
        return;
      }
      lower.delete(job.task.id);
      children.set(job.task.id, report.tree);
      total += costTotal(report.cost);
      deepest = Math.max(deepest, costMax(report.cost) + 1);
    },
  );
  if (stopped()) throw new Stopped();
  if (refuted) return undefined;
  const cost = packCost(total, deepest);
  return cost < best ? { cost, root: { guess, children } } : undefined;
}
