/**
 * The recursion of the exact search (search/branch-and-bound.ts says how it searches): a node,
 * its guesses in order of their bounds, each guess's classes prepared (split, settled where
 * cheap, bounded by a lookahead) and solved in turn within the budget the best so far leaves
 * them. Its state is the search's: the ranking kernels, the cache of solved sets, the guesses
 * worth trying at the node (symmetry), the counters and the buffers of each level. What a
 * caller asks of it, and how it reports and stops: search/search-options.ts.
 *
 * One concept in one file, past 400 lines: its methods call one another at every node and read
 * the same state, the hottest path of a proof; split into classes, that state would be passed
 * between them at every call.
 */
import { canOccur } from '../feedback.js';
import type { Game } from '../game.js';
import { BoundsByWidth, type SizeBounds } from './bounds.js';
import { costMax, costTotal, keyBound, packCost } from './cost.js';
import { GuessChoice } from './guess-choice.js';
import { LevelBuffers } from './levels.js';
import { type Ranking, withoutTried } from './ranking-buffer.js';
import { RankingKernels } from './ranking.js';
import { RefutedSets } from './refuted-sets.js';
import { ProgressReports, type SearchOptions } from './search-options.js';
import { SetCache } from './set-cache.js';
import { IMAGES_MIN_CODES, SetImages } from './set-images.js';
import { EXACT, SEARCHED, SIZE_ONLY, type Split } from './split.js';
import { TwoLeft } from './two-left.js';

/** Classes at least this large get a lookahead bound before a guess's classes are solved. */
const LOOKAHEAD_MIN_CANDIDATES = 6;

/** The recursion of one exact search, with its state. */
export class Recursion {
  /** The size bounds of the game as a whole (its width P − 1: search/bounds.ts). */
  readonly bounds: SizeBounds;
  /** The size bounds of each width a node can have. */
  readonly byWidth: BoundsByWidth;
  /** Nodes searched (cache misses that were expanded). */
  nodes = 0;
  /** Classes ranked only for their lookahead bound (see `#lookahead`). */
  lookaheads = 0;
  readonly kernels: RankingKernels;
  readonly cache: SetCache;
  readonly choice: GuessChoice;
  /** The buffers of each level of the recursion. */
  readonly levels: LevelBuffers;
  /** Where nodes with two guesses left are decided fast (search/two-left.ts): early counting's. */
  readonly #twoLeft: TwoLeft | undefined;
  /** With it, the nodes with three guesses left shown to have no strategy (refuted-sets.ts). */
  readonly #refuted: RefutedSets | undefined;
  readonly #lookaheadOn: boolean;
  /** Whether a node with three guesses left is ranked under its own width (`ownWidth`). */
  readonly #ownWidth: boolean;
  readonly #firstFound: boolean;
  /** When to tell `onProgress` where the search stands. */
  readonly #reports: ProgressReports;
  /** The node `measureWidth` last measured, and its width (its candidates' alone). */
  #measured = { candidates: new Int32Array(0), width: 0 };

  constructor(
    readonly game: Game,
    options: SearchOptions = {},
  ) {
    const table = game.searchTable()!;
    const symmetry = options.symmetry ?? true;
    const images =
      (options.images ?? (symmetry && game.size > IMAGES_MIN_CODES))
        ? SetImages.of(game)
        : undefined;
    this.cache = new SetCache(options.cacheBytes, options.crush ?? false, images);
    this.choice = new GuessChoice(game, symmetry, options.consistentOnly ?? false);
    this.#lookaheadOn = options.lookahead ?? true;
    this.#ownWidth = options.ownWidth ?? true;
    this.#firstFound = options.firstFound ?? false;
    this.#reports = new ProgressReports(options.onProgress, options.progressEvery ?? 4096);
    let possible = 0;
    for (let a = 0; a < game.answers; a++) if (canOccur(game.rules, game.answerOf(a))) possible++;
    this.byWidth = BoundsByWidth.forGame(game, Math.max(possible, 2) - 1, options.crush ?? false);
    this.bounds = this.byWidth.game;
    this.levels = new LevelBuffers(game.size, game.answers);
    // The ranking orders the guesses by the plain counts of their widths: the narrower answers'
    // classes (see search/bounds.ts) raise the bounds of the guesses that make large wide classes
    // but lead the search to worse guesses first (on Mastermind, two thirds more nodes).
    // They bound the classes of a guess played (`#known`), and so the proof's lower bounds.
    this.kernels = new RankingKernels(
      game,
      this.byWidth.plain(),
      table,
      options.simd ?? true,
      options.earlyCount ?? false,
    );
    // Only where the search settles for the first strategy within the depth, counting early.
    const decides =
      options.earlyCount && this.#firstFound && !options.crush && !options.consistentOnly;
    this.#twoLeft =
      decides && TwoLeft.serves(game.answers)
        ? new TwoLeft(game, this.kernels, this.cache)
        : undefined;
    this.#refuted = this.#twoLeft && new RefutedSets(game.size);
  }

