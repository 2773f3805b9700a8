import { describe, expect, it } from 'vitest';
import { allCandidates } from '../candidates.js';
import { Game } from '../game.js';
import { type RulesOptions, resolveRules } from '../rules.js';
import { analyzeTree, unpackTree, verifyTree } from '../tree.js';
import { OptimalSearch } from './branch-and-bound.js';
import { costOfHistogram } from './cost.js';
import { SetCache } from './set-cache.js';
import { SetImages } from './set-images.js';

/** A seeded pseudo-random integer below `n` (a linear congruential generator). */
function randomFrom(seed: number): (n: number) => number {
  let x = seed >>> 0;
  return (n) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
}

/** A random permutation of 0..n−1. */
function shuffled(n: number, random: (n: number) => number): number[] {
  const order = [...Array(n).keys()];
  for (let i = n - 1; i > 0; i--) {
    const j = random(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** A group element written plainly: the symbol at position i goes to `positions[i]`, renamed. */
interface Element {
  positions: number[];
  colours: number[];
}

function imageOf(game: Game, { positions, colours }: Element, code: number): number {
  const symbols = game.codes.symbolsOf(code);
  const moved: number[] = [];
  symbols.forEach((symbol, i) => {
    moved[positions[i]] = colours[symbol];
  });
  return game.codes.indexOf(moved);
}

function randomSet(game: Game, size: number, random: (n: number) => number): Int32Array {
  const codes = new Set<number>();
  while (codes.size < size) codes.add(random(game.size));
  return Int32Array.from([...codes].sort((a, b) => a - b));
}

function sorted(codes: Iterable<number>): number[] {
  return [...codes].sort((a, b) => a - b);
}

/** Every element of the game's group of position permutations and colour renamings. */
function everyElement(game: Game): Element[] {
  const permutations = (n: number): number[][] =>
    n === 0
      ? [[]]
      : permutations(n - 1).flatMap((p) =>
          Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
        );
  const { pegs, colors } = game.rules;
  return permutations(pegs).flatMap((positions) =>
    permutations(colors).map((colours) => ({ positions, colours })),
  );
}

const GAMES: RulesOptions[] = [
  { game: 'mastermind' },
  { pegs: 4, colors: 7, repeat: true },
  { pegs: 5, colors: 6, repeat: false },
  { game: 'numeron' },
  { pegs: 3, colors: 4, repeat: true, feedback: 'black' },
];

describe('sets of codes up to the symmetry of the game', () => {
  it.each(GAMES)('finds σ between a set and its image, and σ keeps every answer: %o', (options) => {
    const game = new Game(resolveRules(options));
    const images = SetImages.of(game)!;
    const random = randomFrom(7);
    const { pegs, colors } = game.rules;
    for (let trial = 0; trial < 300; trial++) {
      const stored = randomSet(game, 2 + random(40), random);
      const element = { positions: shuffled(pegs, random), colours: shuffled(colors, random) };
      const image = Int32Array.from(sorted([...stored].map((c) => imageOf(game, element, c))));
      const depth = 1 + random(8);
      const hash = images.hash(stored, depth);
      // The image hashed last: the set `match` looks for.
      expect(images.hash(image, depth)).toBe(hash);
      const sigma = images.match(Uint16Array.from(stored), 0, stored.length);
      expect(sigma).toBeDefined();
      // The σ found (perhaps another than the one drawn) maps the stored set onto the image...
      expect(sorted([...stored].map((c) => sigma!.image(c)))).toEqual([...image]);
      // ...and a guess g, anywhere, to one that answers σ(s) as g answers s.
      const guess = random(game.size);
      const moved = sigma!.image(guess);
      for (const code of stored) {
        expect(game.score(moved, sigma!.image(code))).toBe(game.score(guess, code));
      }
    }
  });

  it('matches two sets exactly when some element of the group maps one onto the other', () => {
    // 3 pegs of 4 colours: 6 × 24 elements, few enough to try each.
    const game = new Game(resolveRules({ pegs: 3, colors: 4, repeat: true }));
    const images = SetImages.of(game)!;
    const group = everyElement(game);
    const random = randomFrom(11);
    let matched = 0;
    for (let trial = 0; trial < 600; trial++) {
      const size = 2 + random(5);
      const stored = randomSet(game, size, random);
      // An image of the stored set, one with a code changed, or any set of its size.
      const element = group[random(group.length)];
      const codes = new Set([...stored].map((c) => imageOf(game, element, c)));
      if (trial % 3 === 1) {
        codes.delete([...codes][random(size)]);
        while (codes.size < size) codes.add(random(game.size));
      }
      const other =
        trial % 3 === 2 ? randomSet(game, size, random) : Int32Array.from(sorted(codes));
      const target = sorted(other).join();
      const isImage = group.some(
        (element) => sorted([...stored].map((c) => imageOf(game, element, c))).join() === target,
      );
      const hash = images.hash(stored, 5);
      const found =
        images.hash(other, 5) === hash &&
        images.match(Uint16Array.from(stored), 0, size) !== undefined;
      expect(found).toBe(isImage);
      if (found) matched++;
    }
    // Both kinds of answer were put to the test.
    expect(matched).toBeGreaterThan(200);
    expect(matched).toBeLessThan(500);
  });

  it('lets the cache answer an image of a set it keeps, with the image of its guess', () => {
    const game = new Game(resolveRules({ pegs: 4, colors: 7, repeat: true }));
    const images = SetImages.of(game)!;
    const cache = new SetCache(2 ** 20, false, images);
    const random = randomFrom(3);
    const stored = randomSet(game, 12, random);
    const guess = 1234;
    cache.set(stored, 6, 777, guess);
    const element = { positions: [2, 0, 3, 1], colours: [4, 6, 0, 1, 5, 2, 3] };
    const image = Int32Array.from(sorted([...stored].map((c) => imageOf(game, element, c))));
    // Only when asked: a ranking reads the bounds of many classes it never searches.
    expect(cache.find(image, 6)).toBe(-1);
    const entry = cache.find(image, 6, true);
    expect(cache.cost(entry)).toBe(777);
    const moved = cache.guess(entry);
    for (const code of stored) {
      expect(game.score(moved, imageOf(game, element, code))).toBe(game.score(guess, code));
    }
    // Kept as itself from then on; a bound (no guess) stays a bound; another depth is another set.
    expect(cache.guess(cache.find(image, 6))).toBe(moved);
    cache.set(stored, 5, 900, -1);
    expect(cache.guess(cache.find(image, 5, true))).toBe(-1);
    expect(cache.find(image, 4, true)).toBe(-1);
  });

  it('keeps the cache within its budget with the index of images', () => {
    const game = new Game(resolveRules({ pegs: 5, colors: 8, repeat: false }));
    const budget = 8 * 2 ** 20;
    const cache = new SetCache(budget, false, SetImages.of(game));
    const random = randomFrom(5);
    for (let i = 0; i < 30_000; i++) cache.set(randomSet(game, 60 + random(60), random), 6, i, 0);
    expect(cache.bytes).toBeLessThanOrEqual(budget * 1.05);
    // Without images the index takes no room: more sets fit in the same budget.
    expect(new SetCache(budget).bytes).toBeLessThan(
      new SetCache(budget, false, SetImages.of(game)).bytes,
    );
  });

  it.each([
    { game: 'mastermind' },
    { game: 'numeron' },
    { pegs: 3, colors: 5, repeat: true },
    { pegs: 4, colors: 5, repeat: false },
    { pegs: 4, colors: 4, repeat: true, feedback: 'black' },
  ] as RulesOptions[])('leaves the search its optimum, with fewer nodes: %o', (options) => {
    const game = new Game(resolveRules(options));
    const all = allCandidates(game);
    const objectives = [
      ['expected', {}],
      ['crush', { crush: true }],
      ['depth', { firstFound: true }],
    ] as const;
    for (const [objective, settings] of objectives) {
      const depth = objective === 'expected' ? 255 : 6;
      const plain = new OptimalSearch(game, { ...settings, images: false });
      const imaged = new OptimalSearch(game, { ...settings, images: true });
      const expected = plain.solve(all, [], depth).cost;
      const found = imaged.solve(all, [], depth);
      // Settling for the first strategy within the depth, which one comes first may differ.
      if (objective !== 'depth') expect(found.cost).toBe(expected);
      expect(imaged.nodes).toBeLessThan(plain.nodes);
      // Its strategy, the guesses the images gave included, plays what it costs.
      const tree = { game, root: unpackTree(imaged.packedTree(all, [], depth)) };
      expect(verifyTree(tree).valid).toBe(true);
      expect(costOfHistogram(objective, depth, analyzeTree(tree).histogram)).toBe(found.cost);
    }
  });
});
