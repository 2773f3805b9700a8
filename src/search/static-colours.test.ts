import { describe, expect, it } from 'vitest';
import { naiveCodes, naiveScore } from '../../test/naive.js';
import { gameFor } from '../game.js';
import { resolveRules } from '../rules.js';
import { colourFamilies } from './colour-families.js';
import { hitProfiles } from './hit-profiles.js';
import { colourSetsUnfit, searchByColourSets } from './static-colours.js';
import { searchStaticSize } from './static-size.js';

/** Whether `guesses` give every code of the rules its own row of answers, by counting. */
function identifiesByCounting(pegs: number, colors: number, guesses: string[]): boolean {
  const alphabet = '0123456789'.slice(0, colors);
  const rows = new Set(
    naiveCodes(pegs, alphabet, false).map((secret) =>
      guesses.map((guess) => naiveScore(secret, guess).join('.')).join(' '),
    ),
  );
  return rows.size === naiveCodes(pegs, alphabet, false).length;
}

/**
 * Which overlap profiles of `size` guesses can tell the arrangements of `pegs` colours apart,
 * by trying every choice of partial matchings of those sizes (no pruning, no symmetry).
 */
function naiveFeasibleProfiles(pegs: number, size: number): Set<string> {
  const arrangements: number[][] = [];
  const arrange = (prefix: number[]): void => {
    if (prefix.length === pegs) arrangements.push(prefix);
    for (let p = 0; p < pegs; p++) if (!prefix.includes(p)) arrange([...prefix, p]);
  };
  arrange([]);
  // A partial matching: per colour, its position or −1.
  const matchings: number[][] = [];
  const match = (prefix: number[]): void => {
    if (prefix.length === pegs) matchings.push(prefix);
    else {
      match([...prefix, -1]);
      for (let p = 0; p < pegs; p++) if (!prefix.includes(p)) match([...prefix, p]);
    }
  };
  match([]);
  const feasible = new Set<string>();
  const choose = (chosen: number[][]): void => {
    if (chosen.length === size) {
      const rows = arrangements.map((place) =>
        chosen.map((m) => m.filter((p, colour) => p >= 0 && place[colour] === p).length).join(),
      );
      if (new Set(rows).size === arrangements.length) {
        const sizes = chosen.map((m) => m.filter((p) => p >= 0).length).sort();
        feasible.add(sizes.join(''));
      }
      return;
    }
    for (const m of matchings) choose([...chosen, m]);
  };
  choose([]);
  return feasible;
}

describe('hit profiles', () => {
  it.each([
    [2, 2],
    [3, 2],
    [3, 3],
  ])(
    '%i pegs, %i guesses: the profiles that tell arrangements apart, as trying every matching finds them',
    (pegs, size) => {
      const profiles = hitProfiles(pegs, size);
      const found = new Set<string>();
      const sizes = (left: number, largest: number, chosen: number[]): void => {
        if (left === 0) {
          const key = chosen.reduce((sum, s) => sum + profiles.profileDigit(s), 0);
          if (profiles.feasible[key]) found.add([...chosen].sort().join(''));
          return;
        }
        for (let s = largest; s >= 0; s--) sizes(left - 1, s, [...chosen, s]);
      };
      sizes(size, pegs, []);
      expect([...found].sort()).toEqual([...naiveFeasibleProfiles(pegs, size)].sort());
      expect(found.size).toBeGreaterThan(0);
    },
  );
});

/**
 * Whether some set of `size` guesses identifies every code of `pegs` of `colors` colours, by
 * trying every set of distinct codes (tiny games only).
 */
function someSetIdentifiesByCounting(pegs: number, colors: number, size: number): boolean {
  const codes = naiveCodes(pegs, '0123456789'.slice(0, colors), false);
  const choose = (from: number, chosen: string[]): boolean =>
    chosen.length === size
      ? identifiesByCounting(pegs, colors, chosen)
      : codes.slice(from).some((code, i) => choose(from + i + 1, [...chosen, code]));
  return choose(0, []);
}

/** `value` guesses found, checked by counting, and `value − 1` refuted to the search's end. */
function expectLeastBySets(pegs: number, colors: number, value: number): void {
  const game = gameFor(resolveRules({ pegs, colors, repeat: false }));
  const fewer = searchByColourSets(game, value - 1);
  expect(fewer.complete).toBe(true);
  expect(fewer.guesses).toBeUndefined();
  const found = searchByColourSets(game, value);
  expect(found.complete).toBe(true);
  const guesses = found.guesses!.map((g) => game.codes.make(g));
  expect(guesses).toHaveLength(value);
  expect(identifiesByCounting(pegs, colors, guesses)).toBe(true);
}

