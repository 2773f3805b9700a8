import { describe, expect, it } from 'vitest';
import { naiveCodes, naiveFullAnswer, seededRandom } from '../../test/naive.js';
import { allCandidates, classOf, partition } from '../candidates.js';
import { gameFor } from '../game.js';
import { resolveRules } from '../rules.js';
import { OptimalSearch } from './branch-and-bound.js';
import { Recursion } from './recursion.js';
import { TwoLeft } from './two-left.js';

/**
 * Whether some strategy solves `secrets` (indices into `codes`) within `left` guesses, any code
 * a guess: brute force over the answers of naive scoring, remembered by set.
 */
function naiveWithin(
  answer: string[][],
  secrets: number[],
  left: number,
  memo: Map<string, boolean>,
): boolean {
  if (left === 0) return false;
  if (secrets.length === 1) return true;
  const key = `${left}:${secrets.join(',')}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const solved = answer[0][0];
  let found = false;
  for (let guess = 0; guess < answer.length && !found; guess++) {
    const classes = new Map<string, number[]>();
    for (const s of secrets)
      classes.set(answer[guess][s], [...(classes.get(answer[guess][s]) ?? []), s]);
    if (classes.size === 1 && !secrets.includes(guess)) continue;
    found = [...classes].every(
      ([reply, members]) => reply === solved || naiveWithin(answer, members, left - 1, memo),
    );
  }
  memo.set(key, found);
  return found;
}

describe('nodes with two guesses left, decided from their parent (search/two-left.ts)', () => {
  const rules = resolveRules({ pegs: '3', colors: '5', repeat: true });
  const game = gameFor(rules);
  const codes = naiveCodes(3, rules.alphabet, true);
  const answer = codes.map((guess) => codes.map((secret) => naiveFullAnswer(secret, guess)));
  // The naive list's place of each of the game's codes.
  const naiveOf = Array.from({ length: game.size }, (_, code) =>
    codes.indexOf(game.codes.make(code)),
  );
  // The brute force's answers, worked out once for both builds (each row meets the same nodes):
  // by set and guesses left, by set for a splitter, by node for a width.
  const within = new Map<string, boolean>();
  const splitters = new Map<string, number | undefined>();
  const widthOf = new Map<string, number>();

  it.each([true, false])(
    'decide within three or four as brute force does, the WebAssembly kernels %s',
    (simd) => {
      const random = seededRandom(7);
      const search = new OptimalSearch(game, {
        firstFound: true,
        lookahead: false,
        earlyCount: true,
        simd,
      });
      const plain = new OptimalSearch(game, { firstFound: true, lookahead: false, simd });
      const wrong: string[] = [];
      const seen = { within: 0, not: 0, four: 0 };
      // The classes one or two guesses leave, searched with those guesses as the history.
      for (let trial = 0; trial < 90; trial++) {
        const history = [Math.floor(random() * game.size)];
        // A second guess in most trials; in the others, with one guess, the largest classes.
        if (random() < 0.6) history.push(Math.floor(random() * game.size));
        let members = allCandidates(game);
        for (const guess of history) {
          const split = partition(game, guess, members);
          const answers = [...Array(game.answers).keys()];
          members =
            history.length === 1
              ? classOf(
                  split,
                  answers.sort((a, b) => classOf(split, b).length - classOf(split, a).length)[0],
                )
              : classOf(split, Math.floor(random() * game.answers));
        }
        if (members.length < 4) continue;
        const secrets = [...members].map((code) => naiveOf[code]).sort((a, b) => a - b);
        // Within three, and where the node has more secrets, within four: its own width is
        // measured before it is ranked.
        const left = members.length > 12 && trial % 2 === 0 ? 4 : 3;
        const expected = naiveWithin(answer, secrets, left, within);
        const got = search.solve(members, history, left).guess >= 0;
        const before = plain.solve(members, history, left).guess >= 0;
        if (left === 4) seen.four++;
        else if (expected) seen.within++;
        else seen.not++;
        if (got !== expected || before !== expected) {
          wrong.push(`${[...members].map((c) => codes[c])}: ${got} ${before} ${expected}`);
        }
      }
      expect(wrong).toEqual([]);
      // Both kinds met within three, so that the comparison could fail either way; and some
      // nodes with four left.
      expect(seen.within).toBeGreaterThan(3);
      expect(seen.not).toBeGreaterThan(3);
      expect(seen.four).toBeGreaterThan(3);
    },
  );

  it.each([true, false])(
    'find a code that splits a class apart where brute force finds one, the WebAssembly kernels %s',
    (simd) => {
      const classic = gameFor(resolveRules({ game: 'mastermind' }));
      const recursion = new Recursion(classic, { simd });
      const two = new TwoLeft(classic, recursion.kernels, recursion.cache);
      const random = seededRandom(11);
      const apart = (guess: number, secrets: Int32Array): boolean =>
        new Set(
          [...secrets].map((s) =>
            naiveFullAnswer(classic.codes.make(s), classic.codes.make(guess)),
          ),
        ).size === secrets.length;
      const wrong: string[] = [];
      const seen = { apart: 0, not: 0 };
      for (let trial = 0; trial < 12; trial++) {
        const parent = classOf(
          partition(classic, Math.floor(random() * classic.size), allCandidates(classic)),
          Math.floor(random() * 5),
        );
        two.enter(parent);
        for (let k = 0; k < 20; k++) {
          // 3 to 13 of the parent's secrets at random, up to near the most answers (14).
          const n = Math.min(parent.length, 3 + Math.floor(random() * 11));
          const picked = [...parent]
            .sort(() => random() - 0.5)
            .slice(0, n)
            .sort((a, b) => a - b);
          const secrets = Int32Array.from(picked);
          const key = picked.join();
          if (!splitters.has(key)) {
            splitters.set(
              key,
              [...allCandidates(classic)].find((guess) => apart(guess, secrets)),
            );
          }
          const some = splitters.get(key);
          const got = two.splitter(secrets);
          if (some !== undefined) seen.apart++;
          else seen.not++;
          if (got >= 0 !== (some !== undefined) || (got >= 0 && !apart(got, secrets))) {
            wrong.push(`${picked.map((c) => classic.codes.make(c))}: ${got} ${some}`);
          }
        }
        two.leave();
      }
      expect(wrong).toEqual([]);
      expect(seen.apart).toBeGreaterThan(10);
      expect(seen.not).toBeGreaterThan(10);
    },
  );

  it.each([true, false])(
    'measure a node width as brute force does (the most answers but all hits one code gets), the WebAssembly kernels %s',
    (simd) => {
      const classic = gameFor(resolveRules({ game: 'mastermind' }));
      const recursion = new Recursion(classic, { simd });
      const two = new TwoLeft(classic, recursion.kernels, recursion.cache);
      const random = seededRandom(5);
      const all = [...allCandidates(classic)].map((code) => classic.codes.make(code));
      const allHits = naiveFullAnswer(all[0], all[0]);
      const widths = new Set<number>();
      const wrong: string[] = [];
      for (let trial = 0; trial < 30; trial++) {
        // A class of one or two guesses, or a few secrets picked from one.
        let members = allCandidates(classic);
        for (let g = 0; g < 1 + (trial % 2); g++) {
          const guess = Math.floor(random() * classic.size);
          members = classOf(partition(classic, guess, members), Math.floor(random() * 5));
        }
        if (trial % 3 === 2) {
          members = Int32Array.from(
            [...members].filter(() => random() < 0.3).sort((a, b) => a - b),
          );
        }
        if (members.length < 3) continue;
        const key = members.join();
        if (!widthOf.has(key)) {
          let most = 0;
          for (const guess of all) {
            const answers = new Set([...members].map((s) => naiveFullAnswer(all[s], guess)));
            answers.delete(allHits);
            most = Math.max(most, answers.size);
          }
          widthOf.set(key, most);
        }
        const expected = widthOf.get(key)!;
        two.enter(members);
        const got = two.width();
        two.leave();
        widths.add(expected);
        if (got !== expected) wrong.push(`${members.length} secrets: ${got}, not ${expected}`);
      }
      expect(wrong).toEqual([]);
      // Nodes of several widths, some narrower than the game's 13.
      expect(widths.size).toBeGreaterThan(3);
    },
  );
});
