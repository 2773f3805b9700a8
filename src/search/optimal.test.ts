import { describe, expect, it } from 'vitest';
import { leastTotalOf, runnerOfTwo } from '../../test/jobs.js';
import {
  answersWithRepetition,
  countingBound,
  naiveBlackAnswer,
  naiveCodes,
  naiveCrush,
  naiveOptimal,
  oneLevelBound,
  typedCountingBound,
} from '../../test/naive.js';
import { analyze } from '../analyze.js';
import { Game } from '../game.js';
import { resolveRules } from '../rules.js';
import { buildTree, verifyTree } from '../tree.js';
import { Checkpoint } from './checkpoint.js';
import { costMax, costTotal, crushParts } from './cost.js';
import { MaskKernel } from './masks.js';
import { findOptimal, proveOptimal } from './optimal.js';
import { MIN_CACHE_BYTES } from './set-cache.js';

const tiny = [
  { pegs: 2, colors: 3, repeat: true },
  { pegs: 2, colors: 4, repeat: true },
  { pegs: 3, colors: 3, repeat: true },
  { pegs: 2, colors: 5, repeat: false },
  { pegs: 3, colors: 4, repeat: false },
];

describe('the crush objective agrees with a brute-force search where it differs from worst', () => {
  // Games where the least total at the least worst case leaves more secrets at it than need be.
  it.each([
    { pegs: 4, colors: 2, repeat: true },
    { pegs: 2, colors: 5, repeat: true },
    { pegs: 2, colors: 6, repeat: false },
  ])('%o', async (options) => {
    const rules = resolveRules(options);
    const game = new Game(rules);
    const codes = naiveCodes(rules.pegs, rules.alphabet, rules.repeat);
    const worst = analyze(game, (await findOptimal(game, { objective: 'worst' })).strategy!);
    const crush = analyze(game, (await findOptimal(game, { objective: 'crush' })).strategy!);
    const [atLast, total] = naiveCrush(codes, worst.max, false)!;
    expect([crush.max, crush.histogram[worst.max], crush.total]).toEqual([
      worst.max,
      atLast,
      total,
    ]);
    expect(atLast).toBeLessThan(worst.histogram[worst.max]);
  });
});

describe('a game of more answers than the WebAssembly kernels take', () => {
  it('ranks with the TypeScript kernels and agrees with a brute-force search', async () => {
    // 7 pegs: 35 answer indices, past the 32 the WebAssembly kernels hold in a mask.
    const rules = resolveRules({ pegs: 7, colors: 2, repeat: true });
    const game = new Game(rules);
    expect(game.answers).toBeGreaterThan(32);
    const table = game.searchTable()!;
    expect(MaskKernel.create(table, game.size, game.answers, game.solved)).toBeUndefined();
    const codes = naiveCodes(rules.pegs, rules.alphabet, rules.repeat);
    const found = await findOptimal(game, { consistentOnly: true });
    expect(found.proved).toBe(true);
    expect([costTotal(found.cost), costMax(found.cost)]).toEqual(naiveOptimal(codes, 64, true));
    const analysis = analyze(game, found.strategy!);
    expect([analysis.total, analysis.max]).toEqual([costTotal(found.cost), costMax(found.cost)]);
  });
});

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

      // The least worst case, and the least total within it, from one brute-force search a depth.
      let least = 1;
      let within = naiveOptimal(codes, least, consistentOnly);
      while (!within) within = naiveOptimal(codes, ++least, consistentOnly);
      const worst = await findOptimal(game, { objective: 'worst', consistentOnly });
      expect([costTotal(worst.cost), costMax(worst.cost)]).toEqual(within);
      expect((await findOptimal(game, { maxDepth: least - 1, consistentOnly })).impossible).toBe(
        true,
      );

      await expectLeastDepth(game, least, consistentOnly);

      const crush = await findOptimal(game, { objective: 'crush', consistentOnly });
      const played = analyze(game, crush.strategy!);
      const [atLast, total] = naiveCrush(codes, least, consistentOnly)!;
      expect([played.max, played.histogram[least], played.total]).toEqual([least, atLast, total]);
    }
  });
});

