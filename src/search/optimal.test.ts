import { describe, expect, it } from 'vitest';
import { naiveBlackAnswer, naiveCodes, naiveOptimal } from '../../test/naive.js';
import { analyze } from '../analyze.js';
import { Game } from '../game.js';
import { resolveRules } from '../rules.js';
import { buildTree, verifyTree } from '../tree.js';
import { Checkpoint } from './checkpoint.js';
import { costMax, costTotal } from './cost.js';
import { findOptimal } from './optimal.js';
import { MIN_CACHE_BYTES } from './set-cache.js';

const tiny = [
  { pegs: 2, colors: 3, repeat: true },
  { pegs: 2, colors: 4, repeat: true },
  { pegs: 3, colors: 3, repeat: true },
  { pegs: 2, colors: 5, repeat: false },
  { pegs: 3, colors: 4, repeat: false },
];

describe('optimal strategies agree with a brute-force search on tiny games', () => {
  it.each(tiny)('%o', async (options) => {
    const rules = resolveRules(options);
    const game = new Game(rules);
    const codes = naiveCodes(rules.pegs, rules.alphabet, rules.repeat);
    for (const consistentOnly of [false, true]) {
      const expected = naiveOptimal(codes, 64, consistentOnly)!;
      const found = await findOptimal(game, { consistentOnly });
      expect(found.proved).toBe(true);
      expect([costTotal(found.cost), costMax(found.cost)]).toEqual(expected);
      // The strategy really plays that well, as a tree that verifies.
      const analysis = analyze(game, found.strategy!);
      expect([analysis.total, analysis.max]).toEqual(expected);
      const verdict = verifyTree(buildTree(game, found.strategy!));
      expect(verdict.valid).toBe(true);

      let least = 1;
      while (!naiveOptimal(codes, least, consistentOnly)) least++;
      const worst = await findOptimal(game, { objective: 'worst', consistentOnly });
      expect([costTotal(worst.cost), costMax(worst.cost)]).toEqual(
        naiveOptimal(codes, least, consistentOnly),
      );
      expect((await findOptimal(game, { maxDepth: least - 1, consistentOnly })).impossible).toBe(
        true,
      );
    }
  });
});

/** Tiny black-peg games (hits only), with and without repetition. */
const tinyBlack = [
  { pegs: 2, colors: 2, repeat: true },
  { pegs: 2, colors: 3, repeat: true },
  { pegs: 3, colors: 2, repeat: true },
  { pegs: 2, colors: 4, repeat: true },
  { pegs: 4, colors: 2, repeat: true },
  { pegs: 3, colors: 3, repeat: true },
  { pegs: 2, colors: 5, repeat: false },
  { pegs: 3, colors: 3, repeat: false },
  { pegs: 3, colors: 4, repeat: false },
  { pegs: 4, colors: 4, repeat: false },
  { pegs: 2, colors: 5, repeat: true },
  { pegs: 5, colors: 2, repeat: true },
  { pegs: 2, colors: 6, repeat: false },
];

describe('optimal strategies for black pegs only agree with a brute-force search counting hits', () => {
  it.each(tinyBlack)('%o', async (shape) => {
    const rules = resolveRules({ ...shape, feedback: 'black' });
    const game = new Game(rules);
    const codes = naiveCodes(rules.pegs, rules.alphabet, rules.repeat);
    for (const consistentOnly of [false, true]) {
      const expected = naiveOptimal(codes, 64, consistentOnly, naiveBlackAnswer)!;
      const found = await findOptimal(game, { consistentOnly });
      expect(found.proved).toBe(true);
      expect([costTotal(found.cost), costMax(found.cost)]).toEqual(expected);
      const analysis = analyze(game, found.strategy!);
      expect([analysis.total, analysis.max]).toEqual(expected);
      expect(verifyTree(buildTree(game, found.strategy!)).valid).toBe(true);

      let least = 1;
      while (!naiveOptimal(codes, least, consistentOnly, naiveBlackAnswer)) least++;
      const worst = await findOptimal(game, { objective: 'worst', consistentOnly });
      expect([costTotal(worst.cost), costMax(worst.cost)]).toEqual(
        naiveOptimal(codes, least, consistentOnly, naiveBlackAnswer),
      );
      expect((await findOptimal(game, { maxDepth: least - 1, consistentOnly })).impossible).toBe(
        true,
      );
    }
  });
});

