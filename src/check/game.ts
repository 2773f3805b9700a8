/**
 * The game as docs/certificates.md states it, from scratch: the rules read from a header, the
 * codes in code order, the answer to a guess by counting, the class of a position, and the bound
 * N(d). A code is its index in code order; its colours are kept in one typed array, `pegs` a code.
 */
import { Flaw, describe, quote } from './flaw.js';
import type { JsonValue } from './json.js';
import { readFields } from './json.js';

/** The most codes a game may have for this checker (2^24); larger games are refused. */
export const MAX_CODES = 2 ** 24;
/** More than any class can hold: N(d) saturates here, so it stays exact where it matters. */
const BOUND_CAP = 2 * MAX_CODES;

/** The rules of a certificate's header. */
export interface Rules {
  readonly pegs: number;
  readonly colors: number;
  readonly repeat: boolean;
  readonly alphabet: string;
  readonly feedback: 'full' | 'black';
}

/** Reads the `rules` of a header; throws a `Flaw` that says what is wrong. */
export function parseRules(value: JsonValue | undefined): Rules {
  const fields = readFields(
    value,
    'rules',
    ['pegs', 'colors', 'repeat', 'alphabet', 'feedback'],
    ['pegs', 'colors', 'repeat', 'alphabet'],
  );
  const pegs = fields.get('pegs');
  const colors = fields.get('colors');
  const repeat = fields.get('repeat');
  const alphabet = fields.get('alphabet');
  const feedback = fields.get('feedback') ?? 'full';
  if (typeof pegs !== 'number' || pegs < 1 || pegs > 20) {
    throw new Flaw(`rules.pegs is ${describe(pegs)}, not a whole number from 1 to 20`);
  }
  if (typeof colors !== 'number' || colors < 2 || colors > 36) {
    throw new Flaw(`rules.colors is ${describe(colors)}, not a whole number from 2 to 36`);
  }
  if (typeof repeat !== 'boolean')
    throw new Flaw(`rules.repeat is ${describe(repeat)}, not true or false`);
  if (typeof alphabet !== 'string')
    throw new Flaw(`rules.alphabet is ${describe(alphabet)}, not a string`);
  const symbols = Array.from(alphabet);
  if (symbols.length !== colors || new Set(symbols).size !== colors) {
    throw new Flaw(`rules.alphabet ${quote(alphabet)} is not ${colors} distinct characters`);
  }
  if (feedback !== 'full' && feedback !== 'black') {
    throw new Flaw(`rules.feedback is ${describe(feedback)}, not "full" or "black"`);
  }
  if (!repeat && colors < pegs) {
    throw new Flaw(`rules: ${pegs} pegs without repetition need at least ${pegs} colours`);
  }
  return { pegs, colors, repeat, alphabet, feedback };
}

/** The number of codes of `rules` (a float, exact up to 2^53), to refuse a game before building it. */
function countCodes(rules: Rules): number {
  let count = 1;
  for (let i = 0; i < rules.pegs; i++) count *= rules.repeat ? rules.colors : rules.colors - i;
  return count;
}

/** A game: its codes in code order, answers and classes. */
export class Game {
  /** The number of codes. */
  readonly size: number;
  /** The colour at place i of code x is `colours[x * pegs + i]`. */
  readonly colours: Uint8Array;
  /** The number of distinct answer indices: hits * (pegs + 1) + blows. */
  readonly answerCount: number;
  /** The index of the winning answer (pegs hits). */
  readonly winning: number;
  /** A: the answers other than the winning one a guess may get, as the spec counts them. */
  readonly otherAnswers: number;
  private readonly symbols: string[];
  private readonly colourOf = new Map<string, number>();
  /** Scratch: how many of each colour of a guess are not yet matched. */
  private readonly unmatched: Uint8Array;

  constructor(readonly rules: Rules) {
    const { pegs, colors, repeat, feedback } = rules;
    const count = countCodes(rules);
    if (count > MAX_CODES) {
      throw new Flaw(
        `the game has ${count} codes, more than the ${MAX_CODES} this checker accepts: too large`,
      );
    }
    this.size = count;
    this.symbols = Array.from(rules.alphabet);
    this.symbols.forEach((symbol, colour) => this.colourOf.set(symbol, colour));
    this.colours = new Uint8Array(count * pegs);
    // Every code in code order: tuples of colours, first place most significant.
    const tuple: number[] = [];
    const used = new Uint8Array(colors);
    let next = 0;
    const fill = (place: number): void => {
      if (place === pegs) {
        this.colours.set(tuple, next * pegs);
        next++;
        return;
      }
      for (let colour = 0; colour < colors; colour++) {
        if (!repeat && used[colour]) continue;
        tuple[place] = colour;
        used[colour]++;
        fill(place + 1);
        used[colour]--;
      }
    };
    fill(0);
    if (next !== count) throw new Error('the codes were miscounted');
    this.answerCount = (pegs + 1) * (pegs + 1);
    this.winning = pegs * (pegs + 1);
    this.otherAnswers = feedback === 'black' ? pegs : ((pegs + 1) * (pegs + 2)) / 2 - 2;
    this.unmatched = new Uint8Array(colors);
  }

