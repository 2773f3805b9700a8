/**
 * What a caller asks of the exact search (`SearchOptions`), and how the search tells it where it
 * stands and hears that it must stop (`ProgressReports`, `SearchStopped`): the recursion's
 * interface to whoever runs it (search/recursion.ts), apart from the recursion itself.
 */

/**
 * The longest the search goes without telling `onProgress`, in milliseconds: on the largest
 * games one node or lookahead can take a second (3,000 secrets ranked against 32,768 guesses),
 * so counting nodes alone would leave a request to stop unheard for minutes.
 */
const REPORT_MS = 250;

/** Options of the search. */
export interface SearchOptions {
  /** Guess only codes still consistent with every answer. */
  consistentOnly?: boolean;
  /** Try one guess per symmetry class (default true). */
  symmetry?: boolean;
  /**
   * Bound a guess's classes by one level of lookahead before solving any (default true). Off
   * only to measure what it saves.
   */
  lookahead?: boolean;
  /**
   * Rank with the WebAssembly SIMD kernel where it runs (search/masks.ts; default true). Off
   * only to measure what it saves, and to test it against the TypeScript kernel.
   */
  simd?: boolean;
  /**
   * Weigh each secret that needs every guess of the depth budget (search/cost.ts): the least
   * total then has the fewest such secrets first. Only with a depth budget.
   */
  crush?: boolean;
  /**
   * Settle for the first strategy a node finds within the depth budget: the search then decides
   * only whether one exists (the least worst case), far faster than the least total within it.
   * Its costs are then those of the strategies found, not the least.
   */
  firstFound?: boolean;
  /**
   * Count a node's classes early (search/ranking.ts `#rankEarly`): a guess stops being counted
   * once a sample of the candidates shows it cannot keep to the depth budget. The guesses kept
   * are the same, but their bounds are those of the parent's width (the node's is not
   * measured), so the order they are tried in, and the strategy found first, may differ. For
   * searches that only decide whether a strategy exists (scripts/depth-refutation.ts).
   */
  earlyCount?: boolean;
  /**
   * With `earlyCount`, rank each node with three guesses left under its own width, measured
   * from its answers, rather than its parent's (search/two-left.ts `width`; default true). Off
   * only to measure what it saves.
   */
  ownWidth?: boolean;
  /**
   * Called about every `progressEvery` nodes, and at least every quarter of a second while
   * nodes or lookaheads are searched; return true to stop the search.
   */
  onProgress?: (progress: SearchProgress) => boolean | undefined;
  progressEvery?: number;
  /** About how much memory the cache of solved sets may take, in bytes. */
  cacheBytes?: number;
  /**
   * Answer a set from an image of it under the game's symmetry searched before
   * (search/set-images.ts). Default: with `symmetry`, for games of more than
   * `IMAGES_MIN_CODES` codes.
   */
  images?: boolean;
}

/** Where a running search stands. */
interface SearchProgress {
  /** Nodes searched so far. */
  readonly nodes: number;
}

/** Thrown through the recursion when `onProgress` asks the search to stop. */
export class SearchStopped extends Error {
  constructor() {
    super('search stopped');
    this.name = 'SearchStopped';
  }
}

/** When a search tells `onProgress` where it stands: every so many nodes, or time. */
export class ProgressReports {
  /** Nodes at the last report, and when it was (`Date.now()`). */
  #reportedNodes = 0;
  #reportedAt = Date.now();

  constructor(
    readonly onProgress: SearchOptions['onProgress'],
    readonly every: number,
  ) {}

  /**
   * Tells `onProgress` where the search stands (`nodes` searched) if `every` nodes or
   * `REPORT_MS` have passed since it last did; throws `SearchStopped` if it asks to stop.
   */
  checkIn(nodes: number): void {
    if (!this.onProgress) return;
    const now = Date.now();
    if (nodes - this.#reportedNodes < this.every && now - this.#reportedAt < REPORT_MS) return;
    this.#reportedNodes = nodes;
    this.#reportedAt = now;
    if (this.onProgress({ nodes })) throw new SearchStopped();
  }
}
