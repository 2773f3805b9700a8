import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import { Game, gameFor } from '../game.js';
import { resolveRules } from '../rules.js';
import { createStrategy } from './index.js';

describe('exact play below a threshold (exactBelow)', () => {
  const classic = gameFor(resolveRules({ game: 'mastermind' }));

  // Exact at every state, any strategy plays a least-total strategy: Koyama and Lai's 5625,
  // one secret in 6 (known-results.md).
  it.each(['minimax', 'entropy', 'first-consistent'])(
    'exact at every state, %s totals 5625 on classic Mastermind',
    (name) => {
      const { total, max, histogram } = analyze(
        classic,
        createStrategy(name, { exactBelow: classic.size }),
      );
      expect({ total, max, sixes: histogram[6] }).toEqual({ total: 5625, max: 6, sixes: 1 });
    },
  );

  it('plays the strategy it wraps above the threshold, and never worse below it', () => {
    // Knuth's minimax: 5801 (known-results.md); exact play below a threshold only lowers it,
    // and a lower threshold leaves more of the heuristic's tree.
    const totals = [0, 6, 20, 100].map(
      (exactBelow) => analyze(classic, createStrategy('minimax', { exactBelow })).total,
    );
    expect(totals[0]).toBe(5801);
    for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeLessThanOrEqual(totals[i - 1]);
    expect(totals[3]).toBeLessThan(5801);
    expect(totals[3]).toBeGreaterThan(5625);
  });

  it('gives the same guesses in a fresh process as after other searches (no cache effects)', () => {
    const fresh = (): Uint8Array =>
      analyze(classic, createStrategy('entropy', { exactBelow: 40 })).guesses;
    const first = fresh();
    // Another game object of the same rules: a search of its own, from nothing.
    const other = new Game(resolveRules({ game: 'mastermind' }));
    expect(analyze(other, createStrategy('entropy', { exactBelow: 40 })).guesses).toEqual(first);
    expect(fresh()).toEqual(first);
  });

  it('refuses a threshold that is no whole number, and a game too large to search', () => {
    expect(() => createStrategy('entropy', { exactBelow: -1 })).toThrow(/whole number/);
    expect(() => createStrategy('entropy', { exactBelow: 1.5 })).toThrow(/whole number/);
    const moo6 = new Game(resolveRules({ pegs: 6, colors: 10, repeat: false }));
    const strategy = createStrategy('entropy', { exactBelow: 10, first: 0 });
    expect(() => analyze(moo6, strategy)).toThrow(/32,768/);
  });
});
