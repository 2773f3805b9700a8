import { describe, expect, it } from 'vitest';
import { naiveCodes, naiveFullAnswer, naiveTotalsAfter } from '../test/naive.js';
import { allCandidates, filterCandidates } from './candidates.js';
import { Game, gameFor } from './game.js';
import { gradeGuess } from './grade.js';
import { resolveRules } from './rules.js';

describe('a guess graded against the best from the same position', () => {
  it('agrees with a plain exhaustive search, at the start and deeper', () => {
    const game = new Game(resolveRules({ pegs: 3, colors: 3, repeat: true }));
    const codes = naiveCodes(3, game.rules.alphabet, true);
    const all = allCandidates(game);
    // At the start, and after 012 answered one hit and one blow.
    const opening = game.codes.parse('012');
    const answer = game.answerIndex({ hits: 1, blows: 1 });
    const deeper = filterCandidates(game, all, opening, answer);
    for (const [candidates, history] of [
      [all, []],
      [deeper, [opening]],
    ] as const) {
      const secrets = Array.from(candidates, (code) => game.codes.make(code));
      const totals = naiveTotalsAfter(codes, secrets, naiveFullAnswer);
      const least = Math.min(...totals.values());
      for (const [text, total] of totals) {
        if (!Number.isFinite(total)) continue;
        const grade = gradeGuess(game, candidates, history, game.codes.parse(text))!;
        expect(grade.expected * secrets.length).toBeCloseTo(total, 9);
        expect(grade.bestExpected * secrets.length).toBeCloseTo(least, 9);
        expect(grade.loss === 0).toBe(total === least);
        expect(totals.get(game.codes.make(grade.best))).toBe(least);
      }
    }
  });

  it('classic Mastermind: 1123 is a best opening (5625 in all), 1111 loses guesses', () => {
    const game = gameFor(resolveRules({ game: 'mastermind' }));
    const all = allCandidates(game);
    const best = gradeGuess(game, all, [], game.codes.parse('1123'))!;
    expect([best.loss, best.bestExpected * 1296]).toEqual([0, 5625]);
    const worse = gradeGuess(game, all, [], game.codes.parse('1111'))!;
    expect(worse.loss).toBeGreaterThan(0);
    expect(worse.bestExpected * 1296).toBe(5625);
    // Within a budget too small for the search, no grade.
    expect(gradeGuess(game, all, [], game.codes.parse('1111'), { nodes: 1 })).toBeUndefined();
  });
});