/**
 * The `depth` objective finds the least worst case `least` (from a brute-force search), with a
 * strategy that keeps to it and plays at the cost it reports, and proves one guess fewer
 * impossible.
 */
async function expectLeastDepth(game: Game, least: number, consistentOnly: boolean): Promise<void> {
  const depth = await findOptimal(game, { objective: 'depth', consistentOnly });
  const played = analyze(game, depth.strategy!);
  expect([depth.proved, depth.lowerBound, played.max]).toEqual([true, least, least]);
  expect([costTotal(depth.cost), costMax(depth.cost)]).toEqual([played.total, least]);
  expect(verifyTree(buildTree(game, depth.strategy!)).valid).toBe(true);
  const below = await findOptimal(game, {
    objective: 'depth',
    maxDepth: least - 1,
    consistentOnly,
  });
  expect([below.impossible, below.proved]).toEqual([true, true]);
}

/**
 * Tiny black-peg games (hits only), with and without repetition. Two pegs of 6 colours without
 * repetition, once here, is 2 of 5 again at twice the brute force's cost (the same shape of
 * answers, no objective behaving otherwise).
 */
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
      let within = naiveOptimal(codes, least, consistentOnly, naiveBlackAnswer);
      while (!within) within = naiveOptimal(codes, ++least, consistentOnly, naiveBlackAnswer);
      const worst = await findOptimal(game, { objective: 'worst', consistentOnly });
      expect([costTotal(worst.cost), costMax(worst.cost)]).toEqual(within);
      expect((await findOptimal(game, { maxDepth: least - 1, consistentOnly })).impossible).toBe(
        true,
      );
      await expectLeastDepth(game, least, consistentOnly);
      const crush = await findOptimal(game, { objective: 'crush', consistentOnly });
      const played = analyze(game, crush.strategy!);
      const [atLast, total] = naiveCrush(codes, least, consistentOnly, naiveBlackAnswer)!;
      expect([played.max, played.histogram[least], played.total]).toEqual([least, atLast, total]);
    }
  });
});

describe('black pegs only: the search gives the same optimum with and without symmetry', () => {
  /** Both objectives searched with and without symmetry: one result, less work with it. */
  const expectSameWithSymmetry = async (shape: {
    pegs: number;
    colors: number;
    repeat: boolean;
  }) => {
    const game = new Game(resolveRules({ ...shape, feedback: 'black' }));
    for (const objective of ['expected', 'worst'] as const) {
      const reduced = await findOptimal(game, { objective });
      const every = await findOptimal(game, { objective, symmetry: false });
      expect(reduced.proved && every.proved).toBe(true);
      expect(reduced.cost).toBe(every.cost);
      // Symmetry changes the work, never the result: the reduced search does less of it.
      expect(reduced.nodes).toBeLessThan(every.nodes);
    }
  };
  // Four pegs without repetition: 4 of 4 (the permutations) here, 4 of 5 (120 codes, seconds
  // without symmetry) with the slow rows.
  it.each([
    { pegs: 3, colors: 4, repeat: true },
    { pegs: 4, colors: 3, repeat: true },
    { pegs: 3, colors: 5, repeat: false },
    { pegs: 4, colors: 4, repeat: false },
  ])('%o', expectSameWithSymmetry);
  it.runIf(process.env.CODEBREAKER_SLOW).each([{ pegs: 4, colors: 5, repeat: false }])(
    '%o (slow: CODEBREAKER_SLOW=1)',
    expectSameWithSymmetry,
  );
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
    expect(without.nodes).toBeGreaterThan(3 * withLookahead.nodes);
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
  it('least worst case 5 alone, settling for the first strategy: above 5626, in fewer nodes', async () => {
    const worst = await findOptimal(game, { objective: 'worst' });
    const depth = await findOptimal(game, { objective: 'depth' });
    const played = analyze(game, depth.strategy!);
    expect([depth.proved, depth.lowerBound, played.max]).toEqual([true, 5, 5]);
    expect(played.total).toBe(costTotal(depth.cost));
    expect(played.total).toBeGreaterThan(5626);
    expect(depth.lookaheads).toBe(0);
    expect(depth.nodes + depth.lookaheads).toBeLessThan(worst.nodes + worst.lookaheads);
  });
  it('crush: at least 539 secrets need 5 guesses, and a strategy with 539 plays as proved', async () => {
    const found = await findOptimal(game, { objective: 'crush' });
    expect(found.proved).toBe(true);
    const analysis = analyze(game, found.strategy!);
    expect([analysis.max, analysis.histogram[5]]).toEqual([5, 539]);
    expect(crushParts(costTotal(found.cost))).toEqual({ atLast: 539, total: analysis.total });
  });
});

