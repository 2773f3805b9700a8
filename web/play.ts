/**
 * The play views' state, around the core's sessions (src/session.ts): what the user has picked
 * but not yet sent, and what to warn about. No DOM, so the tests play whole games through it.
 *
 * - `CodemakerPlay`: the computer guesses, the user composes an answer (hits and blows). Each
 *   change of the answer is checked at once against the answers before it, so a contradiction
 *   is named before it is sent, with the turn it contradicts, and undo is offered.
 * - `CodebreakerPlay`: the user composes a guess symbol by symbol (or types it), sends it, and
 *   may ask for a hint or give up.
 */
import { CodebreakerError } from '../src/errors.js';
import { type Feedback, canOccur, makeFeedback, parseFeedback } from '../src/feedback.js';
import type { Game } from '../src/game.js';
import {
  CodebreakerSession,
  CodemakerSession,
  type Hint,
  type PlayedTurn,
  describeConflict,
  secretFromSeed,
} from '../src/session.js';
import type { Strategy } from '../src/strategy.js';

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

/** The message of a bad-input error; anything else is a bug and is rethrown. */
function inputError(error: unknown): string {
  if (error instanceof CodebreakerError) return error.message;
  throw error;
}

/** The computer breaks the user's code. */
export class CodemakerPlay {
  readonly session: CodemakerSession;
  /** The answer being composed. */
  #answer: Feedback = { hits: 0, blows: 0 };
  /** Whether the user has set the answer to the current guess (before that, no warning). */
  #touched = false;
  /** Why the last action was refused, until the next action. */
  message: string | undefined;

  constructor(
    readonly game: Game,
    strategy: Strategy,
  ) {
    this.session = new CodemakerSession(game, strategy);
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

  /** Reads an answer typed as `2H1B`, `2 1` or `2,1`; false (with `message`) if unreadable. */
  typeAnswer(text: string): boolean {
    try {
      const { hits, blows } = parseFeedback(text, this.game.rules);
      this.setAnswer(hits, blows);
      return true;
    } catch (error) {
      this.message = inputError(error);
      return false;
    }
  }

  /**
   * What is wrong with the answer being composed, said as soon as the user sets it: that it
   * cannot occur, or which earlier answer it contradicts.
   */
  get warning(): string | undefined {
    if (this.session.solved || !this.#touched) return undefined;
    const answer = this.#answer;
    if (!canOccur(this.game.rules, answer)) {
      return `${makeFeedback(answer, this.game.feedback)} cannot occur with ${this.game.pegs} pegs${this.game.rules.repeat ? '' : ` of ${this.game.rules.colors} colours without repetition`}`;
    }
    const conflict = this.session.conflict(answer);
    return conflict && describeConflict(this.game, this.session.turns, conflict);
  }

  /** Sends the answer; returns the turn, or undefined (with `message`) if it was refused. */
  send(): PlayedTurn | undefined {
    try {
      const turn = this.session.answer(this.#answer);
      this.#answer = { hits: 0, blows: 0 };
      this.#touched = false;
      this.message = undefined;
      return turn;
    } catch (error) {
      this.message = inputError(error);
      return undefined;
    }
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

/** The user breaks the computer's code. */
export class CodebreakerPlay {
  readonly session: CodebreakerSession;
  /** The guess being composed: a symbol index per position, or undefined where empty. */
  #draft: (number | undefined)[];
  #hint: Hint | undefined;
  /** Why the last action was refused, until the next action. */
  message: string | undefined;

  /** A game whose secret the seed picks (`secretFromSeed`), so it can be replayed. */
  constructor(
    readonly game: Game,
    strategy: Strategy,
    readonly seed: number,
  ) {
    this.session = new CodebreakerSession(game, strategy, secretFromSeed(game, seed));
    this.#draft = new Array(game.pegs).fill(undefined);
  }

  /** The guess being composed. */
  get draft(): readonly (number | undefined)[] {
    return this.#draft;
  }

  /** Whether `symbol` can be added to the draft now (a free position, and repetition rules). */
  canPick(symbol: number): boolean {
    if (this.session.over || !this.#draft.includes(undefined)) return false;
    return this.game.rules.repeat || !this.#draft.includes(symbol);
  }

  /** Puts `symbol` in the first empty position of the draft. */
  pick(symbol: number): void {
    if (!this.canPick(symbol)) return;
    this.#draft[this.#draft.indexOf(undefined)] = symbol;
    this.message = undefined;
  }

  /** Empties one position of the draft. */
  clearAt(position: number): void {
    this.#draft[position] = undefined;
    this.message = undefined;
  }

  /** Empties the draft. */
  clear(): void {
    this.#draft.fill(undefined);
    this.message = undefined;
  }

  /** The draft written out, `·` where empty. */
  get draftText(): string {
    const alphabet = [...this.game.rules.alphabet];
    return this.#draft.map((s) => (s === undefined ? '·' : alphabet[s])).join('');
  }

  /** Sends the draft as a guess, once every position is filled. */
  send(): PlayedTurn | undefined {
    if (this.#draft.includes(undefined)) {
      this.message = `choose all ${this.game.pegs} symbols first`;
      return undefined;
    }
    return this.#guess(this.game.codes.indexOf(this.#draft as number[]));
  }

  /** Sends a typed guess; undefined (with `message`) if it is no code of the game. */
  sendText(text: string): PlayedTurn | undefined {
    let code: number;
    try {
      code = this.game.codes.parse(text);
    } catch (error) {
      this.message = inputError(error);
      return undefined;
    }
    return this.#guess(code);
  }

  #guess(code: number): PlayedTurn {
    const turn = this.session.guess(code);
    this.#draft.fill(undefined);
    this.#hint = undefined;
    this.message = undefined;
    return turn;
  }

  /** Asks for a hint: how many secrets remain and the strategy's guess. */
  hint(): Hint {
    this.#hint = this.session.hint();
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
    this.#draft = [...this.game.codes.symbolsOf(this.#hint.suggestion)];
  }

  /** Ends the game; returns the secret written out. */
  giveUp(): string {
    this.#hint = undefined;
    return this.game.codes.make(this.session.giveUp());
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
