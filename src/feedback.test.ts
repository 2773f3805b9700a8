import { describe, expect, it } from 'vitest';
import { naiveCodes, naiveHits, naiveScore, seededRandom } from '../test/naive.js';
import { allCandidates, partition } from './candidates.js';
import { CodebreakerError } from './errors.js';
import {
  answerCount,
  answerIndex,
  answerOf,
  canOccur,
  makeFeedback,
  parseFeedback,
  solvedIndex,
} from './feedback.js';
import { Game } from './game.js';
import { resolveRules } from './rules.js';

describe('answer indices', () => {
  it('are dense, ordered by hits then blows, with all hits last', () => {
    for (let pegs = 1; pegs <= 10; pegs++) {
      const seen: string[] = [];
      for (let hits = 0; hits <= pegs; hits++) {
        for (let blows = 0; hits + blows <= pegs; blows++) {
          const index = answerIndex(pegs, hits, blows);
          expect(index).toBe(seen.length);
          expect(answerOf(pegs, index)).toEqual({ hits, blows });
          seen.push(`${hits}-${blows}`);
        }
      }
      expect(seen.length).toBe(answerCount(pegs));
      expect(solvedIndex(pegs)).toBe(answerIndex(pegs, pegs, 0));
    }
  });
});

describe('black-peg answer indices', () => {
  it('are the hits, pegs + 1 of them, with all hits last', () => {
    for (let pegs = 1; pegs <= 10; pegs++) {
      expect(answerCount(pegs, 'black')).toBe(pegs + 1);
      expect(solvedIndex(pegs, 'black')).toBe(pegs);
      for (let hits = 0; hits <= pegs; hits++) {
        expect(answerIndex(pegs, hits, 0, 'black')).toBe(hits);
        expect(answerOf(pegs, hits, 'black')).toEqual({ hits, blows: 0 });
      }
    }
    expect(() => answerIndex(4, 2, 1, 'black')).toThrow(
      new CodebreakerError('impossible-feedback', 'a black-peg answer has no blows, not 1'),
    );
  });

  it('give a game pegs + 1 answers, all hits solving it', () => {
    const game = new Game(resolveRules({ game: 'mastermind', feedback: 'black' }));
    expect([game.answers, game.solved, game.feedback]).toEqual([5, 4, 'black']);
    expect(game.answerText(2)).toBe('2H');
    expect(game.answerIndex({ hits: 3, blows: 0 })).toBe(3);
    const full = new Game(resolveRules({ game: 'mastermind' }));
    expect([full.answers, full.solved, full.feedback]).toEqual([15, 14, 'full']);
  });
});

describe('feedback text', () => {
  const moo = resolveRules({ game: 'moo' });
  it('reads every form of the contract', () => {
    for (const text of ['2H1B', '2h1b', '2 1', '2,1', '2-1', ' 2H 1B ']) {
      expect(parseFeedback(text, moo)).toEqual({ hits: 2, blows: 1 });
    }
    expect(parseFeedback('3H', moo)).toEqual({ hits: 3, blows: 0 });
    expect(parseFeedback('2B', moo)).toEqual({ hits: 0, blows: 2 });
    expect(makeFeedback({ hits: 2, blows: 1 })).toBe('2H1B');
  });
  it('refuses malformed and impossible answers', () => {
    expect(() => parseFeedback('two', moo)).toThrow("cannot read the answer 'two'");
    expect(() => parseFeedback('3H1B', moo)).toThrow('the answer 3H1B cannot occur');
    expect(() => parseFeedback('4H1B', moo)).toThrow('cannot occur');
    const hitAndBlow = resolveRules({ game: 'hit-and-blow' });
    expect(() => parseFeedback('0H1B', hitAndBlow)).toThrow('cannot occur');
    expect(parseFeedback('0H2B', hitAndBlow)).toEqual({ hits: 0, blows: 2 });
  });
});

