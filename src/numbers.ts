/** Numbers for people: reading the whole numbers they type, and writing large ones. */
import { CodebreakerError, type ErrorKind, quoteInput } from './errors.js';

/**
 * A whole number with commas between groups of three digits ("26,274"). The same as
 * `toLocaleString('en-US')` for whole numbers, without loading the locale data, which costs
 * more than a quick search takes.
 */
export function groupThousands(n: number): string {
  const digits = String(Math.abs(Math.trunc(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}

/** The range a whole number must lie in; either end may be left open. */
interface WholeRange {
  readonly min?: number;
  readonly max?: number;
}

/**
 * Reads a whole number given to `flag` (a rule, an option), within `range`: the one reader every
 * command and rule uses, so that every such mistake gets the same message. Throws
 * `CodebreakerError` (of `kind`) naming the flag, the range and what was given.
 */
export function readWholeNumber(
  value: string | number,
  flag: string,
  { min, max }: WholeRange = {},
  kind: ErrorKind = 'bad-option',
): number {
  const n =
    typeof value === 'number'
      ? value
      : /^\s*-?\d{1,15}\s*$/.test(value)
        ? Number(value)
        : Number.NaN;
  if (!Number.isInteger(n) || (min !== undefined && n < min) || (max !== undefined && n > max)) {
    const range =
      min !== undefined && max !== undefined
        ? ` from ${min} to ${max}`
        : min !== undefined
          ? `, ${min} or more`
          : max !== undefined
            ? `, ${max} or less`
            : '';
    throw new CodebreakerError(
      kind,
      `${flag} must be a whole number${range}, not ${quoteInput(String(value))}`,
    );
  }
  return n;
}
