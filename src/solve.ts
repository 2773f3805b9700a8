/** Playing a strategy against one known secret. */
import { allCandidates, filterCandidates } from './candidates.js';
import type { Game } from './game.js';
import type { Strategy, Turn } from './strategy.js';

/** No strategy of this family needs more guesses; more means a strategy is not making progress. */
export const MAX_GUESSES = 64;

/** Plays `strategy` against `secret` until it guesses it; returns every turn, the last one solved. */
export function solve(game: Game, strategy: Strategy, secret: number): Turn[] {
  const history: Turn[] = [];
  let candidates = allCandidates(game);
  for (;;) {
    const guess = strategy.choose({ game, history, candidates });
    const answer = game.score(guess, secret);
    history.push({ guess, answer });
    if (answer === game.solved) return history;
    if (history.length >= MAX_GUESSES) {
      throw new Error(`${strategy.name} made no progress after ${MAX_GUESSES} guesses`);
    }
    candidates = filterCandidates(game, candidates, guess, answer);
  }
}
