/**
 * Cryptarithms (word sums) such as SEND+MORE=MONEY: each letter stands for a digit, different
 * letters for different digits, no number starts with 0, and the sum must hold.
 *
 * Trying every assignment of digits to letters costs up to 10! tests. Instead the search works
 * column by column from the units, the way one adds by hand: a column is settled by the letters
 * in it and the carry from the column before, so a wrong choice is caught as soon as its column
 * is written, not after every letter has a digit. Moving every word to one side, each column
 * needs carry + Σ coefficient × digit ≡ 0 (mod 10) and passes the quotient on as the next carry
 * (negative where `-` dominates), and the last carry must be 0. That handles several addends,
 * subtraction and words on both sides alike. The last new letter of a column whose coefficient is
 * odd and not a multiple of 5 (so invertible mod 10) is computed, not tried.
 */
import { CodebreakerError, quoteInput } from '../errors.js';

/** The most letters a cryptarithm can have: one per digit. */
export const MAX_LETTERS = 10;
/** The longest word. */
export const MAX_WORD_LENGTH = 30;

/** A word of the puzzle with its sign once everything is moved to the left of `=`. */
export interface SignedWord {
  /** The word, in capital letters. */
  readonly word: string;
  /** Whether the word is added (1) or subtracted (-1). */
  readonly sign: 1 | -1;
}

/** A parsed cryptarithm. */
export interface Cryptarithm {
  /** As written, upper case, without spaces. */
  readonly text: string;
  /** The words left of `=`, with their signs. */
  readonly left: readonly SignedWord[];
  /** The words right of `=`, with their signs. */
  readonly right: readonly SignedWord[];
  /** The distinct letters, in alphabetical order. */
  readonly letters: string;
}

/** One solution: a digit for each letter, and the sum written in digits. */
export interface CryptarithmSolution {
  /** `digits[i]` is the digit of `letters[i]`. */
  readonly digits: readonly number[];
  /** The puzzle with letters replaced by digits, e.g. `9567+1085=10652`. */
  readonly equation: string;
}

function bad(text: string, why: string): CodebreakerError {
  return new CodebreakerError('bad-option', `the cryptarithm ${quoteInput(text)} ${why}`);
}

function parseSide(side: string, text: string): SignedWord[] {
  if (!/^[A-Z]+([+-][A-Z]+)*$/.test(side)) {
    throw bad(text, 'must be words of letters joined by + or -, on each side of one =');
  }
  const words: SignedWord[] = [];
  for (const match of side.matchAll(/([+-]?)([A-Z]+)/g)) {
    if (match[2].length > MAX_WORD_LENGTH) {
      throw bad(text, `has a word longer than ${MAX_WORD_LENGTH} letters`);
    }
    words.push({ word: match[2], sign: match[1] === '-' ? -1 : 1 });
  }
  return words;
}

/** Reads a cryptarithm such as `SEND+MORE=MONEY` (case and spaces ignored). */
export function parseCryptarithm(input: string): Cryptarithm {
  const text = input.replace(/\s+/g, '').toUpperCase();
  const sides = text.split('=');
  if (sides.length !== 2) throw bad(input, 'must have exactly one =');
  const left = parseSide(sides[0], input);
  const right = parseSide(sides[1], input);
  const letters = [...new Set(text.replace(/[^A-Z]/g, ''))].sort().join('');
  if (letters.length > MAX_LETTERS) {
    throw bad(
      input,
      `has ${letters.length} different letters; there are only ${MAX_LETTERS} digits`,
    );
  }
  return { text, left, right, letters };
}

/** Writes `text` with each letter replaced by its digit. */
function substitute(puzzle: Cryptarithm, digits: readonly number[]): string {
  return puzzle.text.replace(/[A-Z]/g, (letter) => String(digits[puzzle.letters.indexOf(letter)]));
}

/** The inverse of each coefficient mod 10, or 0 when it has none. */
const INVERSE_MOD_10 = [0, 1, 0, 7, 0, 0, 0, 3, 0, 9];

/**
 * Every solution, in the order the column search meets them: letters get digits column by column
 * from the units, each new letter trying 0 to 9.
 */
export function solveCryptarithm(puzzle: Cryptarithm): CryptarithmSolution[] {
  const { letters } = puzzle;
  const words = [
    ...puzzle.left,
    ...puzzle.right.map(({ word, sign }) => ({ word, sign: -sign as 1 | -1 })),
  ];
  const columns = Math.max(...words.map(({ word }) => word.length));
  // coefficient[c * L + l]: the signed count of letter l in column c (0 = units).
  const count = letters.length;
  const coefficient = new Int32Array(columns * count);
  for (const { word, sign } of words) {
    for (let c = 0; c < word.length; c++) {
      coefficient[c * count + letters.indexOf(word[word.length - 1 - c])] += sign;
    }
  }
  const leading = new Uint8Array(count);
  for (const { word } of words) if (word.length > 1) leading[letters.indexOf(word[0])] = 1;
  // The letters first met in each column, in order.
  const seen = new Uint8Array(count);
  const fresh: number[][] = [];
  for (let c = 0; c < columns; c++) {
    const column: number[] = [];
    for (let l = 0; l < count; l++) {
      if (coefficient[c * count + l] !== 0 && !seen[l]) {
        seen[l] = 1;
        column.push(l);
      }
    }
    fresh.push(column);
  }
  // Letters whose coefficients cancel in every column may be any unused digit; give them a column.
  for (let l = 0; l < count; l++) if (!seen[l]) fresh[0].push(l);

  const digit = new Int8Array(count).fill(-1);
  const used = new Uint8Array(10);
  const solutions: CryptarithmSolution[] = [];

  const place = (c: number, k: number, carry: number): void => {
    if (c === columns) {
      if (carry === 0) {
        const digits = Array.from(digit);
        solutions.push({ digits, equation: substitute(puzzle, digits) });
      }
      return;
    }
    const column = fresh[c];
    if (k === column.length) {
      let total = carry;
      for (let l = 0; l < count; l++) total += coefficient[c * count + l] * digit[l];
      if (total % 10 === 0) place(c + 1, 0, total / 10);
      return;
    }
    const letter = column[k];
    const factor = coefficient[c * count + letter];
    const inverse = INVERSE_MOD_10[((factor % 10) + 10) % 10];
    if (k === column.length - 1 && inverse !== 0) {
      let rest = carry;
      for (let l = 0; l < count; l++) {
        if (l !== letter) rest += coefficient[c * count + l] * digit[l];
      }
      const d = (((-rest * inverse) % 10) + 10) % 10;
      if (used[d] || (d === 0 && leading[letter])) return;
      digit[letter] = d;
      used[d] = 1;
      place(c + 1, 0, (rest + factor * d) / 10);
      used[d] = 0;
      digit[letter] = -1;
      return;
    }
    for (let d = leading[letter] ? 1 : 0; d < 10; d++) {
      if (used[d]) continue;
      digit[letter] = d;
      used[d] = 1;
      place(c, k + 1, carry);
      used[d] = 0;
    }
    digit[letter] = -1;
  };

  place(0, 0, 0);
  return solutions;
}
