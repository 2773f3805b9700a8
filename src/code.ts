/**
 * Codes as dense integers. Code `i` is the i-th code of the rules in lexicographic order over
 * the alphabet; strings such as `"9431"` exist only at the edges, through `parse` and `make`.
 *
 * The codebook enumerates every code once, as symbol indices in one flat `Uint8Array`, which is
 * what scoring and the symmetry reductions read.
 */
import { CodebreakerError, quoteInput } from './errors.js';
import type { Rules } from './rules.js';
import { checkRules } from './rules.js';

/** Every code of one game, in code order. */
export class Codebook {
  /** How many codes the game has. */
  readonly size: number;
  /** `symbols[code * pegs + position]` is the symbol index at that position. */
  readonly symbols: Uint8Array;
  readonly #alphabet: readonly string[];
  readonly #symbolIndex: ReadonlyMap<string, number>;
  /** Without repetition: how many codes share each prefix length, P(colors − i − 1, pegs − i − 1). */
  readonly #blockSizes: Float64Array;

  /** Enumerates the codes of `rules`; throws `CodebreakerError` if the rules are bad. */
  constructor(
    /** The rules, checked. */
    readonly rules: Rules,
  ) {
    checkRules(rules);
    const { pegs, colors, repeat } = rules;
    this.#alphabet = [...rules.alphabet];
    this.#symbolIndex = new Map(this.#alphabet.map((s, i) => [s, i]));
    this.#blockSizes = new Float64Array(pegs);
    for (let i = 0; i < pegs; i++) {
      let block = 1;
      for (let j = i + 1; j < pegs; j++) block *= repeat ? colors : colors - j;
      this.#blockSizes[i] = block;
    }
    this.size = this.#blockSizes[0] * colors;
    this.symbols = new Uint8Array(this.size * pegs);
    this.#enumerate();
  }

  #enumerate(): void {
    const { pegs, colors, repeat } = this.rules;
    const current = new Uint8Array(pegs);
    const used = new Uint8Array(colors);
    let next = 0;
    const place = (position: number): void => {
      if (position === pegs) {
        this.symbols.set(current, next * pegs);
        next++;
        return;
      }
      for (let c = 0; c < colors; c++) {
        if (!repeat && used[c]) continue;
        current[position] = c;
        used[c]++;
        place(position + 1);
        used[c]--;
      }
    };
    place(0);
  }

  /** The symbol index at `position` of `code`. */
  symbolAt(code: number, position: number): number {
    return this.symbols[code * this.rules.pegs + position];
  }

  /** The symbol indices of `code` (a view, not a copy). */
  symbolsOf(code: number): Uint8Array {
    const { pegs } = this.rules;
    return this.symbols.subarray(code * pegs, code * pegs + pegs);
  }

  /** The code with these symbol indices; the caller guarantees they obey the rules. */
  indexOf(symbols: ArrayLike<number>): number {
    const { pegs, colors, repeat } = this.rules;
    let index = 0;
    if (repeat) {
      for (let i = 0; i < pegs; i++) index = index * colors + symbols[i];
      return index;
    }
    for (let i = 0; i < pegs; i++) {
      const s = symbols[i];
      let smallerUsed = 0;
      for (let j = 0; j < i; j++) if (symbols[j] < s) smallerUsed++;
      index += (s - smallerUsed) * this.#blockSizes[i];
    }
    return index;
  }

  /** Reads a code written in the alphabet; throws `CodebreakerError` naming what is wrong. */
  parse(text: string): number {
    const { pegs, repeat, alphabet } = this.rules;
    const chars = [...text.trim()];
    if (chars.length !== pegs) {
      throw new CodebreakerError(
        'bad-code',
        `the code ${quoteInput(text)} has ${chars.length} symbol${chars.length === 1 ? '' : 's'}; codes here have ${pegs}`,
      );
    }
    const symbols = new Uint8Array(pegs);
    const seen = new Set<number>();
    for (let i = 0; i < pegs; i++) {
      const s = this.#symbolIndex.get(chars[i]);
      if (s === undefined) {
        throw new CodebreakerError(
          'bad-code',
          `'${chars[i]}' in the code ${quoteInput(text)} is not a symbol of the alphabet ${alphabet}`,
        );
      }
      if (!repeat && seen.has(s)) {
        throw new CodebreakerError(
          'bad-code',
          `the code ${quoteInput(text)} repeats '${chars[i]}', but this game does not allow repetition`,
        );
      }
      seen.add(s);
      symbols[i] = s;
    }
    return this.indexOf(symbols);
  }

  /**
   * Writes a code in the alphabet. Throws `CodebreakerError('bad-code')` if `code` is not the
   * index of a code of the game.
   */
  make(code: number): string {
    if (!Number.isInteger(code) || code < 0 || code >= this.size) {
      throw new CodebreakerError('bad-code', `code index ${code} is outside 0..${this.size - 1}`);
    }
    let text = '';
    for (const s of this.symbolsOf(code)) text += this.#alphabet[s];
    return text;
  }
}