describe('the static search by colour sets', () => {
  // The fewest static guesses of games without repetition (docs/results.md), each also proved
  // by the search over sets of codes. Four pegs need the profiles of 4 guesses, shared with the
  // refutation of 4 of 5 below; those of 5 and 6 guesses cost several times more, so the rows
  // that need them (4 of 5, 4 of 6, Bulls and Cows) are slow rows.
  it.each([
    [3, 5, 4],
    [3, 6, 4],
    [3, 7, 5],
    [3, 8, 6],
  ])('%i pegs of %i colours: %i guesses, and no fewer', (pegs, colors, value) => {
    expectLeastBySets(pegs, colors, value);
  });

  it('4 pegs of 4 colours: 4 guesses, and no fewer, as trying every set of 3 finds', () => {
    expectLeastBySets(4, 4, 4);
    expect(someSetIdentifiesByCounting(4, 4, 3)).toBe(false);
    expect(someSetIdentifiesByCounting(4, 4, 4)).toBe(true);
  });

  it.runIf(process.env.CODEBREAKER_SLOW).each([
    [4, 5, 5],
    [4, 6, 5],
  ])(
    '%i pegs of %i colours: %i guesses, and no fewer (slow: CODEBREAKER_SLOW=1)',
    (pegs, colors, value) => {
      expectLeastBySets(pegs, colors, value);
    },
  );

  it('agrees with the search over sets of codes where both refute (3 of 7 at 4, 4 of 5 at 4)', () => {
    for (const [pegs, colors, size] of [
      [3, 7, 4],
      [4, 5, 4],
    ]) {
      const game = gameFor(resolveRules({ pegs, colors, repeat: false }));
      expect(searchStaticSize(game, size).guesses).toBeUndefined();
      expect(searchByColourSets(game, size).guesses).toBeUndefined();
    }
  });

  it('lists one family per orbit, every orbit: 3 of 6 at 4 guesses, against every family', () => {
    const profiles = hitProfiles(3, 4);
    const families = colourFamilies(6, profiles);
    /** The least of a family's renamings, its sets in order: one per orbit. */
    const orbit = (family: readonly number[]): string => {
      let least = '';
      const colours = [0, 1, 2, 3, 4, 5];
      const permute = (k: number): void => {
        if (k === colours.length) {
          const renamed = family
            .map((set) => colours.reduce((mask, to, from) => mask | (((set >> from) & 1) << to), 0))
            .sort((a, b) => a - b)
            .join();
          if (least === '' || renamed < least) least = renamed;
          return;
        }
        for (let i = k; i < colours.length; i++) {
          [colours[k], colours[i]] = [colours[i], colours[k]];
          permute(k + 1);
          [colours[k], colours[i]] = [colours[i], colours[k]];
        }
      };
      permute(0);
      return least;
    };
    const keys = families.map(orbit);
    expect(new Set(keys).size).toBe(families.length);
    // Every multiset of four sets of three colours whose every X has a feasible profile.
    const sets: number[] = [];
    for (let mask = 0; mask < 64; mask++) {
      if ([0, 1, 2, 3, 4, 5].filter((c) => (mask >> c) & 1).length === 3) sets.push(mask);
    }
    const shared = (a: number, b: number): number =>
      [0, 1, 2, 3, 4, 5].filter((c) => (a >> c) & (b >> c) & 1).length;
    const orbits = new Set<string>();
    for (let a = 0; a < sets.length; a++) {
      for (let b = a; b < sets.length; b++) {
        for (let c = b; c < sets.length; c++) {
          for (let d = c; d < sets.length; d++) {
            const family = [sets[a], sets[b], sets[c], sets[d]];
            const passes = sets.every(
              (x) =>
                profiles.feasible[
                  family.reduce((sum, set) => sum + profiles.profileDigit(shared(set, x)), 0)
                ] === 1,
            );
            if (passes) orbits.add(orbit(family));
          }
        }
      }
    }
    expect([...orbits].sort()).toEqual([...keys].sort());
    expect(families.length).toBeGreaterThan(0);
  });

  // The profiles alone refute it (no family passes), as they refute 4 of 4 at 3 above.
  it.runIf(process.env.CODEBREAKER_SLOW)(
    'Bulls and Cows: no set of 6 (the campaign refuted it over sets of codes; slow: CODEBREAKER_SLOW=1)',
    () => {
      const game = gameFor(resolveRules({ game: 'moo' }));
      const result = searchByColourSets(game, 6);
      expect(result.complete).toBe(true);
      expect(result.guesses).toBeUndefined();
      expect(result.families).toBe(0);
    },
  );

  it('takes only games without repetition of up to 4 pegs', () => {
    expect(colourSetsUnfit(gameFor(resolveRules({ game: 'mastermind' })))).toMatch(/repetition/);
    expect(colourSetsUnfit(gameFor(resolveRules({ pegs: 5, colors: 10, repeat: false })))).toMatch(
      /at most 4 pegs/,
    );
    expect(colourSetsUnfit(gameFor(resolveRules({ game: 'moo' })))).toBeUndefined();
  });
});
