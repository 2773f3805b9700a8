import { describe, expect, it } from 'vitest';
import { CodebreakerError } from './errors.js';
import { PRESETS, countCodes, describeRules, presetOf, resolveRules } from './rules.js';

describe('rules', () => {
  it('resolves the presets of the contract', () => {
    expect(resolveRules()).toEqual({ pegs: 4, colors: 10, repeat: false, alphabet: '0123456789' });
    expect(resolveRules({ game: 'mastermind' })).toEqual({
      pegs: 4,
      colors: 6,
      repeat: true,
      alphabet: '123456',
    });
    expect(resolveRules({ game: 'bulls-and-cows' })).toEqual(PRESETS.moo.rules);
    expect(resolveRules({ game: 'hit-and-blow' }).alphabet).toBe('012345');
    expect(resolveRules({ game: 'numeron' }).pegs).toBe(3);
    const superMastermind = { pegs: 5, colors: 8, repeat: true, alphabet: '12345678' };
    expect(resolveRules({ game: 'super-mastermind' })).toEqual(superMastermind);
    expect(resolveRules({ game: 'super' })).toEqual(superMastermind);
    expect(countCodes(5, 8, true)).toBe(32768);
  });

  it('names Super Mastermind however its rules are given', () => {
    expect(describeRules(resolveRules({ game: 'mastermind', pegs: 5, colors: 8 }))).toBe(
      'Super Mastermind (5 pegs, 8 colours, repetition allowed)',
    );
    expect(presetOf(resolveRules({ game: 'super', alphabet: 'ABCDEFGH' }))).toBeUndefined();
  });

  it('lets flags override the preset, taking the alphabet from the preset’s symbols', () => {
    expect(resolveRules({ game: 'mastermind', colors: '8' }).alphabet).toBe('12345678');
    expect(resolveRules({ pegs: '5' })).toEqual({
      pegs: 5,
      colors: 10,
      repeat: false,
      alphabet: '0123456789',
    });
    expect(resolveRules({ colors: 12, repeat: true }).alphabet).toBe('0123456789ab');
    expect(resolveRules({ game: 'moo', colors: 4, alphabet: 'RGBY' }).alphabet).toBe('RGBY');
  });

  it('counts codes with and without repetition', () => {
    expect(countCodes(4, 6, true)).toBe(1296);
    expect(countCodes(4, 10, false)).toBe(5040);
    expect(countCodes(6, 10, false)).toBe(151200);
  });

  const bad: [string, Parameters<typeof resolveRules>[0], RegExp][] = [
    ['zero pegs', { pegs: '0' }, /--pegs must be a whole number from 1/],
    ['one colour', { colors: '1' }, /--colors must be a whole number from 2/],
    ['a fractional peg count', { pegs: '2.5' }, /--pegs/],
    ['too few colours without repetition', { colors: 3 }, /needs at least 4 colours, not 3/],
    ['an unknown preset', { game: 'chess' }, /unknown game 'chess'/],
    ['a short alphabet', { alphabet: 'abc' }, /exactly 10 symbols/],
    ['a repeated symbol', { colors: 3, repeat: true, alphabet: 'aba' }, /repeats the symbol 'a'/],
    [
      'a game too large',
      { pegs: 10, colors: 36, repeat: true },
      /make 3\.656e\+15 codes; codebreaker enumerates at most 16,777,216/,
    ],
  ];
  it.each(bad)('refuses %s', (_, options, message) => {
    expect(() => resolveRules(options)).toThrow(CodebreakerError);
    expect(() => resolveRules(options)).toThrow(message);
  });
});
