/**
 * A code being composed on the board, a slot at a time: a slot is selected, a symbol goes in it
 * and the selection moves on to the next empty slot. Without repetition a symbol already in the
 * row moves to where it is placed. The guess row of "You guess", and both rows of a head-to-head
 * game (the secret the player hides and the guess they make), are each one of these.
 */
import type { Game } from '../src/game.js';

/** The placeholder of an empty slot in `text`. */
export const EMPTY_SLOT = '·';

export class Draft {
  /** A symbol index per position, or undefined where empty. */
  #symbols: (number | undefined)[];
  /** The slot the next symbol goes in. */
  #slot = 0;

  constructor(readonly game: Game) {
    this.#symbols = new Array(game.pegs).fill(undefined);
  }

  /** The row as written by `text` (`·` where empty), the first empty slot selected. */
  static read(game: Game, text: string): Draft {
    const draft = new Draft(game);
    const alphabet = [...game.rules.alphabet];
    const symbols = [...text];
    if (symbols.length === game.pegs) {
      draft.#symbols = symbols.map((s) => (alphabet.includes(s) ? alphabet.indexOf(s) : undefined));
      draft.#slot = Math.max(0, draft.#symbols.indexOf(undefined));
    }
    return draft;
  }

  /** A copy, to go on with elsewhere. */
  copy(): Draft {
    const copy = new Draft(this.game);
    copy.#symbols = [...this.#symbols];
    copy.#slot = this.#slot;
    return copy;
  }

  /** The symbols placed, undefined where empty. */
  get symbols(): readonly (number | undefined)[] {
    return this.#symbols;
  }

  /** The slot the next symbol goes in. */
  get slot(): number {
    return this.#slot;
  }

  /** Selects the slot the next symbol goes in. */
  select(position: number): void {
    if (position >= 0 && position < this.game.pegs) this.#slot = position;
  }

  /** Moves the selection by `step` slots, stopping at the ends. */
  moveSlot(step: number): void {
    this.select(Math.min(this.game.pegs - 1, Math.max(0, this.#slot + step)));
  }

  /** Whether `symbol` is in the row already (without repetition, placing it moves it). */
  used(symbol: number): boolean {
    return this.#symbols.includes(symbol);
  }

  /**
   * Puts `symbol` in `position` (default: the selected slot), then selects the next empty slot.
   * Without repetition a symbol already in the row moves there.
   */
  place(symbol: number, position = this.#slot): void {
    if (symbol < 0 || symbol >= this.game.rules.colors) return;
    if (!this.game.rules.repeat) {
      const before = this.#symbols.indexOf(symbol);
      if (before >= 0) this.#symbols[before] = undefined;
    }
    this.#symbols[position] = symbol;
    const pegs = this.game.pegs;
    for (let step = 1; step <= pegs; step++) {
      const next = (position + step) % pegs;
      if (this.#symbols[next] === undefined) {
        this.#slot = next;
        return;
      }
    }
    this.#slot = Math.min(position + 1, pegs - 1);
  }

  /** Places the symbol written `char`, if the alphabet has it; returns whether it did. */
  type(char: string): boolean {
    const symbol = [...this.game.rules.alphabet].indexOf(char);
    if (symbol < 0) return false;
    this.place(symbol);
    return true;
  }

  /** Empties the selected slot, or if it is empty the one before it, and selects that one. */
  backspace(): void {
    if (this.#symbols[this.#slot] === undefined && this.#slot > 0) this.#slot--;
    this.clearAt(this.#slot);
  }

  /** Empties one position and selects it. */
  clearAt(position: number): void {
    this.#symbols[position] = undefined;
    this.#slot = position;
  }

  /** Empties the row. */
  clear(): void {
    this.#symbols.fill(undefined);
    this.#slot = 0;
  }

  /** Fills the row with `code` (a code index), the last slot selected. */
  fill(code: number): void {
    this.#symbols = [...this.game.codes.symbolsOf(code)];
    this.#slot = this.game.pegs - 1;
  }

  /** The row written out, `·` where empty. */
  get text(): string {
    const alphabet = [...this.game.rules.alphabet];
    return this.#symbols.map((s) => (s === undefined ? EMPTY_SLOT : alphabet[s])).join('');
  }

  /** How many slots are empty. */
  get empty(): number {
    return this.#symbols.filter((s) => s === undefined).length;
  }

  /** Whether every slot is filled. */
  get full(): boolean {
    return this.empty === 0;
  }

  /** The code the full row is, as an index; undefined while a slot is empty. */
  get code(): number | undefined {
    return this.full ? this.game.codes.indexOf(this.#symbols as number[]) : undefined;
  }
}
