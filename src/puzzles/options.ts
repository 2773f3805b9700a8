/** Reading the whole numbers that puzzle options take, with one message style for all. */
import { CodebreakerError } from '../errors.js';

/** Reads a whole number of at least 1 given to `flag`; throws `CodebreakerError` otherwise. */
export function parsePositiveInteger(text: string, flag: string): number {
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) {
    throw new CodebreakerError(
      'bad-option',
      `${flag} must be a whole number from 1, not '${text}'`,
    );
  }
  return Number(text);
}
