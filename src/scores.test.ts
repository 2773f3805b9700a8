import { describe, expect, it } from 'vitest';
import { naiveHits, naiveScore, seededRandom } from '../test/naive.js';
import { answerIndex } from './feedback.js';
import { Game } from './game.js';
import { type RulesOptions, resolveRules } from './rules.js';
import { fillScoreTable } from './scores.js';

/** The kernel's table of `options`, and the same game scoring each pair in TypeScript. */
function tables(options: RulesOptions): { game: Game; table: Uint8Array; plain: Game } {
  const rules = resolveRules(options);
  const game = new Game(rules);
  const table = new Uint8Array(game.size * game.size);
  const built = fillScoreTable(table, {
    size: game.size,
    pegs: game.pegs,
    colors: rules.colors,
    symbols: game.codes.symbols,
    hitsOnly: game.feedback === 'black',
  });
  expect(built).toBe(true);
  return { game, table, plain: new Game(rules, { tableMaxCodes: 0 }) };
}

describe('the score table in WebAssembly', () => {
  // Hits and blows with and without repetition, hits only, rows not a multiple of 16 codes,
  // 11 pegs (hits up to 11), 16 colours (the most it lays out). Bulls and Cows, 25 million
  // pairs, is compared whole with the TypeScript builder's table below.
  it.each<RulesOptions>([
    { game: 'mastermind' },
    { pegs: 4, colors: 5, repeat: true, feedback: 'black' },
    { pegs: 5, colors: 7, repeat: false, feedback: 'black' },
    { pegs: 3, colors: 5, repeat: true },
    { pegs: 11, colors: 2, repeat: true },
    { pegs: 3, colors: 16, repeat: false },
    { pegs: 2, colors: 16, repeat: true },
  ])('gives every pair the answer TypeScript computes: %o', (options) => {
    const { game, table, plain } = tables(options);
    const n = game.size;
    let differ = 0;
    for (let guess = 0; guess < n; guess++) {
      for (let secret = 0; secret < n; secret++) {
        if (table[guess * n + secret] !== plain.score(guess, secret)) differ++;
      }
    }
    expect(differ).toBe(0);
  });

  it.each<RulesOptions>([
    { game: 'mastermind' },
    { pegs: 5, colors: 6, repeat: false, feedback: 'black' },
    { pegs: 9, colors: 3, repeat: true },
  ])('gives the answers a naive count gives: %o', (options) => {
    const { game, table } = tables(options);
    const black = game.feedback === 'black';
    const random = seededRandom(game.size);
    for (let trial = 0; trial < 2000; trial++) {
      const guess = Math.floor(random() * game.size);
      const secret = Math.floor(random() * game.size);
      const [g, s] = [game.codes.make(guess), game.codes.make(secret)];
      const expected = black ? naiveHits(s, g) : answerIndex(game.pegs, ...naiveScore(s, g));
      expect(table[guess * game.size + secret]).toBe(expected);
    }
  });

  it.each<RulesOptions>([
    { game: 'mastermind' },
    { game: 'moo' },
    { pegs: 5, colors: 4, repeat: true, feedback: 'black' },
    { pegs: 7, colors: 3, repeat: true },
  ])("makes useTable's table the same as the TypeScript builder (simd: false): %o", (options) => {
    const rules = resolveRules(options);
    const kernel = new Game(rules).useTable()!;
    const plain = new Game(rules, { simd: false }).useTable()!;
    expect(kernel.length).toBe(plain.length);
    expect(Buffer.compare(kernel, plain)).toBe(0);
  });

  it('leaves games of more than 15 pegs or 16 colours to TypeScript', () => {
    for (const options of [
      { pegs: 2, colors: 17, repeat: true },
      { pegs: 16, colors: 2, repeat: true },
    ]) {
      const game = new Game(resolveRules(options), { tableMaxCodes: 0 });
      const table = new Uint8Array(4);
      const codes = {
        ...game,
        colors: options.colors,
        symbols: game.codes.symbols,
        hitsOnly: false,
      };
      expect(fillScoreTable(table, codes)).toBe(false);
      expect(table).toEqual(new Uint8Array(4));
    }
  });
});