describe('black-peg feedback text', () => {
  const black = resolveRules({ game: 'mastermind', feedback: 'black' });
  it('is the number of hits, with or without an H', () => {
    for (const text of ['2', '2H', '2h', ' 2 H ', '02']) {
      expect(parseFeedback(text, black)).toEqual({ hits: 2, blows: 0 });
    }
    expect(parseFeedback('0', black)).toEqual({ hits: 0, blows: 0 });
    expect(makeFeedback({ hits: 3, blows: 0 }, 'black')).toBe('3H');
  });
  it('refuses blows, and says what it expects', () => {
    for (const text of ['2H1B', '2H0B', '2 1', '2,0', '1B', 'two', '']) {
      expect(() => parseFeedback(text, black)).toThrow(
        `cannot read the answer '${text}': this game answers with hits only: write the number of hits (black pegs) as 2 or 2H`,
      );
    }
    expect(() => parseFeedback('5', black)).toThrow('the answer 5H cannot occur with 4 pegs');
    const permutations = resolveRules({ pegs: 4, colors: 4, feedback: 'black' });
    expect(() => parseFeedback('3', permutations)).toThrow(
      'the answer 3H cannot occur with 4 pegs of 4 colours without repetition',
    );
    expect(parseFeedback('4', permutations)).toEqual({ hits: 4, blows: 0 });
  });
  it('of a full game is not a lone number', () => {
    expect(() => parseFeedback('2', resolveRules({ game: 'mastermind' }))).toThrow(
      "cannot read the answer '2': write hits and blows as 2H1B, '2 1' or 2,1",
    );
  });
});

describe('canOccur with black pegs only', () => {
  it('says exactly which hits some pair of codes gives, on every pair of small games', () => {
    for (let pegs = 1; pegs <= 4; pegs++) {
      for (let colors = 2; colors <= 5; colors++) {
        for (const repeat of [true, false]) {
          if (!repeat && colors < pegs) continue;
          const rules = resolveRules({ pegs, colors, repeat, feedback: 'black' });
          const codes = naiveCodes(pegs, rules.alphabet, repeat);
          const occurring = new Set<number>();
          for (const secret of codes) {
            for (const guess of codes) occurring.add(naiveHits(secret, guess));
          }
          for (let hits = -1; hits <= pegs + 1; hits++) {
            const said = canOccur(rules, { hits, blows: 0 });
            expect([pegs, colors, repeat, hits, said]).toEqual([
              pegs,
              colors,
              repeat,
              hits,
              occurring.has(hits),
            ]);
          }
          expect(canOccur(rules, { hits: 0, blows: 1 })).toBe(false);
        }
      }
    }
  });
});

