/**
 * Writes the data of the proved trees the library ships (src/proved-trees/NAME.ts, read by
 * src/proved-trees.ts) from the optimal trees the web app ships (web/public/trees/, written and
 * verified by `npm run web:trees`), so that both ship the same proved trees:
 *
 *   npm run proved-trees
 *
 * Each tree is checked as the library checks it when loaded (played over every secret, its total
 * and worst case the ones src/proved-trees.ts claims) before its module is written.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROVED_PRESETS, checkedTree, provedFigures } from '../src/proved-trees.js';
import { PRESETS, sameRules } from '../src/rules.js';
import { parseTree } from '../src/tree-json.js';
import { packTree } from '../src/tree.js';

const ROOT = join(import.meta.dirname, '..');

for (const preset of PROVED_PRESETS) {
  const source = join('web', 'public', 'trees', `${preset}-optimal.json`);
  const tree = parseTree(await readFile(join(ROOT, source), 'utf8'));
  if (!sameRules(tree.game.rules, PRESETS[preset].rules)) {
    throw new Error(`${source} does not play ${preset}'s rules`);
  }
  const packed = packTree(tree.root)
    .map((n) => n.toString(36))
    .join(' ');
  const figures = provedFigures(preset);
  checkedTree(preset, packed, { ...figures, load: async () => ({ PACKED: packed }) });
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
}
