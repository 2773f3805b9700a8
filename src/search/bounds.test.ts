import { describe, expect, it } from 'vitest';
import {
  type NaiveAnswer,
  naiveBlackAnswer,
  naiveFullAnswer,
  seededRandom,
  typedCountingBound,
} from '../../test/naive.js';
import { Game } from '../game.js';
import { type RulesOptions, resolveRules } from '../rules.js';
import { BoundsByWidth, answerWidths } from './bounds.js';
import { RankingKernels } from './ranking.js';

/** The most answers other than all hits that one of `codes` gets from `secrets`, by counting. */
function naiveWidth(secrets: string[], codes: string[], answerOf: NaiveAnswer): number {
  const solved = answerOf(codes[0], codes[0]);
  let widest = 0;
  for (const guess of codes) {
    const answers = new Set(secrets.map((secret) => answerOf(secret, guess)));
    answers.delete(solved);
    widest = Math.max(widest, answers.size);
  }
  return widest;
}

/** The least total over `secrets` of any strategy guessing among `codes`: every guess, memoised. */
function naiveClassOptimum(secrets: string[], codes: string[], answerOf: NaiveAnswer): number {
  const solved = answerOf(codes[0], codes[0]);
  const memo = new Map<string, number>();
  const solve = (set: string[]): number => {
    if (set.length === 1) return 1;
    const key = set.join();
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = Number.POSITIVE_INFINITY;
    for (const guess of codes) {
      const classes = new Map<string, string[]>();
      for (const secret of set) {
        const answer = answerOf(secret, guess);
        classes.set(answer, [...(classes.get(answer) ?? []), secret]);
      }
      if (classes.size === 1 && !set.includes(guess)) continue;
      let cost = set.length;
      for (const [answer, members] of classes) if (answer !== solved) cost += solve(members);
      best = Math.min(best, cost);
    }
    memo.set(key, best);
    return best;
  };
  return solve(secrets);
}

describe('the size bounds of a node’s width', () => {
  const games: [RulesOptions, NaiveAnswer][] = [
    [{ pegs: 3, colors: 4, repeat: true }, naiveFullAnswer],
    [{ pegs: 3, colors: 5, repeat: false }, naiveFullAnswer],
    [{ pegs: 4, colors: 3, repeat: true, feedback: 'black' }, naiveBlackAnswer],
  ];

  it.each(games)('%o: measured as by counting, and below the optimum', (options, answerOf) => {
    const game = new Game(resolveRules(options));
    const table = game.useTable()!;
    const codes = Array.from({ length: game.size }, (_, i) => game.codes.make(i));
    const widest = naiveWidth(codes, codes, answerOf);
    // The answers whose hits + blows is the number of pegs, and the widest a class of codes with
    // the same colours is (hits and blows only).
    const solved = answerOf(codes[0], codes[0]);
    const answers = new Set(codes.flatMap((a) => codes.map((b) => answerOf(a, b))));
    answers.delete(solved);
    const full = (answer: string): boolean =>
      answer.includes('-') &&
      answer.split('-').reduce((sum, x) => sum + Number(x), 0) === game.pegs;
    const narrowAnswers = [...answers].filter(full).length;
    const colours = (code: string): string => [...code].sort().join('');
    const byColours = new Map<string, string[]>();
    for (const code of codes)
      byColours.set(colours(code), [...(byColours.get(colours(code)) ?? []), code]);
    const narrowWidth =
      narrowAnswers > 0
        ? Math.max(...[...byColours.values()].map((same) => naiveWidth(same, codes, answerOf)))
        : widest;
    const bounds = BoundsByWidth.forGame(game, widest);
    expect([bounds.narrowAnswers, bounds.narrowWidth]).toEqual([narrowAnswers, narrowWidth]);
    const wideAnswers = widest - narrowAnswers;
    const countingBound = (n: number, width: number): number => {
      const wide = Math.min(width, wideAnswers);
      const narrow = Math.min(narrowAnswers, width - wide);
      return typedCountingBound(n, wide, narrow, Math.min(width, narrowWidth));
    };
    const kernels = [true, false].map((simd) => new RankingKernels(game, bounds, table, simd));
    const random = seededRandom(game.size);
    let narrower = 0;
    for (let trial = 0; trial < 60; trial++) {
      // A class one or two guesses down, as the search meets them: the secrets that answer
      // random guesses as a random secret does.
      const secret = Math.floor(random() * game.size);
      const guesses = [0, 1].slice(trial % 2).map(() => Math.floor(random() * game.size));
      const members = codes
        .map((_, i) => i)
        .filter((i) =>
          guesses.every((g) => answerOf(codes[i], codes[g]) === answerOf(codes[secret], codes[g])),
        );
      if (members.length < 2 || members.length > 14) continue;
      const secrets = members.map((i) => codes[i]);
      const width = naiveWidth(secrets, codes, answerOf);
      for (const kernel of kernels)
        expect(kernel.width(Int32Array.from(members), undefined)).toBe(width);
      const n = members.length;
      expect(bounds.of(width).total[n]).toBe(countingBound(n, width));
      expect(naiveClassOptimum(secrets, codes, answerOf)).toBeGreaterThanOrEqual(
        countingBound(n, width),
      );
      if (countingBound(n, width) > countingBound(n, widest)) narrower++;
      console.log('W', width, wideAnswers, n);
    }
    // The width raises the bound of some of these classes above the game's.
    expect(narrower).toBeGreaterThan(0);
    // Every width's bounds, for every size, as counted above; with hits and blows the narrower
    // answers raise the wider ones' above the plain count once a depth fills.
    let typed = 0;
    for (let width = 1; width <= widest; width++) {
      for (let n = 1; n <= game.size; n++) {
        expect(bounds.of(width).total[n]).toBe(countingBound(n, width));
        if (countingBound(n, width) > typedCountingBound(n, width, 0, width)) typed++;
      }
    }
    expect(typed > 0).toBe(narrowAnswers > 0);
  });

  it.each([
    { pegs: 3, colors: 4, repeat: true },
    { pegs: 4, colors: 5, repeat: false },
  ])(
    '%o: classes of answers with hits + blows = pegs are no wider than answerWidths says',
    (options) => {
      const game = new Game(resolveRules(options));
      const codes = Array.from({ length: game.size }, (_, i) => game.codes.make(i));
      const widest = naiveWidth(codes, codes, naiveFullAnswer);
      const widths = answerWidths(game, widest);
      const random = seededRandom(7);
      let narrower = 0;
      for (let trial = 0; trial < 12; trial++) {
        const guess = codes[Math.floor(random() * codes.length)];
        const byAnswer = new Map<string, string[]>();
        for (const secret of codes) {
          const answer = naiveFullAnswer(secret, guess);
          byAnswer.set(answer, [...(byAnswer.get(answer) ?? []), secret]);
        }
        for (const [answer, secrets] of byAnswer) {
          const [hits, blows] = answer.split('-').map(Number);
          const a = game.answerIndex({ hits, blows });
          expect(naiveWidth(secrets, codes, naiveFullAnswer)).toBeLessThanOrEqual(widths[a]);
          if (widths[a] < widest) narrower++;
          expect(widths[a] < widest).toBe(hits + blows === game.pegs && hits < game.pegs);
        }
      }
      expect(narrower).toBeGreaterThan(0);
    },
  );
});
