import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test/naive.js';
import { allCandidates, filterCandidates, partitionSizes } from './candidates.js';
import { colourRepresentatives } from './colour-symmetry.js';
import { Game } from './game.js';
import { resolveRules } from './rules.js';
import type { Turn } from './strategy.js';
import { SymmetryKernel } from './symmetry-kernel.js';
import { guessOrbits, guessRepresentatives } from './symmetry.js';

/** The sorted class sizes of `guess` on `candidates`: what symmetry must preserve. */
function shape(game: Game, guess: number, candidates: Int32Array): string {
  const counts = new Int32Array(game.answers);
  partitionSizes(game, guess, candidates, counts, new Uint8Array(candidates.length));
  return Array.from(counts)
    .filter((c) => c > 0)
    .sort((a, b) => a - b)
    .join(',');
}

describe('essentially different guesses', () => {
  it('are the 5 first guesses of classic Mastermind and 1 of Bulls and Cows', () => {
    const mastermind = new Game(resolveRules({ game: 'mastermind' }));
    const first = guessRepresentatives(mastermind, [], allCandidates(mastermind))!;
    expect(Array.from(first, (c) => mastermind.codes.make(c))).toEqual([
      '1111',
      '1112',
      '1122',
      '1123',
      '1234',
    ]);
    const moo = new Game(resolveRules({ game: 'moo' }));
    expect(Array.from(guessRepresentatives(moo, [], allCandidates(moo))!)).toEqual([0]);
  });

  // Each trial checks every code of the game against its orbit's root: a few trials of the
  // larger games (1,296 and 5,040 codes) check thousands.
  const games = [
    { options: { game: 'mastermind' }, trials: 6 },
    { options: { game: 'hit-and-blow' }, trials: 12 },
    { options: { game: 'moo' }, trials: 2 },
    { options: { pegs: 3, colors: 5, repeat: true }, trials: 12 },
    { options: { pegs: 5, colors: 3, repeat: true }, trials: 12 },
    // Black pegs only: hits alone are as invariant as hits and blows, so the same group applies.
    { options: { game: 'mastermind', feedback: 'black' }, trials: 6 },
    { options: { game: 'hit-and-blow', feedback: 'black' }, trials: 12 },
    { options: { pegs: 4, colors: 4, repeat: false, feedback: 'black' }, trials: 12 },
    { options: { pegs: 5, colors: 3, repeat: true, feedback: 'black' }, trials: 12 },
  ];
  it.each(games)('never merge guesses that split differently: states of $options', (row) => {
    const game = new Game(resolveRules(row.options));
    const random = seededRandom(99);
    let merged = 0;
    for (let trial = 0; trial < row.trials; trial++) {
      const secret = Math.floor(random() * game.size);
      const history: Turn[] = [];
      let candidates = allCandidates(game);
      const turns = Math.floor(random() * 3);
      for (let t = 0; t < turns && candidates.length > 1; t++) {
        const guess = Math.floor(random() * game.size);
        const answer = game.score(guess, secret);
        history.push({ guess, answer });
        candidates = filterCandidates(game, candidates, guess, answer);
      }
      const orbit = guessOrbits(game, history, candidates);
      if (!orbit) continue;
      const shapeOf = new Map<number, string>();
      const isCandidate = new Set(candidates);
      const consistentOf = new Map<number, boolean>();
      for (let code = 0; code < game.size; code++) {
        const root = orbit[code];
        expect(root).toBeLessThanOrEqual(code);
        expect(orbit[root]).toBe(root);
        const s = shape(game, code, candidates);
        if (!shapeOf.has(root)) {
          shapeOf.set(root, s);
          consistentOf.set(root, isCandidate.has(code));
        } else {
          merged++;
          expect(s).toBe(shapeOf.get(root));
          expect(isCandidate.has(code)).toBe(consistentOf.get(root));
        }
      }
    }
    expect(merged).toBeGreaterThan(0);
  });
});

/** Renames each class of interchangeable colours in order of first appearance, plainly. */
function naiveColourCanonical(symbols: number[], classes: number[][]): number[] {
  const renamed = new Map<number, number>();
  const next = classes.map(() => 0);
  return symbols.map((c) => {
    const k = classes.findIndex((set) => set.includes(c));
    if (k < 0) return c;
    if (!renamed.has(c)) renamed.set(c, classes[k][next[k]++]);
    return renamed.get(c)!;
  });
}

describe('the colour-only reduction', () => {
  it('keeps exactly the codes already in canonical colour order, which split like their orbit', () => {
    for (const options of [
      { game: 'mastermind' },
      { game: 'hit-and-blow' },
      { pegs: 3, colors: 6, repeat: true },
      { pegs: 3, colors: 6, repeat: false, feedback: 'black' },
    ]) {
      const game = new Game(resolveRules(options));
      const random = seededRandom(5);
      for (let trial = 0; trial < 10; trial++) {
        const secret = Math.floor(random() * game.size);
        const history: Turn[] = [];
        let candidates = allCandidates(game);
        for (let t = 0; t < 1 + (trial % 3) && candidates.length > 1; t++) {
          const guess = Math.floor(random() * game.size);
          history.push({ guess, answer: game.score(guess, secret) });
          candidates = filterCandidates(game, candidates, guess, history[t].answer);
        }
        const colours = [...Array(game.rules.colors).keys()];
        const unused = colours.filter((c) =>
          history.every((t) => !game.codes.symbolsOf(t.guess).includes(c)),
        );
        const dead = colours.filter(
          (c) => !Array.from(candidates).some((code) => game.codes.symbolsOf(code).includes(c)),
        );
        const classes = unused.some((c) => dead.includes(c))
          ? [[...new Set([...unused, ...dead])].sort((a, b) => a - b)]
          : [unused, dead];
        const kept = colourRepresentatives(game, history, candidates);
        const expected: number[] = [];
        for (let code = 0; code < game.size; code++) {
          const canonical = game.codes.indexOf(
            naiveColourCanonical([...game.codes.symbolsOf(code)], classes),
          );
          if (canonical === code) expected.push(code);
          expect(shape(game, canonical, candidates)).toBe(shape(game, code, candidates));
        }
        expect(kept ? Array.from(kept) : [...Array(game.size).keys()]).toEqual(expected);
      }
    }
  });
});

