import { describe, expect, it } from 'vitest';
import { naiveCodes, naiveIdentifies } from '../../test/naive.js';
import { Game } from '../game.js';
import { PRESETS, resolveRules } from '../rules.js';
import { localStaticSet } from './static-local.js';
import { greedyStaticSet, solveStatic } from './static.js';

/** Whether `guesses` (indices) identify every secret of `game`, by counting. */
function identifiesByCounting(game: Game, guesses: readonly number[]): boolean {
  const { pegs, alphabet, repeat } = game.rules;
  const codes = naiveCodes(pegs, alphabet, repeat);
  return naiveIdentifies(
    codes,
    guesses.map((g) => game.codes.make(g)),
  );
}

describe('static sets by local search', () => {
  it('finds 9 guesses that tell the 5,040 secrets of Bulls and Cows apart, where the greedy set has 10', () => {
    const game = new Game(PRESETS.moo.rules);
    const greedy = greedyStaticSet(game);
    expect(greedy).toHaveLength(10);
    const found = localStaticSet(game, 9, { from: greedy, moves: 400 });
    expect(found.pairs).toBe(0);
    expect(found.guesses).toHaveLength(9);
    expect(identifiesByCounting(game, found.guesses!)).toBe(true);
  });

  it('Bulls and Cows: the set of 8 in docs/results.md tells every secret apart, by counting', () => {
    // Found by the same tabu search (every position a move, 25 minutes); checked here from scratch.
    const game = new Game(PRESETS.moo.rules);
    const set = ['0473', '1356', '2907', '4791', '5869', '6245', '7180', '8632'];
    expect(
      identifiesByCounting(
        game,
        set.map((code) => game.codes.parse(code)),
      ),
    ).toBe(true);
    expect(
      identifiesByCounting(
        game,
        set.slice(1).map((code) => game.codes.parse(code)),
      ),
    ).toBe(false);
  });

  it('finds Numer0n’s least, 7, from the greedy 8; the same seed the same set, another seed another', () => {
    const game = new Game(PRESETS.numeron.rules);
    const greedy = greedyStaticSet(game);
    expect(greedy).toHaveLength(8);
    const first = localStaticSet(game, 7, { from: greedy, moves: 200, seed: 1 });
    const again = localStaticSet(game, 7, { from: greedy, moves: 200, seed: 1 });
    expect(again).toEqual(first);
    expect(identifiesByCounting(game, first.guesses!)).toBe(true);
    const other = localStaticSet(game, 7, { from: [], moves: 400, seed: 2 });
    expect(identifiesByCounting(game, other.guesses!)).toBe(true);
    expect(other.guesses).not.toEqual(first.guesses);
    const everywhere = { from: greedy, moves: 50, seed: 1, everyPosition: true };
    const steepest = localStaticSet(game, 7, everywhere);
    expect(localStaticSet(game, 7, everywhere)).toEqual(steepest);
    expect(identifiesByCounting(game, steepest.guesses!)).toBe(true);
  });

  it('below the least size finds nothing, and stops at its moves', () => {
    // 3 pegs of 5 colours need 4 guesses (static.test.ts counts it by trying every set).
    const game = new Game(resolveRules({ pegs: 3, colors: 5, repeat: true }));
    const found = localStaticSet(game, 3, { from: greedyStaticSet(game), moves: 50 });
    expect(found.guesses).toBeUndefined();
    expect(found.pairs).toBeGreaterThan(0);
    expect(found.moves).toBe(50);
    expect(() => localStaticSet(game, 0, { from: [], moves: 1 })).toThrow(
      /a set of guesses has 1 to 125, not 0/,
    );
  });

  it('solveStatic takes a smaller set from its local search only if it identifies', async () => {
    const game = new Game(resolveRules({ pegs: 3, colors: 5, repeat: true }));
    const greedy = greedyStaticSet(game);
    await expect(
      solveStatic(game, { improve: (size, from) => from.slice(0, size) }),
    ).rejects.toThrow(/does not identify every secret/);
    const asked: number[] = [];
    const result = await solveStatic(game, {
      improve: (size) => {
        asked.push(size);
        return undefined;
      },
    });
    expect(asked).toEqual([greedy.length - 1]);
    expect(result.proved).toBe(true);
  });
});
