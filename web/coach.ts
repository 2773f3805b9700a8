/**
 * The coach's work, run in a Web Worker (coach-worker.ts) so that the page never waits on it:
 * each guess the player sends is graded against the best guess from the same position, and at
 * the end of a game the coach says how many guesses the best play needs for that secret.
 *
 * - Exact where the search settles it within `EXACT_NODES` nodes (every classic preset from most
 *   positions; the shipped optimal tree answers its own positions and their symmetric images at
 *   once: `gradeGuess` in src/grade.ts).
 * - Else by `FALLBACK` (most parts, Kooi's heuristic) played after the guess and after its own
 *   choice, which the grade names (`gradeByStrategy`).
 * - Games too large for a score table are graded by the same heuristic once few enough secrets
 *   are left that it is quick (`UNTABLED_MAX_SECRETS`); before that, no grade, and the page says why.
 *
 * Plain functions of plain messages: the tests run them without a worker.
 */
import { allCandidates, filterCandidates } from '../src/candidates.js';
import { CodebreakerError } from '../src/errors.js';
import { type Game, gameFor } from '../src/game.js';
import { gradeByStrategy, gradeGuess } from '../src/grade.js';
import { type Rules, checkRules } from '../src/rules.js';
import { solve } from '../src/solve.js';
import { createStrategy } from '../src/strategies/index.js';
import { type TreeJson, treeFromJson } from '../src/tree-json.js';
import { type Tree, treeStrategy } from '../src/tree.js';

/** The most nodes the exact search may expand for one grade (a quarter of a second in Mastermind, about a second in Bulls and Cows). */
export const EXACT_NODES = 2_500;
/** The heuristic that grades where the exact search does not. */
export const FALLBACK = 'most-parts';
/** In a game without a score table, the most secrets left for a grade. */
export const UNTABLED_MAX_SECRETS = 150;

/** A request to the coach: the game, its proved tree if one ships, the secret and the guesses. */
export interface CoachRequest {
  readonly id: number;
  readonly rules: Rules;
  /** The shipped optimal tree of the game, if there is one. */
  readonly tree?: TreeJson;
  /** The secret, written out (the page picked it). */
  readonly secret: string;
  /** The guesses before the one graded, written out. */
  readonly before: readonly string[];
  /** `grade`: the guess played after `before`; `par`: how many guesses best play needs. */
  readonly kind: 'grade' | 'par';
  readonly guess?: string;
}

/** A grade written out for the page. */
export interface CoachGrade {
  readonly guess: string;
  /** A best guess from the same position (the guess itself when it is one). */
  readonly best: string;
  /** Expected guesses from the position with the guess played first, and with the best. */
  readonly expected: number;
  readonly bestExpected: number;
  /** Guesses lost on average: `expected − bestExpected`, 0 for a best guess. */
  readonly loss: number;
  /** The play after the guesses: `optimal` or the heuristic's name. */
  readonly by: string;
  /** Secrets still possible after the guess, and after the best guess, for this secret. */
  readonly left: number;
  readonly bestLeft: number;
}

/** What the coach answers. */
export type CoachAnswer =
  | { readonly id: number; readonly kind: 'grade'; readonly grade: CoachGrade }
  | { readonly id: number; readonly kind: 'par'; readonly guesses: number; readonly by: string }
  /** No grade here: too many secrets left in a game without a score table. */
  | { readonly id: number; readonly kind: 'ungraded'; readonly limit: number }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };

/** The last tree read: a game's requests all carry the same one (one ships per game). */
let lastTree: Tree | undefined;

function treeOf(json: TreeJson | undefined, game: Game): Tree | undefined {
  if (!json) return undefined;
  if (lastTree?.game !== game) lastTree = treeFromJson(json);
  return lastTree.game === game ? lastTree : undefined;
}

/** The secrets still possible after `guesses` against `secret`. */
function candidatesAfter(game: Game, guesses: readonly number[], secret: number): Int32Array {
  let candidates = allCandidates(game);
  for (const guess of guesses) {
    candidates = filterCandidates(game, candidates, guess, game.score(guess, secret));
  }
  return candidates;
}

/** How many of `candidates` are left after `guess` against `secret`. */
function leftAfter(game: Game, candidates: Int32Array, guess: number, secret: number): number {
  return filterCandidates(game, candidates, guess, game.score(guess, secret)).length;
}

/** Answers one request. */
export function coach(request: CoachRequest): CoachAnswer {
  const { id } = request;
  try {
    const game = gameFor(checkRules(request.rules));
    const tree = treeOf(request.tree, game);
    const secret = game.codes.parse(request.secret);
    if (request.kind === 'par') {
      const strategy = tree ? treeStrategy(tree, 'optimal') : createStrategy(FALLBACK);
      return { id, kind: 'par', guesses: solve(game, strategy, secret).length, by: strategy.name };
    }
    const before = request.before.map((code) => game.codes.parse(code));
    const guess = game.codes.parse(request.guess ?? '');
    const candidates = candidatesAfter(game, before, secret);
    let grade = undefined;
    if (game.tableFits) {
      grade = gradeGuess(game, candidates, before, guess, { nodes: EXACT_NODES, tree });
    } else if (candidates.length > UNTABLED_MAX_SECRETS) {
      return { id, kind: 'ungraded', limit: UNTABLED_MAX_SECRETS };
    }
    grade ??= gradeByStrategy(game, candidates, before, guess, createStrategy(FALLBACK));
    return {
      id,
      kind: 'grade',
      grade: {
        guess: game.codes.make(grade.guess),
        best: game.codes.make(grade.best),
        expected: grade.expected,
        bestExpected: grade.bestExpected,
        loss: grade.loss,
        by: grade.by,
        left: leftAfter(game, candidates, guess, secret),
        bestLeft: leftAfter(game, candidates, grade.best, secret),
      },
    };
  } catch (error) {
    if (!(error instanceof CodebreakerError)) throw error;
    return { id, kind: 'error', message: error.message };
  }
}