describe('the lower bound a proof reports, level by level', () => {
  const game = new Game(resolveRules({ game: 'mastermind' }));
  // Of Mastermind's 13 answers besides all hits, 3 have hits + blows = 4 (0-4, 1-3, 2-2), whose
  // classes a guess splits at most 4 ways (one sum: 0 to 3 hits); 10 do not.
  const mastermindBound = (size: number): number => typedCountingBound(size, 10, 3, 4);
  // The first guesses' ranking bounds their classes by plain counts, those three answers' by 4.
  const mastermindClassBound = (size: number, hits: number, blows: number): number =>
    countingBound(size, hits + blows === 4 ? 5 : 14);
  const codes = naiveCodes(4, '123456', true);
  // The thesis's 5 essentially different first guesses (known-results.md).
  const firsts = ['1111', '1112', '1122', '1123', '1234'];

  it('Mastermind: the counting bound, then one level down, rising to the optimum 5625', async () => {
    const seen: number[] = [];
    const found = await findOptimal(game, {
      onProgress: ({ lowerBound }) => {
        seen.push(lowerBound);
        return false;
      },
    });
    expect(countingBound(1296, 14)).toBe(1 + 13 * 2 + 169 * 3 + 1113 * 4);
    expect(seen[0]).toBe(mastermindBound(1296));
    expect(seen[0]).toBeGreaterThan(countingBound(1296, answersWithRepetition(4)));
    expect(seen[1]).toBe(oneLevelBound(codes, firsts, mastermindClassBound));
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    expect(seen.at(-1)).toBeLessThanOrEqual(5625);
    expect(seen.some((bound) => bound > seen[1])).toBe(true);
    expect([found.proved, found.lowerBound, costTotal(found.cost)]).toEqual([true, 5625, 5625]);
  });

  it('stopped at once: unproved, the counting bound, and Irving’s strategy (5696) at hand', async () => {
    const found = await findOptimal(game, { onProgress: () => true });
    expect(found.proved).toBe(false);
    expect(found.lowerBound).toBe(mastermindBound(1296));
    expect(analyze(game, found.strategy!).total).toBe(5696);
  });
});

describe('the depth objective stopped at once', () => {
  it('is settled when Irving’s strategy keeps to the least depth the size bound allows (4 × 4)', async () => {
    const game = new Game(resolveRules({ pegs: 4, colors: 4, repeat: true }));
    const found = await findOptimal(game, { objective: 'depth', onProgress: () => true });
    expect([found.proved, found.lowerBound, found.nodes]).toEqual([true, 4, 0]);
    expect(analyze(game, found.strategy!).max).toBe(4);
  });
  it('is not when that strategy needs more (4 × 5: at least 4, the size bound)', async () => {
    const game = new Game(resolveRules({ pegs: 4, colors: 5, repeat: true }));
    const found = await findOptimal(game, { objective: 'depth', onProgress: () => true });
    expect([found.proved, found.lowerBound, found.strategy]).toEqual([false, 4, undefined]);
  });
});