describe('black pegs with repetition: colours renamed position by position', () => {
  it('keeps exactly the codes whose colour at each position is the first of its class there', () => {
    for (const options of [
      { game: 'mastermind', feedback: 'black' },
      { pegs: 3, colors: 5, repeat: true, feedback: 'black' },
    ]) {
      const game = new Game(resolveRules(options));
      const { colors } = game.rules;
      const random = seededRandom(8);
      for (let trial = 0; trial < 10; trial++) {
        const secret = Math.floor(random() * game.size);
        const history: Turn[] = [];
        let candidates = allCandidates(game);
        for (let t = 0; t < 1 + (trial % 3) && candidates.length > 1; t++) {
          const guess = Math.floor(random() * game.size);
          history.push({ guess, answer: game.score(guess, secret) });
          candidates = filterCandidates(game, candidates, guess, history[t].answer);
        }
        // Plainly, position by position: the colours no guess put there, none candidate has there.
        const firstOfClass = (position: number, colour: number): number => {
          const at = (code: number) => game.codes.symbolAt(code, position);
          const unused = [...Array(colors).keys()].filter((c) =>
            history.every((t) => at(t.guess) !== c),
          );
          const dead = [...Array(colors).keys()].filter((c) =>
            Array.from(candidates).every((code) => at(code) !== c),
          );
          const merged = unused.some((c) => dead.includes(c));
          const classes = merged ? [[...new Set([...unused, ...dead])]] : [unused, dead];
          const mine = classes.find((set) => set.includes(colour));
          return mine ? Math.min(...mine) : colour;
        };
        // Worked out once for each position and colour, not again for every code.
        const first = [...Array(game.rules.pegs).keys()].map((position) =>
          [...Array(colors).keys()].map((colour) => firstOfClass(position, colour)),
        );
        const kept = colourRepresentatives(game, history, candidates);
        const expected: number[] = [];
        for (let code = 0; code < game.size; code++) {
          const symbols = [...game.codes.symbolsOf(code)];
          const canonical = game.codes.indexOf(symbols.map((c, i) => first[i][c]));
          if (canonical === code) expected.push(code);
          expect(shape(game, canonical, candidates)).toBe(shape(game, code, candidates));
        }
        expect(kept ? Array.from(kept) : [...Array(game.size).keys()]).toEqual(expected);
        expect(expected.length).toBeLessThan(game.size);
      }
    }
  });

  it('makes every code of black-peg Mastermind one first guess, and splits like it', () => {
    const game = new Game(resolveRules({ game: 'mastermind', feedback: 'black' }));
    const all = allCandidates(game);
    expect(Array.from(guessRepresentatives(game, [], all)!)).toEqual([0]);
    const first = shape(game, 0, all);
    for (let code = 0; code < game.size; code++) expect(shape(game, code, all)).toBe(first);
  });
});

describe('the symmetry kernel (WebAssembly)', () => {
  it.each([
    { name: 'Mastermind', options: { game: 'mastermind' } },
    { name: 'Bulls and Cows', options: { game: 'moo' } },
    { name: 'Hit & Blow', options: { game: 'hit-and-blow' } },
    { name: '5 × 3', options: { pegs: 5, colors: 3, repeat: true } },
    { name: '3 of 7', options: { pegs: 3, colors: 7, repeat: false } },
    { name: 'black-peg Mastermind', options: { game: 'mastermind', feedback: 'black' } },
    { name: 'black-peg 4 of 5', options: { pegs: 4, colors: 5, repeat: false, feedback: 'black' } },
  ])('finds the orbits and representatives the TypeScript loops find: $name', ({ options }) => {
    const rules = resolveRules(options);
    const game = new Game(rules);
    const plain = new Game(rules, { simd: false });
    expect(SymmetryKernel.for(game)).toBeDefined();
    expect(SymmetryKernel.for(plain)).toBeUndefined();
    const random = seededRandom(31);
    let compared = 0;
    for (let trial = 0; trial < 12; trial++) {
      const secret = Math.floor(random() * game.size);
      const history: Turn[] = [];
      let candidates = allCandidates(game);
      for (let t = 0; t < trial % 3 && candidates.length > 1; t++) {
        const guess = Math.floor(random() * game.size);
        history.push({ guess, answer: game.score(guess, secret) });
        candidates = filterCandidates(game, candidates, guess, history[t].answer);
      }
      const pairs = [
        [guessOrbits(game, history, candidates), guessOrbits(plain, history, candidates)],
        [
          guessRepresentatives(game, history, candidates),
          guessRepresentatives(plain, history, candidates),
        ],
        [
          colourRepresentatives(game, history, candidates),
          colourRepresentatives(plain, history, candidates),
        ],
      ];
      for (const [kernel, typescript] of pairs) {
        expect(kernel && Array.from(kernel)).toEqual(typescript && Array.from(typescript));
        if (kernel) compared++;
      }
    }
    expect(compared).toBeGreaterThan(12);
  });
});
