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

/** Every secret's guesses and the work done, by the kernel or by the TypeScript loop. */
function played(
  options: RulesOptions,
  name: (typeof HEURISTIC_NAMES)[number],
  simd: boolean,
  extra: HeuristicOptions = {},
) {
  // No score table: the path the kernel replaces.
  const game = new Game(resolveRules(options), { tableMaxCodes: 0, simd });
  const strategy = heuristicStrategy(name, extra);
  const { guesses, total } = analyze(game, strategy);
  return { guesses, total, work: strategy.stats, kernel: PartitionKernel.for(game) !== undefined };
}

describe('the partition kernel', () => {
  // With and without repetition, hits only, 16 colours (the most a record holds), 7 pegs.
  const games: RulesOptions[] = [
    { game: 'mastermind' },
    { game: 'hit-and-blow' },
    { pegs: 4, colors: 5, repeat: true, feedback: 'black' },
    { pegs: 2, colors: 16, repeat: true },
    { pegs: 7, colors: 3, repeat: true },
  ];
  it.each(games)(
    'scores every guess as the TypeScript loop does, float for float: %o',
    (options) => {
      for (const name of HEURISTIC_NAMES) {
        const kernel = played(options, name, true);
        const plain = played(options, name, false);
        expect(kernel.kernel).toBe(true);
        expect(plain.kernel).toBe(false);
        expect(kernel.guesses).toEqual(plain.guesses);
        expect(kernel.work).toEqual(plain.work);
      }
    },
  );

  it('agrees with the loop guessing only consistent codes, and from a fixed opening', () => {
    for (const extra of [{ consistentOnly: true }, { first: 7, symmetry: false }]) {
      for (const name of HEURISTIC_NAMES) {
        const rules = { pegs: 4, colors: 5, repeat: false };
        expect(played(rules, name, true, extra).guesses).toEqual(
          played(rules, name, false, extra).guesses,
        );
      }
    }
  });

  it('leaves games of more than 16 colours to the loop, which still plays them', () => {
    const wide = played({ pegs: 2, colors: 17, repeat: true }, 'entropy', true);
    expect(wide.kernel).toBe(false);
    expect(wide.guesses.every((g) => g >= 1)).toBe(true);
  });

  // Knuth's 5801 and the published totals of the table path, now on the kernel.
  it('gives the known totals of classic Mastermind without its table', () => {
    expect(played({ game: 'mastermind' }, 'minimax', true).total).toBe(5801);
    expect(played({ game: 'mastermind' }, 'entropy', true).total).toBe(5722);
  });
});
