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
 *
 * Games too large for a score table (settings.ts) are played without one: a heuristic then
 * scores every code as a guess only while that is `UNTABLED_SCORES` scores or fewer, else only the
 * codes still possible, and past that takes the first possible code; its name says which.
 */
import { allCandidates, partition } from '../src/candidates.js';
import type { Game } from '../src/game.js';
import { HEURISTIC_NAMES, type HeuristicName } from '../src/strategies/heuristic.js';
import { STRATEGY_NAMES, createStrategy } from '../src/strategies/index.js';
import { SEARCHED_OPTIMAL_NODES, searchedOptimal } from '../src/strategies/searched-optimal.js';
import type { Strategy } from '../src/strategy.js';
import { type Tree, treeNodeAt } from '../src/tree.js';
import type { Text } from './text/index.js';

/** The name of the strategy played from a shipped optimal tree. */
export const OPTIMAL = 'optimal';

/** A strategy as the menu holds it; `seed` matters to random-consistent only. */
export interface StrategyChoice {
  readonly name: string;
  readonly seed: number;
}

/**
 * The name of a strategy played the way a game allows, which `strategyTitle` writes out: the
 * strategy's own (`entropy`), or with how this guess was chosen after a slash
 * (`entropy/sampled`, `entropy/possible`, `entropy/first`; `optimal/most-parts` past the search
 * budget).
 */
export type PlayedName = string;

/** A strategy's name (`PlayedName`) in the menu's words and the page's language. */
export function strategyTitle(t: Text, name: PlayedName): string {
  const [own, how] = name.split('/');
  const title = (t.strategies as Readonly<Record<string, unknown>>)[own];
  const base = typeof title === 'string' ? title : own;
  if (how === undefined) return base;
  if (how === 'sampled') return t.strategies.sampled(base);
  if (how === 'possible') return t.strategies.possibleOnly(base);
  if (how === 'first') return t.strategies.firstPossible(base);
  return t.strategies.pastBudget(base, strategyTitle(t, how));
}

/** The strategies the menu offers; `optimal` only when its tree ships for the game. */
export function strategyNames(optimalShipped: boolean): string[] {
  const names: string[] = STRATEGY_NAMES.filter((name: string) => name !== OPTIMAL);
  return optimalShipped ? [...names, OPTIMAL] : names;
}

/**
 * The best strategy a game's menu offers, for hints and the computer's guesses unless the player
 * chooses: the proved optimal tree where one ships, else most parts (the best heuristic on
 * average, Kooi 2005).
 */
export function bestStrategy(names: readonly string[]): string {
  return names.includes(OPTIMAL) ? OPTIMAL : 'most-parts';
}

/**
 * Plays a shipped tree of the strategy `name`: the tree's guess while the game is on it; off it,
 * the heuristic itself, or for `optimal` the exact search within `budget` nodes, then most-parts.
 */
export function shippedStrategy(
  tree: Tree,
  name: string,
  budget = SEARCHED_OPTIMAL_NODES,
): Strategy {
  const off =
    name === OPTIMAL ? searchedOptimal(tree.game, { nodes: budget }) : createStrategy(name);
  let onTree = true;
  return {
    get name() {
      return onTree ? name : off.name;
    },
    choose(state) {
      const node = treeNodeAt(tree, state.history);
      onTree = node !== undefined;
      return node ? node.guess : off.choose(state);
    },
  };
}

/** Without a score table, the most scores a heuristic computes for one guess (about 0.2 s). */
export const UNTABLED_SCORES = 20_000_000;

/** The essentially different openings: one code a partition of the pegs, in code order. */
export function openingCodes(game: Game): number[] {
  const { pegs, colors, repeat } = game.rules;
  const openings: number[] = [];
  const parts = (left: number, largest: number, symbols: number[]): void => {
    if (left === 0) {
      openings.push(game.codes.indexOf(symbols));
      return;
    }
    const next = symbols.length === 0 ? 0 : symbols[symbols.length - 1] + 1;
    if (next >= colors) return;
    for (let size = Math.min(left, largest); size >= 1; size--) {
      parts(left - size, size, [...symbols, ...new Array<number>(size).fill(next)]);
    }
  };
  parts(pegs, repeat ? pegs : 1, []);
  openings.sort((a, b) => a - b);
  return openings;
}

