/**
 * Optimal strategies for a whole game, proved: the driver that splits a proof into jobs, runs
 * them through an injected runner, merges their answers and builds the one result.
 *
 * The decomposition. The first guesses (few after symmetry: 5 for Mastermind, 1 for Bulls and
 * Cows) are tried in order of their lower bounds, one after the other, until the next bound
 * reaches the best strategy found. A first guess's classes are independent subproblems: each
 * is one job, solved within the budget the best so far leaves it (that best total minus what
 * the other classes are known or bound to cost), so a guess is refuted as soon as one class
 * cannot fit. A class of at least an eighth of the codes is split again, one job per guess at
 * it: the best-ranked guess first, alone, to set a bound, then the others, each within the
 * best found so far for the class. Every job's budget is read when it starts, so jobs queued
 * behind a success start with the tighter bound.
 *
 * Where jobs run is the runner's business (search/jobs.ts): in this thread by default, on
 * worker threads in the CLI, on other machines through a queue. With a `Checkpoint`, every
 * finished job is recorded, and a job already recorded is answered from it instead of run, so
 * a proof run again with the same checkpoint goes on where it stopped.
 *
 * The search of one job is search/branch-and-bound.ts's.
 */
import { summarize } from '../analyze.js';
import { allCandidates } from '../candidates.js';
import { CodebreakerError } from '../errors.js';
import type { Game } from '../game.js';
import { heuristicStrategy } from '../strategies/heuristic.js';
import type { Strategy } from '../strategy.js';
import {
  type Tree,
  type TreeNode,
  analyzeTree,
  buildTree,
  packTree,
  treeStrategy,
  unpackTree,
  verifyTree,
} from '../tree.js';
import { OptimalSearch, SearchStopped, checkSearchable } from './branch-and-bound.js';
import type { Checkpoint } from './checkpoint.js';
import { Claims, type Reliance } from './claims.js';
import {
  type Objective,
  UNLIMITED,
  costMax,
  costOfHistogram,
  costTotal,
  packCost,
} from './cost.js';
import {
  type JobAnswer,
  JobQueue,
  type JobRunner,
  JobSolver,
  type ProofJob,
  ProofStopped,
  type SearchSettings,
  inProcessRunner,
  solverRunner,
} from './jobs.js';

/** A job's limit when it has none. */
const UNBOUNDED = Number.POSITIVE_INFINITY;
/** Classes at least this share of all codes are split into one job per guess. */
const SPLIT_SHARE = 1 / 8;
/** The cache of the search that ranks and plans at the top of the proof. */
const PLANNER_CACHE_BYTES = 64 * 2 ** 20;

/** What `findOptimal` is asked for, and how it runs. */
export interface OptimalOptions {
  /**
   * `expected` (the default): the least total; `worst`: the least worst case, then the total;
   * `crush`: the least worst case, then the fewest secrets that need it, then the total;
   * `depth`: the least worst case alone (a strategy that keeps to it, its total not minimised).
   */
  objective?: Objective;
  /** Only strategies that never need more than this many guesses. */
  maxDepth?: number;
  /** Guess only codes still consistent with every answer. */
  consistentOnly?: boolean;
  /** Try one guess per symmetry class (default true; off only to check it). */
  symmetry?: boolean;
  /**
   * Bound classes by one level of lookahead (default true, but false for the `depth` objective;
   * otherwise only to measure it).
   */
  lookahead?: boolean;
  /**
   * Rank guesses with the WebAssembly SIMD kernel where it runs (default true; off only to
   * measure it: the TypeScript kernel finds the same).
   */
  simd?: boolean;
  /** About how much memory the default runner's cache may take, in bytes. */
  cacheBytes?: number;
  /** Nodes between the default runner's progress reports (default 2048). */
  progressEvery?: number;
  /** Hears where the proof stands, at least at every job's end; return true to stop it. */
  onProgress?: (progress: ProofProgress) => boolean | undefined;
}

/**
 * `findOptimal`'s options and the command line's own (`proveOptimal`): not part of the public
 * API, and their types not exported from it.
 */
