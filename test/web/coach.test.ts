/**
 * The coach's work (web/coach.ts), as the worker runs it: grades read off the shipped optimal
 * tree agree with the core's search alone, which src/grade.test.ts checks against a plain
 * exhaustive search; the secrets a guess leaves and par come from plain brute force and a plain
 * walk of the tree file; positions past the exact search's budget are graded by the named
 * heuristic, and games too large for a score table only once few secrets are left.
 */
import { describe, expect, it } from 'vitest';
import { allCandidates } from '../../src/candidates.js';
import { gameFor } from '../../src/game.js';
import { gradeGuess } from '../../src/grade.js';
import { provedTree } from '../../src/proved-trees.js';
import { resolveRules } from '../../src/rules.js';
import { type NodeJson, type TreeJson, treeToJson } from '../../src/tree-json.js';
import {
  type CoachAnswer,
  type CoachRequest,
  FALLBACK,
  UNTABLED_MAX_SECRETS,
  coach,
} from '../../web/coach.js';
import { naiveCodes, naiveScore } from '../naive.js';
import { naiveConsistent } from './naive-play.js';

// The shipped trees as the page hands them to the coach's worker: written out as tree files.
const trees = {
  mastermind: treeToJson(await provedTree('mastermind')),
  moo: treeToJson(await provedTree('moo')),
};
const treeFile = (name: keyof typeof trees): TreeJson => trees[name];

function graded(answer: CoachAnswer) {
  if (answer.kind !== 'grade') throw new Error(`no grade: ${JSON.stringify(answer)}`);
  return answer.grade;
}

/** The guesses the tree file plays to find `secret`, walked by hand with plain scoring. */
function naiveTreeDepth(root: NodeJson, secret: string): number {
  let node = root;
  for (let depth = 1; ; depth++) {
    if (node.guess === secret) return depth;
    const [hits, blows] = naiveScore(secret, node.guess);
    node = node.children[`${hits}H${blows}B`];
  }
}

describe('the coach', () => {
  const mastermind = resolveRules({ game: 'mastermind' });
  const tree = treeFile('mastermind');
  const ask = (request: Omit<CoachRequest, 'id' | 'rules' | 'tree'>) =>
    coach({ id: 1, rules: mastermind, tree, ...request });

  it('classic Mastermind: 1123 first is optimal (5,625 in all), 1111 loses what the search says', () => {
    const best = graded(ask({ secret: '3456', before: [], kind: 'grade', guess: '1123' }));
    expect([best.loss, best.by, best.expected * 1296]).toEqual([0, 'optimal', 5625]);
    const worse = graded(ask({ secret: '3456', before: [], kind: 'grade', guess: '1111' }));
    const game = gameFor(mastermind);
    const alone = gradeGuess(game, allCandidates(game), [], game.codes.parse('1111'))!;
    expect(worse.loss).toBeGreaterThan(0);
    expect([worse.loss, worse.expected, worse.by]).toEqual([alone.loss, alone.expected, 'optimal']);
    expect(worse.bestExpected * 1296).toBe(5625);
  });

  it('says how many secrets a guess and the best guess leave, as brute force counts them', () => {
    const codes = naiveCodes(4, '123456', true);
    const secret = '2615';
    const before = ['1122'];
    const turns = before.map((g): [string, string] => [g, naiveScore(secret, g).join('-')]);
    const left = (guess: string) =>
      naiveConsistent(codes, [...turns, [guess, naiveScore(secret, guess).join('-')]]).length;
    for (const guess of ['3344', '1234', '5566']) {
      const grade = graded(ask({ secret, before, kind: 'grade', guess }));
      expect([grade.left, grade.bestLeft]).toEqual([left(guess), left(grade.best)]);
    }
  });

  it('par: the guesses the shipped tree takes for a secret', () => {
    for (const secret of ['1111', '2615', '6543', '3456']) {
      const par = ask({ secret, before: [], kind: 'par' });
      expect(par).toMatchObject({ kind: 'par', by: 'optimal' });
      expect(par.kind === 'par' && par.guesses).toBe(naiveTreeDepth(tree.root, secret));
    }
  });

  it('past the exact search budget, graded by the named heuristic', () => {
    // Bulls and Cows after 0123 answered 0 bulls 2 cows: 1,260 secrets, too many to settle.
    const moo = resolveRules({ game: 'moo' });
    const answer = coach({
      id: 2,
      rules: moo,
      tree: treeFile('moo'),
      secret: '2047',
      before: ['0123'],
      kind: 'grade',
      guess: '4567',
    });
    const grade = graded(answer);
    expect(grade.by).toBe(FALLBACK);
    expect(grade.loss).toBeCloseTo(grade.expected - grade.bestExpected, 12);
  });

  it('a game without a score table: graded once few enough secrets are left', () => {
    const rules = resolveRules({ pegs: 6, colors: 9, repeat: true });
    const request = { id: 3, rules, secret: '123456', kind: 'grade' as const };
    expect(coach({ ...request, before: [], guess: '112233' })).toEqual({
      id: 3,
      kind: 'ungraded',
      limit: UNTABLED_MAX_SECRETS,
    });
    const near = coach({ ...request, before: ['123455', '123466'], guess: '123456' });
    expect(graded(near)).toMatchObject({ loss: 0, by: FALLBACK, left: 1 });
  });
});
