/**
 * A search stopped in the middle (`onProgress` asks it to: `SearchStopped`) and asked again, as
 * the refutation script's rounds do (scripts/depth-refutation.ts, `--class-seconds`), answers
 * as a search never stopped does: what it was in the middle of is not taken as done.
 */
import { describe, expect, it } from 'vitest';
import { allCandidates, classOf, partition } from '../candidates.js';
import { gameFor } from '../game.js';
import { resolveRules } from '../rules.js';
import { OptimalSearch, SearchStopped } from './branch-and-bound.js';
import { UNLIMITED } from './cost.js';
import type { SearchOptions } from './search-options.js';

/** A small seeded generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('a search stopped and asked again', () => {
  const game = gameFor(resolveRules({ game: 'mastermind' }));
  const all = allCandidates(game);
  /** The classes of two first guesses, but all hits, with more than two secrets. */
  const classes = ['1123', '1234'].flatMap((text) => {
    const guess = game.codes.parse(text);
    const split = partition(game, guess, all);
    return [...Array(game.answers).keys()]
      .filter((a) => a !== game.solved && classOf(split, a).length > 2)
      .map((a) => ({ guess, members: classOf(split, a).slice() }));
  });

  it.each([
    ['the least total, looking ahead', {}, UNLIMITED],
    [
      'the first strategy within 4, counting early',
      { firstFound: true, lookahead: false, earlyCount: true },
      4,
    ],
    ['the first strategy within 5, looking ahead', { firstFound: true }, 5],
  ] as [string, SearchOptions, number][])(
    '%s: the same answers as a search never stopped',
    (_, options, depth) => {
      const random = seeded(2026);
      let stopAt = Number.POSITIVE_INFINITY;
      const stopped = new OptimalSearch(game, {
        ...options,
        progressEvery: 1,
        onProgress: ({ nodes }) => nodes >= stopAt,
      });
      let stops = 0;
      for (const { guess, members } of classes) {
        const never = new OptimalSearch(game, options).solve(members, [guess], depth);
        // Stopped a few nodes in, then again further on, until it ends.
        let step = 1 + Math.floor(random() * 8);
        let outcome: { cost: number; guess: number } | undefined;
        while (!outcome) {
          stopAt = stopped.nodes + step;
          try {
            outcome = stopped.solve(members, [guess], depth);
          } catch (error) {
            if (!(error instanceof SearchStopped)) throw error;
            stops++;
            step *= 2;
          }
        }
        expect(outcome.cost).toBe(never.cost);
        expect(outcome.guess >= 0).toBe(never.guess >= 0);
      }
      expect(stops).toBeGreaterThan(classes.length);
    },
  );
});
