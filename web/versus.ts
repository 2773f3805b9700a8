/**
 * A head-to-head game, as Hit & Blow and Numer0n are played in Japan: the player and the computer
 * each hide a code and take turns guessing the other's, the page answering both; the player goes
 * first, and the first to crack the other's code wins, the computer still taking the turn of the
 * round the player cracked it in, so both have guessed as often and a draw is possible.
 *
 * In Numer0n each side may use each attack item once a game, at most one a turn, before its guess
 * (src/items.ts): HIGH & LOW, TARGET and SLASH, answered truthfully about the other's code. The
 * computer uses an item when it expects it to at least halve the codes it still considers
 * (`chooseItem`), and its strategy guesses among the codes that fit every answer, items included.
 *
 * The difficulty is the computer's strategy: easy plays a random possible code, normal most parts
 * (Kooi's heuristic), hard the proved optimal tree where one ships and the exact search elsewhere.
 *
 * A game is saved as its events in order (`SavedVersus`) and restored by playing them again:
 * answers are computed from the two codes, so the replay is the game.
 */
import { allCandidates, filterCandidates } from '../src/candidates.js';
import { CodebreakerError } from '../src/errors.js';
import type { Game } from '../src/game.js';
import {
  ITEM_NAMES,
  type ItemAnswer,
  type ItemName,
  type ItemQuestion,
  answerItem,
  filterByItem,
} from '../src/items.js';
import { presetOf } from '../src/rules.js';
import { secretFromSeed } from '../src/session.js';
import { createStrategy } from '../src/strategies/index.js';
import { searchedOptimal } from '../src/strategies/searched-optimal.js';
import type { Strategy, Turn } from '../src/strategy.js';
import type { Tree } from '../src/tree.js';
import { Draft } from './draft.js';
import { OPTIMAL, shippedStrategy, untabledHeuristic } from './strategy-choice.js';

/** The difficulties, easiest first. */
export const LEVELS = ['easy', 'normal', 'hard'] as const;
export type Level = (typeof LEVELS)[number];

/** The two sides. */
export type Side = 'player' | 'computer';

/** One thing a side did, in the order played. */
export type VersusEvent =
  | { readonly side: Side; readonly kind: 'guess'; readonly code: string }
  | { readonly side: Side; readonly kind: 'item'; readonly question: ItemQuestion };

/** A head-to-head game saved: enough to play it again to where it was. */
export interface SavedVersus {
  readonly seed: number;
  readonly level: Level;
  /** The player's code, written out; empty while they are choosing it. */
  readonly secret: string;
  readonly events: readonly VersusEvent[];
}

/** A guess of one side and its answer. */
export interface VersusTurn {
  readonly guess: string;
  readonly hits: number;
  readonly blows: number;
}

/** An item one side used, and what it learned. */
export interface UsedItem {
  /** The round it was used in, from 1. */
  readonly round: number;
  readonly answer: ItemAnswer;
}

/** How the game stands. */
export type Outcome = 'choosing' | 'playing' | 'won' | 'lost' | 'draw';

/** Whether a game's rules have Numer0n's items. */
export function hasItems(game: Game): boolean {
  return presetOf(game.rules) === 'numeron';
}

/** The computer's strategy at a level; `tree` is the shipped optimal tree, if any. */
export function levelStrategy(game: Game, level: Level, seed: number, tree?: Tree): Strategy {
  if (level === 'easy') return createStrategy('random-consistent', { seed });
  if (level === 'normal') {
    return game.tableFits ? createStrategy('most-parts') : untabledHeuristic('most-parts');
  }
  if (tree) return shippedStrategy(tree, OPTIMAL);
  return game.tableFits ? searchedOptimal(game) : untabledHeuristic('entropy');
}

/** The expected number of `candidates` left after `answer` splits them: Σ size² / n. */
function expectedLeft(candidates: Int32Array, key: (code: number) => string): number {
  const sizes = new Map<string, number>();
  for (const code of candidates) {
    const k = key(code);
    sizes.set(k, (sizes.get(k) ?? 0) + 1);
  }
  let sum = 0;
  for (const size of sizes.values()) sum += size * size;
  return sum / candidates.length;
}

