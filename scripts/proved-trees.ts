/**
 * Writes the data of a proved tree the library ships (src/proved-trees/NAME.ts, read by
 * src/proved-trees.ts), from the exact search run here or from a tree file:
 *
 *   npm run proved-trees -- --game numeron        prove it here (Mastermind, Hit & Blow, Numer0n:
 *                                                 seconds at most)
 *   npm run proved-trees -- --game moo --from moo.json
 *                                                 a tree proved elsewhere: the result of
 *                                                 `codebreaker optimal --game moo --out moo.json`
 *                                                 (half an hour on two cores)
 *
 * The tree is checked as the library checks it when loaded (played over every secret, its total
 * and worst case the ones src/proved-trees.ts claims) before its module is written.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CodebreakerError } from '../src/errors.js';
import { gameFor } from '../src/game.js';
import { type ProvedPreset, checkedTree, provedFigures } from '../src/proved-trees.js';
import { PRESETS, presetByName, sameRules } from '../src/rules.js';
import { findOptimal } from '../src/search/optimal.js';
import { parseTree } from '../src/tree-json.js';
import { type Tree, packTree } from '../src/tree.js';
import { refuseScript, scriptFlags } from './script-flags.js';

const ROOT = join(import.meta.dirname, '..');

const { values } = scriptFlags('proved-trees.ts', {
  options: { game: { type: 'string' }, from: { type: 'string' } },
});
if (!values.game)
  refuseScript('proved-trees.ts', 'name the game: --game mastermind, moo, hit-and-blow or numeron');
let preset: ProvedPreset;
let figures: ReturnType<typeof provedFigures>;
try {
  preset = presetByName(values.game) as ProvedPreset;
  figures = provedFigures(preset);
} catch (error) {
  if (!(error instanceof CodebreakerError)) throw error;
  refuseScript('proved-trees.ts', error.message);
}
const game = gameFor(PRESETS[preset].rules);
let tree: Tree;
if (values.from) {
  try {
    tree = parseTree(await readFile(values.from, 'utf8'));
  } catch (error) {
    refuseScript(
      'proved-trees.ts',
      `cannot read the tree ${values.from}: ${(error as Error).message}`,
    );
  }
  if (!sameRules(tree.game.rules, game.rules)) {
    refuseScript('proved-trees.ts', `${values.from} does not play ${preset}`);
  }
} else {
  const found = await findOptimal(game);
  if (!found.proved || !found.tree) throw new Error('the optimal search did not finish');
  tree = found.tree;
}
const packed = packTree(tree.root)
  .map((n) => n.toString(36))
  .join(' ');
checkedTree(preset, packed, { ...figures, load: async () => ({ PACKED: packed }) });
const source = values.from ? 'a tree file proved by `codebreaker optimal`' : 'the exact search';
const module = [
  '/**',
  ` * The proved optimal tree of ${preset} (total ${figures.total}, at most ${figures.max} guesses), as`,
  ' * `packTree` writes it, in base 36; checked when loaded (src/proved-trees.ts).',
  ` * Written by scripts/proved-trees.ts from ${source}.`,
  ' */',
  'export const PACKED =',
  `  '${packed}';`,
  '',
].join('\n');
const out = join('src', 'proved-trees', `${preset}.ts`);
await writeFile(join(ROOT, out), module);
console.log(`${out}: ${packed.length} characters, total ${figures.total}, max ${figures.max}`);
