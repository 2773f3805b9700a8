import { describe, expect, it } from 'vitest';
import {
  type NaiveAnswer,
  naiveBlackAnswer,
  naiveCodes,
  naiveFullAnswer,
  naiveIdentifies,
} from '../../test/naive.js';
import { Game } from '../game.js';
import { resolveRules } from '../rules.js';
import { staticPrefixes } from './static-jobs.js';
import { SetCanonizer } from './static-sets.js';
import { searchStaticSize } from './static-size.js';
import { greedyStaticSet, identifies, solveStatic, staticLowerBound } from './static.js';

type Spec = [pegs: number, colors: number, repeat: boolean];

function gameOf([pegs, colors, repeat]: Spec): Game {
  return new Game(resolveRules({ pegs, colors, repeat }));
}

/** The least size of an identifying set, by trying every set of each size in turn. */
function naiveStaticSize(codes: string[], answerOf: NaiveAnswer = naiveFullAnswer): number {
  const answers = codes.map((guess) => codes.map((secret) => answerOf(secret, guess)));
  for (let size = 1; ; size++) {
    const chosen: number[] = [];
    const separates = (): boolean =>
      new Set(codes.map((_, s) => chosen.map((g) => answers[g][s]).join('|'))).size ===
      codes.length;
    const extend = (from: number): boolean => {
      if (chosen.length === size) return separates();
      for (let g = from; g < codes.length; g++) {
        chosen.push(g);
        const found = extend(g + 1);
        chosen.pop();
        if (found) return true;
      }
      return false;
    };
    if (extend(0)) return size;
  }
}

