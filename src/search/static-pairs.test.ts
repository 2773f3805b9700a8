import { describe, expect, it } from 'vitest';
import { Game } from '../game.js';
import { type RulesOptions, resolveRules } from '../rules.js';
import { staticPrefixes } from './static-jobs.js';
import { PairKernel } from './static-pairs-kernel.js';
import { searchStaticSize } from './static-size.js';
import { prepare } from './static-tables.js';

/** The game in two builds: the pair loop in WebAssembly, and in TypeScript (`simd: false`). */
function both(input: RulesOptions): [kernel: Game, plain: Game] {
  const rules = resolveRules(input);
  const kernel = new Game(rules);
  const plain = new Game(rules, { simd: false });
  expect(PairKernel.for(prepare(kernel))).toBeDefined();
  expect(PairKernel.for(prepare(plain))).toBeUndefined();
  return [kernel, plain];
}

/** A size searched whole, or as the jobs of `prefixes`, by both: the same sets found, the same sets visited. */
function expectSame(input: RulesOptions, size: number, prefixes?: readonly (readonly number[])[]) {
  const [kernel, plain] = both(input);
  const runs = (game: Game) =>
    (prefixes ?? [undefined]).map((prefix) => searchStaticSize(game, size, { prefix }));
  const fromKernel = runs(kernel);
  expect(fromKernel).toEqual(runs(plain));
  return fromKernel;
}

describe('the static pair loop in WebAssembly', () => {
  it('finds the set the loop in TypeScript finds, visiting as many sets', () => {
    const found: boolean[] = [];
    for (const [input, size] of [
      [{ pegs: 4, colors: 4, repeat: true }, 3],
      [{ pegs: 4, colors: 4, repeat: true }, 4],
      [{ pegs: 3, colors: 5, repeat: true }, 4],
      [{ pegs: 5, colors: 3, repeat: true }, 5],
      [{ game: 'hit-and-blow' }, 6],
      [{ pegs: 4, colors: 5, repeat: true, feedback: 'black' }, 5],
    ] as const) {
      const [result] = expectSame(input, size);
      expect(result.complete).toBe(true);
      found.push(result.guesses !== undefined);
    }
    // Both kinds of node: sizes refuted and sets found.
    expect(found).toContain(true);
    expect(found).toContain(false);
  });

  it('takes a first guess only where its set is canonical, as the loop in TypeScript does', () => {
    // Jobs of 3 × 4 where a set whose first two guesses are not canonical would be found first:
    // a loop that skipped the test would find it, or find a set where there is none up to
    // symmetry in the job.
    const rules = { pegs: 3, colors: 4, repeat: true };
    const prefixes = staticPrefixes(new Game(resolveRules(rules)), 1);
    const jobs = [3, 4].flatMap((size) => expectSame(rules, size, prefixes));
    expect(jobs.filter((job) => job.guesses).length).toBeGreaterThan(0);
  });

  it('settles classic Mastermind’s jobs alike, those that find a set and those that refute', () => {
    const game = new Game(resolveRules({ game: 'mastermind' }));
    const prefix = ['1112', '1234', '2456'].map((code) => game.codes.parse(code));
    const [completed] = expectSame({ game: 'mastermind' }, 6, [prefix]);
    expect(completed.guesses?.slice(0, 3)).toEqual(prefix);
    const jobs = staticPrefixes(game, 3);
    const sample = jobs.filter((_, i) => i % Math.floor(jobs.length / 12) === 5).slice(0, 12);
    const refuted = expectSame({ game: 'mastermind' }, 5, sample);
    expect(refuted.every((job) => job.complete && job.guesses === undefined)).toBe(true);
    expect(refuted.some((job) => job.nodes > 1000)).toBe(true);
  });

  it('settles jobs of the open games alike, with rows of up to 5,040 guesses', () => {
    for (const [input, picks] of [
      // Jobs of some 3 × 10⁷ and 10⁷ sets: each still more than 10⁷, at a fraction of the cost
      // of most jobs of these games.
      [{ pegs: 4, colors: 7, repeat: true }, [28000]],
      [{ game: 'moo' }, [904]],
    ] as const) {
      const jobs = staticPrefixes(new Game(resolveRules(input)), 3);
      const settled = expectSame(
        input,
        6,
        picks.map((pick) => jobs[pick]),
      );
      expect(settled.every((job) => job.complete && job.nodes > 1e7)).toBe(true);
    }
  });
});
