/**
 * Playing in either role, as state a UI renders and methods it calls: no I/O, so the terminal
 * (`codebreaker play`) and the browser drive the same sessions.
 *
 * - `CodemakerSession`: the user keeps a secret, the computer guesses with a strategy, the user
 *   answers. An answer that leaves no secret possible is refused at once, naming the earliest
 *   turn it cannot stand with, and `undo` takes the last answer back.
 * - `CodebreakerSession`: the computer picks a secret (from a seed, so a game can be replayed),
 *   the user guesses; `hint` counts the secrets still possible and asks the strategy for a guess.
 *
 * Both keep the candidate set after every turn rather than only the latest, so `undo` is a pop
 * that returns exactly the earlier state (no re-filtering, and the strategy's guess for that
 * state is kept too, so a slow strategy is not asked twice).
 */
import { allCandidates, contains, filterCandidates } from './candidates.js';
import { CodebreakerError } from './errors.js';
import { type Feedback, canOccur, makeFeedback } from './feedback.js';
import type { Game } from './game.js';
import type { GameState, Strategy, Turn } from './strategy.js';

/** Who the user is: the one keeping the secret, or the one breaking it. */
export const ROLES = ['codemaker', 'codebreaker'] as const;
/** The user's role: `codemaker` or `codebreaker`. */
export type Role = (typeof ROLES)[number];

/** A turn as a session records it. */
export interface PlayedTurn extends Turn {
  /** Secrets still possible after this turn. */
  readonly remaining: number;
  /** Whether the guess could still have been the secret when it was made. */
  readonly consistent: boolean;
}

/**
 * Why an answer to a guess cannot be right: `turn` is the earliest k such that turns 1..k with
 * this answer already leave no secret (0 when no secret at all gives this answer to the guess).
 */
export interface Conflict {
  /** The guess answered. */
  readonly guess: number;
  /** The answer index that cannot be right. */
  readonly answer: number;
  /** The earliest turn (from 1) the answer cannot stand with; 0 if no secret gives it at all. */
  readonly turn: number;
  /** Whether turn `turn` alone, without the turns before it, already rules the answer out. */
  readonly alone: boolean;
}

/** An answer that contradicts the answers before it; `conflict` says which. */
export class ContradictionError extends CodebreakerError {
  /**
   * @param conflict - which earlier turn the answer contradicts
   * @param message - one line saying so, as `describeConflict` writes it
   */
  constructor(
    /** Which earlier turn the answer contradicts. */
    readonly conflict: Conflict,
    message: string,
  ) {
    super('impossible-feedback', message);
    this.name = 'ContradictionError';
  }
}

/** The earliest conflict of answering `answer` to `guess` after `history`, or undefined if none. */
export function findConflict(
  game: Game,
  history: readonly Turn[],
  guess: number,
  answer: number,
): Conflict | undefined {
  const giving = filterCandidates(game, allCandidates(game), guess, answer);
  if (giving.length === 0) return { guess, answer, turn: 0, alone: true };
  let left = giving;
  for (let k = 0; k < history.length; k++) {
    left = filterCandidates(game, left, history[k].guess, history[k].answer);
    if (left.length === 0) {
      const alone =
        k === 0 || filterCandidates(game, giving, history[k].guess, history[k].answer).length === 0;
      return { guess, answer, turn: k + 1, alone };
    }
  }
  return undefined;
}

/** One line saying what a conflict is, in the words of the codemaker's answers. */
export function describeConflict(game: Game, history: readonly Turn[], conflict: Conflict): string {
  const make = (code: number): string => game.codes.make(code);
  const said = `${game.answerText(conflict.answer)} to ${make(conflict.guess)}`;
  if (conflict.turn === 0) {
    return `${said} is impossible: no secret gives that answer to ${make(conflict.guess)}`;
  }
  const earlier = history[conflict.turn - 1];
  const before = conflict.alone ? '' : ', given your answers before it';
  return `${said} contradicts your answer ${game.answerText(earlier.answer)} to ${make(earlier.guess)} (guess ${conflict.turn})${before}`;
}

