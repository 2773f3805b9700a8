/**
 * One proof's driver (search/optimal.ts's decomposition): it searches the first guesses
 * (search/root-search.ts) within each depth budget and below each total it is asked to look
 * below, their classes solved as jobs (search/class-jobs.ts) by a queue of its own; it keeps the
 * lower bound, tells where it stands, solves again the answers it read back when asked to, and
 * makes the result (search/proof-result.ts) once every guess is settled or it is asked to stop.
 */
import type { Game } from '../game.js';
import { BelowSteps } from './below-steps.js';
import { OptimalSearch, SearchStopped } from './branch-and-bound.js';
import { ClassJobs, SPLITTING } from './class-jobs.js';
import { type Objective, UNLIMITED, costTotal } from './cost.js';
import type { JobCounts } from './job-parts.js';
import {
  JobQueue,
  JobSolver,
  ProofStopped,
  type SearchSettings,
  inProcessRunner,
  solverRunner,
} from './jobs.js';
import { Ledger } from './proof-ledger.js';
import { fallbackStrategy, proofResult } from './proof-result.js';
import type {
  OptimalOptions,
  OptimalResult,
  ProofOptions,
  ProofProgress,
  ProvedResult,
  Splitting,
} from './proof-types.js';
import { SplitRecheck } from './recheck-split.js';
import { RootBounds } from './root-bounds.js';
import { RootSearch } from './root-search.js';

/** The cache of the search that ranks and plans at the top of the proof. */
const PLANNER_CACHE_BYTES = 64 * 2 ** 20;

/**
 * The depth budgets to search in turn: the cap for `expected`; for the others, every depth from
 * the least the size bound allows up to the cap, until one has a strategy.
 */
function depthsToTry(options: OptimalOptions, least: number): number[] {
  const cap = options.maxDepth ?? UNLIMITED;
  if ((options.objective ?? 'expected') === 'expected') return [cap];
  return Array.from({ length: Math.max(0, cap - least + 1) }, (_, i) => least + i);
}

/** One proof: see the module comment. */
export class Proof {
  readonly #game: Game;
  readonly #options: ProofOptions;
  readonly #settings: SearchSettings;
  /** Ranks first guesses and large classes, plans first guesses, and builds small trees. */
  readonly #planner: OptimalSearch;
  readonly #queue: JobQueue;
  /** The checkpoint, and the answers taken from outside this process. */
  readonly #ledger: Ledger;
  /** The first guesses' search within a depth. */
  readonly #rootSearch: RootSearch;
  #depth: number;
  /**
   * The best first guess, and the bounds of the others, settled, being evaluated and not tried
   * yet: with no strategy found (`below`), the refuted ones' are what the proof has shown of the
   * least total.
   */
  readonly #roots = new RootBounds();
  /** `below` and `raise`: the totals the proof looks below, one search after another. */
  readonly #steps: BelowSteps;
  readonly #counts: JobCounts = { jobsDone: 0, jobsKnown: 0, workDone: 0, workKnown: 0 };
  /** Nodes and lookaheads of the planner's own work (not of the jobs it may also run). */
  readonly #plannerWork = { nodes: 0, lookaheads: 0 };