  /**
   * The ranking a lookahead at this level saved for exactly `candidates` within `depth`, if it
   * kept every guess below `limit` (`LevelBuffers.savedFor`).
   */
  savedFor(candidates: Int32Array, depth: number, limit: number): Ranking | undefined {
    return this.levels.savedFor(this.choice.level, candidates, depth, limit);
  }

  /** The best guess of a set `node` has just solved below its limit. */
  cachedGuess(candidates: Int32Array, depth: number): number {
    if (candidates.length <= 2) return candidates[0];
    return this.cache.guess(this.cache.find(candidates, depth, true));
  }

  /**
   * The search of one node: the least cost of `candidates` within `depth` if it is below
   * `limit`, its best guess then left in the cache; otherwise a lower bound ≥ `limit`. `ranked`,
   * if given, is the node's ranking already made (by `#lookahead`, under a limit no lower than
   * `limit`).
   */
  node(
    candidates: Int32Array,
    depth: number,
    limit: number,
    ranked?: Ranking,
    width = this.byWidth.widest,
  ): number {
    const n = candidates.length;
    const bounds = this.byWidth.of(width);
    if (bounds.depth[n] > depth) return Number.POSITIVE_INFINITY;
    const within = bounds.within(depth);
    if (n <= 2) return packCost(within[n], n);
    // A candidate that splits the others apart: 2n − 1, and n − 1 at the second guess.
    const floor = packCost(2 * n - 1 + (within[n] - bounds.total[n]), 2);
    if (floor >= limit) return floor;
    const two = this.#twoLeft;
    if (two !== undefined && depth === 2 && two.ready) {
      // Decided (from the cache's entry for the set itself, else by its codes: two-left.ts)
      // faster than an image of it is looked for in the cache.
      this.nodes++;
      this.#reports.checkIn(this.nodes);
      return two.decide(candidates);
    }

    const cache = this.cache;
    // Ranked by a lookahead, the set had no image searched (`#lookahead`).
    const slot = cache.find(candidates, depth, ranked === undefined);
    const cachedCost = slot >= 0 ? cache.cost(slot) : 0;
    if (slot >= 0 && (cache.guess(slot) >= 0 || cachedCost >= limit)) {
      // Found refuted in the cache (mostly as the image of a set searched): kept among the
      // refuted too, for the sets holding it.
      if (cachedCost === Number.POSITIVE_INFINITY && depth === 3) this.#refuted?.add(candidates);
      return cachedCost;
    }

    const refuted = this.#refuted;
    if (two === undefined || refuted === undefined || depth !== 3) {
      this.nodes++;
      this.#reports.checkIn(this.nodes);
      return this.#expand(candidates, depth, limit, ranked, width, cachedCost);
    }
    // A set that holds one shown to have no strategy within three has none either.
    if (refuted.holdsOne(candidates)) return Number.POSITIVE_INFINITY;
    this.nodes++;
    this.#reports.checkIn(this.nodes);
    // Its classes, with two guesses left, are decided from its candidates' answers.
    two.enter(candidates);
    let cost: number;
    try {
      // Its guesses ranked under its own width, from its answers counted now (they are needed
      // anyway once one of its classes is not in the cache): a class larger than the width and
      // one more is refuted there, before it is gathered and looked for in the cache.
      const own = this.#ownWidth ? Math.min(width, two.width()) : width;
      cost = this.#expand(candidates, depth, limit, ranked, own, cachedCost);
    } finally {
      two.leave();
    }
    if (cost === Number.POSITIVE_INFINITY) refuted.add(candidates);
    return cost;
  }

