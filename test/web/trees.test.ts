/**
 * The strategy trees shipped with the web app (web/public/trees/): each one verifies, solving
 * every secret of its preset with exactly the figures its manifest states, and those figures are
 * the published ones (Koyama & Lai: 5625 for Mastermind) or, for the games without published
 * figures, those of the optimal search run here.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarize } from '../../src/analyze.js';
import { allCandidates, classOf, partition } from '../../src/candidates.js';
import { answerIndex } from '../../src/feedback.js';
import { PRESETS } from '../../src/rules.js';
import { costMax, costTotal } from '../../src/search/cost.js';
import { findOptimal } from '../../src/search/optimal.js';
import { createStrategy } from '../../src/strategies/index.js';
import type { GameState, Strategy } from '../../src/strategy.js';
import { parseTree } from '../../src/tree-json.js';
import { type Tree, verifyTree } from '../../src/tree.js';
import { type AnalysisMessage, runAnalysis } from '../../web/analysis.js';
import { CodebreakerPlay } from '../../web/play.js';
import { WEB_PRESETS } from '../../web/settings.js';
import { MANIFEST_FILE, readManifest } from '../../web/shipped-trees.js';
import { OPTIMAL, shippedStrategy, strategyTitle } from '../../web/strategy-choice.js';
import { en } from '../../web/text/en.js';
import { TreeBrowser } from '../../web/tree-browser.js';
import { naiveScore } from '../naive.js';

const DIR = join(import.meta.dirname, '..', '..', 'web', 'public', 'trees');
const manifest = readManifest(JSON.parse(await readFile(join(DIR, MANIFEST_FILE), 'utf8')));
const read = async (file: string): Promise<Tree> =>
  parseTree(await readFile(join(DIR, file), 'utf8'));

describe('the shipped strategy trees', () => {
  it('one tree for each preset the page plays, and no file the manifest does not list', async () => {
    expect(manifest.trees.map((tree) => tree.game)).toEqual([...WEB_PRESETS]);
    const files = manifest.trees.map((tree) => tree.file);
    expect((await readdir(DIR)).sort()).toEqual([...files, MANIFEST_FILE].sort());
  });

  it.each(manifest.trees)('$file verifies with the figures listed', async (entry) => {
    const tree = await read(entry.file);
    expect(tree.game.rules).toEqual(PRESETS[entry.game].rules);
    const verdict = verifyTree(tree);
    if (!verdict.valid) throw new Error(`${entry.file}: ${verdict.reason}`);
    const { secrets, total, max } = summarize(verdict.guesses);
    expect({ secrets, total, max }).toEqual({
      secrets: entry.secrets,
      total: entry.total,
      max: entry.max,
    });
    expect(entry.proved).toBe(entry.strategy === OPTIMAL);
  });

  it('Mastermind: the optimal tree, 5625 guesses, one secret needing 6 (Koyama & Lai 1993)', async () => {
    const entry = manifest.trees.find((tree) => tree.game === 'mastermind')!;
    expect(entry.strategy).toBe(OPTIMAL);
    const verdict = verifyTree(await read(entry.file));
    if (!verdict.valid) throw new Error(verdict.reason);
    const analysis = summarize(verdict.guesses);
    expect([analysis.total, analysis.max, analysis.histogram[6]]).toEqual([5625, 6, 1]);
  });

  it.each(['hit-and-blow', 'numeron'] as const)(
    '%s: the optimal tree has the least total the search proves',
    async (name) => {
      const entry = manifest.trees.find((tree) => tree.game === name)!;
      expect(entry.strategy).toBe(OPTIMAL);
      const tree = await read(entry.file);
      const found = await findOptimal(tree.game);
      expect(found.proved).toBe(true);
      expect([entry.total, entry.max]).toEqual([costTotal(found.cost), costMax(found.cost)]);
    },
  );

  it('Bulls and Cows: the optimal tree (26274, Tanaka 1996), or a heuristic’s own tree', async () => {
    const entry = manifest.trees.find((tree) => tree.game === 'moo')!;
    const tree = await read(entry.file);
    if (entry.strategy === OPTIMAL) {
      expect(entry.total).toBe(26274);
      return;
    }
    // A heuristic's tree: the guesses of its first two levels are the heuristic's own choices.
    const strategy = createStrategy(entry.strategy);
    const { game, root } = tree;
    const all = allCandidates(game);
    expect(root.guess).toBe(strategy.choose({ game, history: [], candidates: all }));
    const split = partition(game, root.guess, all);
    for (const [answer, child] of root.children) {
      const history = [{ guess: root.guess, answer }];
      const candidates = classOf(split, answer);
      expect(child.guess).toBe(strategy.choose({ game, history, candidates }));
    }
  });

  it('the page plays a shipped optimal tree, in its analysis and its tree browser', async () => {
    const entry = manifest.trees.find((tree) => tree.game === 'hit-and-blow')!;
    const json = JSON.parse(await readFile(join(DIR, entry.file), 'utf8'));
    const messages: AnalysisMessage[] = [];
    runAnalysis(
      { rules: json.rules, strategy: { name: OPTIMAL, seed: 0 }, tree: json },
      (message) => messages.push(message),
    );
    const last = messages.at(-1)!;
    if (last.kind !== 'done') throw new Error('no result');
    expect([last.summary.total, last.summary.max]).toEqual([entry.total, entry.max]);

    const tree = await read(entry.file);
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
    const entry = manifest.trees.find((tree) => tree.game === 'hit-and-blow')!;
    const json = JSON.parse(await readFile(join(DIR, entry.file), 'utf8'));
    const tree = await read(entry.file);
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
