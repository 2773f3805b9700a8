/**
 * The play views' state, around the core's sessions (src/session.ts): what the player has picked
 * but not yet sent, what to warn about, and how a game is saved and restored. No DOM, so the
 * tests play whole games through it.
 *
 * - `CodemakerPlay`: the computer guesses, the player composes an answer. Each change of the
 *   answer is checked at once against the answers before it, so a contradiction is named before
 *   it is sent, with the turn it contradicts, and undo is offered.
 * - `CodebreakerPlay`: the player composes a guess on the board (its `row`, draft.ts), sends
 *   it, and may ask for a hint or give up.
 *
 * A game survives a change of strategy: `withStrategy` replays the turns so far under the new
 * one, which takes over from there (for the codebreaker the strategy only gives hints). The same
 * replay restores a saved game (`SavedCodemaker`, `SavedCodebreaker`: plain JSON, codes written
 * out). The computer's earlier guesses are replayed as they were shown, whatever strategy made
 * them (`replaying`).
 */
import { CodebreakerError } from '../src/errors.js';
import { type Feedback, canOccur, parseFeedback } from '../src/feedback.js';
import type { Game } from '../src/game.js';
import {
  CodebreakerSession,
  CodemakerSession,
  type Conflict,
  type Hint,
  type PlayedTurn,
  secretFromSeed,
} from '../src/session.js';
import type { Strategy, Turn } from '../src/strategy.js';
import { Draft } from './draft.js';

/** A turn as the views show it: codes and answers written out. */
export interface TurnView {
  readonly number: number;
  readonly guess: string;
  readonly hits: number;
  readonly blows: number;
  /** `2H1B`. */
  readonly answer: string;
  /** Secrets still possible after the turn. */
  readonly remaining: number;
}

/** The turns of a session, written out. */
export function turnViews(game: Game, turns: readonly PlayedTurn[]): TurnView[] {
  return turns.map((turn, i) => {
    return {
      number: i + 1,
      guess: game.codes.make(turn.guess),
      ...game.answerOf(turn.answer),
      answer: game.answerText(turn.answer),
      remaining: turn.remaining,
    };
  });
}

/**
 * What is wrong with an answer or a guess the player made, as data: the view says it in the
 * game's words and the page's language (words.ts).
 */
export type Problem =
  /** No secret gives this answer to any guess: more hits and blows than the pegs allow. */
  | { readonly kind: 'cannot-occur'; readonly hits: number; readonly blows: number }
  /** The answer contradicts the answers before it (`conflict.turn`, from 1; 0: to this guess). */
  | { readonly kind: 'conflict'; readonly conflict: Conflict }
  /** A typed answer that cannot be read. */
  | { readonly kind: 'unreadable-answer'; readonly text: string }
  /** A guess sent with slots still empty. */
  | { readonly kind: 'unfilled'; readonly empty: number }
  /** A typed guess that is no code of the game. */
  | { readonly kind: 'not-a-code'; readonly text: string };

/** Rethrows anything but a bad-input error, which is a bug. */
function checkInputError(error: unknown): void {
  if (!(error instanceof CodebreakerError)) throw error;
}

/**
 * `strategy`, except that in the states `turns` pass through it guesses what was guessed there:
 * the computer's guesses of a game are replayed as they were, and `strategy` goes on from them.
 */
export function replaying(turns: readonly Turn[], strategy: Strategy): Strategy {
  return {
    get name() {
      return strategy.name;
    },
    choose(state) {
      const depth = state.history.length;
      const onPath =
        depth < turns.length &&
        state.history.every(
          (turn, i) => turn.guess === turns[i].guess && turn.answer === turns[i].answer,
        );
      return onPath ? turns[depth].guess : strategy.choose(state);
    },
  };
}

/** A codemaker game saved: each guess and its answer, written out (`["1122","1H0B"]`). */
export interface SavedCodemaker {
  readonly turns: readonly (readonly [guess: string, answer: string])[];
}

/** The computer breaks the player's code. */
export class CodemakerPlay {
  readonly session: CodemakerSession;
  /** The answer being composed. */
  #answer: Feedback = { hits: 0, blows: 0 };
  /** Whether the player has set the answer to the current guess (before that, no warning). */
  #touched = false;
  /** Why the last action was refused, until the next action. */
  message: Problem | undefined;
  /** How many guesses were made before `strategy` took over (0: it made them all). */
  since = 0;