describe('scoring', () => {
  // Each test collects the pairs scored otherwise than the naive count, and expects none: one
  // expect per pair would cost more than the scoring.
  it('matches a naive count on random pairs for random rules, both with and without a table', () => {
    const random = seededRandom(2024);
    const wrong: string[] = [];
    // 20 rules: a game of millions of codes takes most of a second to set up, and these hold
    // several, beside games with a table.
    const seen = { games: 0, tables: 0 };
    for (let round = 0; round < 20; round++) {
      const repeat = random() < 0.5;
      const pegs = 1 + Math.floor(random() * 6);
      const colors = Math.max(repeat ? 2 : pegs, 2 + Math.floor(random() * 34));
      let rules: ReturnType<typeof resolveRules>;
      try {
        rules = resolveRules({ pegs, colors, repeat });
      } catch {
        continue;
      }
      const game = new Game(rules);
      const withTable = game.tableFits ? new Game(rules) : undefined;
      withTable?.useTable();
      seen.games++;
      if (withTable) seen.tables++;
      for (let pair = 0; pair < 200; pair++) {
        const guess = Math.floor(random() * game.size);
        const secret = Math.floor(random() * game.size);
        const [hits, blows] = naiveScore(game.codes.make(secret), game.codes.make(guess));
        const expected = answerIndex(pegs, hits, blows);
        const scored = [game.score(guess, secret), withTable?.score(guess, secret) ?? expected];
        if (scored.some((answer) => answer !== expected) || !canOccur(rules, { hits, blows })) {
          wrong.push(`${rules.pegs}×${rules.colors}: ${guess} ${secret}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(seen.games).toBeGreaterThan(10);
    expect(seen.tables).toBeGreaterThan(1);
  });

  // Each way of scoring without a table: symbols packed in nibbles (up to 16 colours and 8
  // pegs) or compared one by one, with the common symbols from symbol sets (no repetition), the
  // table of colour-multiset pairs (Super Mastermind: 792 multisets; 9 × 2), unary counts
  // (6 × 8: 1716 multisets, 48 bits) or the plain loop (3 × 24: 2600 multisets, 72 bits).
  it.each([
    [{ game: 'moo' }],
    [{ game: 'super-mastermind' }],
    [{ pegs: 6, colors: 8, repeat: true }],
    [{ pegs: 3, colors: 24, repeat: true }],
    [{ pegs: 3, colors: 20, repeat: false }],
    [{ pegs: 9, colors: 2, repeat: true }],
  ])('computes answers without a table as a naive count does: %o', (options) => {
    const rules = resolveRules(options);
    const game = new Game(rules, { tableMaxCodes: 0 });
    expect(game.useTable()).toBeUndefined();
    const random = seededRandom(rules.pegs * 100 + rules.colors);
    const secrets = Int32Array.from({ length: 500 }, () => Math.floor(random() * game.size));
    const inOrder = new Uint8Array(secrets.length);
    const bySecret = new Uint8Array(game.size);
    const wrong: string[] = [];
    for (let round = 0; round < 20; round++) {
      const guess = Math.floor(random() * game.size);
      game.scoreAll(guess, secrets, secrets.length, inOrder);
      game.scoreEach(guess, secrets, 100, 400, bySecret);
      secrets.forEach((secret, i) => {
        const [hits, blows] = naiveScore(game.codes.make(secret), game.codes.make(guess));
        const expected = answerIndex(rules.pegs, hits, blows);
        const each = i >= 100 && i < 400 ? bySecret[secret] : expected;
        if (
          game.score(guess, secret) !== expected ||
          inOrder[i] !== expected ||
          each !== expected
        ) {
          wrong.push(`${guess} ${secret}`);
        }
      });
    }
    expect(wrong).toEqual([]);
  });

  it('shares a score table: another game of the same rules adopts it, one of other rules refuses it', () => {
    const rules = resolveRules({ game: 'mastermind' });
    const table = new Game(rules).useTable({ shared: true })!;
    expect(table.buffer).toBeInstanceOf(SharedArrayBuffer);
    const adopter = new Game(rules);
    adopter.adoptTable(table);
    expect(adopter.useTable()).toBe(table);
    // 1296 codes too, scored otherwise.
    const other = new Game(resolveRules({ pegs: 2, colors: 36, repeat: true }));
    expect(() => other.adoptTable(table)).toThrow('not this game’s');
    expect(() => new Game(resolveRules({ game: 'hit-and-blow' })).adoptTable(table)).toThrow();
  });

  it('builds a table above the default limit only when asked to', () => {
    const rules = resolveRules({ pegs: 5, colors: 7, repeat: false });
    const game = new Game(rules, { tableMaxCodes: 1000 });
    expect(game.size).toBe(2520);
    expect(game.useTable()).toBeUndefined();
    const table = game.useTable({ maxCodes: 2520 })!;
    const codes = naiveCodes(5, rules.alphabet, false);
    const random = seededRandom(7);
    const wrong: string[] = [];
    for (let pair = 0; pair < 2000; pair++) {
      const guess = Math.floor(random() * codes.length);
      const secret = Math.floor(random() * codes.length);
      const [hits, blows] = naiveScore(codes[secret], codes[guess]);
      if (table[guess * codes.length + secret] !== answerIndex(5, hits, blows)) {
        wrong.push(`${codes[guess]} ${codes[secret]}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('with black pegs only, matches a naive count of hits on random pairs, with and without a table', () => {
    const random = seededRandom(1963);
    const wrong: string[] = [];
    let games = 0;
    let tables = 0;
    for (let round = 0; round < 20; round++) {
      const repeat = random() < 0.5;
      const pegs = 1 + Math.floor(random() * 9);
      const colors = Math.max(repeat ? 2 : pegs, 2 + Math.floor(random() * 34));
      let rules: ReturnType<typeof resolveRules>;
      try {
        rules = resolveRules({ pegs, colors, repeat, feedback: 'black' });
      } catch {
        continue;
      }
      games++;
      const game = new Game(rules);
      const withTable = game.tableFits ? new Game(rules) : undefined;
      withTable?.useTable();
      if (withTable) tables++;
      for (let pair = 0; pair < 200; pair++) {
        const guess = Math.floor(random() * game.size);
        const secret = Math.floor(random() * game.size);
        const hits = naiveHits(game.codes.make(secret), game.codes.make(guess));
        if (
          game.score(guess, secret) !== hits ||
          (withTable?.score(guess, secret) ?? hits) !== hits
        ) {
          wrong.push(`${rules.pegs}×${rules.colors}: ${guess} ${secret}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(games).toBeGreaterThan(10);
    expect(tables).toBeGreaterThan(0);
  });

  it('with black pegs only, matches a naive count on every pair of small games', () => {
    for (const options of [
      { game: 'hit-and-blow' },
      { pegs: 3, colors: 4, repeat: true },
      { pegs: 5, colors: 3, repeat: true },
      { pegs: 4, colors: 4, repeat: false },
    ]) {
      const rules = resolveRules({ ...options, feedback: 'black' });
      const codes = naiveCodes(rules.pegs, rules.alphabet, rules.repeat);
      const game = new Game(rules);
      const table = game.useTable()!;
      const wrong: string[] = [];
      for (let g = 0; g < codes.length; g++) {
        for (let s = 0; s < codes.length; s++) {
          if (table[g * codes.length + s] !== naiveHits(codes[s], codes[g])) {
            wrong.push(`${codes[g]} ${codes[s]}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    }
  });

  it('matches a naive count on every pair of small games', () => {
    for (const options of [{ game: 'hit-and-blow' }, { pegs: 3, colors: 4, repeat: true }]) {
      const rules = resolveRules(options);
      const codes = naiveCodes(rules.pegs, rules.alphabet, rules.repeat);
      const game = new Game(rules);
      const table = game.useTable()!;
      const wrong: string[] = [];
      for (let g = 0; g < codes.length; g++) {
        for (let s = 0; s < codes.length; s++) {
          const [hits, blows] = naiveScore(codes[s], codes[g]);
          if (table[g * codes.length + s] !== answerIndex(rules.pegs, hits, blows)) {
            wrong.push(`${codes[g]} ${codes[s]}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    }
  });

  it('reproduces the thesis’s first-guess partitions of classic Mastermind (Table 1)', () => {
    const order = [
      '0-4',
      '0-3',
      '0-2',
      '0-1',
      '0-0',
      '1-3',
      '1-2',
      '1-1',
      '1-0',
      '2-2',
      '2-1',
      '2-0',
      '3-0',
      '4-0',
    ];
    const table: Record<string, string> = {
      '1111': '0 0 0 0 625 0 0 0 500 0 0 150 20 1',
      '1112': '0 0 61 308 256 0 27 156 317 3 24 123 20 1',
      '1122': '1 16 96 256 256 0 36 208 256 4 32 114 20 1',
      '1123': '2 44 222 276 81 4 84 230 182 5 40 105 20 1',
      '1234': '9 136 312 152 16 8 132 252 108 6 48 96 20 1',
    };
    const game = new Game(resolveRules({ game: 'mastermind' }));
    for (const [guess, counts] of Object.entries(table)) {
      const split = partition(game, game.codes.parse(guess), allCandidates(game));
      const sizes = order.map((answer) => {
        const [hits, blows] = answer.split('-').map(Number);
        const a = answerIndex(4, hits, blows);
        return split.start[a + 1] - split.start[a];
      });
      expect(sizes.join(' ')).toBe(counts);
    }
  });
});
