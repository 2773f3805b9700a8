import { describe, expect, it } from 'vitest';
import { naiveCodes } from '../test/naive.js';
import { Codebook } from './code.js';
import { resolveRules } from './rules.js';

const games = [
  { game: 'mastermind' },
  { game: 'moo' },
  { game: 'hit-and-blow' },
  { game: 'numeron' },
  { pegs: 3, colors: 4, repeat: true },
  { pegs: 5, colors: 7, repeat: false, alphabet: 'ABCDEFG' },
  { pegs: 1, colors: 2, repeat: true },
  { pegs: 2, colors: 36, repeat: false },
  { pegs: 4, colors: 4, repeat: false },
  { pegs: 1, colors: 3, repeat: false },
];

describe('codebook', () => {
  it.each(games)('enumerates %o in lexicographic order, and parse/make round-trip', (options) => {
    const rules = resolveRules(options);
    const book = new Codebook(rules);
    const expected = naiveCodes(rules.pegs, rules.alphabet, rules.repeat);
    expect(book.size).toBe(expected.length);
    for (let code = 0; code < book.size; code++) {
      const text = book.make(code);
      expect(text).toBe(expected[code]);
      expect(book.parse(text)).toBe(code);
    }
  });

  it('names what is wrong with a bad code', () => {
    const moo = new Codebook(resolveRules({ game: 'moo' }));
    expect(() => moo.parse('123')).toThrow("the code '123' has 3 symbols; codes here have 4");
    expect(() => moo.parse('12x4')).toThrow("'x' in the code '12x4' is not a symbol");
    expect(() => moo.parse('1123')).toThrow("the code '1123' repeats '1'");
    const mastermind = new Codebook(resolveRules({ game: 'mastermind' }));
    expect(mastermind.parse('1123')).toBe(8);
    expect(() => mastermind.parse('0123')).toThrow("'0' in the code '0123'");
  });
});
