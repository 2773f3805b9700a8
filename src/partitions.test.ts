import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.js';
import { Game } from './game.js';
import { PartitionKernel } from './partitions.js';
import { type RulesOptions, resolveRules } from './rules.js';
import {
  HEURISTIC_NAMES,
  type HeuristicOptions,
  heuristicStrategy,
} from './strategies/heuristic.js';

/** How the heuristic scores: the kernel, the score table's rows, or the TypeScript loop. */
type Path = 'kernel' | 'table' | 'loop';

/** Every secret's guesses and the work done, scored along `path`. */
function played(
  options: RulesOptions,
  name: (typeof HEURISTIC_NAMES)[number],
  path: Path,
  extra: HeuristicOptions = {},
) {
  // Without the kernel (simd: false) the heuristic reads the score table where there is one,
  // else computes each answer in TypeScript (the tables are checked in scores.test.ts).
  const game = new Game(resolveRules(options), {
    simd: path === 'kernel',
    tableMaxCodes: path === 'loop' ? 0 : undefined,
  });
  const strategy = heuristicStrategy(name, extra);
  const { guesses, total } = analyze(game, strategy);
  return { guesses, total, work: strategy.stats, kernel: PartitionKernel.for(game) !== undefined };
}

describe('the partition kernel', () => {
  // With and without repetition, hits only, 16 colours (the most a record holds), 7 pegs: of
  // 3 colours for scoreAll, of 2 (128 codes, not 2,187) for whole games played four ways each.
  const games: RulesOptions[] = [
    { game: 'mastermind' },
    { game: 'hit-and-blow' },
    { pegs: 4, colors: 5, repeat: true, feedback: 'black' },
    { pegs: 2, colors: 16, repeat: true },
    { pegs: 7, colors: 3, repeat: true },
  ];
  const played7 = { pegs: 7, colors: 2, repeat: true };
  it.each(games.map((options) => (options.pegs === 7 ? played7 : options)))(
    'scores every guess as the table and the TypeScript loop do, float for float: %o',
    (options) => {
      for (const name of HEURISTIC_NAMES) {
        const kernel = played(options, name, 'kernel');
        expect(kernel.kernel).toBe(true);
        for (const path of ['table', 'loop'] as const) {
          const plain = played(options, name, path);
          expect(plain.kernel).toBe(false);
          expect(kernel.guesses).toEqual(plain.guesses);
          expect(kernel.work).toEqual(plain.work);
        }
      }
    },
  );

  it.each(games)('gives Game.scoreAll the answers the TypeScript scoring gives: %o', (options) => {
    const rules = resolveRules(options);
    const game = new Game(rules, { tableMaxCodes: 0 });
    const plain = new Game(rules, { simd: false, tableMaxCodes: 0 });
    expect(PartitionKernel.for(game)).toBeDefined();
    // Every code against every other, in a scrambled order and from plain arrays too.
    const secrets = Int32Array.from({ length: game.size }, (_, i) => (i * 7919) % game.size);
    const out = new Uint8Array(game.size);
    const expected = new Uint8Array(game.size);
    for (let guess = 0; guess < game.size; guess += 1 + (guess % 5)) {
      const from = guess % 2 === 0 ? secrets : Array.from(secrets);
      game.scoreAll(guess, from, game.size - (guess % 3), out);
      for (let i = 0; i < game.size - (guess % 3); i++)
        expected[i] = plain.score(guess, secrets[i]);
      // The first secret they differ on, if any (a deep comparison of the arrays costs more
      // than the scoring).
      const differs = out.findIndex((answer, i) => answer !== expected[i]);
      expect(differs < 0 ? 'none' : { guess, secret: secrets[differs], differs }).toBe('none');
    }
  });

  it('agrees with the loop guessing only consistent codes, and from a fixed opening', () => {
    for (const extra of [{ consistentOnly: true }, { first: 7, symmetry: false }]) {
      for (const name of HEURISTIC_NAMES) {
        const rules = { pegs: 4, colors: 5, repeat: false };
        expect(played(rules, name, 'kernel', extra).guesses).toEqual(
          played(rules, name, 'loop', extra).guesses,
        );
      }
    }
  });

  it('leaves games of more than 16 colours to the loop, which still plays them', () => {
    const wide = played({ pegs: 2, colors: 17, repeat: true }, 'entropy', 'kernel');
    expect(wide.kernel).toBe(false);
    expect(wide.guesses.every((g) => g >= 1)).toBe(true);
  });

  // Knuth's 5801 and Neuwirth's entropy total (known-results.md), on the kernel.
  it('gives the known totals of classic Mastermind', () => {
    expect(played({ game: 'mastermind' }, 'minimax', 'kernel').total).toBe(5801);
    expect(played({ game: 'mastermind' }, 'entropy', 'kernel').total).toBe(5722);
  });
});
