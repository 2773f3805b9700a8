/**
 * The one interface every strategy implements. A strategy is a pure function from the state of
 * a game to the next guess, so it is one decision tree, and `analyze` can build that tree once
 * and read every secret's number of guesses off it.
 */
import type { Game } from './game.js';

/** One guess and the answer index it got. */
export interface Turn {
  /** The guess, a code index. */
  readonly guess: number;
  /** Its answer index (see `Game.answerOf`). */
  readonly answer: number;
}

/** What the codebreaker knows: the game, the turns so far, and the secrets still possible. */
export interface GameState {
  /** The game played. */
  readonly game: Game;
  /** Turns so far, oldest first. */
  readonly history: readonly Turn[];
  /** Secrets consistent with every turn, in code order; never empty. */
  readonly candidates: Int32Array;
}

/** A way of choosing guesses. `choose` must depend only on the state it is given. */
export interface Strategy {
  /** The strategy's name, for messages and reports. */
  readonly name: string;
  /** The next guess (a code index) in `state`. */
  choose(state: GameState): number;
}
