/** The seed pages' strategy: guess the first code still consistent with every answer. */
import type { GameState, Strategy } from '../strategy.js';

/** Guesses the smallest code that could still be the secret. */
export function firstConsistent(): Strategy {
  return {
    name: 'first-consistent',
    choose: (state: GameState) => state.candidates[0],
  };
}
