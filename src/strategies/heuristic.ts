/**
 * One-step look-ahead strategies: score every guess by how it splits the candidates, take the
 * best. They differ only in the score of a partition (class sizes c over the answers, n in all):
 *
 * - `minimax` (Knuth 1976): the largest class, max c.
 * - `expected-size` (Irving 1978): the expected size of the class the secret falls in, Σc²/n;
 *   compared as the integer Σc².
 * - `entropy` (Neuwirth 1982): the information of the answer, −Σ(c/n)log(c/n); maximising it is
 *   minimising Σ c·log₂c. This is the one score that is not an integer: it is summed in a fixed
 *   order from a table of c·log₂c, and two sums within 1e-9 (relative) count as a tie. True ties
 *   (the same product Πc^c) differ only by rounding, far below that; distinct values differ far
 *   above it for any game we enumerate.
 * - `most-parts` (Kooi 2005): the number of non-empty classes, maximised.
 *
 * Ties go to a guess that is still consistent, then to the first code (the contract's rule).
 * Guesses may be any code, or only candidates with `consistentOnly`; `first` fixes the opening.
 * With `symmetry` (the default) only one guess of each class of essentially equal guesses is
 * scored (symmetry.ts, colour-symmetry.ts); that never changes the choice, only the work.
 */
import { colourRepresentatives } from '../colour-symmetry.js';
import { CodebreakerError } from '../errors.js';
import type { Game } from '../game.js';
import { PartitionKernel, type PartitionScore } from '../partitions.js';
import type { GameState, Strategy } from '../strategy.js';
import { guessRepresentatives } from '../symmetry.js';

/** The heuristics: each scores a guess by the sizes of the classes it splits the candidates into. */
export const HEURISTIC_NAMES = ['minimax', 'expected-size', 'entropy', 'most-parts'] as const;
/** A heuristic's name. */
export type HeuristicName = (typeof HEURISTIC_NAMES)[number];

/** Options of the heuristic strategies. */
export interface HeuristicOptions {
  /** The opening guess (a code index), instead of the heuristic's own choice. */
  first?: number;
  /** Guess only codes that could still be the secret. */
  consistentOnly?: boolean;
  /** Score one guess per symmetry class (default true). */
  symmetry?: boolean;
}

/** How much work the strategy did, for reports and benchmarks. */
export interface HeuristicStats {
  /** Game states at which a guess was chosen by scoring. */
  states: number;
  /** Guesses that were allowed, summed over states. */
  allowed: number;
  /** Guesses actually scored, summed over states. */
  scored: number;
}

/** A heuristic strategy, with counters of its work. */
interface HeuristicStrategy extends Strategy {
  readonly stats: HeuristicStats;
}

/**
 * Below this many candidates the full reduction (with position permutations, by union–find)
 * costs more than it saves, and only the cheap colour reduction is used.
 */
const FULL_SYMMETRY_MIN_CANDIDATES = 24;
const ENTROPY_TOLERANCE = 1e-9;

/** The `first` option, if it is a code of the game; throws `CodebreakerError` if not. */
function openingOf(game: Game, first: number): number {
  if (!Number.isInteger(first) || first < 0 || first >= game.size) {
    throw new CodebreakerError(
      'bad-code',
      `the first guess ${first} is no code index of this game (0..${game.size - 1})`,
    );
  }
  return first;
}

