import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.js';
import { allCandidates } from './candidates.js';
import { CodebreakerError } from './errors.js';
import { gameFor } from './game.js';
import {
  PROVED_PRESETS,
  checkedTree,
  optimalStrategy,
  provedFigures,
  provedPresetOf,
  provedTree,
} from './proved-trees.js';
import { PACKED } from './proved-trees/hit-and-blow.js';
import { PRESETS, PRESET_NAMES } from './rules.js';
import { findOptimal } from './search/optimal.js';
import { analyzeTree } from './tree.js';

describe('the proved optimal trees the library ships', () => {
  it("plays classic Mastermind's least total, 5625 with one secret in 6 (Koyama and Lai)", async () => {
    const game = gameFor(PRESETS.mastermind.rules);
    const strategy = await optimalStrategy('mastermind');
    const { total, max, histogram } = analyze(game, strategy);
    expect({ total, max, sixes: histogram[6] }).toEqual({ total: 5625, max: 6, sixes: 1 });
    expect(strategy.name).toBe('optimal');
  });

  it("plays Bulls and Cows's least total, 26274 at most 7 guesses (Tanaka), by either name", async () => {
    const tree = await provedTree('bulls-and-cows');
    expect(tree).toBe(await provedTree('moo'));
    const { total, max } = analyze(tree.game, await optimalStrategy('moo'));
    expect({ total, max }).toEqual({ total: 26274, max: 7 });
  });

  it('plays the least totals an exhaustive search proves again here: Hit & Blow and Numer0n', async () => {
    for (const preset of ['hit-and-blow', 'numeron'] as const) {
      const game = gameFor(PRESETS[preset].rules);
      const proved = await findOptimal(game);
      expect(proved.proved).toBe(true);
      const played = analyze(game, await optimalStrategy(preset));
      const search = analyzeTree(proved.tree!);
      expect({ total: played.total, max: played.max }).toEqual({
        total: search.total,
        max: search.max,
      });
    }
  });

  it('chooses from the tree at every state it reaches: the first guess, then after an answer', async () => {
    const tree = await provedTree('hit-and-blow');
    const strategy = await optimalStrategy('hit-and-blow');
    const game = tree.game;
    const start = { game, history: [], candidates: allCandidates(game) };
    expect(strategy.choose(start)).toBe(tree.root.guess);
    const [answer, child] = [...tree.root.children][0];
    const after = {
      game,
      history: [{ guess: tree.root.guess, answer }],
      candidates: allCandidates(game),
    };
    expect(strategy.choose(after)).toBe(child.guess);
  });

  it('refuses data that is damaged or altered, or a tree that keeps to other figures', () => {
    const claim = { ...provedFigures('hit-and-blow'), load: async () => ({ PACKED }) };
    expect(checkedTree('hit-and-blow', PACKED, claim).root.children.size).toBeGreaterThan(0);
    const words = PACKED.split(' ');
    const last = Number.parseInt(words.at(-2)!, 36);
    const refusals: [string, string][] = [
      [words.slice(0, -3).join(' '), 'damaged: a packed tree is cut short'],
      [PACKED.replace(' ', ' ? '), 'holds something else than whole numbers'],
      // The last leaf's guess changed to the next code: that secret is no longer solved.
      [
        [...words.slice(0, -2), (last + 1).toString(36), words.at(-1)].join(' '),
        'the tree ends at the guess',
      ],
    ];
    // The tree as it is, against a claim it does not keep to: one guess fewer in all.
    const better = { ...claim, total: claim.total - 1 };
    const cases = [
      ...refusals.map(([packed, why]) => ({ packed, claim, why })),
      {
        packed: PACKED,
        claim: better,
        why: 'plays a total of 1446 at most 5 guesses, not the 1445',
      },
    ];
    for (const { packed, claim, why } of cases) {
      let caught: unknown;
      try {
        checkedTree('hit-and-blow', packed, claim);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(CodebreakerError);
      expect(caught).toMatchObject({ kind: 'bad-tree', message: expect.stringContaining(why) });
    }
  });

  it('names the games it has when asked for one it has not', async () => {
    expect(PROVED_PRESETS).toEqual(['mastermind', 'moo', 'hit-and-blow', 'numeron']);
    // By rules: exactly a preset's, and one that ships a tree.
    expect(PRESET_NAMES.map((name) => provedPresetOf(PRESETS[name].rules))).toEqual([
      'mastermind',
      'moo',
      'hit-and-blow',
      'numeron',
      undefined,
    ]);
    expect(provedPresetOf({ ...PRESETS.numeron.rules, colors: 9, alphabet: '012345678' })).toBe(
      undefined,
    );
    await expect(provedTree('super-mastermind')).rejects.toMatchObject({
      kind: 'bad-option',
      message: expect.stringContaining('mastermind, moo, hit-and-blow, numeron'),
    });
    await expect(optimalStrategy('chess')).rejects.toMatchObject({ kind: 'bad-rules' });
  });
});
