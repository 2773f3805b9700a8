/**
 * The optimal search on several threads, sharing the best bound.
 *
 * The main thread drives the top of the tree and the worker threads do the searching:
 * - the first guesses (few after symmetry: 5 for Mastermind, 1 for Bulls and Cows) are tried
 *   in order of their bounds, one after the other;
 * - a first guess's classes are independent subproblems, solved at once on the workers, each
 *   within the budget the best strategy so far leaves it (that best total minus what the other
 *   classes are known or bound to cost), so a guess is refuted as soon as one class cannot fit;
 * - a large class is split again: the main thread ranks its guesses, the best-ranked one is
 *   evaluated first (on a worker) to set a bound, then the others are evaluated in parallel,
 *   each within the best total found so far for the class, and skipped once their bound
 *   reaches it. One class of Bulls and Cows (1,440 secrets after 0123) would otherwise keep
 *   one thread busy for most of the run.
 *
 * Every job carries a budget read when it starts, so jobs queued behind a success start with
 * the tighter bound. Jobs wait in one queue, largest class first. Each worker keeps its cache
 * across jobs.
 */
import type { Worker } from 'node:worker_threads';
import { allCandidates, classOf, partition } from '../candidates.js';
import type { Game } from '../game.js';
import type { Rules } from '../rules.js';
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

/** One piece of work for a worker: solve a class, or evaluate one guess at it (`guess` ≥ 0). */
export interface SearchTask {
  readonly id: number;
  readonly rules: Rules;
  readonly consistentOnly: boolean;
  readonly symmetry: boolean;
  readonly candidates: Int32Array;
  readonly history: number[];
  readonly depth: number;
  /** The guess to evaluate; absent to find the best one. */
  readonly guess?: number;
  /** A packed cost the result must stay under; absent for none. */
  readonly limit?: number;
}

/** What a worker says back: nodes searched so far on a task, then its result. */
export type WorkerReport =
  | { readonly kind: 'progress'; readonly id: number; readonly nodes: number }
  | {
      readonly kind: 'done';
      readonly id: number;
      /** The cost (packed), or a lower bound ≥ the limit when there is no tree. */
      readonly cost: number;
      readonly tree?: TreeNode;
      readonly nodes: number;
      readonly lookaheads: number;
    };

type Done = Extract<WorkerReport, { kind: 'done' }>;

/** Options of the threaded search. */
export interface ThreadedOptions extends Omit<OptimalOptions, 'onProgress'> {
  threads: number;
  /** Hears where the search stands (nodes on all threads); returns true to stop it. */
  onProgress?: (progress: SearchProgress) => boolean;
}

/** Classes at least this share of all codes are split into one job per guess. */
const SPLIT_SHARE = 1 / 8;

/** A job waiting for a worker: its task is made when it starts (null: no longer needed). */
interface Job {
  readonly size: number;
  readonly order: number;
  readonly start: () => Omit<SearchTask, 'id'> | null;
  readonly resolve: (report: Done | null) => void;
  readonly reject: (error: unknown) => void;
}

/** Worker threads taking jobs from one queue, largest class first. */
class Pool {
  readonly #workers: Worker[] = [];
  readonly #idle: Worker[] = [];
  readonly #queue: Job[] = [];
  readonly #progress = new Map<number, number>();
  #order = 0;
  #nextId = 0;
  nodesDone = 0;
  lookaheads = 0;

  constructor(
    readonly threads: number,
    readonly onNodes: () => void,
  ) {}