/** Builds one of the four heuristic strategies. */
export function heuristicStrategy(
  name: HeuristicName,
  options: HeuristicOptions = {},
): HeuristicStrategy {
  const { first, consistentOnly = false, symmetry = true } = options;
  const stats: HeuristicStats = { states: 0, allowed: 0, scored: 0 };
  /** `gain[k]`: how much the score grows when a class grows from k − 1 to k members. */
  let gain: Float64Array = new Float64Array(0);
  let answerBuffer: Uint8Array = new Uint8Array(0);

  const kind: PartitionScore = name === 'minimax' ? 0 : name === 'most-parts' ? 1 : 2;

  /**
   * One guess of each class of essentially equal guesses at `state` (search/symmetry.ts), only
   * candidates (`isCandidate[code]` 1) if the strategy plays only those; undefined when every
   * guess is its own class.
   */
  const representativesOf = (state: GameState, isCandidate: Uint8Array): Int32Array | undefined => {
    const { game, history, candidates } = state;
    const representatives =
      candidates.length >= FULL_SYMMETRY_MIN_CANDIDATES
        ? guessRepresentatives(game, history, candidates)
        : colourRepresentatives(game, history, candidates);
    return representatives && consistentOnly
      ? representatives.filter((code) => isCandidate[code] === 1)
      : representatives;
  };

  const choose = (state: GameState): number => {
    const { game, history, candidates } = state;
    if (history.length === 0 && first !== undefined) return openingOf(game, first);
    if (candidates.length <= 2) return candidates[0];
    if (gain.length <= candidates.length) gain = gains(name, candidates.length);
    // The kernel where it runs: faster than the score table's rows in TypeScript, and no table
    // to build; else the table, else the loop (figures: docs/performance.md).
    const kernel = PartitionKernel.for(game);
    stats.states++;
    stats.allowed += consistentOnly ? candidates.length : game.size;
    // A candidate that splits the others apart has the best possible score under every
    // heuristic and is consistent, so the first such candidate is the choice.
    const perfect = name === 'most-parts' ? -candidates.length : name === 'minimax' ? 1 : 0;
    const perfectScore = name === 'expected-size' ? candidates.length : perfect;
    if (kernel) {
      // The whole choice in the kernel: a call a state rather than a guess.
      kernel.prepare(candidates, name === 'entropy' || name === 'expected-size' ? gain : undefined);
      const at = kernel.firstWithin(kind, candidates.length, perfectScore);
      stats.scored += at >= 0 ? at + 1 : candidates.length;
      if (at >= 0) return candidates[at];
      const guesses = symmetry ? representativesOf(state, kernel.flags) : undefined;
      const chosen = guesses ?? (consistentOnly ? candidates : undefined);
      stats.scored += chosen ? chosen.length : game.size;
      return kernel.best(kind, candidates.length, chosen, name === 'entropy');
    }
    const table = game.useTable();
    if (!table && answerBuffer.length < game.size) answerBuffer = new Uint8Array(game.size);
    const isCandidate = new Uint8Array(game.size);
    for (const code of candidates) isCandidate[code] = 1;
    const counts = new Int32Array(game.answers);
    const buffer = answerBuffer;
    const score = (guess: number, bound: number): number => {
      if (table)
        return scorePartition(name, table, guess * game.size, candidates, counts, gain, bound);
      // Without a table, answers are computed a block at a time as the counting reaches them,
      // so a guess cut off by the bound costs only the answers it was counted on.
      const fill = (from: number, to: number): void =>
        game.scoreEach(guess, candidates, from, to, buffer);
      return scorePartition(name, buffer, 0, candidates, counts, gain, bound, fill);
    };
    for (const guess of candidates) {
      stats.scored++;
      if (score(guess, perfectScore) <= perfectScore) return guess;
    }

    const guesses =
      (symmetry ? representativesOf(state, isCandidate) : undefined) ??
      (consistentOnly ? candidates : undefined);
    const count = guesses ? guesses.length : game.size;
    stats.scored += count;

    let best = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    let bestConsistent = false;
    for (let i = 0; i < count; i++) {
      const guess = guesses ? guesses[i] : i;
      const tolerance =
        name === 'entropy' && best >= 0 ? ENTROPY_TOLERANCE * Math.max(1, bestScore) : 0;
      const value = score(guess, bestScore + tolerance);
      const consistent = isCandidate[guess] === 1;
      if (
        best < 0 ||
        value < bestScore - tolerance ||
        (value <= bestScore + tolerance && consistent && !bestConsistent)
      ) {
        best = guess;
        bestScore = value;
        bestConsistent = consistent;
      }
    }
    return best;
  };
  return { name, choose, stats };
}

/** The score increments of a heuristic for classes of up to `n` members. */
function gains(name: HeuristicName, n: number): Float64Array {
  const gain = new Float64Array(n + 2);
  for (let k = 1; k <= n + 1; k++) {
    if (name === 'expected-size') gain[k] = 2 * k - 1;
    else if (name === 'entropy')
      gain[k] = k * Math.log2(k) - (k > 1 ? (k - 1) * Math.log2(k - 1) : 0);
  }
  return gain;
}

/** Answers computed per call of a `fill` (see `scorePartition`). */
const FILL_BLOCK = 256;

/**
 * The heuristic's score (lower is better) of the partition of `candidates` whose answers are
 * `answers[base + candidate]`: a row of the score table, or, with `fill`, a buffer that
 * `fill(from, to)` writes the answers of `candidates[from..to)` into, called a block ahead of
 * the counting. Scores only grow as candidates are counted in (for most-parts, its best
 * reachable value only shrinks), so counting stops, returning +∞, once the score must exceed
 * `bound`. Leaves `counts` all zero.
 */
function scorePartition(
  name: HeuristicName,
  answers: Uint8Array,
  base: number,
  candidates: Int32Array,
  counts: Int32Array,
  gain: Float64Array,
  bound: number,
  fill?: (from: number, to: number) => void,
): number {
  const n = candidates.length;
  let score = 0;
  let counted = 0;
  let exceeded = false;
  let filled = fill ? 0 : n;
  for (; counted < n; counted++) {
    if (counted === filled) {
      filled = Math.min(n, filled + FILL_BLOCK);
      fill!(counted, filled);
    }
    const k = ++counts[answers[base + candidates[counted]]];
    if (name === 'minimax') {
      if (k > score) score = k;
    } else if (name === 'most-parts') {
      if (k === 1) score--;
    } else {
      score += gain[k];
    }
    // For most-parts the best still reachable is one more part per candidate left.
    if ((name === 'most-parts' ? score - (n - counted - 1) : score) > bound) {
      exceeded = true;
      counted++;
      break;
    }
  }
  for (let i = 0; i < counted; i++) counts[answers[base + candidates[i]]] = 0;
  return exceeded ? Number.POSITIVE_INFINITY : score;
}