describe('black pegs only: the search gives the same optimum with and without symmetry', () => {
  const games = [
    { pegs: 3, colors: 4, repeat: true },
    { pegs: 4, colors: 3, repeat: true },
    { pegs: 3, colors: 5, repeat: false },
    { pegs: 4, colors: 5, repeat: false },
  ];
  it.each(games)('%o', async (shape) => {
    const game = new Game(resolveRules({ ...shape, feedback: 'black' }));
    for (const objective of ['expected', 'worst'] as const) {
      const reduced = await findOptimal(game, { objective });
      const every = await findOptimal(game, { objective, symmetry: false });
      expect(reduced.proved && every.proved).toBe(true);
      expect(reduced.cost).toBe(every.cost);
      // Symmetry changes the work, never the result: the reduced search does less of it.
      expect(reduced.nodes).toBeLessThan(every.nodes);
    }
  });
});

describe.runIf(process.env.CODEBREAKER_SLOW)('Bulls and Cows (slow: CODEBREAKER_SLOW=1)', () => {
  it('has no strategy within 6 guesses, so its least worst case is 7', async () => {
    const game = new Game(resolveRules({ game: 'moo' }));
    expect((await findOptimal(game, { maxDepth: 6 })).impossible).toBe(true);
  });
});

describe('the cache of solved sets', () => {
  it('can forget: a tiny cache gives the same optimum and a strategy that plays it', async () => {
    const game = new Game(resolveRules({ game: 'numeron' }));
    const roomy = await findOptimal(game);
    const forgetful = await findOptimal(game, { cacheBytes: MIN_CACHE_BYTES });
    expect(forgetful.cost).toBe(roomy.cost);
    // It did forget: what it forgot it searched again.
    expect(forgetful.nodes).toBeGreaterThan(roomy.nodes);
    expect(analyze(game, forgetful.strategy!).total).toBe(costTotal(roomy.cost));
  });
});

describe('optimal strategies for classic Mastermind (Koyama & Lai; Knuth)', () => {
  const game = new Game(resolveRules({ game: 'mastermind' }));
  it('least total 5625, exactly one secret needing 6', async () => {
    const found = await findOptimal(game);
    expect(found.proved).toBe(true);
    const analysis = analyze(game, found.strategy!);
    expect(analysis.total).toBe(5625);
    expect(analysis.max).toBe(6);
    expect(analysis.histogram[6]).toBe(1);
  });
  it('the same optimum without the lookahead bounds, searching far more nodes', async () => {
    const withLookahead = await findOptimal(game);
    const without = await findOptimal(game, { lookahead: false });
    expect(without.cost).toBe(withLookahead.cost);
    expect(without.lookaheads).toBe(0);
    expect(without.nodes).toBeGreaterThan(4 * withLookahead.nodes);
  });
  it('5626 with at most 5 guesses', async () => {
    const found = await findOptimal(game, { maxDepth: 5 });
    expect(costTotal(found.cost)).toBe(5626);
    expect(costMax(found.cost)).toBe(5);
  });
  it('least worst case 5', async () => {
    const found = await findOptimal(game, { objective: 'worst' });
    expect(costMax(found.cost)).toBe(5);
    expect(costTotal(found.cost)).toBe(5626);
  });
});

describe('a proof resumed from a checkpoint', () => {
  const game = new Game(resolveRules({ game: 'hit-and-blow' }));
  const identity = {
    rules: game.rules,
    objective: 'expected' as const,
    maxDepth: null,
    consistentOnly: false,
  };
  /** The jobs a checkpoint holds, as its file lists them. */
  const jobsOf = (checkpoint: Checkpoint): Record<string, [number, number[]?]> => {
    const text = checkpoint.write();
    return JSON.parse(text.slice(text.indexOf('\n') + 1)).jobs;
  };

  it('answers from it, and the strategy it assembles plays as proved', async () => {
    const checkpoint = new Checkpoint(identity);
    const fresh = await findOptimal(game, { checkpoint });
    const resumed = await findOptimal(game, {
      checkpoint: Checkpoint.read(checkpoint.write(), identity),
    });
    expect(resumed.cost).toBe(fresh.cost);
    expect(resumed.resumed).toBeGreaterThan(0);
    expect(resumed.nodes).toBeLessThan(fresh.nodes);
  });

  it('refuses a strategy that does not play as its record claims, even with a good checksum', async () => {
    const checkpoint = new Checkpoint(identity);
    await findOptimal(game, { checkpoint });
    const forged = new Checkpoint(identity);
    let cut = 0;
    for (const [key, [cost, tree]] of Object.entries(jobsOf(checkpoint))) {
      // Every class's strategy cut to its first guess: they no longer solve their classes.
      const keep: number[] | undefined = tree && tree[1] > 0 ? [tree[0], 0] : tree;
      if (keep !== tree) cut++;
      forged.put(key, keep ? { cost, tree: keep } : { cost });
    }
    expect(cut).toBeGreaterThan(0);
    await expect(
      findOptimal(game, { checkpoint: Checkpoint.read(forged.write(), identity) }),
    ).rejects.toMatchObject({ kind: 'bad-checkpoint' });
  });
});