  get nodes(): number {
    let running = 0;
    for (const n of this.#progress.values()) running += n;
    return this.nodesDone + running;
  }

  /** Queues a job; resolves with its report, or null if `start` found it no longer needed. */
  submit(size: number, start: Job['start']): Promise<Done | null> {
    while (this.#workers.length < this.threads) {
      const worker = startWorker('optimal-worker', import.meta.url);
      this.#workers.push(worker);
      this.#idle.push(worker);
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ size, order: this.#order++, start, resolve, reject });
      this.#queue.sort((a, b) => b.size - a.size || a.order - b.order);
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#idle.length > 0 && this.#queue.length > 0) {
      const job = this.#queue.shift()!;
      const task = job.start();
      if (!task) {
        job.resolve(null);
        continue;
      }
      const worker = this.#idle.pop()!;
      const id = this.#nextId++;
      const onMessage = (report: WorkerReport): void => {
        if (report.id !== id) return;
        if (report.kind === 'progress') {
          this.#progress.set(id, report.nodes);
          this.onNodes();
          return;
        }
        worker.off('message', onMessage);
        worker.off('error', onError);
        this.#progress.delete(id);
        this.nodesDone += report.nodes;
        this.lookaheads += report.lookaheads;
        this.#idle.push(worker);
        job.resolve(report);
        this.#dispatch();
      };
      const onError = (error: unknown): void => {
        worker.off('message', onMessage);
        job.reject(error);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage({ ...task, id });
    }
  }

  /** Ends the workers; jobs still queued or running never settle. */
  close(): Promise<number[]> {
    this.#queue.length = 0;
    return Promise.all(this.#workers.splice(0).map((worker) => worker.terminate()));
  }
}

class Stopped extends Error {}

/** What the threaded search shares between its parts. */
interface Context {
  readonly game: Game;
  readonly options: ThreadedOptions;
  readonly pool: Pool;
  /** Ranks the guesses of the nodes the main thread splits. */
  readonly ranker: OptimalSearch;
  readonly stopped: () => boolean;
}

/** A solved node (cost and tree), or a lower bound ≥ its budget (no tree). */
interface Solved {
  cost: number;
  tree?: TreeNode;
}

/** `findOptimal` on several threads (see the module comment). */
export async function findOptimalThreaded(
  game: Game,
  options: ThreadedOptions,
): Promise<OptimalResult> {
  const ranker = new OptimalSearch(game, options);
  const cap = options.maxDepth ?? UNLIMITED;
  const depths = depthsToTry(options, ranker.bounds.depth[game.size]);
  let stop = false;
  const pool: Pool = new Pool(options.threads, () => {
    const progress = {
      nodes: pool.nodes,
      best: costTotal(best),
      lowerBound: costTotal(Math.min(best, frontier)),
    };
    if (!stop && options.onProgress?.(progress)) {
      stop = true;
      void pool.close();
      abort?.(new Stopped());
    }
  });
  const timer = setInterval(() => pool.onNodes(), 250);
  let best = Number.POSITIVE_INFINITY;
  let bestRoot: TreeNode | undefined;
  let frontier = packCost(ranker.bounds.total[game.size], 0);
  let abort: ((error: Stopped) => void) | undefined;
  const stopping = new Promise<never>((_, reject) => {
    abort = reject;
  });
  stopping.catch(() => {});
  const context: Context = { game, options, pool, ranker, stopped: () => stop };
  try {
    for (const depth of depths) {
      const all = allCandidates(game);
      const { guesses, bounds } = ranker.rankGuesses(all, [], depth);
      best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < guesses.length; i++) {
        if (bounds[i] >= best) break;
        frontier = bounds[i];
        const evaluated = await Promise.race([
          evaluateByClasses(context, all, [], guesses[i], depth, () => best),
          stopping,
        ]);
        if (evaluated.tree && evaluated.cost < best) {
          best = evaluated.cost;
          bestRoot = evaluated.tree;
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
          lookaheads: pool.lookaheads,
          impossible: false,
        };
      }
    }
    return impossible(cap, pool.nodes, pool.lookaheads);
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
        lookaheads: pool.lookaheads,
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
      lookaheads: pool.lookaheads,
      impossible: false,
    };
  } finally {
    clearInterval(timer);
    await pool.close();
  }
}

/**
 * The cost and tree of `guess` at `candidates` if it is below `limit()` (a packed cost read
 * whenever a class starts), solving its classes at once; otherwise a lower bound on it.
 */
async function evaluateByClasses(
  context: Context,
  candidates: Int32Array,
  history: number[],
  guess: number,
  depth: number,
  limit: () => number,
): Promise<Solved> {
  const { game, ranker, pool } = context;
  const bounds = ranker.bounds;
  const n = candidates.length;
  const split = partition(game, guess, candidates);
  const children = new Map<number, TreeNode>();
  let total = n;
  let deepest = 1;
  let refuted = false;
  const lower = new Map<number, number>();
  const classes: { answer: number; members: Int32Array }[] = [];
  for (let answer = 0; answer < game.answers; answer++) {
    const members = classOf(split, answer);
    if (members.length === 0 || answer === game.solved) continue;
    if (members.length <= 2) {
      children.set(answer, smallTree(game, members));
      total += members.length === 1 ? 1 : 3;
      deepest = Math.max(deepest, members.length + 1);
      continue;
    }
    lower.set(answer, bounds.total[members.length]);
    classes.push({ answer, members });
  }
  const pending = (except: number): number => {
    let sum = 0;
    for (const [answer, bound] of lower) if (answer !== except) sum += bound;
    return sum;
  };
  // A class's budget: what the limit leaves once the others are counted at their bounds.
  const budget = (answer: number): number | null => {
    if (refuted || context.stopped()) return null;
    const best = limit();
    if (best === Number.POSITIVE_INFINITY) return best;
    const allowed = costTotal(best) - total - pending(answer);
    if (allowed < lower.get(answer)!) {
      refuted = true;
      return null;
    }
    return packCost(allowed + 1, 0);
  };
  const childHistory = [...history, guess];
  await Promise.all(
    classes.map(async ({ answer, members }) => {
      const solved =
        members.length >= game.size * SPLIT_SHARE
          ? await solveByGuesses(context, members, childHistory, depth - 1, () => budget(answer))
          : await solveOnWorker(context, members, childHistory, depth - 1, () => budget(answer));
      if (!solved?.tree) {
        refuted = true;
        if (solved) lower.set(answer, Math.max(lower.get(answer)!, costTotal(solved.cost)));
        return;
      }
      lower.delete(answer);
      children.set(answer, solved.tree);
      total += costTotal(solved.cost);
      deepest = Math.max(deepest, costMax(solved.cost) + 1);
    }),
  );
  if (context.stopped()) throw new Stopped();
  if (refuted) return { cost: packCost(total + pending(-1), 0) };
  const cost = packCost(total, deepest);
  return cost < limit() ? { cost, tree: { guess, children } } : { cost };
}

/** A class solved whole on a worker within `budget()`; null if it was no longer needed. */
async function solveOnWorker(
  context: Context,
  candidates: Int32Array,
  history: number[],
  depth: number,
  budget: () => number | null,
): Promise<Solved | null> {
  const report = await context.pool.submit(candidates.length, () => {
    const limit = budget();
    return limit === null ? null : task(context, candidates, history, depth, limit);
  });
  return report && { cost: report.cost, tree: report.tree };
}

/**
 * A large class solved by evaluating its guesses on the workers: the best-ranked first, alone,
 * then the others at once, each within the least of `budget()` and the best found so far.
 */
async function solveByGuesses(
  context: Context,
  candidates: Int32Array,
  history: number[],
  depth: number,
  budget: () => number | null,
): Promise<Solved | null> {
  if (budget() === null) return null;
  const { guesses, bounds } = context.ranker.rankGuesses(candidates, history, depth);
  let best = Number.POSITIVE_INFINITY;
  let bestTree: TreeNode | undefined;
  let proved = Number.POSITIVE_INFINITY;
  let needed = true;
  const limit = (): number | null => {
    const outer = budget();
    if (outer === null) needed = false;
    return outer === null ? null : Math.min(outer, best);
  };
  const evaluate = async (i: number): Promise<void> => {
    const report = await context.pool.submit(candidates.length, () => {
      const now = limit();
      if (now === null) return null;
      if (bounds[i] >= now) {
        proved = Math.min(proved, bounds[i]);
        return null;
      }
      return { ...task(context, candidates, history, depth, now), guess: guesses[i] };
    });
    if (!report) return;
    if (report.tree && report.cost < best) {
      best = report.cost;
      bestTree = report.tree;
    } else {
      proved = Math.min(proved, report.cost);
    }
  };
  if (guesses.length > 0) await evaluate(0);
  await Promise.all(guesses.slice(1).map((_, i) => evaluate(i + 1)));
  if (!needed || context.stopped()) return null;
  const outer = budget();
  if (bestTree && (outer === null || best < outer)) return { cost: best, tree: bestTree };
  return { cost: Math.min(proved, best) };
}

function task(
  context: Context,
  candidates: Int32Array,
  history: number[],
  depth: number,
  limit: number,
): Omit<SearchTask, 'id'> {
  const { game, options } = context;
  return {
    rules: game.rules,
    consistentOnly: options.consistentOnly ?? false,
    symmetry: options.symmetry ?? true,
    candidates: candidates.slice(),
    history,
    depth,
    limit: limit === Number.POSITIVE_INFINITY ? undefined : limit,
  };
}

/** The tree of a class of one or two secrets: guess the first, then the second. */
function smallTree(game: Game, members: Int32Array): TreeNode {
  const [first, second] = members;
  const leaf = { guess: first, children: new Map<number, TreeNode>() };
  if (second !== undefined) {
    leaf.children.set(game.score(first, second), { guess: second, children: new Map() });
  }
  return leaf;
}