/** Every permutation of `items`. */
function permutationsOf<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutationsOf([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The orbits of `size`-sets of codes under position permutations × colour renamings. */
function naiveOrbits(codes: string[], alphabet: string, size: number): Set<string>[] {
  const pegs = codes[0].length;
  const positionMaps = permutationsOf([...Array(pegs).keys()]);
  const colourMaps = permutationsOf([...alphabet]);
  const image = (code: string, positions: number[], colours: string[]): string => {
    const moved: string[] = [];
    for (let i = 0; i < pegs; i++) moved[positions[i]] = colours[alphabet.indexOf(code[i])];
    return moved.join('');
  };
  const key = (set: string[]): string => [...set].sort().join(' ');
  const seen = new Set<string>();
  const orbits: Set<string>[] = [];
  const visit = (set: string[], from: number): void => {
    if (set.length === size) {
      if (seen.has(key(set))) return;
      const orbit = new Set<string>();
      for (const positions of positionMaps) {
        for (const colours of colourMaps)
          orbit.add(key(set.map((c) => image(c, positions, colours))));
      }
      for (const member of orbit) seen.add(member);
      orbits.push(orbit);
      return;
    }
    for (let i = from; i < codes.length; i++) visit([...set, codes[i]], i + 1);
  };
  visit([], 0);
  return orbits;
}

const tiny: Spec[] = [
  [2, 2, true],
  [2, 3, true],
  [2, 4, true],
  [2, 5, true],
  [2, 6, true],
  [3, 2, true],
  [3, 3, true],
  [3, 4, true],
  [4, 2, true],
  [2, 3, false],
  [2, 4, false],
  [2, 5, false],
  [3, 4, false],
  [3, 5, false],
];

describe('static Mastermind on tiny games', () => {
  it.each(tiny)(
    '%i pegs, %i colours, repeat %s: as small as trying every set, and proved',
    async (...spec) => {
      const game = gameOf(spec);
      const codes = naiveCodes(spec[0], game.rules.alphabet, spec[2]);
      const size = naiveStaticSize(codes);
      const result = await solveStatic(game);
      expect(result.guesses.length).toBe(size);
      expect(result.proved).toBe(true);
      expect(result.lowerBound).toBe(size);
      expect(
        naiveIdentifies(
          codes,
          result.guesses.map((g) => game.codes.make(g)),
        ),
      ).toBe(true);
      // The search itself, not only the greedy bound: it finds a set of the least size...
      const found = searchStaticSize(game, size).guesses!;
      expect(found).toHaveLength(size);
      expect(
        naiveIdentifies(
          codes,
          found.map((g) => game.codes.make(g)),
        ),
      ).toBe(true);
      // ...and refutes the size below.
      if (size > 1) expect(searchStaticSize(game, size - 1)).toMatchObject({ complete: true });
      expect(searchStaticSize(game, size - 1).guesses).toBeUndefined();
    },
  );
});

describe('static black-peg Mastermind on tiny games', () => {
  const black: Spec[] = [
    [2, 3, true],
    [2, 4, true],
    [3, 2, true],
    [3, 3, true],
    [4, 2, true],
    [3, 4, false],
    [4, 4, false],
  ];
  it.each(black)(
    '%i pegs, %i colours, repeat %s, hits only: as small as trying every set, and proved',
    async (pegs, colors, repeat) => {
      const game = new Game(resolveRules({ pegs, colors, repeat, feedback: 'black' }));
      const codes = naiveCodes(pegs, game.rules.alphabet, repeat);
      const size = naiveStaticSize(codes, naiveBlackAnswer);
      const result = await solveStatic(game);
      expect([result.guesses.length, result.proved, result.lowerBound]).toEqual([size, true, size]);
      const written = result.guesses.map((g) => game.codes.make(g));
      expect(naiveIdentifies(codes, written, naiveBlackAnswer)).toBe(true);
      // Hits and blows tell more: never more guesses than with hits alone.
      expect(naiveStaticSize(codes)).toBeLessThanOrEqual(size);
    },
  );
});

describe('classic Mastermind', () => {
  const game = new Game(resolveRules({ game: 'mastermind' }));
  const codes = naiveCodes(4, '123456', true);

  it('has no identifying set of 4 guesses', () => {
    expect(searchStaticSize(game, 4)).toMatchObject({ complete: true, guesses: undefined });
  });

  it('searches a size as jobs, one per canonical prefix, settling it as the whole search does', () => {
    // 4 × 4: 256 secrets; no 3 guesses identify them, 4 do (Rosenbaum's table).
    const small = gameOf([4, 4, true]);
    const smallCodes = naiveCodes(4, small.rules.alphabet, true);
    const prefixes = staticPrefixes(small, 2);
    expect(staticPrefixes(small, 1).length).toBe(5); // aaaa aaab aabb aabc abcd
    for (const size of [3, 4]) {
      const found = prefixes
        .map((prefix) => searchStaticSize(small, size, { prefix }))
        .filter((job) => {
          expect(job.complete).toBe(true);
          return job.guesses !== undefined;
        });
      expect(found.length > 0).toBe(size === 4);
      for (const job of found) {
        expect(
          naiveIdentifies(
            smallCodes,
            job.guesses!.map((g) => small.codes.make(g)),
          ),
        ).toBe(true);
      }
    }
    // A prefix the whole search never reaches costs nothing: 0000 gives the 108 secrets with
    // one 0 the same answer, more than two guesses can tell apart (98, the capacity bound).
    const dead = searchStaticSize(small, 3, { prefix: [small.codes.parse('0000')] });
    expect(dead).toMatchObject({ complete: true, guesses: undefined, nodes: 0 });
  });

  it('completes 1112 1234 2456 to an identifying set of 6', () => {
    const prefix = ['1112', '1234', '2456'].map((code) => game.codes.parse(code));
    const found = searchStaticSize(game, 6, { prefix }).guesses!;
    expect(found.slice(0, 3)).toEqual(prefix);
    expect(
      naiveIdentifies(
        codes,
        found.map((g) => game.codes.make(g)),
      ),
    ).toBe(true);
  });
});

describe('known results', () => {
  // Rosenbaum (2002), "Static Mastermind": C(3k, 2) = C(3k-1, 2) = 2k and C(3k+1, 2) = 2k + 1.
  it.each([
    [2, 2],
    [3, 2],
    [4, 3],
    [5, 4],
    [6, 4],
    [7, 5],
    [8, 6],
    [9, 6],
    [10, 7],
  ])('two pegs of %i colours need %i guesses', async (colors, size) => {
    const game = gameOf([2, colors, true]);
    const result = await solveStatic(game);
    expect(result).toMatchObject({ proved: true, lowerBound: size });
    expect(result.guesses).toHaveLength(size);
    const codes = naiveCodes(2, game.rules.alphabet, true);
    expect(
      naiveIdentifies(
        codes,
        result.guesses.map((g) => game.codes.make(g)),
      ),
    ).toBe(true);
  });
});

describe('canonical sets', () => {
  it.each([
    [2, 4, true],
    [3, 3, true],
    [2, 5, false],
    [3, 4, false],
  ] as Spec[])('%i pegs, %i colours, repeat %s: exactly one per orbit, the least', (...spec) => {
    const game = gameOf(spec);
    const canonizer = new SetCanonizer(game);
    const codes = naiveCodes(spec[0], game.rules.alphabet, spec[2]);
    // Asked set after set, in the orbits' order: the sets that share all codes but the last,
    // whose first step the canonizer keeps, come together and apart.
    for (const size of [1, 2, 3, 4]) {
      for (const orbit of naiveOrbits(codes, game.rules.alphabet, size)) {
        const canonical = [...orbit].filter((set) => {
          const indices = set.split(' ').map((code) => game.codes.parse(code));
          return canonizer.isCanonical(indices, size);
        });
        expect(canonical).toEqual([[...orbit].sort()[0]]);
      }
    }
  });
});

describe('the search', () => {
  const game = gameOf([3, 5, true]);

  it('bounds from below by capacity and from above by a greedy set', async () => {
    const result = await solveStatic(game);
    expect(staticLowerBound(game)).toBeLessThanOrEqual(result.guesses.length);
    const greedy = greedyStaticSet(game);
    expect(identifies(game, greedy)).toBe(true);
    expect(greedy.length).toBeGreaterThanOrEqual(result.guesses.length);
  });

  it('splits one size into shards that together do what one search does', () => {
    for (const size of [3, 4]) {
      const whole = searchStaticSize(game, size);
      const shards = [0, 1, 2].map((index) =>
        searchStaticSize(game, size, { shard: { index, count: 3 } }),
      );
      expect(shards.every((s) => s.complete)).toBe(true);
      expect(shards.some((s) => s.guesses)).toBe(whole.guesses !== undefined);
      for (const shard of shards) {
        if (shard.guesses) expect(identifies(game, shard.guesses)).toBe(true);
      }
    }
    expect(searchStaticSize(game, 3).guesses).toBeUndefined();
    expect(searchStaticSize(game, 4).guesses).toHaveLength(4);
  });

  it('stops at the deadline with the best set so far, unproved', async () => {
    const result = await solveStatic(gameOf([3, 7, true]), { deadline: Date.now() - 1 });
    expect(result.proved).toBe(false);
    expect(result.lowerBound).toBeLessThan(result.guesses.length);
    expect(identifies(gameOf([3, 7, true]), result.guesses)).toBe(true);
  });

  it('reports progress: symmetric sets, then local search below the greedy set, then the exact search from the capacity bound', async () => {
    const seen: string[] = [];
    await solveStatic(game, {
      onProgress: (progress) => seen.push(`${progress.phase} ${progress.size}`),
    });
    const greedy = greedyStaticSet(game).length;
    expect(seen[0]).toBe(`symmetric ${greedy - 1}`);
    // Local search at a size only after the symmetric sets of that size gave none.
    for (const [i, line] of seen.entries()) {
      if (line.startsWith('local')) expect(seen[i - 1]).toBe(line.replace('local', 'symmetric'));
    }
    expect(seen.find((line) => line.startsWith('exact'))).toBe(`exact ${staticLowerBound(game)}`);
    const without: string[] = [];
    await solveStatic(game, {
      symmetricSeconds: 0,
      onProgress: (progress) => without.push(`${progress.phase} ${progress.size}`),
    });
    expect(without).toEqual(seen.filter((line) => !line.startsWith('symmetric')));
  });
});