describe('a proof resumed from a checkpoint', () => {
  const game = new Game(resolveRules({ game: 'hit-and-blow' }));
  const identity = leastTotalOf(game);
  /** A checkpoint holding what `checkpoint` holds, as if read back. */
  const copied = (checkpoint: Checkpoint): Checkpoint => {
    const copy = new Checkpoint(checkpoint.identity);
    for (const [key, record] of checkpoint.entries()) copy.put(key, record);
    for (const [key, cost] of checkpoint.rechecks()) copy.markRechecked(key, cost);
    return copy;
  };

  it('answers from it, and the strategy it assembles plays as proved', async () => {
    const checkpoint = new Checkpoint(identity);
    const fresh = await proveOptimal(game, { checkpoint });
    const resumed = await proveOptimal(game, {
      checkpoint: copied(checkpoint),
    });
    expect(resumed.cost).toBe(fresh.cost);
    expect(resumed.resumed).toBeGreaterThan(0);
    expect(resumed.nodes).toBeLessThan(fresh.nodes);
  });

  it('under `depth` too: the strategy it assembles keeps to the depth and plays as reported', async () => {
    const depthIdentity = { ...identity, objective: 'depth' as const };
    const checkpoint = new Checkpoint(depthIdentity);
    const fresh = await proveOptimal(game, { objective: 'depth', checkpoint });
    const resumed = await proveOptimal(game, {
      objective: 'depth',
      checkpoint: copied(checkpoint),
    });
    expect(resumed.resumed).toBeGreaterThan(0);
    expect([resumed.proved, resumed.lowerBound]).toEqual([true, fresh.lowerBound]);
    const played = analyze(game, resumed.strategy!);
    expect([played.total, played.max]).toEqual([costTotal(resumed.cost), fresh.lowerBound]);
  });

  it('refuses a strategy that does not play as its record claims, even with a good checksum', async () => {
    const checkpoint = new Checkpoint(identity);
    await proveOptimal(game, { checkpoint });
    const forged = new Checkpoint(identity);
    let cut = 0;
    for (const [key, { cost, tree }] of checkpoint.entries()) {
      // Every class's strategy cut to its first guess: they no longer solve their classes.
      const keep = tree && tree[1] > 0 ? [tree[0], 0] : tree;
      if (keep !== tree) cut++;
      forged.put(key, keep ? { cost, tree: keep } : { cost });
    }
    expect(cut).toBeGreaterThan(0);
    await expect(proveOptimal(game, { checkpoint: forged })).rejects.toMatchObject({
      kind: 'bad-checkpoint',
    });
  });

  it('counts what it took from the checkpoint, and solving it again finds it true', async () => {
    const checkpoint = new Checkpoint(identity);
    const fresh = await proveOptimal(game, { checkpoint });
    expect(fresh.relied).toMatchObject({ rechecked: 0, refuted: [] });
    expect(fresh.relied.checkpoint).toEqual({ bounds: 0, exact: 0 });
    const resumed = await proveOptimal(game, { checkpoint: copied(checkpoint), recheck: 1 });
    const { bounds, exact } = resumed.relied.checkpoint;
    expect(bounds + exact).toBe(resumed.resumed);
    expect(resumed.relied).toMatchObject({ rechecked: bounds + exact, unchecked: 0, refuted: [] });
  });

  it('reports the re-check as it goes, and stops it when asked, the rest counted unchecked', async () => {
    const checkpoint = new Checkpoint(identity);
    await proveOptimal(game, { checkpoint });
    const seen: { solved: number; picked: number }[] = [];
    const stopped = await proveOptimal(game, {
      checkpoint: copied(checkpoint),
      recheck: 1,
      progressEvery: 1,
      onProgress: ({ rechecking }) => {
        if (!rechecking) return false;
        seen.push(rechecking);
        // Stop once one answer is solved again.
        return rechecking.solved >= 1;
      },
    });
    expect(stopped.proved).toBe(true);
    const picked = stopped.relied.checkpoint.bounds + stopped.relied.checkpoint.exact;
    expect(picked).toBeGreaterThan(1);
    expect(seen.every((step) => step.picked === picked)).toBe(true);
    expect(seen.at(-1)!.solved).toBe(1);
    expect(stopped.relied).toMatchObject({ rechecked: 1, unchecked: picked - 1, refuted: [] });
  });

  it('goes on with a recheck stopped, from the answers the checkpoint says it found true', async () => {
    const checkpoint = new Checkpoint(identity);
    await proveOptimal(game, { checkpoint });
    const kept = copied(checkpoint);
    const stopped = await proveOptimal(game, {
      checkpoint: kept,
      recheck: 1,
      progressEvery: 1,
      onProgress: ({ rechecking }) => (rechecking?.solved ?? 0) >= 2,
    });
    const picked = stopped.relied.checkpoint.bounds + stopped.relied.checkpoint.exact;
    expect(stopped.relied).toMatchObject({ rechecked: 2, recheckedEarlier: 0 });
    expect([...kept.rechecks()]).toHaveLength(2);
    // Resumed, it solves the rest alone; without --recheck-resume, all of them again.
    const resumed = await proveOptimal(game, {
      checkpoint: copied(kept),
      recheck: 1,
      recheckResume: true,
    });
    expect(resumed.relied).toMatchObject({
      rechecked: picked - 2,
      recheckedEarlier: 2,
      unchecked: 0,
      refuted: [],
    });
    const anew = await proveOptimal(game, { checkpoint: copied(kept), recheck: 1 });
    expect(anew.relied).toMatchObject({ rechecked: picked, recheckedEarlier: 0 });
    // A recheck that found less than the claim read now says counts for nothing: the two
    // recorded as found true at a cost one lower.
    {
      const changed = copied(checkpoint);
      for (const [key, cost] of kept.rechecks()) changed.markRechecked(key, cost - 1);
      const again = await proveOptimal(game, {
        checkpoint: changed,
        recheck: 1,
        recheckResume: true,
      });
      expect(again.relied).toMatchObject({ rechecked: picked, recheckedEarlier: 0 });
    }
  });

  it('a forged lower bound proves a wrong optimum unchecked; solving it again refutes it', async () => {
    // The attack on a checkpoint whose checksum is fixed up: the records of the best first
    // guess's classes say that no strategy solves them. The proof takes them and refutes the
    // guess that is in truth the best.
    const mastermind = new Game(resolveRules({ game: 'mastermind' }));
    const checkpoint = new Checkpoint({ ...identity, rules: mastermind.rules });
    const fresh = await proveOptimal(mastermind, { checkpoint });
    expect(costTotal(fresh.cost)).toBe(5625);
    const forged = new Checkpoint(checkpoint.identity);
    const best = `${mastermind.codes.parse('1123')}:`;
    for (const [key, record] of checkpoint.entries()) {
      const lie = key.split('/')[1].startsWith(best);
      forged.put(key, lie ? { cost: Number.POSITIVE_INFINITY } : record);
    }
    const believed = await proveOptimal(mastermind, { checkpoint: copied(forged) });
    expect(believed.proved).toBe(true);
    expect(costTotal(believed.cost)).toBeGreaterThan(5625);
    const checked = await proveOptimal(mastermind, { checkpoint: copied(forged), recheck: 1 });
    expect(checked.relied.refuted.length).toBeGreaterThan(0);
    // Half of them picked by key: the same half every time, and a share of what all finds.
    const half = await proveOptimal(mastermind, { checkpoint: copied(forged), recheck: 0.5 });
    expect(half.relied.refuted.every((key) => checked.relied.refuted.includes(key))).toBe(true);
  });
});

