import { describe, expect, it } from 'vitest';
import { naiveCryptarithm } from '../../test/naive-puzzles.js';
import { parseCryptarithm, solveCryptarithm } from './cryptarithm.js';

const equations = (puzzle: string): string[] =>
  solveCryptarithm(parseCryptarithm(puzzle))
    .map((solution) => solution.equation)
    .sort();

/** Small random word sums over a few letters, from a fixed linear congruential sequence. */
function randomPuzzles(count: number): string[] {
  let state = 12345;
  const next = (n: number): number => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const word = (): string => Array.from({ length: 1 + next(3) }, () => 'ABCDEF'[next(6)]).join('');
  return Array.from({ length: count }, () => {
    const addends = Array.from({ length: 2 + next(2) }, word);
    const signs = addends.map((_, i) => (i === 0 ? '' : next(3) === 0 ? '-' : '+'));
    return `${addends.map((w, i) => signs[i] + w).join('')}=${word()}`;
  });
}

describe('cryptarithm', () => {
  it('solves SEND+MORE=MONEY with exactly one solution', () => {
    const [solution, ...others] = solveCryptarithm(parseCryptarithm('SEND+MORE=MONEY'));
    expect(others).toEqual([]);
    expect(solution.equation).toBe('9567+1085=10652');
    expect(solution.digits).toEqual([7, 5, 1, 6, 0, 8, 9, 2]); // D E M N O R S Y
  });

  it('reads case and spaces freely, and subtraction', () => {
    expect(equations('send + more = money')).toEqual(['9567+1085=10652']);
    expect(equations('MONEY-MORE=SEND')).toEqual(['10652-1085=9567']);
  });

  it.each([
    'TO+GO=OUT',
    'AB+BA=CC',
    'A+B=C',
    'ABC-CBA=DE',
    'TWO+TWO=FOUR',
    'A+B+C+D=EF',
    'AB+CD=EF+A',
    'X+X=Y+Y',
    'ONE+ONE=TWO',
    'BE+BE+BE=ACE',
  ])('agrees with trying every assignment on %s', (puzzle) => {
    expect(equations(puzzle)).toEqual(naiveCryptarithm(puzzle));
  });

  it('agrees with trying every assignment on random word sums', () => {
    let solved = 0;
    for (const puzzle of randomPuzzles(40)) {
      const found = equations(puzzle);
      expect(found, puzzle).toEqual(naiveCryptarithm(puzzle));
      if (found.length > 0) solved++;
    }
    expect(solved).toBeGreaterThanOrEqual(4);
  });

  it('refuses what is not a word sum', () => {
    expect(() => parseCryptarithm('SEND+MORE')).toThrow(/exactly one =/);
    expect(() => parseCryptarithm('SEND+=MONEY')).toThrow(/words of letters/);
    expect(() => parseCryptarithm('ABCDEFGHIJK=A')).toThrow(/11 different letters/);
  });
});
