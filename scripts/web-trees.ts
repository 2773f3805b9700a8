/**
 * Generates the strategy trees the web app ships (web/public/trees/) and their manifest
 * (index.json, read by web/shipped-trees.ts), with the library itself: `findOptimal` for the
 * optimal trees, the heuristic strategies for the others, `buildTree` + `treeToJson` to write.
 * Every tree is verified (`verifyTree`) before it is written, and its figures go in the manifest,
 * which the tests check the files against.
 *
 *   npm run web:trees                          every preset, as SHIPPED says
 *   npm run web:trees -- --game numeron        one preset
 *   npm run web:trees -- --game moo --from moo-optimal.json --strategy optimal --proved
 *                                              ship a tree computed elsewhere (here: the result
 *                                              of `codebreaker optimal --game moo --out FILE`)
 *
 * Every preset ships its proved optimal tree. Bulls and Cows's takes about half an hour of search
 * on two cores, so it is computed once with the CLI and shipped with the last command above.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { summarize } from '../src/analyze.js';
import { type Game, gameFor } from '../src/game.js';
import { PRESETS, type PresetName, presetByName, sameRules } from '../src/rules.js';
import { findOptimal } from '../src/search/optimal.js';
import { createStrategy, strategyByName } from '../src/strategies/index.js';
import { parseTree, treeToJson } from '../src/tree-json.js';
import { type Tree, buildTree, verifyTree } from '../src/tree.js';
import { WEB_PRESETS } from '../web/settings.js';
import { MANIFEST_FILE, type ShippedTree, readManifest } from '../web/shipped-trees.js';

/**
 * The tree each preset the page offers ships: `optimal` (proved by exhaustive search) or a
 * heuristic. Presets beyond the page's limit (Super Mastermind) ship none.
 */
const SHIPPED: Partial<Record<PresetName, string>> = {
  mastermind: 'optimal',
  moo: 'optimal',
  'hit-and-blow': 'optimal',
  numeron: 'optimal',
};

/** What a tree is, in the phrase the page shows beside it. */
function titleOf(game: PresetName, strategy: string, proved: boolean): string {
  if (strategy === 'optimal') {
    return proved ? 'optimal (least total), proved by exhaustive search' : 'best tree found';
  }
  return strategy;
}

const DIR = join(import.meta.dirname, '..', 'web', 'public', 'trees');

/** The tree of `strategy` for the game, searched for or played out. */
async function makeTree(game: Game, strategy: string): Promise<Tree> {
  if (strategy !== 'optimal') return buildTree(game, createStrategy(strategyByName(strategy)));
  const found = await findOptimal(game);
  if (!found.proved || !found.tree) throw new Error('the optimal search did not finish');
  return found.tree;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      game: { type: 'string' },
      strategy: { type: 'string' },
      from: { type: 'string' },
      proved: { type: 'boolean', default: false },
    },
  });
  if (values.from && !values.game) throw new Error('--from needs --game');
  const games = values.game ? [presetByName(values.game)] : WEB_PRESETS;
  const manifestPath = join(DIR, MANIFEST_FILE);
  const entries = new Map<string, ShippedTree>();
  if (existsSync(manifestPath)) {
    const old = readManifest(JSON.parse(await readFile(manifestPath, 'utf8')));
    for (const entry of old.trees) entries.set(entry.game, entry);
  }
  for (const name of games) {
    const strategy = values.strategy ?? SHIPPED[name];
    if (strategy === undefined) throw new Error(`the web app does not play ${name}`);
    const game = gameFor(PRESETS[name].rules);
    const started = performance.now();
    const tree = values.from
      ? parseTree(await readFile(values.from, 'utf8'))
      : await makeTree(game, strategy);
    if (!sameRules(tree.game.rules, game.rules)) throw new Error(`the tree is not for ${name}`);
    const verdict = verifyTree(tree);
    if (!verdict.valid) throw new Error(`the ${name} tree fails: ${verdict.reason}`);
    const { secrets, total, max } = summarize(verdict.guesses);
    const proved = strategy === 'optimal' && (values.from === undefined || values.proved);
    const file = `${name}-${strategy}.json`;
    await writeFile(join(DIR, file), `${JSON.stringify(treeToJson(tree))}\n`);
    const previous = entries.get(name);
    if (previous && previous.file !== file) await rm(join(DIR, previous.file), { force: true });
    entries.set(name, {
      game: name,
      file,
      strategy,
      title: titleOf(name, strategy, proved),
      proved,
      secrets,
      total,
      max,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${file}: ${secrets} secrets, total ${total}, max ${max} (${seconds} s)`);
  }
  const trees = WEB_PRESETS.flatMap((name) => entries.get(name) ?? []);
  await writeFile(manifestPath, `${JSON.stringify({ trees }, null, 2)}\n`);
}

await main();
