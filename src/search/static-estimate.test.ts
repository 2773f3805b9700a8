/**
 * Knuth's estimate of a static search (static-size.ts `estimateStaticSize`), held to the sets the
 * search itself visits: the estimate is a mean over random paths whose expectation is that count,
 * so with a fixed seed it must land within a few standard errors of it, and where no path
 * branches below what it counts, on it exactly.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../game.js';
import { randomSource } from '../random.js';
import { resolveRules } from '../rules.js';
import { estimateStaticSize } from './static-estimate.js';
import { staticJobDepth, staticPrefixes } from './static-jobs.js';
import { type StaticJobsLeftOut, searchStaticSize } from './static-size.js';

const PROBES = 2000;

function gameOf(pegs: number, colors: number, repeat: boolean): Game {
  return new Game(resolveRules({ pegs, colors, repeat }));
}

/** The estimate of `size` over `PROBES` paths drawn from `seed`. */
function estimate(game: Game, size: number, seed: number, leaveOut?: StaticJobsLeftOut) {
  return estimateStaticSize(game, size, {
    probes: PROBES,
    random: randomSource(seed),
    leaveOut,
  });
}

/** Each job's sets: its prefix searched alone, as a checkpointed search does. */
function jobSets(game: Game, size: number): number[] {
  return staticPrefixes(game, staticJobDepth(size)).map(
    (prefix) => searchStaticSize(game, size, { prefix }).nodes,
  );
}

/** Leaves out the jobs of `size` whose numbers `left` holds. */
function leavingOut(game: Game, size: number, left: (job: number) => boolean): StaticJobsLeftOut {
  const depth = staticJobDepth(size);
  const out = new Set(
    staticPrefixes(game, depth)
      .filter((_, job) => left(job))
      .map((prefix) => prefix.join(',')),
  );
  return { depth, has: (prefix) => out.has(prefix.join(',')) };
}

describe('estimateStaticSize', () => {
  it.each([
    [3, 5, true, 3],
    [4, 5, false, 4],
    [3, 6, true, 4],
  ])(
    'estimates the sets the search of %i × %i (repeat %s) at size %i visits',
    (pegs, colors, repeat, size) => {
      const game = gameOf(pegs, colors, repeat);
      const search = searchStaticSize(game, size);
      expect(search.complete).toBe(true);
      expect(search.guesses).toBeUndefined();
      const found = estimate(game, size, 2026);
      expect(found.probes).toBe(PROBES);
      // A path that branches: the estimate varies, and its error is small against the count.
      expect(found.setsError).toBeGreaterThan(0);
      expect(found.setsError).toBeLessThan(search.nodes / 20);
      expect(Math.abs(found.sets - search.nodes)).toBeLessThanOrEqual(3 * found.setsError);
      expect(found.seconds).toBeGreaterThan(0);
    },
  );

  it('leaves out the jobs given: the sets of the others', () => {
    const game = gameOf(4, 5, false);
    const size = 4;
    const whole = searchStaticSize(game, size).nodes;
    const jobs = jobSets(game, size);
    expect(jobs.length).toBeGreaterThan(4);
    const even = (job: number): boolean => job % 2 === 0;
    const evenSets = jobs.reduce((sum, sets, job) => sum + (even(job) ? sets : 0), 0);
    expect(evenSets).toBeGreaterThan(0);
    const found = estimate(game, size, 7, leavingOut(game, size, even));
    expect(Math.abs(found.sets - (whole - evenSets))).toBeLessThanOrEqual(3 * found.setsError);

    // Every job left out: only the nodes above the jobs are counted, and no path branches below
    // them, so every path counts them exactly.
    const jobsSets = jobs.reduce((sum, sets) => sum + sets, 0);
    const above = estimate(
      game,
      size,
      7,
      leavingOut(game, size, () => true),
    );
    expect(above.setsError).toBe(0);
    expect(above.sets).toBe(whole - jobsSets);
  });
});