interface ProofOptions extends OptimalOptions {
  /**
   * Runs the jobs. By default they run one at a time in this thread, with the search that plans
   * the proof (one cache for both); the command line's worker threads and queue are runners.
   */
  runner?: JobRunner;
  /**
   * Finished jobs are recorded here, and jobs it already holds are not run again (the command
   * line's `--checkpoint`).
   */
  checkpoint?: Checkpoint;
  /**
   * The share (0 to 1) of the answers taken from outside this process (the checkpoint, a runner
   * whose answers are `external`) to solve again here once the proof has finished (default 0;
   * a proof stopped before its end checks none).
   */
  recheck?: number;
  /** Runs those jobs again (default: one at a time in this thread). */
  recheckRunner?: () => JobRunner;
}

/** A proof's result with what it relied on (`proveOptimal`). */
export interface ProvedResult extends OptimalResult {
  /** The answers it took from outside this process, and what solving them again found. */
  readonly relied: Reliance;
}

/** Where a running proof stands. */
export interface ProofProgress {
  /** Nodes searched so far, on every job. */
  readonly nodes: number;
  /** Classes ranked for their lookahead bound alone, so far. */
  readonly lookaheads: number;
  /** The least total of a complete strategy found so far (∞ before the first). */
  readonly best: number;
  /** A proved lower bound on the optimal total (within the depth being searched). */
  readonly lowerBound: number;
  /** Jobs finished (answered from the checkpoint included) and jobs known so far. */
  readonly jobsDone: number;
  /** See `jobsDone`. */
  readonly jobsKnown: number;
  /** The secrets of the jobs finished and known: a rough measure of the work done. */
  readonly workDone: number;
  /** See `workDone`. */
  readonly workKnown: number;
  /** The depth budget being searched. */
  readonly depth: number;
  /**
   * Once the proof is done, while `recheck` solves again the answers it took from outside: how
   * many of those picked are solved (`nodes` then counts theirs on top of the proof's).
   */
  readonly rechecking?: { readonly solved: number; readonly picked: number };
}

/** An optimal strategy, or the best found before the proof was stopped. */
export interface OptimalResult {
  /** The strategy found, as a tree; undefined if the proof stopped before finding any. */
  readonly tree: Tree | undefined;
  /** The same strategy, to play. */
  readonly strategy: Strategy | undefined;
  /**
   * Its cost, packed into one number, when there is a strategy: read it with `costTotal` and
   * `costMax`. With the `crush` objective the total is weighted; `analyzeTree(tree)` gives the
   * plain statistics.
   */
  readonly cost: number;
  /** The proof finished: no strategy is better. */
  readonly proved: boolean;
  /**
   * A proved lower bound on the optimal total; for the `depth` objective, on the least worst
   * case (guesses).
   */
  readonly lowerBound: number;
  /** The depth budget searched last (`worst`: the least possible worst case, once proved). */
  readonly depth: number;
  /** Nodes searched, on every job. */
  readonly nodes: number;
  /** Classes ranked for their lookahead bound alone. */
  readonly lookaheads: number;
  /** No strategy obeys the depth cap at all. */
  readonly impossible: boolean;
  /** Jobs answered from the checkpoint instead of run. */
  readonly resumed: number;
}

/**
 * Finds an optimal strategy for the whole game and proves it. `expected` minimises the total
 * (ties: the smaller worst case) within `maxDepth`; `worst` finds the least depth any strategy
 * can keep to (at most `maxDepth`), then the least total at that depth; `crush` finds that depth
 * too, then the fewest secrets that need all of it, then the least total (the cost and bounds are
 * then weighted totals); `depth` finds that depth alone, every node settling for the first
 * strategy that keeps to it: far faster where the least total at it is out of reach.
 *
 * @remarks
 * A proof may take from a fraction of a second (classic Mastermind) to hours. `onProgress`
 * hears where it stands at least at every job's end; returning true stops it, and the result
 * is then the best strategy found so far, `proved` false: that is how a time limit is set.
 * The exact search takes games of at most 32,768 codes (Super Mastermind): a larger game
 * rejects with a `CodebreakerError` of kind `too-large`.
 */
export async function findOptimal(
  game: Game,
  options: OptimalOptions = {},
): Promise<OptimalResult> {
  const { relied, ...result } = await proveOptimal(game, options);
  return result;
}

/**
 * `findOptimal` with the command line's options too: a runner of its own, a checkpoint, and
 * the answers taken from them counted and, as asked, checked again.
 */
export async function proveOptimal(game: Game, options: ProofOptions = {}): Promise<ProvedResult> {
  checkSearchable(game);
  return new Proof(game, options).run();
}

