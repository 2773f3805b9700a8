import { describe, expect, it } from 'vitest';
import { naiveCodes, naiveIdentifies } from '../../test/naive.js';
import { Game } from '../game.js';
import { PRESETS, resolveRules } from '../rules.js';
import type { Symmetry } from '../stabilizer.js';
import { symmetricStaticSet } from './static-symmetric.js';

function gameOf(pegs: number, colors: number, repeat: boolean): Game {
  return new Game(resolveRules({ pegs, colors, repeat }));
}

/** A code's image under `symmetry`, written out symbol by symbol. */
function imageOf(code: string, symmetry: Symmetry, alphabet: string): string {
  const image: string[] = [];
  for (let i = 0; i < code.length; i++) {
    image[symmetry.positions[i]] = alphabet[symmetry.colors[alphabet.indexOf(code[i])]];
  }
  return image.join('');
}

describe('identifying sets a symmetry keeps', () => {
  it.each([
    [4, 6, true, 6], // classic Mastermind: 6, the least (5 is refuted by the exact search)
    [3, 5, false, 4],
    [4, 5, false, 5], // 4 pegs without repetition, as Bulls and Cows below: 5, the least
    [2, 7, true, 5],
  ])(
    '%i pegs, %i colours, repeat %s: a set of %i, checked by counting, that its symmetry maps onto itself',
    (pegs, colors, repeat, size) => {
      const game = gameOf(pegs, colors, repeat);
      const found = symmetricStaticSet(game, size);
      expect(found.guesses).toHaveLength(size);
      const set = found.guesses!.map((g) => game.codes.make(g));
      const { alphabet } = game.rules;
      expect(naiveIdentifies(naiveCodes(pegs, alphabet, repeat), set)).toBe(true);
      const symmetry = found.symmetry!;
      expect(set.map((code) => imageOf(code, symmetry, alphabet)).sort()).toEqual([...set].sort());
      // Not the identity, which keeps every set.
      expect(set.some((code) => imageOf(code, symmetry, alphabet) !== code)).toBe(true);
    },
  );

  // The set of docs/results.md, a headline value and seconds of search; 4 of 5 above runs the
  // same search on 4 pegs without repetition.
  it.runIf(process.env.CODEBREAKER_SLOW)(
    'Bulls and Cows: a set of 8, which the tabu search of static-local.ts takes minutes to find (slow: CODEBREAKER_SLOW=1)',
    () => {
      const game = new Game(PRESETS.moo.rules);
      const found = symmetricStaticSet(game, 8);
      expect(found.guesses).toHaveLength(8);
      const set = found.guesses!.map((g) => game.codes.make(g));
      expect(naiveIdentifies(naiveCodes(4, '0123456789', false), set)).toBe(true);
    },
  );

  it('finds none below the least size, every space searched to its end', () => {
    // Two pegs of 7 colours need 5 guesses (static.test.ts, against trying every set).
    const found = symmetricStaticSet(gameOf(2, 7, true), 4);
    expect(found.guesses).toBeUndefined();
    expect(found.spaces).toBeGreaterThan(0);
  });

  it('stops when its lookups run out, having spent about that many', () => {
    const game = gameOf(4, 6, true);
    const found = symmetricStaticSet(game, 5, { lookups: 1e6 });
    expect(found.guesses).toBeUndefined();
    expect(found.lookups).toBeGreaterThan(1e6);
    expect(found.lookups).toBeLessThanOrEqual(1e6 + 5 * game.size);
  });
});
