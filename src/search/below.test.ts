import { describe, expect, it } from 'vitest';
import { leastTotalOf, raisedAndStopped, runnerOfTwo } from '../../test/jobs.js';
import { naiveCodes, naiveOptimal } from '../../test/naive.js';
import { analyze } from '../analyze.js';
import { CodebreakerError } from '../errors.js';
import { Game } from '../game.js';
import { resolveRules } from '../rules.js';
import { Checkpoint } from './checkpoint.js';
import { costTotal } from './cost.js';
import { findOptimal, proveOptimal } from './optimal.js';

describe('a proof asked only for strategies below a total', () => {
  it.each([
    { pegs: 2, colors: 4, repeat: true },
    { pegs: 3, colors: 3, repeat: true },
    { pegs: 3, colors: 4, repeat: false },
  ])('%o: proves the brute-force optimum a bound below it, and finds it above', async (options) => {
    const rules = resolveRules(options);
    const game = new Game(rules);
    const [least] = naiveOptimal(naiveCodes(rules.pegs, rules.alphabet, rules.repeat), 64, false)!;
    const at = await findOptimal(game, { below: least });
    // No strategy below the optimum: the bound it proves is the optimum itself, no more.
    expect([at.proved, at.exhaustive, at.lowerBound]).toEqual([false, true, least]);
    expect(analyze(game, at.strategy!).total).toBe(costTotal(at.cost));
    expect(costTotal(at.cost)).toBeGreaterThanOrEqual(least);
    const above = await findOptimal(game, { below: least + 1 });
    expect([above.proved, costTotal(above.cost)]).toEqual([true, least]);
  });

  const game = new Game(resolveRules({ game: 'mastermind' }));

  it('Mastermind: every total up to the optimum 5625 is proved a bound, and 5626 finds it', async () => {
    const whole = await findOptimal(game);
    for (const below of [5000, 5600, 5625]) {
      const result = await findOptimal(game, { below });
      // A bound at least the one asked for, and never above the optimum.
      expect(result.exhaustive).toBe(true);
      expect(result.proved).toBe(false);
      expect(result.lowerBound).toBeGreaterThanOrEqual(below);
      expect(result.lowerBound).toBeLessThanOrEqual(5625);
      // The strategy shown is Irving's expected size, the fallback: 5696.
      expect(analyze(game, result.strategy!).total).toBe(5696);
    }
    const found = await findOptimal(game, { below: 5626 });
    expect([found.proved, costTotal(found.cost)]).toEqual([true, 5625]);
    expect(found.tree).toEqual(whole.tree);
  });

  it('on a runner of two, classes split into jobs: the same bounds, rising as it goes', async () => {
    const splitting = { share: 1 / 8, secrets: 1296, nested: 200 };
    for (const below of [5600, 5625]) {
      const seen: number[] = [];
      const bests = new Set<number>();
      const result = await proveOptimal(game, {
        below,
        splitting,
        runner: runnerOfTwo(),
        onProgress: ({ lowerBound, best }) => {
          seen.push(lowerBound);
          bests.add(best);
          return false;
        },
      });
      // No strategy found, none reported: the total asked for is not one.
      expect([...bests]).toEqual([Number.POSITIVE_INFINITY]);
      expect([result.proved, result.exhaustive]).toEqual([false, true]);
      expect(result.lowerBound).toBeGreaterThanOrEqual(below);
      expect(result.lowerBound).toBeLessThanOrEqual(5625);
      for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    }
  });

  it('stopped while its first guesses run together, ends with what it has, not an error', async () => {
    // Together from the start (the total to beat is there before any strategy), and stopped
    // once the first guess's classes are queued, while the others are still being started.
    const stopped = await proveOptimal(game, {
      below: 5625,
      runner: runnerOfTwo(),
      onProgress: ({ jobsKnown }) => jobsKnown > 0,
    });
    expect([stopped.proved, stopped.exhaustive]).toEqual([false, false]);
    expect(stopped.lowerBound).toBeLessThanOrEqual(5625);
    expect(analyze(game, stopped.strategy!).total).toBe(5696);
  });

  it('writes a checkpoint that a full proof resumes from, its answers true', async () => {
    const checkpoint = new Checkpoint(leastTotalOf(game));
    const bounded = await proveOptimal(game, { below: 5625, checkpoint, recheck: 1 });
    expect(bounded.lowerBound).toBe(5625);
    expect(bounded.relied.refuted).toEqual([]);
    expect(checkpoint.size).toBeGreaterThan(0);
    const resumed = await proveOptimal(game, { checkpoint, recheck: 1 });
    expect([resumed.proved, costTotal(resumed.cost)]).toEqual([true, 5625]);
    expect(resumed.resumed).toBeGreaterThan(0);
    const { bounds, exact } = resumed.relied.checkpoint;
    expect(resumed.relied).toMatchObject({ rechecked: bounds + exact, refuted: [] });
  });

  it('raised a step at a time (raise), reaches the optimum from far below, reading nothing back', async () => {
    const checkpoint = new Checkpoint(leastTotalOf(game));
    const raised = await proveOptimal(game, { below: 3000, raise: 200, checkpoint, recheck: 1 });
    expect([raised.proved, costTotal(raised.cost), raised.lowerBound]).toEqual([true, 5625, 5625]);
    // What the searches before proved, this process proved: nothing is a claim.
    expect([raised.resumed, raised.relied.checkpoint]).toEqual([0, { bounds: 0, exact: 0 }]);
    expect(raised.tree).toEqual((await findOptimal(game)).tree);
  });

  it('raised and stopped, keeps the bound of the last search that ran to its end', async () => {
    // Stopped at every tenth report in turn, up to the end: a result is the first search cut
    // short, or a later one cut short once it found a strategy below its total, or says below
    // what total the last finished search found nothing, with a bound at least that.
    let totals = 0;
    for await (const result of raisedAndStopped(game, 5000, 40)) {
      if (result.proved) {
        expect(costTotal(result.cost)).toBe(5625);
        break;
      }
      expect(result.lowerBound).toBeLessThanOrEqual(5625);
      if (!result.exhaustive) {
        if (result.below !== 5000) expect(costTotal(result.cost)).toBeLessThan(result.below!);
        continue;
      }
      totals++;
      expect(result.below).toBeGreaterThanOrEqual(5000);
      expect(result.lowerBound).toBeGreaterThanOrEqual(result.below!);
      expect(analyze(game, result.strategy!).total).toBe(5696);
    }
    // Some were stopped after a search had finished.
    expect(totals).toBeGreaterThan(0);
  });

  it('is refused for any objective but the least total, and below 1', async () => {
    await expect(findOptimal(game, { below: 5625, objective: 'worst' })).rejects.toThrow(
      CodebreakerError,
    );
    await expect(findOptimal(game, { below: 0 })).rejects.toThrow(/at least 1/);
    await expect(findOptimal(game, { raise: 10 })).rejects.toThrow(/give that total too/);
    await expect(findOptimal(game, { below: 5000, raise: 0 })).rejects.toThrow(/at least 1/);
  });
});