/**
 * The depth budgets to search in turn: the cap for `expected`; for the others, every depth from
 * the least the size bound allows up to the cap, until one has a strategy.
 */
function depthsToTry(options: OptimalOptions, least: number): number[] {
  const cap = options.maxDepth ?? UNLIMITED;
  if ((options.objective ?? 'expected') === 'expected') return [cap];
  return Array.from({ length: Math.max(0, cap - least + 1) }, (_, i) => least + i);
}

/**
 * A class solved (its cost, its first guess, and its tree, packed: see `packTree`), or a lower
 * bound at or above its budget (no first guess). Trees stay packed until the proof ends: a
 * proof keeps the trees of every class it solves, and objects for their nodes kept the garbage
 * collector busy. Run in-process without a checkpoint, a job leaves its tree out, and the search
 * that solved it packs it only if its first guess turns out the best.
 */
interface Solved {
  readonly cost: number;
  readonly first?: number;
  readonly tree?: readonly number[];
}

/** The packed tree of `guess` with the packed subtrees of its answers, in answer order. */
function packChildren(guess: number, children: ReadonlyMap<number, readonly number[]>): number[] {
  const packed = [guess, children.size];
  for (const answer of [...children.keys()].sort((a, b) => a - b)) {
    packed.push(answer);
    for (const value of children.get(answer)!) packed.push(value);
  }
  return packed;
}

/** What answers read back whose strategy does not play as they claim are told as. */
function untrusted(): CodebreakerError {
  return new CodebreakerError(
    'bad-checkpoint',
    'the answers read back (the checkpoint, or workers) hold a strategy that does not play as they claim: they cannot be trusted; start afresh with another file or queue',
  );
}

/** Hears what a first guess costs. */
type Done = (solved: Solved) => void;

