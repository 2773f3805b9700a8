import { describe, expect, it } from 'vitest';
import { CodebreakerError } from './errors.js';
import {
  PRESETS,
  type Rules,
  checkRules,
  countCodes,
  describeRules,
  presetOf,
  resolveRules,
  rulesJson,
  sameRules,
} from './rules.js';

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

  it('takes black-peg feedback as an option; presets and other rules keep hits and blows', () => {
    const black = resolveRules({ game: 'mastermind', feedback: 'black' });
    expect(black).toEqual({ ...PRESETS.mastermind.rules, feedback: 'black' });
    expect(resolveRules({ game: 'mastermind', feedback: 'full' })).toEqual(
      PRESETS.mastermind.rules,
    );
    for (const name of ['mastermind', 'moo', 'hit-and-blow', 'numeron']) {
      expect('feedback' in resolveRules({ game: name })).toBe(false);
    }
    // Checked rules carry the key only for black pegs, so they compare and print as before.
    expect('feedback' in checkRules({ ...PRESETS.moo.rules, feedback: 'full' })).toBe(false);
    expect(sameRules(black, PRESETS.mastermind.rules)).toBe(false);
    expect(sameRules(black, resolveRules({ game: 'mastermind', feedback: 'BLACK' }))).toBe(true);
    expect(JSON.stringify(rulesJson(black))).toBe(
      '{"pegs":4,"colors":6,"repeat":true,"alphabet":"123456","feedback":"black"}',
    );
    expect(JSON.stringify(rulesJson(PRESETS.mastermind.rules))).toBe(
      '{"pegs":4,"colors":6,"repeat":true,"alphabet":"123456"}',
    );
    expect(describeRules(black)).toBe(
      'Mastermind with black pegs only (4 pegs, 6 colours, repetition allowed; hits, no blows)',
    );
    expect(describeRules(resolveRules({ pegs: 3, colors: 5, feedback: 'black' }))).toBe(
      '3 pegs, 5 colours, no repetition, black pegs only (hits, no blows)',
    );
    expect(describeRules(PRESETS.mastermind.rules)).toBe(
      'Mastermind (4 pegs, 6 colours, repetition allowed)',
    );
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
      'an unknown kind of feedback',
      { feedback: 'white' },
      /unknown feedback 'white': choose full \(hits and blows\) or black \(hits only, black pegs\)/,
    ],
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

  it('refuses rules built elsewhere with an unknown kind of feedback', () => {
    const rules = { ...PRESETS.moo.rules, feedback: 'white' } as unknown as Rules;
    expect(() => checkRules(rules)).toThrow("feedback must be 'full' or 'black', not 'white'");
  });
});
