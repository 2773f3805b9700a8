/**
 * The proved trees the web app plays (the library's, src/proved-trees.ts): one for each preset
 * the page plays, offered by the page with the figures the library claims for it, played by the
 * page's analysis, tree browser and hints as the tree it is. That each tree verifies with those
 * figures, and that they are the published ones or the search's, is src/proved-trees.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { answerIndex } from '../../src/feedback.js';
import { gameFor } from '../../src/game.js';
import { PROVED_PRESETS, provedFigures, provedTree } from '../../src/proved-trees.js';
import { PRESETS } from '../../src/rules.js';
import { createStrategy } from '../../src/strategies/index.js';
import type { GameState, Strategy } from '../../src/strategy.js';
import { treeToJson } from '../../src/tree-json.js';
import { type AnalysisMessage, runAnalysis } from '../../web/analysis.js';
import { CodebreakerPlay } from '../../web/play.js';
import { WEB_PRESETS } from '../../web/settings.js';
import { shippedTreeFor } from '../../web/shipped-trees.js';
import { OPTIMAL, shippedStrategy, strategyTitle } from '../../web/strategy-choice.js';
import { en } from '../../web/text/en.js';
import { TreeBrowser } from '../../web/tree-browser.js';
import { naiveScore } from '../naive.js';

describe('the proved trees the page plays', () => {
  it('one for each preset the page plays but Super Mastermind, with the figures of its proof', () => {
    const offered = WEB_PRESETS.filter((name) => {
      const game = gameFor(PRESETS[name].rules);
      return shippedTreeFor(game.rules, game.size) !== undefined;
    });
    expect(offered).toEqual([...PROVED_PRESETS]);
    for (const name of offered) {
      const game = gameFor(PRESETS[name].rules);
      expect(shippedTreeFor(game.rules, game.size)).toEqual({
        game: name,
        secrets: game.size,
        ...provedFigures(name),
      });
    }
    // Other rules of the same family ship none: the page searches there.
    const five = gameFor({ ...PRESETS.mastermind.rules, colors: 5, alphabet: '12345' });
    expect(shippedTreeFor(five.rules, five.size)).toBeUndefined();
  });

  it('the page plays a shipped optimal tree, in its analysis and its tree browser', async () => {
    const entry = provedFigures('hit-and-blow');
    const json = treeToJson(await provedTree('hit-and-blow'));
    const messages: AnalysisMessage[] = [];
    runAnalysis(
      { rules: json.rules, strategy: { name: OPTIMAL, seed: 0 }, tree: json },
      (message) => messages.push(message),
    );
    const last = messages.at(-1)!;
    if (last.kind !== 'done') throw new Error('no result');
    expect([last.summary.total, last.summary.max]).toEqual([entry.total, entry.max]);

    const tree = await provedTree('hit-and-blow');
    const browser = new TreeBrowser(tree.game, shippedStrategy(tree, OPTIMAL));
    let total = 0;
    const walk = (path: string): void => {
      const node = browser.node(path);
      if (node.mayWin) total += node.depth + 1;
      for (const branch of node.branches) if (!branch.wins) walk(branch.path);
    };
    walk('');
    expect(total).toBe(entry.total);
  });

  it('off the tree, the optimal hint searches from the secrets left, then falls back', async () => {
    const tree = await provedTree('hit-and-blow');
    const json = treeToJson(tree);
    const { game } = tree;
    const strategy = shippedStrategy(tree, OPTIMAL);
    // On the tree: the file's own guesses.
    const play = new CodebreakerPlay(game, strategy, 5);
    expect(play.hint()).toMatchObject({ remaining: 360 });
    expect(play.shownHint!.suggestion).toBe(json.root.guess);
    // Off it: a first guess of the user's own, then the search's guess, which from there
    // needs no more guesses in all than most-parts does.
    const own = json.root.guess === '0123' ? '0124' : '0123';
    play.sendText(own);
    const off = play.session.state;
    const searched = strategy.choose(off);
    expect(strategy.name).toBe('optimal');
    const mostParts = createStrategy('most-parts');
    expect(totalFrom(off, () => searched, strategy)).toBeLessThanOrEqual(
      totalFrom(off, mostParts.choose, mostParts),
    );
    // No budget at all: most-parts, and the name says so.
    const broke = shippedStrategy(tree, OPTIMAL, 0);
    expect(broke.choose(off)).toBe(mostParts.choose(off));
    expect(broke.name).toBe('optimal/most-parts');
    expect(strategyTitle(en, broke.name)).toBe(
      'Optimal (proved tree) (past the search budget: Most parts (Kooi))',
    );
  });
});

/**
 * Guesses needed in all, over every secret still possible in `state`, when `first` picks the
 * next guess and `strategy` the ones after; played secret by secret, filtering by counting.
 */
function totalFrom(
  state: GameState,
  first: (state: GameState) => number,
  strategy: Strategy,
): number {
  const { game } = state;
  const codes = [...state.candidates].map((code) => game.codes.make(code));
  let total = 0;
  for (const secret of codes) {
    const history = [...state.history];
    let left = codes;
    for (let turn = 0; ; turn++) {
      const now = { game, history, candidates: Int32Array.from(left, (c) => game.codes.parse(c)) };
      const guess = game.codes.make(turn === 0 ? first(now) : strategy.choose(now));
      const [hits, blows] = naiveScore(secret, guess);
      total++;
      if (hits === game.pegs) break;
      left = left.filter((code) => naiveScore(code, guess).join('-') === `${hits}-${blows}`);
      history.push({ guess: game.codes.parse(guess), answer: answerIndex(game.pegs, hits, blows) });
    }
  }
  return total;
}