/** One proof: see the module comment. */
class Proof {
  readonly #game: Game;
  readonly #options: ProofOptions;
  readonly #settings: SearchSettings;
  /** Ranks first guesses and large classes, plans first guesses, and builds small trees. */
  readonly #planner: OptimalSearch;
  readonly #queue: JobQueue;
  readonly #checkpoint: Checkpoint | undefined;
  /** The answers taken from outside this process. */
  readonly #claims = new Claims();
  readonly #objective: Objective;
  #depth: number;
  #best = Number.POSITIVE_INFINITY;
  #bestRoot: readonly number[] | undefined;
  /** The lower bound of the first guess being evaluated. */
  #guessBound: () => number = () => Number.POSITIVE_INFINITY;
  /** The least bound (packed) of the first guesses not tried yet. */
  #nextBound = Number.POSITIVE_INFINITY;
  /** The game's counting bound (a total), below which no lower bound is reported. */
  #floor = 0;
  #jobsDone = 0;
  #jobsKnown = 0;
  #workDone = 0;
  #workKnown = 0;
  #resumed = 0;
  /** Nodes and lookaheads of the planner's own work (not of the jobs it may also run). */
  #plannerNodes = 0;
  #plannerLookaheads = 0;

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
    this.#checkpoint = options.checkpoint;
    this.#objective = options.objective ?? 'expected';
    this.#depth = options.maxDepth ?? UNLIMITED;
  }

  async run(): Promise<ProvedResult> {
    const result = await this.#prove();
    const { recheck = 0, recheckRunner, cacheBytes } = this.#options;
    const runner = recheckRunner ?? (() => inProcessRunner({ cacheBytes, trees: false }));
    // A proof stopped before its end is not checked: it was asked to stop.
    const share = result.proved ? recheck : 0;
    const proved = this.#progress();
    const relied = await this.#claims.recheck(
      share,
      !this.#settings.firstFound,
      runner,
      (solved, picked, nodes) =>
        this.#options.onProgress?.({
          ...proved,
          nodes: proved.nodes + nodes,
          rechecking: { solved, picked },
        }) === true,
    );
    return { ...result, relied };
  }

  /** The proof itself: the result, before its claims are checked. */
  async #prove(): Promise<OptimalResult> {
    const depths = depthsToTry(this.#options, this.#planner.bounds.depth[this.#game.size]);
    try {
      for (const depth of depths) {
        this.#depth = depth;
        const root = await this.#solveRoot(depth);
        if (root) return this.#result(root, this.#best, true);
      }
      this.#depth = this.#options.maxDepth ?? UNLIMITED;
      return this.#result(undefined, Number.POSITIVE_INFINITY, true);
    } catch (error) {
      if (!(error instanceof ProofStopped)) throw error;
      if (this.#bestRoot) return this.#result(this.#bestRoot, this.#best, false);
      const fallback = this.#fallback();
      // Under `depth`, every depth below the one searched has failed: a fallback that keeps to
      // it settles the least worst case.
      const settled = this.#settings.firstFound && fallback !== undefined;
      return this.#result(fallback?.root, fallback?.cost ?? Number.POSITIVE_INFINITY, settled);
    } finally {
      await this.#queue.stop();
    }
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
      this.#plannerNodes += planner.nodes - nodes;
      this.#plannerLookaheads += planner.lookaheads - lookaheads;
    }
  }

  /** Where the proof stands. */
  #progress(): ProofProgress {
    return {
      nodes: this.#queue.nodes + this.#plannerNodes,
      lookaheads: this.#queue.lookaheads + this.#plannerLookaheads,
      best: costTotal(this.#best),
      lowerBound: this.#lowerBound(),
      jobsDone: this.#jobsDone,
      jobsKnown: this.#jobsKnown,
      workDone: this.#workDone,
      workKnown: this.#workKnown,
      depth: this.#depth,
    };
  }

  /**
   * The least of the best so far and the bounds of every first guess still open, and at least
   * the counting bound of the whole game: the first guesses' ranking counts their classes
   * plainly (search/branch-and-bound.ts), which may bound less than the game's counting bound.
   */
  #lowerBound(): number {
    const open = Math.min(costTotal(this.#best), this.#guessBound(), costTotal(this.#nextBound));
    return Math.max(this.#floor, open);
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

  /**
   * The best strategy's root within `depth`, or undefined if none keeps to it. The lower bound
   * grows by levels before any job runs: the counting bound of the whole game (bounds.ts), then
   * the least over the first guesses of the size bounds of the classes each makes (the
   * ranking), then, planning guesses in the ranking's order until the next one's ranking bound
   * reaches the least plan bound so far, the least over the first guesses of their plans'
   * bounds, each class bounded by a lookahead: a bound two levels deep, which a proof that
   * runs for ages (Super Mastermind) reports from its first minutes. The guesses are then
   * evaluated in the order of the ranking.
   */
  async #solveRoot(depth: number): Promise<readonly number[] | undefined> {
    const all = allCandidates(this.#game);
    this.#best = Number.POSITIVE_INFINITY;
    this.#bestRoot = undefined;
    this.#floor = this.#planner.bounds.total[all.length];
    this.#nextBound = packCost(this.#floor, 0);
    await this.#pause();
    const { guesses, bounds } = this.#plan((planner) => planner.rankGuesses(all, [], depth));
    const planned = bounds.slice();
    /** The least planned bound of the guesses from `i` on (ranking bounds until planned). */
    const boundFrom = (i: number): number => {
      let least = Number.POSITIVE_INFINITY;
      for (let j = i; j < planned.length; j++) least = Math.min(least, planned[j]);
      return least;
    };
    // Settling for the first strategy, the bounds of totals order nothing: no planning ahead.
    let leastPlanned = this.#settings.firstFound
      ? Number.NEGATIVE_INFINITY
      : Number.POSITIVE_INFINITY;
    for (let i = 0; i < guesses.length && bounds[i] < leastPlanned; i++) {
      this.#nextBound = boundFrom(0);
      await this.#pause();
      const plan = this.#plan((planner) =>
        planner.planGuess(all, [], guesses[i], depth, Number.POSITIVE_INFINITY),
      );
      const bound =
        typeof plan === 'number'
          ? plan
          : packCost(plan.total + plan.open.reduce((sum, open) => sum + open.lower, 0), 0);
      planned[i] = Math.max(planned[i], bound);
      leastPlanned = Math.min(leastPlanned, planned[i]);
    }
    for (let i = 0; i < guesses.length; i++) {
      if (bounds[i] >= this.#best) break;
      this.#nextBound = boundFrom(i + 1);
      if (planned[i] >= this.#best) continue;
      this.#guessBound = () => costTotal(planned[i]);
      await this.#pause();
      const evaluated = await Promise.race([
        new Promise<Solved>((resolve) => this.#evaluateFirst(all, guesses[i], depth, resolve)),
        this.#queue.failed,
      ]);
      if (evaluated.tree && evaluated.cost < this.#best) {
        this.#best = evaluated.cost;
        this.#bestRoot = evaluated.tree;
        if (this.#settings.firstFound) break;
      }
    }
    this.#guessBound = () => Number.POSITIVE_INFINITY;
    this.#nextBound = Number.POSITIVE_INFINITY;
    return this.#bestRoot;
  }

  /**
   * Evaluates first guess `guess`, solving its classes as jobs, each within what the best so far
   * leaves it when it starts; `done` hears its cost and tree if it beats the best, otherwise a
   * lower bound on it. Everything here runs in the queue's callbacks, so that what a job finds
   * is counted before the next job starts.
   */
  #evaluateFirst(all: Int32Array, guess: number, depth: number, done: Done): void {
    const plan = this.#plan((planner) => planner.planGuess(all, [], guess, depth, this.#best));
    if (typeof plan === 'number') {
      done({ cost: plan });
      return;
    }
    let total = plan.total;
    let deepest = plan.deepest;
    let refuted = false;
    const lower = new Map<number, number>();
    for (const { answer, members, lower: bound } of plan.open) {
      lower.set(answer, bound);
      this.#jobsKnown++;
      this.#workKnown += members.length;
    }
    const pending = (except: number): number => {
      let sum = 0;
      for (const [answer, bound] of lower) if (answer !== except) sum += bound;
      return sum;
    };
    this.#guessBound = () => total + pending(-1);
    // A class's budget: what the best so far leaves once the others are counted at their bounds.
    const budget = (answer: number): number | null => {
      if (refuted) return null;
      const best = this.#best;
      if (best === Number.POSITIVE_INFINITY) return best;
      const allowed = costTotal(best) - total - pending(answer);
      if (allowed < lower.get(answer)!) {
        refuted = true;
        return null;
      }
      return packCost(allowed + 1, 0);
    };
    const children = new Map<number, { members: Int32Array; solved: Solved }>();
    const history = [guess];
    let open = plan.open.length;
    const finish = (): void => {
      if (refuted) {
        done({ cost: packCost(total + pending(-1), 0) });
        return;
      }
      const cost = packCost(total, deepest);
      if (cost >= this.#best) {
        done({ cost });
        return;
      }
      const trees = new Map<number, readonly number[]>();
      for (const { answer, members } of plan.settled) {
        trees.set(
          answer,
          this.#plan((planner) => planner.packedTree(members, history, depth - 1)),
        );
      }
      for (const [answer, { members, solved }] of children) {
        const tree =
          solved.tree ??
          this.#plan((planner) => planner.packedTree(members, history, depth - 1, solved.first));
        trees.set(answer, tree);
      }
      done({ cost, first: guess, tree: packChildren(guess, trees) });
    };
    if (open === 0) {
      finish();
      return;
    }
    plan.open.forEach(({ answer, members }, index) => {
      const key = `${depth}/${guess}:${answer}`;
      const solved = (result: Solved | null): void => {
        if (result?.first === undefined) {
          refuted = true;
          if (result) lower.set(answer, Math.max(lower.get(answer)!, costTotal(result.cost)));
        } else {
          lower.delete(answer);
          children.set(answer, { members, solved: result });
          total += costTotal(result.cost);
          deepest = Math.max(deepest, costMax(result.cost) + 1);
        }
        if (--open === 0) finish();
      };
      this.#solveClass(members, history, depth - 1, key, index, () => budget(answer), solved);
    });
  }

  /**
   * Solves a class of a first guess within `budget()`, as one job or, if large, one job per
   * guess at it; `done` hears the result, or null if it was no longer needed. `key` names the
   * class, `order` places its jobs.
   */
  #solveClass(
    members: Int32Array,
    history: number[],
    depth: number,
    key: string,
    order: number,
    budget: () => number | null,
    done: (solved: Solved | null) => void,
  ): void {
    const counted = (solved: Solved | null): void => {
      this.#done(members.length);
      done(solved);
    };
    const claimed = (): ProofJob => this.#job(key, members, history, depth, UNBOUNDED);
    const recorded = this.#recorded(key, budget, claimed);
    if (recorded !== undefined) {
      counted(recorded);
      return;
    }
    if (members.length >= this.#game.size * SPLIT_SHARE) {
      this.#solveByGuesses(members, history, depth, key, order, budget, counted);
      return;
    }
    this.#queue.submit(
      members.length,
      order << 16,
      () => {
        const limit = budget();
        return limit === null ? null : this.#job(key, members, history, depth, limit);
      },
      (answer) => counted(answer && this.#record(claimed, answer)),
    );
  }

  /**
   * A large class solved one job per guess: the best-ranked guess first, alone, then the others
   * at once, each within the least of `budget()` and the best found so far for the class. Of
   * guesses that cost the same, the best-ranked wins, as in a search of the class in one job:
   * a guess ranked before the best so far may equal it, so the strategy is the same whatever
   * order the jobs end in.
   */
  #solveByGuesses(
    members: Int32Array,
    history: number[],
    depth: number,
    key: string,
    order: number,
    budget: () => number | null,
    done: (solved: Solved | null) => void,
  ): void {
    const budgetNow = budget();
    if (budgetNow === null) {
      done(null);
      return;
    }
    // Guesses left out of the ranking cannot keep to the budget: their least bound counts.
    const { guesses, bounds, skipped } = this.#plan((planner) =>
      planner.rankGuesses(members, history, depth, budgetNow),
    );
    this.#jobsKnown += guesses.length - 1;
    let best = Number.POSITIVE_INFINITY;
    let bestIndex = guesses.length;
    let bestSolved: Solved | undefined;
    let proved = skipped;
    let needed = true;
    let open = guesses.length - 1;
    // Packed costs are whole numbers: best + 1 lets a guess ranked before the best equal it.
    const limit = (i: number): number | null => {
      const outer = budget();
      if (outer === null) needed = false;
      if (outer === null || (this.#settings.firstFound && bestSolved)) return null;
      return Math.min(outer, i < bestIndex ? best + 1 : best);
    };
    const finish = (): void => {
      if (!needed) {
        done(null);
        return;
      }
      const outer = budget();
      const exact = bestSolved !== undefined && (outer === null || best < outer);
      done(this.#remember(key, exact ? bestSolved! : { cost: Math.min(proved, best) }));
    };
    const evaluate = (i: number, then: () => void): void => {
      const guessKey = `${key}/${guesses[i]}`;
      const heard = (solved: Solved | null): void => {
        if (i > 0) this.#jobsDone++;
        if (
          solved?.first !== undefined &&
          (solved.cost < best || (solved.cost === best && i < bestIndex))
        ) {
          best = solved.cost;
          bestIndex = i;
          bestSolved = solved;
        } else if (solved) {
          proved = Math.min(proved, solved.cost);
        }
        then();
      };
      const claimed = (): ProofJob =>
        this.#job(guessKey, members, history, depth, UNBOUNDED, guesses[i]);
      const recorded = this.#recorded(guessKey, () => limit(i), claimed);
      if (recorded !== undefined) {
        heard(recorded);
        return;
      }
      this.#queue.submit(
        members.length,
        (order << 16) + i + 1,
        () => {
          const now = limit(i);
          if (now === null) return null;
          if (bounds[i] >= now) {
            proved = Math.min(proved, bounds[i]);
            return null;
          }
          return this.#job(guessKey, members, history, depth, now, guesses[i]);
        },
        (answer) => heard(answer && this.#record(claimed, answer)),
      );
    };
    if (guesses.length === 0) {
      finish();
      return;
    }
    evaluate(0, () => {
      if (open === 0) {
        finish();
        return;
      }
      for (let i = 1; i < guesses.length; i++) evaluate(i, () => --open === 0 && finish());
    });
  }

  /** The job that solves `members` (or evaluates `guess` at them) within `limit`. */
  #job(
    key: string,
    members: Int32Array,
    history: number[],
    depth: number,
    limit: number,
    guess?: number,
  ): ProofJob {
    return {
      key,
      rules: this.#game.rules,
      settings: this.#settings,
      history,
      candidates: members,
      depth,
      guess,
      limit: limit === Number.POSITIVE_INFINITY ? undefined : limit,
    };
  }

  /**
   * What the checkpoint says of job `key` if it settles it now: an exact cost, or a lower bound
   * at or above `budget()`; undefined if the job must run. What it settles is a claim from
   * outside this process: `claimed` makes its job, to check it.
   */
  #recorded(
    key: string,
    budget: () => number | null,
    claimed: () => ProofJob,
  ): Solved | null | undefined {
    const record = this.#checkpoint?.get(key);
    if (!record) return undefined;
    if (record.tree) {
      this.#resumed++;
      this.#claims.add(claimed(), record.cost, true, 'checkpoint');
      return { cost: record.cost, first: record.tree[0], tree: record.tree };
    }
    const limit = budget();
    if (limit !== null && record.cost < limit) return undefined;
    this.#resumed++;
    if (limit === null) return null;
    this.#claims.add(claimed(), record.cost, false, 'checkpoint');
    return { cost: record.cost };
  }

  /**
   * A job's answer as a solved class, recorded in the checkpoint; an answer from outside this
   * process is a claim (`claimed` makes its job).
   */
  #record(claimed: () => ProofJob, answer: JobAnswer): Solved {
    const { cost, first, tree } = answer;
    const job = claimed();
    if (this.#queue.runner.external) {
      this.#claims.add(job, cost, first !== undefined, 'workers');
    }
    return this.#remember(job.key, first === undefined ? { cost } : { cost, first, tree });
  }

  /** Records a solved class in the checkpoint; returns it. */
  #remember(key: string, solved: Solved): Solved {
    const { cost, first, tree } = solved;
    if (first === undefined) this.#checkpoint?.put(key, { cost });
    else if (tree) this.#checkpoint?.put(key, { cost, tree });
    return solved;
  }

  /** Counts a job (or a whole class) of `size` secrets finished, and tells `onProgress`. */
  #done(size: number): void {
    this.#jobsDone++;
    this.#workDone += size;
    if (this.#report()) void this.#queue.stop();
  }

  /** When the proof stops before its first strategy: Irving's expected size, if it keeps to the depth. */
  #fallback(): { root: readonly number[]; cost: number } | undefined {
    const strategy = heuristicStrategy('expected-size', {
      consistentOnly: this.#settings.consistentOnly,
    });
    const tree = buildTree(this.#game, strategy);
    const { max, histogram } = analyzeTree(tree);
    if (max > this.#depth) return undefined;
    const cost = costOfHistogram(this.#objective, this.#depth, histogram);
    return { root: packTree(tree.root), cost };
  }

  /** The one place a result is made. */
  #result(root: readonly number[] | undefined, cost: number, proved: boolean): OptimalResult {
    const game = this.#game;
    const tree = root && { game, root: this.#unpack(root) };
    const firstFound = this.#settings.firstFound;
    if (tree && this.#readBack()) this.#checkResumed(tree, firstFound ? undefined : cost);
    // A strategy settled for is not the least of anything: its cost is what its tree plays (a
    // class solved again after the cache let it go may have settled for another strategy).
    const played =
      tree && firstFound
        ? costOfHistogram(this.#objective, this.#depth, analyzeTree(tree).histogram)
        : cost;
    const { nodes, lookaheads } = this.#progress();
    const impossible = proved && !root;
    // Under `depth` the bound is on the worst case: every depth below the one searched failed.
    const lowerBound = impossible
      ? Number.POSITIVE_INFINITY
      : firstFound
        ? this.#depth
        : proved
          ? costTotal(cost)
          : this.#lowerBound();
    return {
      tree,
      strategy: tree && treeStrategy(tree, 'optimal'),
      cost: played,
      proved,
      lowerBound,
      depth: this.#depth,
      nodes,
      lookaheads,
      impossible,
      resumed: this.#resumed,
    };
  }

  /** The tree `packed` holds; one that is not a tree can only come from outside. */
  #unpack(packed: readonly number[]): TreeNode {
    try {
      return unpackTree(packed);
    } catch (error) {
      if (!(error instanceof RangeError) || !this.#readBack()) throw error;
      throw untrusted();
    }
  }

  /** Whether answers from outside this process (a checkpoint, workers) went into the proof. */
  #readBack(): boolean {
    return this.#resumed > 0 || this.#queue.runner.external === true;
  }

  /**
   * A strategy assembled from answers read back is checked before it is believed: it must play,
   * and at `cost` if given.
   */
  #checkResumed(tree: Tree, cost: number | undefined): void {
    const verdict = verifyTree(tree);
    if (!verdict.valid) throw untrusted();
    const { histogram } = summarize(verdict.guesses);
    if (cost === undefined) return;
    if (costOfHistogram(this.#objective, this.#depth, histogram) !== cost) throw untrusted();
  }
}