  constructor(game: Game, options: ProofOptions) {
    this.#game = game;
    this.#options = options;
    this.#settings = {
      consistentOnly: options.consistentOnly ?? false,
      symmetry: options.symmetry ?? true,
      // Settling for the first strategy, a guess's classes are searched at once, largest first:
      // looking ahead at every class before any costs more than it refutes (measured three to
      // four times slower: docs/performance.md).
      lookahead: options.lookahead ?? options.objective !== 'depth',
      simd: options.simd ?? true,
      crush: options.objective === 'crush',
      firstFound: options.objective === 'depth',
    };
    const { cacheBytes, progressEvery } = options;
    const trees = options.checkpoint !== undefined;
    const solver = options.runner ? undefined : new JobSolver({ cacheBytes, progressEvery, trees });
    // Planning beside worker threads can take minutes on the largest games: it hears a stop.
    this.#planner =
      solver?.searchFor(game.rules, this.#settings) ??
      new OptimalSearch(game, {
        ...this.#settings,
        cacheBytes: PLANNER_CACHE_BYTES,
        onProgress: () => this.#report(),
      });
    const runner = options.runner ?? solverRunner(solver!);
    this.#queue = new JobQueue(runner, () => this.#report());
    this.#ledger = new Ledger(options.checkpoint, runner.external === true);
    const classes = new ClassJobs({
      game,
      settings: this.#settings,
      queue: this.#queue,
      ledger: this.#ledger,
      counts: this.#counts,
      splitting: this.#splitting,
      plan: (work) => this.#plan(work),
      settled: (size) => this.#settled(size),
    });
    this.#depth = options.maxDepth ?? UNLIMITED;
    this.#steps = new BelowSteps(options.below, options.raise);
    this.#rootSearch = new RootSearch({
      game,
      settings: this.#settings,
      roots: this.#roots,
      steps: this.#steps,
      queue: this.#queue,
      classes,
      plan: (work) => this.#plan(work),
      pause: () => this.#pause(),
    });
  }

  /** The objective, `expected` unless the options name one. */
  get #objective(): Objective {
    return this.#options.objective ?? 'expected';
  }

  /** How large classes are split into jobs: the options', else the default. */
  get #splitting(): Splitting {
    return this.#options.splitting ?? SPLITTING;
  }

  async run(): Promise<ProvedResult> {
    const result = await this.#prove();
    const { recheck = 0, recheckRunner, cacheBytes, checkpoint, recheckResume } = this.#options;
    const runner = recheckRunner ?? (() => inProcessRunner({ cacheBytes, trees: false }));
    // A proof stopped before its end is not checked: it was asked to stop.
    const share = result.exhaustive ? recheck : 0;
    const proved = this.#progress();
    const relied = await this.#ledger.claims.recheck(
      share,
      !this.#settings.firstFound,
      runner,
      (solved, picked, nodes, pieces) =>
        this.#options.onProgress?.({
          ...proved,
          nodes: proved.nodes + nodes,
          rechecking: { solved, picked, pieces },
        }) === true,
      // The checkpoint keeps what was found true, so a recheck stopped can go on from there.
      checkpoint && { record: checkpoint, resume: recheckResume === true },
      new SplitRecheck(this.#game, this.#settings, this.#splitting, (work) => this.#plan(work)),
    );
    return { ...result, relied };
  }

  /** The proof itself: the result, before its claims are checked. */
  async #prove(): Promise<OptimalResult> {
    const depths = depthsToTry(this.#options, this.#planner.bounds.depth[this.#game.size]);
    try {
      for (const depth of depths) {
        this.#depth = depth;
        let root = await this.#rootSearch.solve(depth);
        while (!root && this.#steps.raise(this.#roots.refuted)) {
          root = await this.#rootSearch.solve(depth);
        }
        if (root) return this.#result(root, this.#roots.best, true);
      }
      this.#depth = this.#options.maxDepth ?? UNLIMITED;
      const below = this.#steps.below;
      if (below !== undefined && this.#roots.refuted !== Number.POSITIVE_INFINITY) {
        return this.#noneBelow(below);
      }
      return this.#result(undefined, Number.POSITIVE_INFINITY, true);
    } catch (error) {
      if (!(error instanceof ProofStopped)) throw error;
      const best = this.#roots.bestTree;
      if (best) return this.#result(best, this.#roots.best, false);
      const fallback = this.#fallback();
      // Under `depth`, every depth below the one searched has failed: a fallback that keeps to
      // it settles the least worst case. Under `raise`, the searches before this one ran to
      // their end.
      const settled = this.#settings.firstFound && fallback !== undefined;
      const cost = fallback?.cost ?? Number.POSITIVE_INFINITY;
      const exhaustive = settled || this.#steps.proven !== undefined;
      return this.#result(fallback?.root, cost, settled, exhaustive);
    } finally {
      await this.#queue.stop();
    }
  }

  /**
   * The result of a search that found no strategy below `below`: the least total is at least
   * the first guesses' least bound, and the strategy shown is the fallback, which cannot be
   * below it either (if it is, the search is wrong).
   */
  #noneBelow(below: number): OptimalResult {
    const fallback = this.#fallback();
    if (fallback && costTotal(fallback.cost) < costTotal(this.#roots.refuted)) {
      throw new Error(
        `no strategy found below ${below}, yet expected size totals ${costTotal(fallback.cost)}`,
      );
    }
    return this.#result(fallback?.root, fallback?.cost ?? Number.POSITIVE_INFINITY, false, true);
  }

  /** The strategy a proof with none of its own shows (search/proof-result.ts), if any. */
  #fallback(): ReturnType<typeof fallbackStrategy> {
    const { consistentOnly } = this.#settings;
    return fallbackStrategy(this.#game, consistentOnly, this.#objective, this.#depth);
  }

  /**
   * Does `work` with the planner, counting the nodes and lookaheads it takes; a stop the
   * planner hears stops the proof.
   */
  #plan<T>(work: (planner: OptimalSearch) => T): T {
    const planner = this.#planner;
    const nodes = planner.nodes;
    const lookaheads = planner.lookaheads;
    try {
      return work(planner);
    } catch (error) {
      throw error instanceof SearchStopped ? new ProofStopped() : error;
    } finally {
      this.#plannerWork.nodes += planner.nodes - nodes;
      this.#plannerWork.lookaheads += planner.lookaheads - lookaheads;
    }
  }

  /** Where the proof stands. */
  #progress(): ProofProgress {
    return {
      nodes: this.#queue.nodes + this.#plannerWork.nodes,
      lookaheads: this.#queue.lookaheads + this.#plannerWork.lookaheads,
      // Under `below`, the best may be its total, with no strategy: none found yet.
      best: this.#roots.bestTree ? costTotal(this.#roots.best) : Number.POSITIVE_INFINITY,
      lowerBound: this.#lowerBound(),
      ...this.#counts,
      depth: this.#depth,
    };
  }

  /**
   * The least of the best so far and the bounds of every first guess still open, and at least
   * the counting bound of the whole game: the first guesses' ranking counts their classes
   * plainly (search/branch-and-bound.ts), which may bound less than the game's counting bound.
   */
  #lowerBound(): number {
    return this.#roots.lowerBound();
  }

  /** Tells `onProgress`; true when it asks to stop. */
  #report(): boolean {
    return this.#options.onProgress?.(this.#progress()) === true;
  }

  /**
   * Lets the event loop run (a signal, a worker's message), then tells `onProgress` where the
   * proof stands and stops it if asked: between the long steps the planner takes in this
   * thread, which on the largest games take seconds to minutes each.
   */
  async #pause(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (this.#report()) throw new ProofStopped();
  }

  /** Counts a job (or a whole class) of `size` secrets finished, and tells `onProgress`. */
  #settled(size: number): void {
    this.#counts.jobsDone++;
    this.#counts.workDone += size;
    if (this.#report()) void this.#queue.stop();
  }

  /** The one place a result is made (search/proof-result.ts), from the proof as it ends. */
  #result(
    root: readonly number[] | undefined,
    cost: number,
    proved: boolean,
    exhaustive = proved,
  ): OptimalResult {
    const { nodes, lookaheads } = this.#progress();
    const end = {
      game: this.#game,
      objective: this.#objective,
      depth: this.#depth,
      firstFound: this.#settings.firstFound,
      ledger: this.#ledger,
      nodes,
      lookaheads,
      lowerBound: this.#lowerBound(),
      below: this.#steps.shown(proved, exhaustive),
    };
    return proofResult(end, root, cost, proved, exhaustive);
  }
}