  /** A new game, or the game of `turns` replayed (their guesses as they were). */
  constructor(
    readonly game: Game,
    readonly strategy: Strategy,
    turns: readonly Turn[] = [],
  ) {
    this.session = new CodemakerSession(game, replaying(turns, strategy));
    for (const turn of turns) this.session.answer(game.answerOf(turn.answer));
  }

  /** A saved game played on; throws `CodebreakerError` if it is not a game of these rules. */
  static restore(game: Game, strategy: Strategy, saved: SavedCodemaker): CodemakerPlay {
    const turns = saved.turns.map(([guess, answer]) => {
      const feedback = parseFeedback(answer, game.rules);
      return { guess: game.codes.parse(guess), answer: game.answerIndex(feedback) };
    });
    return new CodemakerPlay(game, strategy, turns);
  }

  /** The game so far, with `strategy` guessing from now on; the answer being composed is kept. */
  withStrategy(strategy: Strategy): CodemakerPlay {
    const next = new CodemakerPlay(this.game, strategy, this.session.turns);
    next.since = this.session.turns.length;
    next.#answer = this.#answer;
    next.#touched = this.#touched;
    return next;
  }

  /** The game as saved. */
  get saved(): SavedCodemaker {
    return { turns: this.turns.map((turn) => [turn.guess, turn.answer] as const) };
  }

  /** The computer's guess to answer, written out; undefined once solved. */
  get guess(): string | undefined {
    const guess = this.session.guess;
    return guess === undefined ? undefined : this.game.codes.make(guess);
  }

  /** The answer being composed. */
  get answer(): Feedback {
    return this.#answer;
  }

  /** Sets the answer being composed. */
  setAnswer(hits: number, blows: number): void {
    this.#answer = { hits, blows };
    this.#touched = true;
    this.message = undefined;
  }

  /** An answer typed as `2H1B`, `2 1` or `2,1`, or undefined if it cannot be read. */
  readAnswer(text: string): Feedback | undefined {
    try {
      return parseFeedback(text, this.game.rules);
    } catch (error) {
      checkInputError(error);
      return undefined;
    }
  }

  /** Sets the answer typed (`readAnswer`); false (with `message`) if it cannot be read. */
  typeAnswer(text: string): boolean {
    const answer = this.readAnswer(text);
    if (answer) this.setAnswer(answer.hits, answer.blows);
    else this.message = { kind: 'unreadable-answer', text };
    return answer !== undefined;
  }

  /** Whether (hits, blows) can be the answer to some guess against some secret of the game. */
  canOccur(hits: number, blows: number): boolean {
    return canOccur(this.game.rules, { hits, blows });
  }

