import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import { allCandidates } from '../candidates.js';
import { CodebreakerError } from '../errors.js';
import { gameFor } from '../game.js';
import { resolveRules } from '../rules.js';
import { createStrategy } from './index.js';
import { searchedOptimal } from './searched-optimal.js';

describe('the optimal strategy by exact search within a budget (searchedOptimal)', () => {
  const classic = gameFor(resolveRules({ game: 'mastermind' }));

  it('plays a least-total strategy where the budget suffices: 5625 on classic Mastermind', () => {
    // Koyama and Lai's least total, one secret in 6 (known-results.md).
    const strategy = searchedOptimal(classic);
    const { total, max, histogram } = analyze(classic, strategy);
    expect({ total, max, sixes: histogram[6] }).toEqual({ total: 5625, max: 6, sixes: 1 });
    expect(strategy.name).toBe('optimal');
  });

  it('past the budget, its fallback guesses, and its name says so', () => {
    // No node at all: the fallback plays every guess, Kooi's most parts (known-results.md: 5668).
    const broke = searchedOptimal(classic, { nodes: 0 });
    expect(analyze(classic, broke).total).toBe(5668);
    // The name is the last guess's: at the start, the search had to stop.
    const start = { game: classic, history: [], candidates: allCandidates(classic) };
    expect(classic.codes.make(broke.choose(start))).toBe('1123');
    expect(broke.name).toBe('optimal/most-parts');
    const minimax = searchedOptimal(classic, { nodes: 0, fallback: 'minimax' });
    expect(analyze(classic, minimax).total).toBe(analyze(classic, createStrategy('minimax')).total);
    minimax.choose(start);
    expect(minimax.name).toBe('optimal/minimax');
    // With the budget, the first guess is the search's, and so is the name.
    const searched = searchedOptimal(classic);
    searched.choose(start);
    expect(searched.name).toBe('optimal');
  });

  it('refuses a budget that is not a whole number of nodes, and a game too large to search', () => {
    for (const nodes of [-1, 1.5, Number.NaN]) {
      expect(() => searchedOptimal(classic, { nodes })).toThrow(
        expect.objectContaining({ kind: 'bad-option' }),
      );
    }
    const huge = gameFor(resolveRules({ pegs: 6, colors: 9, repeat: true }));
    expect(() => searchedOptimal(huge)).toThrow(CodebreakerError);
    expect(() => searchedOptimal(huge)).toThrow(expect.objectContaining({ kind: 'too-large' }));
  });
});