/**
 * The item the computer uses now, if any: of those `unused`, the question that leaves the fewest
 * of `candidates` expected (each TARGET symbol tried), if it at least halves them.
 */
export function chooseItem(
  game: Game,
  candidates: Int32Array,
  unused: readonly ItemName[],
): ItemQuestion | undefined {
  if (candidates.length <= 2) return undefined;
  const questions: ItemQuestion[] = [];
  for (const item of unused) {
    if (item === 'target') {
      for (let symbol = 0; symbol < game.rules.colors; symbol++) questions.push({ item, symbol });
    } else {
      questions.push({ item });
    }
  }
  let best: ItemQuestion | undefined;
  let least = candidates.length / 2;
  for (const question of questions) {
    const left = expectedLeft(candidates, (code) =>
      JSON.stringify(answerItem(game, code, question)),
    );
    if (left <= least) {
      least = left;
      best = question;
    }
  }
  return best;
}

/** One side's state: its guesses at the other's code, its items, what it still considers. */
class SideState {
  readonly turns: VersusTurn[] = [];
  readonly history: Turn[] = [];
  readonly items: UsedItem[] = [];
  candidates: Int32Array;
  solved = false;

  constructor(
    readonly game: Game,
    /** The code this side is guessing. */
    readonly target: number,
  ) {
    this.candidates = allCandidates(game);
  }

  get unused(): ItemName[] {
    return ITEM_NAMES.filter((name) => !this.items.some((used) => used.answer.item === name));
  }

  guess(code: number): VersusTurn {
    const answer = this.game.score(code, this.target);
    const { hits, blows } = this.game.answerOf(answer);
    this.history.push({ guess: code, answer });
    this.candidates = filterCandidates(this.game, this.candidates, code, answer);
    const turn = { guess: this.game.codes.make(code), hits, blows };
    this.turns.push(turn);
    this.solved = answer === this.game.solved;
    return turn;
  }

  use(question: ItemQuestion, round: number): ItemAnswer {
    const answer = answerItem(this.game, this.target, question);
    this.items.push({ round, answer });
    this.candidates = filterByItem(this.game, this.candidates, answer);
    return answer;
  }
}

/** A head-to-head game. */
export class VersusPlay {
  readonly computerSecret: number;
  #playerSecret: number | undefined;
  #player: SideState | undefined;
  #computer: SideState | undefined;
  readonly #strategy: Strategy;
  /** The strategy the computer plays once an item has narrowed its codes (no tree covers that). */
  readonly #narrowed: Strategy;
  readonly #events: VersusEvent[] = [];
  /** The player's code being chosen, then the player's guess being composed. */
  row: Draft;

  constructor(
    readonly game: Game,
    readonly level: Level,
    readonly seed: number,
    tree?: Tree,
  ) {
    this.computerSecret = secretFromSeed(game, seed);
    this.#strategy = levelStrategy(game, level, seed, tree);
    this.#narrowed =
      level === 'hard' && game.tableFits
        ? searchedOptimal(game, { symmetry: false })
        : this.#strategy;
    this.row = new Draft(game);
  }

