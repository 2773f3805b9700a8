/**
 * A strategy tree brought within a worst case: every subtree that needs more guesses than the
 * budget leaves it is built again, and replaced by a strategy within the budget.
 *
 *   npx tsx scripts/within-depth.ts TREE --depth D --out FILE [--exact-up-to N] [--seconds S] [--tries K]
 *                                  [--rank expected|worst]
 *
 * TREE and FILE are tree files (JSON, or gzip if the name ends in .gz), as `codebreaker tree
 * --format json` writes and `codebreaker verify` reads. Where a subtree is too deep, its children
 * are mended first, keeping its guess; if one cannot be, the subtree's class is built afresh:
 *
 * - a class of at most N secrets (default 2,000) by the exact search, settling for the first
 *   strategy within the budget (`optimal --objective depth`'s search), given at most S seconds
 *   (default 60);
 * - a larger one, or one the search gave up on, by trying its K best guesses (default 12) by
 *   expected class size (`--rank expected`, the default) or by their largest class, then
 *   expected size (`--rank worst`), one of each shape of split (symmetric guesses split
 *   alike), among those whose every class could still be told apart in the guesses left (at most
 *   1 + w·(1 + w·(…)) secrets, w answers besides all hits), and building each of their classes
 *   in turn, the largest first.
 *
 * Nothing here is a proof that a class has no such strategy: a class given up on only sends the
 * search one level up. What the script proves is what it writes: the tree is played over every
 * secret before it is written, and the script fails if any secret needs more than D guesses.
 *
 * What it was run on, and how far it got: docs/results.md (Super Mastermind; 5 of 10).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { allCandidates, classOf, partition } from '../src/candidates.js';
import { OptimalSearch, SearchStopped } from '../src/search/branch-and-bound.js';
import { parseTree, treeToJson } from '../src/tree-json.js';
import { type Tree, type TreeNode, analyzeTree, unpackTree } from '../src/tree.js';
import { refuseScript, scriptFlags } from './script-flags.js';

const { positionals, values } = scriptFlags('within-depth.ts', {
  allowPositionals: true,
  options: {
    depth: { type: 'string' },
    out: { type: 'string' },
    'exact-up-to': { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '60' },
    tries: { type: 'string', default: '12' },
    rank: { type: 'string', default: 'expected' },
  },
});
const [path] = positionals;
const depth = Number(values.depth);
const exactUpTo = Number(values['exact-up-to']);
const secondsBudget = Number(values.seconds);
const tries = Number(values.tries);
const byWorst = values.rank === 'worst';
if (
  !path ||
  !values.out ||
  !Number.isInteger(depth) ||
  depth < 1 ||
  !(exactUpTo >= 0) ||
  !(secondsBudget > 0) ||
  !(tries > 0) ||
  (values.rank !== 'expected' && values.rank !== 'worst')
) {
  console.error(
    'usage: within-depth.ts TREE --depth D --out FILE [--exact-up-to N] [--seconds S] [--tries K] [--rank expected|worst]',
  );
  process.exit(2);
}

let tree: Tree;
try {
  const bytes = await readFile(path);
  tree = parseTree((path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
} catch (error) {
  refuseScript('within-depth.ts', `cannot read the tree ${path}: ${(error as Error).message}`);
}
const { game } = tree;
const before = analyzeTree(tree);
console.error(`${path}: ${before.total} guesses in all, at most ${before.max}`);
const started = Date.now();
const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(0)} s`;

/** The most secrets `guesses` guesses can tell apart: one per guess, and w ways a guess. */
const width = game.answers - 1;
const capacity = [0];
for (let r = 1; r <= depth; r++) capacity.push(1 + width * capacity[r - 1]);

/** The guesses each subtree needs at most. */
const depths = new Map<TreeNode, number>();
function depthOf(node: TreeNode): number {
  let deepest = depths.get(node);
  if (deepest === undefined) {
    deepest = 0;
    for (const child of node.children.values()) deepest = Math.max(deepest, depthOf(child));
    depths.set(node, ++deepest);
  }
  return deepest;
}

let stopAt = 0;
/** The exact search, which stops when its time is up (`stopAt`). */
const newSearch = (): OptimalSearch =>
  new OptimalSearch(game, {
    firstFound: true,
    progressEvery: 1,
    onProgress: () => Date.now() > stopAt,
  });
let search: OptimalSearch | undefined = newSearch();
/** Every pair's answer, built by the search: row `guess`, column `secret`. */
const table = game.searchTable()!;
const counts = { exact: 0, found: 0, gaveUp: 0 };

/** The exact search's first strategy for `candidates` within `budget`, in at most S seconds. */
function exact(candidates: Int32Array, history: number[], budget: number): TreeNode | undefined {
  search ??= newSearch();
  stopAt = Date.now() + secondsBudget * 1000;
  counts.exact++;
  const start = Date.now();
  const told = (what: string): void => {
    if (Date.now() - start < 5000) return;
    console.error(
      `    exact search of ${candidates.length} secrets after ${history.length} guesses within ${budget}: ${what} in ${((Date.now() - start) / 1000).toFixed(0)} s`,
    );
  };
  try {
    const found = search.solve(candidates, history, budget);
    told(found.guess < 0 ? 'none' : 'found');
    if (found.guess < 0) return undefined;
    counts.found++;
    return unpackTree(search.packedTree(candidates, history, budget, found.guess));
  } catch (error) {
    if (!(error instanceof SearchStopped)) throw error;
    search = undefined;
    counts.gaveUp++;
    told('given up');
    return undefined;
  }
}