describe('a guess at a large class, its classes solved as jobs of their own', () => {
  // Classic Mastermind split as the largest games are: classes of 162 secrets or more (an eighth
  // of the codes) one job per guess, and a guess at a class of 200 or more (the first guesses'
  // largest classes) into its classes.
  const game = new Game(resolveRules({ game: 'mastermind' }));
  const identity = leastTotalOf(game);
  const splitting = { share: 1 / 8, secrets: 1296, nested: 200 };
  /** The keys of classes below a guess at a class: two answers in the name. */
  const nestedKeys = (checkpoint: Checkpoint): string[] =>
    [...checkpoint.entries()].map(([key]) => key).filter((key) => key.split(':').length === 3);

  it('proves the same optimum with the same strategy as one job per guess', async () => {
    const whole = await findOptimal(game);
    const checkpoint = new Checkpoint(identity);
    const split = await proveOptimal(game, { splitting, checkpoint });
    expect(nestedKeys(checkpoint).length).toBeGreaterThan(0);
    expect([split.proved, costTotal(split.cost)]).toEqual([true, 5625]);
    expect(split.tree).toEqual(whole.tree);
    expect(analyze(game, split.strategy!).total).toBe(5625);
  });

  it('keeps what a stopped run found below such a guess: the next run takes it, true', async () => {
    const stoppedAt = new Checkpoint(identity);
    const stopped = await proveOptimal(game, {
      splitting,
      checkpoint: stoppedAt,
      onProgress: ({ jobsDone }) => jobsDone >= 50,
    });
    expect(stopped.proved).toBe(false);
    const kept = nestedKeys(stoppedAt);
    expect(kept.length).toBeGreaterThan(0);
    const resumedFrom = new Checkpoint(identity);
    for (const [key, record] of stoppedAt.entries()) resumedFrom.put(key, record);
    const resumed = await proveOptimal(game, { splitting, checkpoint: resumedFrom, recheck: 1 });
    expect([resumed.proved, costTotal(resumed.cost)]).toEqual([true, 5625]);
    // Every class below a guess that the stopped run finished is answered from the checkpoint.
    expect(resumed.resumed).toBeGreaterThanOrEqual(kept.length);
    const { bounds, exact } = resumed.relied.checkpoint;
    expect(resumed.relied).toMatchObject({ rechecked: bounds + exact, refuted: [] });
    expect(analyze(game, resumed.strategy!).total).toBe(5625);
  });

  it('a file keeps what resumes it: nothing below a tree, a cost alone below a lower bound', async () => {
    const full = new Checkpoint(identity);
    const fresh = await proveOptimal(game, { splitting, checkpoint: full });
    const kept = new Checkpoint(identity);
    for (const [key, record] of full.kept()) kept.put(key, record);
    // The jobs a key is part of, read plainly: every other key it extends at a ':' or '/'.
    const keys = [...full.entries()].map(([key]) => key);
    for (const [key, record] of full.entries()) {
      const above = keys
        .filter((other) => key.startsWith(`${other}:`) || key.startsWith(`${other}/`))
        .map((other) => full.get(other)!);
      const expected = above.some(({ tree }) => tree)
        ? undefined
        : above.length > 0
          ? { cost: record.cost }
          : record;
      expect(kept.get(key)).toEqual(expected);
    }
    expect(kept.size).toBeLessThan(full.size);
    const resumed = await proveOptimal(game, { splitting, checkpoint: kept, recheck: 1 });
    expect(resumed.tree).toEqual(fresh.tree);
    expect(resumed.nodes).toBeLessThan(fresh.nodes / 10);
    expect(resumed.relied.refuted).toEqual([]);
  });
});

