import { describe, expect, it } from 'vitest';
import { groupThousands, readWholeNumber } from './numbers.js';

describe('groupThousands', () => {
  it('matches the en-US locale on whole numbers', () => {
    for (const n of [0, 7, 999, 1000, 26274, 1234567, 16777216, 999999999999, -4096]) {
      expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});

describe('the one reader of whole numbers', () => {
  it.each([
    ['7', {}, 7],
    [' 12 ', { min: 1, max: 20 }, 12],
    ['-3', {}, -3],
    ['0', { min: 0 }, 0],
  ])('%j in %j is %d', (text, range, value) => {
    expect(readWholeNumber(text, '--n', range)).toBe(value);
  });
  it.each([
    ['1.5', { min: 1 }, "--n must be a whole number, 1 or more, not '1.5'"],
    ['0', { min: 1, max: 9 }, "--n must be a whole number from 1 to 9, not '0'"],
    ['x', {}, "--n must be a whole number, not 'x'"],
    ['12', { max: 10 }, "--n must be a whole number, 10 or less, not '12'"],
    ['9'.repeat(50), {}, `--n must be a whole number, not '${'9'.repeat(40)}…' (50 characters)`],
  ])('%j in %j is refused: %s', (text, range, message) => {
    expect(() => readWholeNumber(text, '--n', range)).toThrow(
      expect.objectContaining({ kind: 'bad-option', message }),
    );
  });
});
