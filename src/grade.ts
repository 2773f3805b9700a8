/**
 * A coach's grade of a guess: how many guesses it costs, on average over the secrets still
 * possible, against the best guess from the same position, both followed by the same play.
 *
 * - `gradeGuess` is exact: optimal play after either guess (search/branch-and-bound.ts), the
 *   least total over the secrets left against the total with the guess played first. A proved
 *   optimal tree of the game saves the search where the position is on it: its subtree there is
 *   optimal play, and a guess that a symmetry of the position maps onto the tree's guess is as
 *   good (symmetry.ts). A position the search cannot settle within a node budget gets no grade.
 * - `gradeByStrategy` is the fallback for such positions: a named strategy plays after either
 *   guess, and the best guess is the strategy's own, or the one graded if that does better.
 */
import { classOf, partition } from './candidates.js';
import type { Game } from './game.js';
import { OptimalSearch, SearchStopped } from './search/branch-and-bound.js';
import { costTotal } from './search/cost.js';
import { MAX_GUESSES } from './solve.js';
import type { Strategy, Turn } from './strategy.js';
import { guessOrbits } from './symmetry.js';
import { type Tree, type TreeNode, treeNodeAt } from './tree.js';

/** A guess graded against the best guess from the same position. */
export interface Grade {
  /** The guess graded. */
  readonly guess: number;
  /** A best guess from the position: the least expected guesses after it. */
  readonly best: number;
  /**
   * The guesses the secrets left need on average when `guess` is played and then the play `by`
   * names, this guess counted.
   */
  readonly expected: number;
  /** The same after `best`: the least possible. */
  readonly bestExpected: number;
  /** `expected − bestExpected`: the guesses lost on average; 0 for a best guess. */
  readonly loss: number;
  /** The play after the guesses: `optimal`, or the name of the strategy that played. */
  readonly by: string;
  /** Nodes the exact search expanded (0 where a tree or a strategy settled it). */
  readonly nodes: number;
}

/** Options of `gradeGuess`. */
export interface GradeOptions {
  /** The most nodes the search may expand; past it there is no grade (default: no limit). */
  readonly nodes?: number;
  /** A proved optimal tree (least total) of the game, read where the position is on it. */
  readonly tree?: Tree;
}

/**
 * The grade of `guess`, whose play totals `played` over the `n` secrets, against `best`, whose
 * totals `least`. A guess as good as the best is a best guess: then the one played is named.
 */
function compared(
  guess: number,
  played: number,
  best: number,
  least: number,
  n: number,
  by: string,
  nodes: number,
): Grade {
  const tie = played <= least;
  return {
    guess,
    best: tie ? guess : best,
    expected: played / n,
    bestExpected: Math.min(played, least) / n,
    loss: tie ? 0 : (played - least) / n,
    by,
    nodes,
  };
}

/** The turns of `history`, each answered as every secret of `candidates` answers it. */
function turnsOf(game: Game, candidates: Int32Array, history: readonly number[]): Turn[] {
  return history.map((guess) => ({ guess, answer: game.score(guess, candidates[0]) }));
}

/** The guesses `node`'s subtree needs for all its secrets, its own guess counted once each. */
function subtreeTotal(game: Game, node: TreeNode, candidates: Int32Array): number {
  const split = partition(game, node.guess, candidates);
  let total = candidates.length;
  for (const [answer, child] of node.children) {
    total += subtreeTotal(game, child, classOf(split, answer));
  }
  return total;
}

/**
 * Grades `guess` at the position where `candidates` (in code order) are the secrets still
 * possible after the guesses `history`; undefined if the search needs more than
 * `options.nodes` nodes. Exact: both figures come from optimal play after the guess.
 */
export function gradeGuess(
  game: Game,
  candidates: Int32Array,
  history: readonly number[],
  guess: number,
  options: GradeOptions = {},
): Grade | undefined {
  const n = candidates.length;
  const node = options.tree && treeNodeAt(options.tree, turnsOf(game, candidates, history));
  let least: number | undefined;
  if (node && options.tree?.game === game) {
    least = subtreeTotal(game, node, candidates);
    const turns = turnsOf(game, candidates, history);
    const orbit = guessOrbits(game, turns, candidates);
    if (guess === node.guess || (orbit && orbit[guess] === orbit[node.guess])) {
      return compared(guess, least, node.guess, least, n, 'optimal', 0);
    }
  }
  const budget = options.nodes ?? Number.POSITIVE_INFINITY;
  const search = new OptimalSearch(game, {
    progressEvery: Number.isFinite(budget) ? Math.max(1, Math.min(1024, budget)) : 2048,
    onProgress: ({ nodes }) => nodes > budget,
  });
  try {
    const played = costTotal(search.evaluateGuess(candidates, history, guess));
    let best = node?.guess ?? -1;
    if (least === undefined) {
      const outcome = search.solve(candidates, history);
      least = costTotal(outcome.cost);
      best = outcome.guess;
    }
    return compared(guess, played, best, least, n, 'optimal', search.nodes);
  } catch (error) {
    if (error instanceof SearchStopped) return undefined;
    throw error;
  }
}

/**
 * The guesses `strategy` needs for every secret of `candidates` after `turns`, with `first`
 * as the next guess when given, each guess counted once per secret it is played for.
 */
function strategyTotal(
  game: Game,
  strategy: Strategy,
  candidates: Int32Array,
  turns: Turn[],
  first?: number,
): number {
  if (turns.length >= MAX_GUESSES) {
    throw new Error(`${strategy.name} made no progress after ${MAX_GUESSES} guesses`);
  }
  const guess = first ?? strategy.choose({ game, history: turns, candidates });
  const split = partition(game, guess, candidates);
  let total = candidates.length;
  for (let answer = 0; answer < game.answers; answer++) {
    const size = split.start[answer + 1] - split.start[answer];
    if (size === 0 || answer === game.solved) continue;
    if (size === candidates.length && first === undefined) {
      throw new Error(`${strategy.name} chose a guess that does not split its candidates`);
    }
    turns.push({ guess, answer });
    total += strategyTotal(game, strategy, classOf(split, answer), turns);
    turns.pop();
  }
  return total;
}

/**
 * Grades `guess` as `gradeGuess` does, but with `strategy` playing after it instead of the
 * optimal strategy: against the strategy's own guess from the position, or against `guess` if
 * that does at least as well. For positions too large for the exact search in the time there is.
 */
export function gradeByStrategy(
  game: Game,
  candidates: Int32Array,
  history: readonly number[],
  guess: number,
  strategy: Strategy,
): Grade {
  const n = candidates.length;
  const turns = turnsOf(game, candidates, history);
  const own = strategy.choose({ game, history: turns, candidates });
  const played = strategyTotal(game, strategy, candidates, turns, guess);
  const theirs = own === guess ? played : strategyTotal(game, strategy, candidates, turns, own);
  return compared(guess, played, own, theirs, n, strategy.name, 0);
}