/** The answer index of `feedback`; throws `CodebreakerError` if it can never occur. */
function checkedAnswer(game: Game, feedback: Feedback): number {
  const { hits, blows } = feedback;
  if (game.feedback === 'black' && blows !== 0) {
    throw new CodebreakerError(
      'impossible-feedback',
      `the answer ${makeFeedback(feedback)} has blows, but this game answers with hits only`,
    );
  }
  if (!Number.isInteger(hits) || !Number.isInteger(blows) || !canOccur(game.rules, feedback)) {
    throw new CodebreakerError(
      'impossible-feedback',
      `the answer ${makeFeedback(feedback, game.feedback)} cannot occur with ${game.pegs} pegs`,
    );
  }
  return game.answerIndex(feedback);
}

/** `code`, if it is the index of a code of the game; throws `CodebreakerError` if not. */
function checkedCode(game: Game, code: number): number {
  if (!Number.isInteger(code) || code < 0 || code >= game.size) {
    throw new CodebreakerError('bad-code', `code index ${code} is outside 0..${game.size - 1}`);
  }
  return code;
}

/** The candidates after each turn, and the strategy's guess in each state once asked. */
interface Level {
  readonly candidates: Int32Array;
  suggestion?: number;
}

/** What both roles share: the turns so far and the secrets still possible after each. */
export abstract class Session {
  readonly #turns: PlayedTurn[] = [];
  readonly #levels: Level[];

  /** A session of `game` at its start, with `strategy` to guess or to give hints. */
  constructor(
    /** The game played. */
    readonly game: Game,
    /** The computer's strategy: its guesses as codebreaker, its hints to the user. */
    readonly strategy: Strategy,
  ) {
    this.#levels = [{ candidates: allCandidates(game) }];
  }

  /** The turns so far, oldest first. */
  get turns(): readonly PlayedTurn[] {
    return this.#turns;
  }

  /** The secrets consistent with every turn so far, in code order. */
  get candidates(): Int32Array {
    return this.#top.candidates;
  }

  /** How many secrets are still possible. */
  get remaining(): number {
    return this.#top.candidates.length;
  }

  /** Whether the last guess got all hits. */
  get solved(): boolean {
    const last = this.#turns.at(-1);
    return last !== undefined && last.answer === this.game.solved;
  }

  /** The state a strategy sees now. */
  get state(): GameState {
    return { game: this.game, history: this.#turns, candidates: this.candidates };
  }

  get #top(): Level {
    return this.#levels[this.#levels.length - 1];
  }

  /**
   * The strategy's guess in the current state, asked once per state.
   *
   * @internal
   */
  protected suggestion(): number {
    const top = this.#top;
    top.suggestion ??= this.strategy.choose(this.state);
    return top.suggestion;
  }

  /**
   * Records a turn whose answer leaves `candidates`; the caller has checked they are not empty.
   *
   * @internal
   */
  protected record(guess: number, answer: number, candidates: Int32Array): PlayedTurn {
    const consistent = contains(this.candidates, guess);
    const turn = { guess, answer, remaining: candidates.length, consistent };
    this.#turns.push(turn);
    this.#levels.push({ candidates });
    return turn;
  }

  /**
   * Removes the last turn, if any, restoring the state before it.
   *
   * @internal
   */
  protected unrecord(): PlayedTurn | undefined {
    if (this.#turns.length === 0) return undefined;
    this.#levels.pop();
    return this.#turns.pop();
  }
}

/** The computer breaks the user's code: it proposes guesses, the user answers them. */
export class CodemakerSession extends Session {
  /** The computer's next guess, or undefined once solved. */
  get guess(): number | undefined {
    return this.solved ? undefined : this.suggestion();
  }