  /** The colours of code `x`, as a list. */
  private tupleOf(x: number): number[] {
    const { pegs } = this.rules;
    return Array.from(this.colours.subarray(x * pegs, (x + 1) * pegs));
  }

  /** The index of the code `text`, or throws a `Flaw` saying why it is no code (`what` names it). */
  parseCode(text: JsonValue | undefined, what: string): number {
    if (typeof text !== 'string') throw new Flaw(`${what} is ${describe(text)}, not a code`);
    const { pegs, repeat } = this.rules;
    const tuple = Array.from(text).map((symbol) => this.colourOf.get(symbol) ?? -1);
    if (tuple.length !== pegs || tuple.includes(-1)) {
      throw new Flaw(`${what} ${quote(text)} is not ${pegs} characters of the alphabet`);
    }
    if (!repeat && new Set(tuple).size !== pegs) {
      throw new Flaw(`${what} ${quote(text)} repeats a colour, which the rules forbid`);
    }
    return this.indexOf(tuple);
  }

  /** The index of a valid tuple of colours, by binary search over the codes in code order. */
  indexOf(tuple: readonly number[]): number {
    const { pegs } = this.rules;
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      let order = 0;
      for (let i = 0; i < pegs && order === 0; i++)
        order = this.colours[middle * pegs + i] - tuple[i];
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    throw new Error(`no code ${tuple.join(',')}`);
  }

  /** The text of code `x`. */
  makeCode(x: number): string {
    return this.tupleOf(x)
      .map((colour) => this.symbols[colour])
      .join('');
  }

  /**
   * The index of the answer `text` (`2H1B`; in a black-peg game also `2H`), or throws a `Flaw`.
   * Any hits and blows with hits + blows <= pegs are read, the winning answer too: the callers
   * say which they refuse.
   */
  parseAnswer(text: JsonValue | undefined, what: string): number {
    if (typeof text !== 'string') throw new Flaw(`${what} is ${describe(text)}, not an answer`);
    const { pegs, feedback } = this.rules;
    const match = /^(0|[1-9][0-9]?)H(?:(0|[1-9][0-9]?)B)?$/.exec(text);
    const hits = Number(match?.[1]);
    const blows = Number(match?.[2] ?? 0);
    const written = match !== null && (match[2] !== undefined || feedback === 'black');
    if (!written || hits + blows > pegs || (feedback === 'black' && blows !== 0)) {
      const form = feedback === 'black' ? '{hits}H or {hits}H0B' : '{hits}H{blows}B';
      throw new Flaw(
        `${what} ${quote(text)} is not an answer of the game (${form}, hits + blows at most ${pegs})`,
      );
    }
    return hits * (pegs + 1) + blows;
  }

  /** The text of answer `a`, as the spec writes it: `{hits}H{blows}B`. */
  makeAnswer(a: number): string {
    const { pegs } = this.rules;
    return `${Math.floor(a / (pegs + 1))}H${a % (pegs + 1)}B`;
  }

  /**
   * The answer to guess `g` for secret `s`: hits are the places where they agree; blows are the
   * sum over colours of the lesser of the two counts of that colour, less the hits (0 in a
   * black-peg game). The sum is counted by matching each place of s against the colours of g
   * not yet matched. As an index: hits * (pegs + 1) + blows.
   */
  answer(g: number, s: number): number {
    const { pegs, feedback } = this.rules;
    const { colours, unmatched } = this;
    let hits = 0;
    for (let i = 0; i < pegs; i++) if (colours[g * pegs + i] === colours[s * pegs + i]) hits++;
    if (feedback === 'black') return hits * (pegs + 1);
    // All zero between calls: only g's colours are counted, and they are cleared at the end.
    for (let i = 0; i < pegs; i++) unmatched[colours[g * pegs + i]]++;
    let common = 0;
    for (let i = 0; i < pegs; i++) {
      const colour = colours[s * pegs + i];
      if (unmatched[colour] > 0) {
        unmatched[colour]--;
        common++;
      }
    }
    for (let i = 0; i < pegs; i++) unmatched[colours[g * pegs + i]] = 0;
    return hits * (pegs + 1) + (common - hits);
  }

  /** Every code, in code order: the class of the empty position. */
  allCodes(): Int32Array {
    return Int32Array.from({ length: this.size }, (_, x) => x);
  }

  /** The codes s of `codes` whose answer to `g` is `a`: a class narrowed by one turn. */
  narrow(codes: Int32Array, g: number, a: number): Int32Array {
    return codes.filter((s) => this.answer(g, s) === a);
  }

  /**
   * N(d), the most secrets a strategy finds within d guesses: N(0) = 0, N(d) = 1 + A * N(d - 1).
   * Capped above every class size, which keeps it exact wherever a class is compared with it.
   */
  bound(d: number): number {
    let n = 0;
    for (let i = 0; i < d && n < BOUND_CAP; i++) n = Math.min(BOUND_CAP, 1 + this.otherAnswers * n);
    return n;
  }
}