describe('first guesses evaluated together once there is a best to beat', () => {
  const game = new Game(resolveRules({ game: 'mastermind' }));

  it('on a runner of two: the same optimum and strategy, the bound never falling', async () => {
    const alone = await findOptimal(game);
    const runner = runnerOfTwo();
    const seen: number[] = [];
    const together = await proveOptimal(game, {
      runner,
      onProgress: ({ lowerBound }) => {
        seen.push(lowerBound);
        return false;
      },
    });
    expect([together.proved, costTotal(together.cost)]).toEqual([true, 5625]);
    expect(together.tree).toEqual(alone.tree);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    expect(seen.at(-1)).toBe(5625);
  });

  it('stopped while they run, reports the least of their bounds, not the best', async () => {
    const runner = runnerOfTwo();
    let bestAt: number | undefined;
    let last = 0;
    const stopped = await proveOptimal(game, {
      runner,
      onProgress: ({ best, jobsDone, lowerBound }) => {
        last = lowerBound;
        if (best === Number.POSITIVE_INFINITY) return false;
        bestAt ??= jobsDone;
        return jobsDone >= bestAt + 10;
      },
    });
    expect([stopped.proved, costTotal(stopped.cost)]).toEqual([false, 5625]);
    expect(stopped.lowerBound).toBe(last);
    expect(stopped.lowerBound).toBeLessThan(5625);
  });
});