/**
 * The heuristic's opening, found without the heuristic's first pass (which, without a table,
 * scores every candidate against every other: 10^9 scores for Super Mastermind). At the start
 * every code is possible and two codes with the same pattern of repeated symbols split the
 * secrets alike, so the essentially different openings are one code a partition of the pegs
 * (11223 for 2 + 2 + 1), the smallest of its kind, as the symmetry reduction would list them;
 * each is scored against every code and the best taken, ties to the first. With `budget`, the
 * secrets scored are every k-th code, the fewest k that keeps the scores within it (k = 1 for
 * every game but the largest: 8 × 8 has 22 openings of 16.7 million codes).
 */
export function openingGuess(
  game: Game,
  name: HeuristicName,
  budget = Number.POSITIVE_INFINITY,
): number {
  const openings = openingCodes(game);
  const stride = Math.max(1, Math.ceil((openings.length * game.size) / budget));
  const all = allCandidates(game).filter((code) => code % stride === 0);
  const counts = new Int32Array(game.answers);
  let best = openings[0];
  let bestScore = Number.POSITIVE_INFINITY;
  for (const guess of openings) {
    const { start } = partition(game, guess, all);
    for (let answer = 0; answer < game.answers; answer++) {
      counts[answer] = start[answer + 1] - start[answer];
    }
    let value = 0;
    for (const c of counts) {
      if (name === 'minimax') value = Math.max(value, c);
      else if (name === 'expected-size') value += c * c;
      else if (name === 'entropy') value += c > 1 ? c * Math.log2(c) : 0;
      else if (c > 0) value--;
    }
    const tolerance =
      name === 'entropy' && Number.isFinite(bestScore) ? 1e-9 * Math.max(1, bestScore) : 0;
    if (value < bestScore - tolerance) {
      best = guess;
      bestScore = value;
    }
  }
  return best;
}

/**
 * A heuristic for a game without a score table. Its first pass scores every candidate against
 * every other (n² scores for n candidates), then each allowed guess against the candidates: so it
 * scores every code as a guess while n² + codes × n is at most `budget`, only the possible codes
 * while 2n² is, and past that takes the first possible code. The opening is `openingGuess`. The
 * name says which way the last guess was chosen.
 */
export function untabledHeuristic(name: HeuristicName, budget = UNTABLED_SCORES): Strategy {
  let opening: number | undefined;
  let sampled = false;
  const every = createStrategy(name);
  const possible = createStrategy(name, { consistentOnly: true });
  const first = createStrategy('first-consistent');
  let mode: 'every' | 'possible' | 'first' = 'every';
  return {
    get name() {
      if (mode === 'every') return sampled ? `${name}/sampled` : name;
      return `${name}/${mode}`;
    },
    choose(state) {
      const n = state.candidates.length;
      if (state.history.length === 0) {
        mode = 'every';
        sampled = openingCodes(state.game).length * state.game.size > 4 * budget;
        opening ??= openingGuess(state.game, name, 4 * budget);
        return opening;
      }
      if (n * n + state.game.size * n <= budget) mode = 'every';
      else if (2 * n * n <= budget) mode = 'possible';
      else mode = 'first';
      const chosen = mode === 'every' ? every : mode === 'possible' ? possible : first;
      return chosen.choose(state);
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
  if (!game.tableFits && (HEURISTIC_NAMES as readonly string[]).includes(choice.name)) {
    return untabledHeuristic(choice.name as HeuristicName);
  }
  return createStrategy(choice.name, { seed: choice.seed });
}

/** A strategy choice in the menu's words: "Random possible code (seed 42)". */
export function describeChoice(t: Text, choice: StrategyChoice): string {
  const title = strategyTitle(t, choice.name);
  return choice.name === 'random-consistent' ? t.strategies.withSeed(title, choice.seed) : title;
}

/** A fresh seed for random-consistent or a new secret. */
export function freshSeed(): number {
  return Math.floor(Math.random() * 1_000_000);
}