  /**
   * The search of a node the cache does not settle, by its guesses (`node`'s); `cachedCost`,
   * a lower bound the cache holds, or 0.
   */
  #expand(
    candidates: Int32Array,
    depth: number,
    limit: number,
    ranked: Ranking | undefined,
    width: number,
    cachedCost: number,
  ): number {
    const cache = this.cache;
    const ranking = ranked ?? this.rank(candidates, depth, limit, width);
    ranking.saved = false;
    const { keys, guesses } = ranking;
    let best = limit;
    let bestGuess = -1;
    let proved = ranking.skipped;
    const level = this.choice.level;
    this.levels.widths[level] = ranking.width;
    // Take the guesses in order of key, a batch of equal keys per scan (in index order, as
    // picking one at a time would; the scan is the kernel's, `RankingKernels.batch`): the loop
    // usually stops after a few batches, so this beats sorting, and ties are common enough that
    // it beats a scan per guess. The guesses tried leave the ranking (which keeps its order), so
    // a later scan reads only the keys left.
    const batch = this.levels.batch(level);
    let live = ranking.count;
    trying: while (live > 0) {
      const ties = this.kernels.batch(ranking, live, batch);
      const bound = keyBound(keys[batch[0]]);
      if (bound >= best) {
        proved = Math.min(proved, bound);
        break;
      }
      let tried = 0;
      for (; tried < ties && bound < best; tried++) {
        const guess = guesses[batch[tried]];
        const cost = this.evaluate(guess, candidates, depth, best);
        if (cost < best) {
          best = cost;
          bestGuess = guess;
          // Settling for the first strategy within the depth: the node is done.
          if (this.#firstFound) break trying;
        } else {
          proved = Math.min(proved, cost);
        }
      }
      if (bound >= best) {
        proved = Math.min(proved, bound);
        break;
      }
      live = withoutTried(ranking, live, batch, tried);
    }
    if (bestGuess >= 0) {
      cache.set(candidates, depth, best, bestGuess);
      return best;
    }
    const lower = Math.max(proved, cachedCost);
    cache.set(candidates, depth, lower, -1);
    return lower;
  }

  /**
   * Sets the width of `candidates`, a node the search enters at a guess (`evaluateGuess`,
   * `planGuess`) rather than ranks: the game's for the whole game, else measured.
   */
  measureWidth(candidates: Int32Array): void {
    const level = this.choice.level;
    if (candidates.length === this.game.size) {
      this.levels.widths[level] = this.byWidth.widest;
      return;
    }
    // The jobs of a large class are its guesses, one after another: measured once.
    const last = this.#measured;
    const n = candidates.length;
    let same = last.candidates.length === n;
    for (let i = 0; same && i < n; i++) same = last.candidates[i] === candidates[i];
    if (!same) {
      const width = this.kernels.width(candidates, this.choice.guesses(candidates));
      this.#measured = { candidates: candidates.slice(), width };
    }
    this.levels.widths[level] = this.#measured.width;
  }

  /**
   * The widest the class of answer `a` to the guess just played can be: no wider than the node
   * it comes from (one level up), nor than its answer allows.
   */
  #classWidth(a: number): number {
    return Math.min(this.levels.widths[this.choice.level - 1], this.byWidth.answerWidths[a]);
  }

  /**
   * The guesses worth trying at `candidates` (the current node), ranked below `limit`; `cap`, a
   * width the node's cannot exceed.
   */
  rank(
    candidates: Int32Array,
    depth: number,
    limit: number,
    cap: number,
    ranking: Ranking = this.levels.ranking(this.choice.level),
  ): Ranking {
    this.kernels.rank(candidates, this.choice.guesses(candidates), depth, limit, ranking, cap);
    return ranking;
  }

  /**
   * What is known of a class without searching it: its packed cost, exact (`kind[a]` EXACT)
   * from the cache or because a candidate splits it apart, else the best lower bound at hand
   * (SEARCHED when it comes from a search or lookahead of this very set, else SIZE_ONLY).
   */
  #known(split: Split, a: number, depth: number): number {
    const candidates = split.members(a);
    const n = candidates.length;
    const kind = split.kind;
    kind[a] = SIZE_ONLY;
    const bounds = this.byWidth.of(this.#classWidth(a));
    if (bounds.depth[n] > depth) return Number.POSITIVE_INFINITY;
    const within = bounds.within(depth)[n];
    const sizeBound = packCost(within, bounds.depth[n]);
    // What the crush objective adds for the secrets that must take the whole budget.
    const forced = within - bounds.total[n];
    if (n <= bounds.answers && this.kernels.perfectCandidate(candidates) >= 0) {
      kind[a] = EXACT;
      return packCost(2 * n - 1 + forced, 2);
    }
    const slot = this.cache.find(candidates, depth);
    if (slot >= 0) {
      if (this.cache.guess(slot) >= 0) {
        kind[a] = EXACT;
        return this.cache.cost(slot);
      }
      kind[a] = SEARCHED;
      return Math.max(this.cache.cost(slot), sizeBound);
    }
    return n <= bounds.answers ? packCost(2 * n + forced, 2) : sizeBound;
  }

  /**
   * A lower bound on the total of `candidates` within `depth`: the least bound of any guess by
   * the sizes of the classes it makes (∞ if no guess keeps to the depth). Cached as a bound, so
   * the class is ranked once however many guesses make it. Only for sets with nothing cached
   * (`#known` says so): anything cached already bounds at least as well, since a search of the
   * class ranks it first. The ranking is left in `ranking`, marked saved, for a search of the
   * class that follows; it keeps only the guesses whose bounds are below `limit`, which must be
   * at least the limit that search will have. `cap`: a width the class's cannot exceed.
   */
  #lookahead(
    candidates: Int32Array,
    depth: number,
    ranking: Ranking,
    limit: number,
    cap: number,
  ): number {
    // An image of the class searched or looked ahead at before bounds it at least as well.
    const image = this.cache.find(candidates, depth, true);
    if (image >= 0) return costTotal(this.cache.cost(image));
    this.lookaheads++;
    this.#reports.checkIn(this.nodes);
    // Not saved while it is being ranked (a stop may end that half way); saved with its own copy
    // of the set, not the view `candidates` is of a buffer later guesses at this level overwrite,
    // so that `savedFor` can only ever match the set it was ranked for.
    ranking.saved = false;
    this.rank(candidates, depth, limit, cap, ranking);
    ranking.saved = true;
    ranking.members = candidates.slice();
    ranking.depth = depth;
    ranking.limit = limit;
    // The bound of a key is monotone in it, so the least bound is the least key's.
    const least = Math.min(ranking.skipped, keyBound(this.kernels.least(ranking)));
    this.cache.set(candidates, depth, least, -1);
    return costTotal(least);
  }

  /**
   * The cost of `guess` at a node if it beats `best` (a packed cost); otherwise a lower bound on
   * it that is ≥ `best`.
   */
  evaluate(guess: number, candidates: Int32Array, depth: number, best: number): number {
    const choice = this.choice;
    choice.push(guess);
    try {
      const split = this.prepare(guess, candidates, depth, best);
      if (typeof split === 'number') return split;
      const { classes, lower, unsettled } = split;
      const saved = this.levels.saved(choice.level);
      const bestTotal = costTotal(best);
      let { total, rest, deepest } = split;
      for (let i = 0; i < unsettled; i++) {
        const a = classes[i];
        rest -= lower[a];
        const allowed = bestTotal - total - rest;
        if (allowed < lower[a]) return packCost(total + lower[a] + rest, 0);
        const limit = packCost(allowed + 1, 0);
        const cost = this.node(
          split.members(a),
          depth - 1,
          limit,
          saved[a].saved ? saved[a] : undefined,
          this.#classWidth(a),
        );
        saved[a].saved = false;
        if (cost >= limit) return packCost(total + costTotal(cost) + rest, 0);
        total += costTotal(cost);
        deepest = Math.max(deepest, costMax(cost) + 1);
      }
      return packCost(total, deepest);
    } finally {
      choice.pop();
    }
  }

  /**
   * Splits `candidates` by their answers to `guess` (just played: `choice` is one level down)
   * and settles what is cheap before any class is solved: classes of one or two, classes
   * already cached, and small classes a candidate splits apart; the others get their best known
   * lower bound, raised by a lookahead. Returns the level's split, its classes left to solve in
   * the order to solve them; or, as a number, a lower bound that reaches `best`.
   */
  prepare(guess: number, candidates: Int32Array, depth: number, best: number): Split | number {
    const game = this.game;
    const n = candidates.length;
    const answers = game.answers;
    // With two guesses left after it, a guess whose largest class cannot be split apart fails
    // before its classes are made.
    if (depth === 3 && this.#twoLeft?.ready && !this.#twoLeft.largestSplits(guess, candidates)) {
      return Number.POSITIVE_INFINITY;
    }
    const level = this.choice.level;
    const split = this.levels.split(level);
    const { start, lower, kind, classes, sortKey } = split;
    this.kernels.split(guess, candidates, split.grouped, start);

    // `classes` lists the classes left to solve in the order they will be solved (insertion
    // sort: there are at most P of them). Against a best so far, smallest first: small classes
    // are cheap to solve exactly, so a guess that cannot win is refuted with little work, and
    // the large classes, solved last, get the tightest budgets. With no best yet there is no
    // budget to tighten, and what can end the guess early is a class that does not fit the
    // depth cap at all, most likely a large one: largest first. Both orders were measured
    // against the other (docs/performance.md).
    let unsettled = 0;
    let rest = 0;
    let total = n;
    let deepest = 1;
    const within = this.bounds.within(depth - 1);
    for (let a = 0; a < answers; a++) {
      const c = start[a + 1] - start[a];
      if (c === 0 || a === game.solved) continue;
      if (c <= 2) {
        kind[a] = EXACT;
        total += within[c];
        deepest = Math.max(deepest, c + 1);
        continue;
      }
      const known = this.#known(split, a, depth - 1);
      // A class that cannot be solved within the depth left rules the guess out.
      if (known === Number.POSITIVE_INFINITY) return known;
      if (kind[a] === EXACT) {
        total += costTotal(known);
        deepest = Math.max(deepest, costMax(known) + 1);
        continue;
      }
      lower[a] = costTotal(known);
      rest += lower[a];
      sortKey[a] = best === Number.POSITIVE_INFINITY ? -c : c;
      let i = unsettled++;
      for (; i > 0 && sortKey[classes[i - 1]] > sortKey[a]; i--) classes[i] = classes[i - 1];
      classes[i] = a;
    }
    split.unsettled = unsettled;
    split.total = total;
    split.deepest = deepest;
    const bestTotal = costTotal(best);
    if (total + rest > bestTotal) return packCost(total + rest, 0);
    split.rest = this.#lookaheads(split, depth, bestTotal, rest);
    const bound = total + split.rest;
    if (bound > bestTotal || bound === Number.POSITIVE_INFINITY) return packCost(bound, 0);
    return split;
  }

  /**
   * Before solving any class, raises each larger one's bound to what its best guess's class
   * sizes allow (one level of lookahead): most guesses that cannot win fail here, before any
   * class is solved in vain. The classes go in order of what a lookahead gains for its work (a
   * rank: work in proportion to the class's size). Measured on Bulls and Cows and Mastermind,
   * that peaks for classes a little over P (answers per guess): smaller ones are mostly split
   * apart as the size bound assumes, and for much larger ones one level adds little to the size
   * bound for much work. Nearest 5P/4 first halves the work. Returns the raised sum of the
   * classes' bounds (∞ when one class cannot keep to the depth), stopping once the guess's
   * bound passes `bestTotal`.
   */
  #lookaheads(split: Split, depth: number, bestTotal: number, rest: number): number {
    const { classes, unsettled, lower, kind, order, total } = split;
    const saved = this.levels.saved(this.choice.level);
    for (let i = 0; i < unsettled; i++) saved[classes[i]].saved = false;
    if (!this.#lookaheadOn) return rest;
    const target = (5 * this.byWidth.of(this.levels.widths[this.choice.level - 1]).answers) / 4;
    let looked = 0;
    for (let i = 0; i < unsettled; i++) {
      const a = classes[i];
      const c = split.size(a);
      if (c < LOOKAHEAD_MIN_CANDIDATES || kind[a] === SEARCHED) continue;
      let j = looked++;
      for (; j > 0 && Math.abs(split.size(order[j - 1]) - target) > Math.abs(c - target); j--)
        order[j] = order[j - 1];
      order[j] = a;
    }
    for (let i = 0; i < looked; i++) {
      const a = order[i];
      // The class's budget can only shrink from here (its siblings' bounds only rise), so
      // its search will never try a guess whose bound reaches today's: none are kept.
      const budget = packCost(bestTotal - total - (rest - lower[a]) + 1, 0);
      const lookahead = this.#lookahead(
        split.members(a),
        depth - 1,
        saved[a],
        budget,
        this.#classWidth(a),
      );
      if (lookahead === Number.POSITIVE_INFINITY) return lookahead;
      if (lookahead > lower[a]) {
        rest += lookahead - lower[a];
        lower[a] = lookahead;
        if (total + rest > bestTotal) return rest;
      }
    }
    return rest;
  }
}
