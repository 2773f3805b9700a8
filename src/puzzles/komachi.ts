/**
 * Komachi arithmetic: write operators, or nothing, between the digits 1 to 9 in order so that the
 * expression equals a target (the seed page finds 11 ways to make 100 with `+` and `-`).
 *
 * Generate and test, but without building and re-parsing every expression: a depth-first walk
 * over the gaps carries the expression's value as it is written (the sum of the finished terms,
 * the running product or quotient of the current term, and the number being joined), so each
 * gap costs a few operations whatever the number of leaves. With `*` and `/` that is the usual
 * precedence, and the arithmetic is exact: values are fractions in lowest terms. Numerators and
 * denominators stay below (number of terms) × 10^(number of digits), since every factor is a
 * different run of digits, so up to `MAX_KOMACHI_DIGITS` digits plain numbers hold them exactly.
 */
import { CodebreakerError, quoteInput } from '../errors.js';
import { gcd } from '../fraction.js';
import { readWholeNumber } from '../numbers.js';

/** The operators komachi may write between digits, in the order solutions try them. */
export const KOMACHI_OPERATORS = ['+', '-', '*', '/'] as const;
/** An operator that may stand between two digits. */
export type KomachiOperator = (typeof KOMACHI_OPERATORS)[number];

/** The longest digit string: keeps every intermediate value an exact safe integer. */
export const MAX_KOMACHI_DIGITS = 10;

/** A komachi problem. */
export interface KomachiProblem {
  /** The digits, in the order they are written (default `123456789`). */
  readonly digits: string;
  /** The value expressions must have (default 100). */
  readonly target: number;
  /** The operators allowed between digits (default `+` and `-`); joining is always allowed. */
  readonly operators: readonly KomachiOperator[];
}

/** The seed page's problem: 1 to 9, `+` and `-`, target 100. */
export const KOMACHI_DEFAULTS: KomachiProblem = {
  digits: '123456789',
  target: 100,
  operators: ['+', '-'],
};

/** Reads `--digits`: 1 to `MAX_KOMACHI_DIGITS` decimal digits. */
export function parseKomachiDigits(text: string): string {
  if (!new RegExp(`^[0-9]{1,${MAX_KOMACHI_DIGITS}}$`).test(text)) {
    throw new CodebreakerError(
      'bad-option',
      `--digits must be 1 to ${MAX_KOMACHI_DIGITS} decimal digits, not ${quoteInput(text)}`,
    );
  }
  return text;
}

/** Reads `--ops`: some of `+-*\/`, each at most once. */
export function parseKomachiOperators(text: string): KomachiOperator[] {
  const operators = [...text];
  const known = KOMACHI_OPERATORS as readonly string[];
  if (
    operators.length === 0 ||
    operators.some((op, i) => !known.includes(op) || operators.indexOf(op) !== i)
  ) {
    throw new CodebreakerError(
      'bad-option',
      `--ops must list some of the operators ${KOMACHI_OPERATORS.join('')}, each once, not ${quoteInput(text)}`,
    );
  }
  return KOMACHI_OPERATORS.filter((op) => operators.includes(op));
}

/** Reads `--target`: a whole number, possibly negative. */
export function parseKomachiTarget(text: string): number {
  return readWholeNumber(text, '--target');
}

/**
 * Every expression over the digits, in order, equal to the target, written without spaces
 * (`1+2+3-4+5+6+78+9`). No sign goes before the first digit, and a number never starts with 0
 * unless it is 0 itself. At each gap the operators are tried in `KOMACHI_OPERATORS` order, then
 * joining.
 */
export function komachi(problem: KomachiProblem = KOMACHI_DEFAULTS): string[] {
  const { target, operators } = problem;
  const digits = parseKomachiDigits(problem.digits);
  const values = Array.from(digits, Number);
  const found: string[] = [];
  const written: string[] = [];
  const additive = operators.filter((op) => op === '+' || op === '-');
  const multiplicative = operators.filter((op) => op === '*' || op === '/');

  /**
   * At digit `i`, with finished terms summing to sumN/sumD, the current term's sign and finished
   * factors termN/termD, `pending` the operator applying the number being joined, `number`.
   */
  const walk = (
    i: number,
    sumN: number,
    sumD: number,
    sign: number,
    termN: number,
    termD: number,
    pending: '*' | '/',
    number: number,
  ): void => {
    let factorN = termN;
    let factorD = termD;
    if (pending === '*') factorN *= number;
    else {
      if (number === 0) return;
      factorD *= number;
    }
    const common = gcd(Math.abs(factorN), factorD);
    factorN /= common;
    factorD /= common;
    if (i === values.length) {
      const totalN = sumN * factorD + sign * factorN * sumD;
      const totalD = sumD * factorD;
      if (!Number.isSafeInteger(totalN) || !Number.isSafeInteger(totalD)) {
        throw new Error('komachi: a value outgrew exact arithmetic');
      }
      if (totalN % totalD === 0 && totalN / totalD === target) found.push(written.join(''));
      return;
    }
    const digit = values[i];
    for (const op of additive) {
      const nextN = sumN * factorD + sign * factorN * sumD;
      const nextD = sumD * factorD;
      const reduced = gcd(Math.abs(nextN), nextD);
      written.push(op, digits[i]);
      walk(i + 1, nextN / reduced, nextD / reduced, op === '+' ? 1 : -1, 1, 1, '*', digit);
      written.length -= 2;
    }
    for (const op of multiplicative) {
      written.push(op, digits[i]);
      walk(i + 1, sumN, sumD, sign, factorN, factorD, op, digit);
      written.length -= 2;
    }
    if (number !== 0) {
      written.push(digits[i]);
      walk(i + 1, sumN, sumD, sign, termN, termD, pending, number * 10 + digit);
      written.length -= 1;
    }
  };

  written.push(digits[0]);
  walk(1, 0, 1, 1, 1, 1, '*', values[0]);
  return found;
}