  /**
   * What is wrong with the answer being composed, said as soon as the player sets it: that it
   * cannot occur, or which earlier answer it contradicts.
   */
  get warning(): Problem | undefined {
    if (this.session.solved || !this.#touched) return undefined;
    return this.problemOf(this.#answer);
  }

  /** What would be wrong with answering `answer` to the current guess, if anything. */
  problemOf(answer: Feedback): Problem | undefined {
    if (!canOccur(this.game.rules, answer)) return { kind: 'cannot-occur', ...answer };
    const conflict = this.session.conflict(answer);
    return conflict && { kind: 'conflict', conflict };
  }

  /** Sends the answer; returns the turn, or undefined (with `message`) if it was refused. */
  send(): PlayedTurn | undefined {
    const problem = this.problemOf(this.#answer);
    if (problem) {
      this.message = problem;
      return undefined;
    }
    const turn = this.session.answer(this.#answer);
    this.#answer = { hits: 0, blows: 0 };
    this.#touched = false;
    this.message = undefined;
    return turn;
  }

  /** Takes the last answer back, and puts it in the answer being composed to edit. */
  undo(): void {
    const turn = this.session.undo();
    this.message = undefined;
    if (!turn) return;
    const { hits, blows } = this.game.answerOf(turn.answer);
    this.setAnswer(hits, blows);
  }

  /** The turns so far, written out. */
  get turns(): TurnView[] {
    return turnViews(this.game, this.session.turns);
  }
}

/** A codebreaker game saved: the seed of the secret, the guesses, and the row being filled. */
export interface SavedCodebreaker {
  readonly seed: number;
  readonly guesses: readonly string[];
  readonly gaveUp: boolean;
  /** The row being filled, `·` where empty. */
  readonly draft: string;
}

/** The player breaks the computer's code. */
export class CodebreakerPlay {
  readonly session: CodebreakerSession;
  /** The guess being composed. */
  #row: Draft;
  #hint: Hint | undefined;
  /** Why the last action was refused, until the next action. */
  message: Problem | undefined;

  /** A game whose secret the seed picks (`secretFromSeed`), with `guesses` already made. */
  constructor(
    readonly game: Game,
    readonly strategy: Strategy,
    readonly seed: number,
    guesses: readonly number[] = [],
    gaveUp = false,
  ) {
    this.session = new CodebreakerSession(game, strategy, secretFromSeed(game, seed));
    for (const guess of guesses) this.session.guess(guess);
    if (gaveUp) this.session.giveUp();
    this.#row = new Draft(game);
  }

  /** A saved game played on; throws `CodebreakerError` if it is not a game of these rules. */
  static restore(game: Game, strategy: Strategy, saved: SavedCodebreaker): CodebreakerPlay {
    if (!Number.isSafeInteger(saved.seed)) {
      throw new CodebreakerError('bad-option', `the saved seed ${saved.seed} is no whole number`);
    }
    const guesses = saved.guesses.map((guess) => game.codes.parse(guess));
    const play = new CodebreakerPlay(game, strategy, saved.seed, guesses, saved.gaveUp);
    play.#row = Draft.read(game, saved.draft);
    return play;
  }

  /** The same game with hints from `strategy`; the row being filled is kept. */
  withStrategy(strategy: Strategy): CodebreakerPlay {
    const next = new CodebreakerPlay(
      this.game,
      strategy,
      this.seed,
      this.session.turns.map((turn) => turn.guess),
      this.session.revealed,
    );
    next.#row = this.#row.copy();
    return next;
  }

  /** The game as saved. */
  get saved(): SavedCodebreaker {
    return {
      seed: this.seed,
      guesses: this.turns.map((turn) => turn.guess),
      gaveUp: this.session.revealed,
      draft: this.#row.text,
    };
  }

  /** The guess being composed (the view edits it; a new one after each guess). */
  get row(): Draft {
    return this.#row;
  }

  /** Sends the draft as a guess, once every position is filled. */
  send(): PlayedTurn | undefined {
    if (this.session.over) return undefined;
    const code = this.#row.code;
    if (code === undefined) {
      this.message = { kind: 'unfilled', empty: this.#row.empty };
      return undefined;
    }
    return this.#guess(code);
  }

  /** Sends a typed guess; undefined (with `message`) if it is no code of the game. */
  sendText(text: string): PlayedTurn | undefined {
    if (this.session.over) return undefined;
    let code: number;
    try {
      code = this.game.codes.parse(text);
    } catch (error) {
      checkInputError(error);
      this.message = { kind: 'not-a-code', text };
      return undefined;
    }
    return this.#guess(code);
  }

  #guess(code: number): PlayedTurn {
    const turn = this.session.guess(code);
    this.#row = new Draft(this.game);
    this.#hint = undefined;
    this.message = undefined;
    return turn;
  }

  /** Asks for a hint: how many secrets remain and the strategy's guess. */
  hint(): Hint {
    this.#hint = this.session.hint();
    this.message = undefined;
    return this.#hint;
  }

  /** The hint shown for the current turn, if one was asked. */
  get shownHint(): { remaining: number; suggestion: string } | undefined {
    const hint = this.#hint;
    return hint && { remaining: hint.remaining, suggestion: this.game.codes.make(hint.suggestion) };
  }

  /** Puts the hint's suggestion in the draft. */
  useHint(): void {
    if (!this.#hint || this.session.over) return;
    this.#row.fill(this.#hint.suggestion);
  }

  /** Ends the game; returns the secret written out. */
  giveUp(): string {
    this.#hint = undefined;
    this.message = undefined;
    return this.game.codes.make(this.session.giveUp());
  }

  /** The secret written out, for the coach, which never shows it before the game is over. */
  get hiddenSecret(): string {
    return this.game.codes.make(secretFromSeed(this.game, this.seed));
  }

  /** The first `limit` secrets still possible, written out, in code order. */
  possible(limit: number): string[] {
    const first = this.session.candidates.subarray(0, limit);
    return Array.from(first, (code) => this.game.codes.make(code));
  }

  /** The secret written out, once the game is over. */
  get secret(): string | undefined {
    const secret = this.session.secret;
    return secret === undefined ? undefined : this.game.codes.make(secret);
  }

  /** The turns so far, written out. */
  get turns(): TurnView[] {
    return turnViews(this.game, this.session.turns);
  }
}
