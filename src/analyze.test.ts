import { describe, expect, it } from 'vitest';
import { naiveBlackAnswer, naiveCodes, naiveFirstConsistent } from '../test/naive.js';
import { analyze } from './analyze.js';
import { Game } from './game.js';
import { resolveRules } from './rules.js';
import { solve } from './solve.js';
import { createStrategy } from './strategies/index.js';

/** Published first-consistent figures (known-results.md). */
const known = [
  {
    rules: { game: 'moo' },
    total: 28024,
    max: 9,
    histogram: '1:1 2:13 3:108 4:596 5:1668 6:1768 7:752 8:129 9:5',
    worst: '5293 9204 9214 9241 9431',
  },
  {
    rules: { game: 'moo', pegs: 5 },
    total: 181279,
    max: 9,
    histogram: '1:1 2:19 3:206 4:1564 5:6906 6:12478 7:7646 8:1334 9:86',
    worst: `18390 39801 52917 53627 58370 60139 65402 65412 70541 72345 73149 73806 73825 74035 74261 74926
75401 75402 75903 76803 78025 78961 79163 79813 80765 80794 82179 82760 83642 84601 86012 86430
86543 87025 87061 87063 87109 87540 87602 87612 87623 87902 87912 89172 90641 90756 90865 91038
91047 92604 93765 93840 94180 94376 94503 94630 95387 95402 95687 95703 95768 95840 95841 96401
97025 97053 97163 97183 97425 97512 97612 97813 97841 98017 98057 98063 98067 98107 98145 98153
98240 98371 98407 98620 98621 98725`,
  },
  { rules: { game: 'mastermind' }, total: 7471, max: 9 },
];

describe('first-consistent, as published', () => {
  it.each(known)('$rules: total $total, max $max', (row) => {
    const game = new Game(resolveRules(row.rules));
    const result = analyze(game, createStrategy('first-consistent'));
    expect(result.total).toBe(row.total);
    expect(result.max).toBe(row.max);
    if (row.histogram) {
      const histogram = result.histogram
        .map((count, g) => `${g}:${count}`)
        .filter((_, g) => g > 0)
        .join(' ');
      expect(histogram).toBe(row.histogram);
    }
    if (row.worst) {
      expect(result.worst.map((c) => game.codes.make(c))).toEqual(row.worst.split(/\s+/));
    }
  });
});

describe('analyze walks the same games solve plays', () => {
  const small = [
    { game: 'hit-and-blow' },
    { game: 'numeron' },
    { pegs: 3, colors: 4, repeat: true },
  ];
  it.each(small)(
    'first-consistent on %o agrees with a naive generate-and-test replay',
    (options) => {
      const rules = resolveRules(options);
      const game = new Game(rules);
      const result = analyze(game, createStrategy('first-consistent'));
      const codes = naiveCodes(rules.pegs, rules.alphabet, rules.repeat);
      codes.forEach((secret, code) => {
        const naive = naiveFirstConsistent(codes, secret);
        expect(result.guesses[code]).toBe(naive.length);
        const played = solve(game, createStrategy('first-consistent'), code);
        expect(played.map((turn) => game.codes.make(turn.guess))).toEqual(naive);
      });
    },
  );

  const black = [
    { pegs: 3, colors: 4, repeat: true, feedback: 'black' },
    { pegs: 4, colors: 3, repeat: true, feedback: 'black' },
    { pegs: 4, colors: 5, repeat: false, feedback: 'black' },
  ];
  it.each(black)(
    'first-consistent on %o (black pegs only) agrees with a naive replay counting hits',
    (options) => {
      const rules = resolveRules(options);
      const game = new Game(rules);
      const result = analyze(game, createStrategy('first-consistent'));
      const codes = naiveCodes(rules.pegs, rules.alphabet, rules.repeat);
      codes.forEach((secret, code) => {
        const naive = naiveFirstConsistent(codes, secret, naiveBlackAnswer);
        expect(result.guesses[code]).toBe(naive.length);
      });
      // Hits alone tell less than hits and blows: the same strategy needs more guesses.
      const full = analyze(
        new Game(resolveRules({ ...options, feedback: 'full' })),
        createStrategy('first-consistent'),
      );
      expect(result.total).toBeGreaterThan(full.total);
    },
  );

  it.each(small)('random-consistent on %o: one seed is one tree', (options) => {
    const game = new Game(resolveRules(options));
    const strategy = createStrategy('random-consistent', { seed: 7 });
    const result = analyze(game, strategy);
    for (let secret = 0; secret < game.size; secret++) {
      const turns = solve(game, strategy, secret);
      expect(turns.length).toBe(result.guesses[secret]);
      expect(turns.at(-1)!.guess).toBe(secret);
    }
    const other = analyze(game, createStrategy('random-consistent', { seed: 8 }));
    expect(Array.from(other.guesses)).not.toEqual(Array.from(result.guesses));
  });
});