/** A strategy for `candidates` (after `history`) within `budget` guesses, if one is found. */
function build(candidates: Int32Array, history: number[], budget: number): TreeNode | undefined {
  if (candidates.length === 1) return { guess: candidates[0], children: new Map() };
  if (candidates.length > capacity[budget]) return undefined;
  if (candidates.length <= exactUpTo || budget <= 2) {
    const found = exact(candidates, history, budget);
    if (found || budget <= 2) return found;
  }
  // The guesses whose classes could each still be told apart, best expected size first.
  const sizes = new Int32Array(game.answers);
  const splitBy = (guess: number): Int32Array => {
    sizes.fill(0);
    const row = guess * game.size;
    for (const secret of candidates) sizes[table[row + secret]]++;
    return sizes;
  };
  const ranked: { guess: number; largest: number; score: number }[] = [];
  const inClass = new Set(candidates);
  for (let guess = 0; guess < game.size; guess++) {
    splitBy(guess);
    let sum = 0;
    let largest = 0;
    let fits = true;
    for (let a = 0; a < game.answers; a++) {
      if (a === game.solved) continue;
      if (sizes[a] > capacity[budget - 1]) fits = false;
      sum += sizes[a] * sizes[a];
      largest = Math.max(largest, sizes[a]);
    }
    // A guess that splits nothing is never worth a guess; a candidate solves one secret outright.
    const splits = Math.max(...sizes) < candidates.length;
    if (fits && splits) {
      ranked.push({
        guess,
        largest: byWorst ? largest : 0,
        score: sum - (inClass.has(guess) ? 1 : 0),
      });
    }
  }
  ranked.sort((a, b) => a.largest - b.largest || a.score - b.score || a.guess - b.guess);
  // Guesses that the symmetries of the history map onto each other split alike: one of each
  // split's class sizes is tried.
  const seen = new Set<string>();
  const distinct: number[] = [];
  for (const { guess } of ranked) {
    if (distinct.length === tries) break;
    const shape = `${inClass.has(guess)}:${[...splitBy(guess)].sort((a, b) => a - b).join(',')}`;
    if (seen.has(shape)) continue;
    seen.add(shape);
    distinct.push(guess);
  }
  for (const [i, guess] of distinct.entries()) {
    if (history.length <= 2) {
      console.error(
        `    ${candidates.length} secrets after ${history.length} guesses within ${budget}: trying ${game.codes.make(guess)}, ${i + 1} of ${distinct.length} (${elapsed()})`,
      );
    }
    const parts = partition(game, guess, candidates);
    const answers = [];
    for (let a = 0; a < game.answers; a++) {
      if (a !== game.solved && parts.start[a + 1] > parts.start[a]) answers.push(a);
    }
    answers.sort(
      (a, b) => parts.start[b + 1] - parts.start[b] - (parts.start[a + 1] - parts.start[a]),
    );
    const children = new Map<number, TreeNode>();
    for (const answer of answers) {
      const child = build(classOf(parts, answer), [...history, guess], budget - 1);
      if (!child) break;
      children.set(answer, child);
    }
    if (children.size === answers.length) {
      return { guess, children: new Map([...children].sort((a, b) => a[0] - b[0])) };
    }
  }
  return undefined;
}

/**
 * `node`, playing `candidates` after `history`, within `budget` guesses; undefined if neither
 * mending its children nor building its class afresh finds a strategy within it.
 */
function mend(
  node: TreeNode,
  candidates: Int32Array,
  history: number[],
  budget: number,
): TreeNode | undefined {
  if (depthOf(node) <= budget) return node;
  if (budget > 1) {
    const parts = partition(game, node.guess, candidates);
    const children = new Map<number, TreeNode>();
    for (const [answer, child] of node.children) {
      const next = mend(child, classOf(parts, answer), [...history, node.guess], budget - 1);
      if (!next) break;
      children.set(answer, next);
    }
    if (children.size === node.children.size) return { guess: node.guess, children };
  }
  const built = build(candidates, history, budget);
  console.error(
    `  ${candidates.length} secrets after ${history.length} guesses, within ${budget}: ${built ? 'built' : 'none found'} (${elapsed()}; exact searches ${counts.exact}, found ${counts.found}, given up ${counts.gaveUp})`,
  );
  return built;
}

const root = mend(tree.root, allCandidates(game), [], depth);
if (!root) {
  console.error(`no strategy within ${depth} found below this tree's guesses (${elapsed()})`);
  process.exit(1);
}
const mended: Tree = { game, root };
const after = analyzeTree(mended);
if (after.max > depth) throw new Error(`the mended tree still needs ${after.max} guesses`);
const text = `${JSON.stringify(treeToJson(mended))}\n`;
await writeFile(values.out, values.out.endsWith('.gz') ? gzipSync(text, { level: 9 }) : text);
console.error(`${values.out}: ${after.total} guesses in all, at most ${after.max} (${elapsed()})`);