  /** What answering `feedback` to the current guess would contradict, if anything. */
  conflict(feedback: Feedback): Conflict | undefined {
    const guess = this.#current();
    const answer = checkedAnswer(this.game, feedback);
    if (filterCandidates(this.game, this.candidates, guess, answer).length > 0) return undefined;
    return findConflict(this.game, this.turns, guess, answer);
  }

  /**
   * Answers the current guess. Throws `ContradictionError` if no secret fits the answers any
   * more, and `CodebreakerError` if the answer can never occur (`impossible-feedback`) or the
   * game is solved (`game-over`); the state is then unchanged.
   */
  answer(feedback: Feedback): PlayedTurn {
    const guess = this.#current();
    const answer = checkedAnswer(this.game, feedback);
    const left = filterCandidates(this.game, this.candidates, guess, answer);
    if (left.length === 0) {
      const conflict = findConflict(this.game, this.turns, guess, answer);
      if (!conflict) throw new Error('no candidate is left, yet no turn conflicts');
      throw new ContradictionError(conflict, describeConflict(this.game, this.turns, conflict));
    }
    return this.record(guess, answer, left);
  }

  /** Takes the last answer back; returns the turn removed, or undefined if there was none. */
  undo(): PlayedTurn | undefined {
    return this.unrecord();
  }

  #current(): number {
    const guess = this.guess;
    if (guess === undefined) {
      throw new CodebreakerError('game-over', 'the game is solved: there is no guess to answer');
    }
    return guess;
  }
}

/** What `hint` tells the codebreaker. */
export interface Hint {
  /** Secrets still possible. */
  readonly remaining: number;
  /** The strategy's guess in the current state. */
  readonly suggestion: number;
}

/** The user breaks the computer's code: the user guesses, the session answers. */
export class CodebreakerSession extends Session {
  readonly #secret: number;
  #revealed = false;

  /**
   * A game whose secret is `secret` (a code index; `secretFromSeed` picks one). Throws
   * `CodebreakerError('bad-code')` if it is no code of the game.
   */
  constructor(game: Game, strategy: Strategy, secret: number) {
    super(game, strategy);
    this.#secret = checkedCode(game, secret);
  }

  /** Whether the user gave up. */
  get revealed(): boolean {
    return this.#revealed;
  }

  /** Whether the game has ended, solved or given up. */
  get over(): boolean {
    return this.solved || this.#revealed;
  }

  /** The secret, once the game is over; undefined before. */
  get secret(): number | undefined {
    return this.over ? this.#secret : undefined;
  }

  /**
   * Scores a guess (a code index) against the secret and records it. Throws
   * `CodebreakerError`: `bad-code` if it is no code of the game, `game-over` once the game is over.
   */
  guess(code: number): PlayedTurn {
    if (this.over) throw new CodebreakerError('game-over', 'the game is over: no more guesses');
    const guess = checkedCode(this.game, code);
    const answer = this.game.score(guess, this.#secret);
    return this.record(guess, answer, filterCandidates(this.game, this.candidates, guess, answer));
  }

  /** How many secrets remain and the strategy's guess now. */
  hint(): Hint {
    return { remaining: this.remaining, suggestion: this.suggestion() };
  }

  /** Ends the game and returns the secret. */
  giveUp(): number {
    this.#revealed = true;
    return this.#secret;
  }
}

/**
 * The secret a seed picks: a uniform code index drawn from a Weyl sequence started at the seed
 * and mixed by hash-prospector's lowbias32; the same for the same seed and rules everywhere.
 */
export function secretFromSeed(game: Game, seed: number): number {
  let state = (seed >>> 0) ^ Math.imul(Math.floor(seed / 2 ** 32), 0x27d4eb2d);
  const next = (): number => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  const uniform = ((next() >>> 5) * 2 ** 26 + (next() >>> 6)) / 2 ** 53;
  return Math.floor(uniform * game.size);
}