  /** A saved game played again; throws `CodebreakerError` if it is not one of these rules. */
  static restore(game: Game, saved: SavedVersus, tree?: Tree): VersusPlay {
    if (!Number.isSafeInteger(saved.seed) || !LEVELS.includes(saved.level)) {
      throw new CodebreakerError('bad-option', 'the saved head-to-head game is unreadable');
    }
    const play = new VersusPlay(game, saved.level, saved.seed, tree);
    if (saved.secret === '') return play;
    play.#start(game.codes.parse(saved.secret));
    // The computer's moves as they were made (the strategy that made them may differ now).
    const events = saved.events;
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      if (event.side !== 'player') continue;
      if (event.kind === 'item') {
        play.useItem(event.question);
        continue;
      }
      const moves: VersusEvent[] = [];
      for (let j = i + 1; j < events.length && events[j].side === 'computer'; j++) {
        moves.push(events[j]);
      }
      play.#playerGuess(game.codes.parse(event.code), moves);
    }
    return play;
  }

  /** The game as saved. */
  get saved(): SavedVersus {
    const secret = this.#playerSecret;
    return {
      seed: this.seed,
      level: this.level,
      secret: secret === undefined ? '' : this.game.codes.make(secret),
      events: [...this.#events],
    };
  }

  /** The player's code, written out, once chosen. */
  get playerSecret(): string | undefined {
    const secret = this.#playerSecret;
    return secret === undefined ? undefined : this.game.codes.make(secret);
  }

  /** The computer's code, written out, once the game is over. */
  get revealed(): string | undefined {
    const over = this.outcome !== 'playing' && this.outcome !== 'choosing';
    return over ? this.game.codes.make(this.computerSecret) : undefined;
  }

  /** Hides the code in the row as the player's and starts the game; false if it is not full. */
  start(): boolean {
    const code = this.row.code;
    if (code === undefined) return false;
    this.#start(code);
    return true;
  }

  /** Fills the row with a random code of the game, for a player who would rather not choose. */
  randomSecret(): void {
    this.row.fill(secretFromSeed(this.game, this.seed ^ 0x5bd1e995));
  }

  #start(code: number): void {
    this.#playerSecret = code;
    this.#player = new SideState(this.game, this.computerSecret);
    this.#computer = new SideState(this.game, code);
    this.row = new Draft(this.game);
  }

  /** The round being played, from 1. */
  get round(): number {
    return (this.#player?.turns.length ?? 0) + 1;
  }

  get outcome(): Outcome {
    const player = this.#player;
    const computer = this.#computer;
    if (!player || !computer) return 'choosing';
    if (player.solved && computer.solved) return 'draw';
    if (player.solved) return 'won';
    if (computer.solved) return 'lost';
    return 'playing';
  }

  /** The player's guesses at the computer's code, and the computer's at the player's. */
  get playerTurns(): readonly VersusTurn[] {
    return this.#player?.turns ?? [];
  }
  get computerTurns(): readonly VersusTurn[] {
    return this.#computer?.turns ?? [];
  }

  /** The items each side used, with their answers. */
  get playerItems(): readonly UsedItem[] {
    return this.#player?.items ?? [];
  }
  get computerItems(): readonly UsedItem[] {
    return this.#computer?.items ?? [];
  }

  /** The items the player may still use this turn: none in a game without items, once each. */
  get playerCanUse(): ItemName[] {
    const player = this.#player;
    if (!player || !hasItems(this.game) || this.outcome !== 'playing') return [];
    if (player.items.some((used) => used.round === this.round)) return [];
    return player.unused;
  }

  /** The player uses an item on the computer's code; returns its answer. */
  useItem(question: ItemQuestion): ItemAnswer | undefined {
    if (!this.playerCanUse.includes(question.item)) return undefined;
    this.#events.push({ side: 'player', kind: 'item', question });
    return this.#player!.use(question, this.round);
  }

  /** The player guesses the row, then the computer takes its turn; false if the row is not full. */
  guess(): boolean {
    const code = this.row.code;
    if (code === undefined || this.outcome !== 'playing') return false;
    this.#playerGuess(code);
    this.row = new Draft(this.game);
    return true;
  }

  #playerGuess(code: number, recorded?: readonly VersusEvent[]): void {
    const round = this.round;
    this.#events.push({ side: 'player', kind: 'guess', code: this.game.codes.make(code) });
    this.#player!.guess(code);
    this.#computerTurn(round, recorded);
  }

  /**
   * The computer's turn of round `round`: perhaps an item, then a guess; or, restoring a game,
   * the moves `recorded` as they were made.
   */
  #computerTurn(round: number, recorded?: readonly VersusEvent[]): void {
    const computer = this.#computer!;
    const item = recorded
      ? recorded.find((event) => event.kind === 'item')
      : hasItems(this.game)
        ? { question: chooseItem(this.game, computer.candidates, computer.unused) }
        : undefined;
    if (item?.question) {
      this.#events.push({ side: 'computer', kind: 'item', question: item.question });
      computer.use(item.question, round);
    }
    const strategy = computer.items.length > 0 ? this.#narrowed : this.#strategy;
    const state = { game: this.game, history: computer.history, candidates: computer.candidates };
    const said = recorded?.find((event) => event.kind === 'guess');
    const guess = said ? this.game.codes.parse(said.code) : strategy.choose(state);
    this.#events.push({ side: 'computer', kind: 'guess', code: this.game.codes.make(guess) });
    computer.guess(guess);
  }
}
