/**
 * The strategy menu: the library's strategies by name, and `optimal` where a proved optimal tree
 * ships for the game. The page never searches a whole game for an optimal strategy (Bulls and
 * Cows takes minutes); it plays the shipped tree, the same in the page and in the analysis worker.
 *
 * A tree only covers the games its own guesses lead to. When the user breaks a code and asks for
 * a hint after guesses of their own, the state is off the tree: there the optimal strategy
 * searches exactly from the secrets left, which takes well under a second for Mastermind, within
 * a node budget; past it, the hint comes from most-parts (the best heuristic on average, Kooi
 * 2005) and the strategy's name says so.
 */
import type { Game } from '../src/game.js';
import { OptimalSearch, SearchStopped } from '../src/search/branch-and-bound.js';
import { STRATEGY_NAMES, createStrategy } from '../src/strategies/index.js';
import type { GameState, Strategy } from '../src/strategy.js';
import type { Tree, TreeNode } from '../src/tree.js';

/** The name of the strategy played from a shipped optimal tree. */
export const OPTIMAL = 'optimal';

/** A strategy as the menu holds it; `seed` matters to random-consistent only. */
export interface StrategyChoice {
  readonly name: string;
  readonly seed: number;
}

/** What each strategy does, in the menu's words. */
export const STRATEGY_TITLES: Readonly<Record<string, string>> = {
  'first-consistent': 'first consistent code',
  'random-consistent': 'random consistent code',
  minimax: 'minimax (Knuth)',
  'expected-size': 'expected size (Irving)',
  entropy: 'entropy (Neuwirth)',
  'most-parts': 'most parts (Kooi)',
  [OPTIMAL]: 'optimal (shipped tree)',
};

/** The strategies the menu offers; `optimal` only when its tree ships for the game. */
export function strategyNames(optimalShipped: boolean): string[] {
  const names: string[] = STRATEGY_NAMES.filter((name: string) => name !== OPTIMAL);
  return optimalShipped ? [...names, OPTIMAL] : names;
}

/** Off the tree, how many nodes the exact search may expand for one guess. */
export const OFF_TREE_NODES = 50_000;

/** The node of `tree` that the turns so far lead to, or undefined once a guess left it. */
function nodeAt(tree: Tree, state: GameState): TreeNode | undefined {
  let node: TreeNode | undefined = tree.root;
  for (const turn of state.history) {
    if (node === undefined || turn.guess !== node.guess) return undefined;
    node = node.children.get(turn.answer);
  }
  return node;
}

/** The exact optimal guess for the secrets left, or undefined past the node budget. */
function optimalOffTree(game: Game, budget: number): (state: GameState) => number | undefined {
  let search: OptimalSearch | undefined;
  let limit = 0;
  return (state) => {
    search ??= new OptimalSearch(game, {
      progressEvery: Math.max(1, Math.min(1024, budget)),
      onProgress: ({ nodes }) => nodes > limit,
    });
    limit = search.nodes + budget;
    try {
      return search.bestGuess(
        state.candidates,
        state.history.map((turn) => turn.guess),
      );
    } catch (error) {
      if (!(error instanceof SearchStopped)) throw error;
      search = undefined;
      return undefined;
    }
  };
}

/**
 * Plays a shipped tree of the strategy `name`: the tree's guess while the game is on it; off it,
 * the heuristic itself, or for `optimal` the exact search within `budget` nodes, then most-parts.
 */
export function shippedStrategy(tree: Tree, name: string, budget = OFF_TREE_NODES): Strategy {
  const { game } = tree;
  const exact = name === OPTIMAL ? optimalOffTree(game, budget) : undefined;
  const heuristic = createStrategy(name === OPTIMAL ? 'most-parts' : name);
  let fellBack = false;
  return {
    get name() {
      return fellBack ? `${name} (past the search budget: most-parts)` : name;
    },
    choose(state) {
      const node = nodeAt(tree, state);
      const guess = node ? node.guess : exact?.(state);
      fellBack = guess === undefined;
      return guess ?? heuristic.choose(state);
    },
  };
}

/** The strategy of a choice; `optimal` needs the shipped tree. */
export function strategyFor(game: Game, choice: StrategyChoice, optimalTree?: Tree): Strategy {
  if (choice.name === OPTIMAL) {
    if (!optimalTree) throw new Error('the optimal strategy needs its shipped tree');
    if (optimalTree.game !== game) throw new Error('the optimal tree is for another game');
    return shippedStrategy(optimalTree, OPTIMAL);
  }
  return createStrategy(choice.name, { seed: choice.seed });
}

/** A strategy choice in words: "random-consistent (seed 42)". */
export function describeChoice(choice: StrategyChoice): string {
  return choice.name === 'random-consistent' ? `${choice.name} (seed ${choice.seed})` : choice.name;
}

/** A fresh seed for random-consistent or a new secret. */
export function freshSeed(): number {
  return Math.floor(Math.random() * 1_000_000);
}
