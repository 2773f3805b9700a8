import { describe, expect, it } from 'vitest';
import { naiveCodes, naiveFullAnswer, naiveTotalsAfter } from '../test/naive.js';
import { allCandidates, filterCandidates } from './candidates.js';
import { Game, gameFor } from './game.js';
import { gradeByStrategy, gradeGuess } from './grade.js';
import { provedTree } from './proved-trees.js';
import { resolveRules } from './rules.js';
import { createStrategy } from './strategies/index.js';

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

  it('with a proved tree, the same grades as the search alone, on the tree and off it', async () => {
    const tree = await provedTree('mastermind');
    const { game } = tree;
    const all = allCandidates(game);
    // Openings of every pattern, some a symmetry of the tree's own, some not.
    const openings = ['1123', '3211', '4456', '1111', '1112', '1122', '1234', '6543'];
    for (const text of openings) {
      const guess = game.codes.parse(text);
      const helped = gradeGuess(game, all, [], guess, { tree })!;
      const alone = gradeGuess(game, all, [], guess)!;
      expect([helped.expected, helped.bestExpected, helped.loss]).toEqual([
        alone.expected,
        alone.bestExpected,
        alone.loss,
      ]);
    }
    // A symmetry of the tree's opening needs no search at all.
    expect(gradeGuess(game, all, [], game.codes.parse('4456'), { tree })!.nodes).toBe(0);
    // One turn down the tree (its opening answered 1 black 1 white), and off it.
    const opening = tree.root.guess;
    const answer = game.answerIndex({ hits: 1, blows: 1 });
    const left = filterCandidates(game, all, opening, answer);
    for (const text of ['1345', '2456', '3333', '1122']) {
      const guess = game.codes.parse(text);
      const helped = gradeGuess(game, left, [opening], guess, { tree })!;
      const alone = gradeGuess(game, left, [opening], guess)!;
      expect(helped.expected).toBeCloseTo(alone.expected, 12);
      expect(helped.bestExpected).toBeCloseTo(alone.bestExpected, 12);
    }
  });

  it('by a strategy: the totals of a plain first-consistent player after each opening', () => {
    const game = new Game(resolveRules({ pegs: 3, colors: 3, repeat: true }));
    const codes = naiveCodes(3, game.rules.alphabet, true);
    const all = allCandidates(game);
    const strategy = createStrategy('first-consistent');
    // The plain player: `first`, then the first code consistent with every answer so far.
    const naiveTotal = (first: string) => {
      let total = 0;
      for (const secret of codes) {
        const guesses = [first];
        while (guesses.at(-1) !== secret) {
          const answers = guesses.map((g) => naiveFullAnswer(secret, g));
          guesses.push(
            codes.find((code) => guesses.every((g, i) => naiveFullAnswer(code, g) === answers[i]))!,
          );
        }
        total += guesses.length;
      }
      return total;
    };
    const own = naiveTotal(codes[0]);
    for (const text of codes) {
      const grade = gradeByStrategy(game, all, [], game.codes.parse(text), strategy);
      const total = naiveTotal(text);
      expect(grade.expected * codes.length).toBe(total);
      expect(grade.bestExpected * codes.length).toBe(Math.min(total, own));
      expect(grade.loss * codes.length).toBe(Math.max(0, total - own));
      expect(grade.by).toBe('first-consistent');
    }
  });
});
