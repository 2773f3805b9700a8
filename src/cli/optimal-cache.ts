/**
 * `--strategy optimal` in solve, analyze, play and tree: the optimal strategy (least total). The
 * classic games whose proved tree ships with the library (`PROVED_PRESETS`) play it. Any other
 * game's is searched for once and kept as a tree file under the user's cache directory
 * ($CODEBREAKER_CACHE_DIR, else $XDG_CACHE_HOME/codebreaker, else ~/.cache/codebreaker), keyed by
 * the rules and the objective, beside what it claims (rules, objective, total, maximum) and a
 * signature (cli/keys.ts): a tree that plays its claimed total could still be a worse strategy
 * than the optimal one, which only a signature by the key that wrote it rules out. A file is used
 * only if it checks out: its signature, a tree that solves every secret, and the total and
 * maximum it claims; any other file is said so in one line and proved again.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { summarize } from '../analyze.js';
import type { Game } from '../game.js';
import { optimalStrategy, provedPresetOf } from '../proved-trees.js';
import { sameRules } from '../rules.js';
import { findOptimal } from '../search/optimal.js';
import type { Strategy } from '../strategy.js';
import { type TreeJson, treeFromJson, treeToJson } from '../tree-json.js';
import { analyzeTree, treeStrategy, verifyTree } from '../tree.js';
import { MAX_TREE_BYTES, readBoundedFile } from './files.js';
import { safeText } from './io.js';
import { type SigningKey, loadKey } from './keys.js';
import type { Progress } from './progress.js';

/** The directory codebreaker caches results in. */
function cacheDirectory(): string {
  const env = process.env;
  if (env.CODEBREAKER_CACHE_DIR) return env.CODEBREAKER_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'codebreaker');
}

/** Where the optimal tree of a game is cached. */
export function optimalTreePath(game: Game): string {
  const { pegs, colors, repeat, alphabet } = game.rules;
  const symbols = Buffer.from(alphabet).toString('hex');
  const black = game.feedback === 'black' ? '-black' : '';
  return join(
    cacheDirectory(),
    'optimal',
    `${pegs}x${colors}-${repeat ? 'repeat' : 'distinct'}${black}-${symbols}-expected.json`,
  );
}

/** What a cache file holds: the tree, what it claims to be, and a signature of both. */
interface CacheFile {
  readonly codebreakerCache: 2;
  readonly claims: { rules: unknown; objective: 'expected'; total: number; max: number };
  readonly signature: string;
  readonly tree: TreeJson;
}

/** What a cached strategy's signature is for. */
const PURPOSE = 'optimal-cache';

/**
 * The strategy in the cache file at `path` if it is one for `game` that checks out: its checksum
 * matches, the tree solves every secret, and it plays with the total and maximum it claims.
 * Otherwise why not (undefined: there is no file).
 */
async function readCached(
  path: string,
  game: Game,
  key: SigningKey,
): Promise<Strategy | string | undefined> {
  if (!existsSync(path)) return undefined;
  let text: string;
  try {
    const what = 'the cached strategy';
    const limits = { what, kind: 'bad-tree', maxBytes: MAX_TREE_BYTES } as const;
    text = new TextDecoder().decode(await readBoundedFile(path, limits));
  } catch (error) {
    return (error as Error).message;
  }
  try {
    const file = JSON.parse(text) as Partial<CacheFile>;
    if (file.codebreakerCache !== 2 || !file.claims || !file.tree || !file.signature) {
      return 'it is not a cached strategy with its claims';
    }
    const signed = { claims: file.claims, tree: file.tree };
    if (!key.verify(PURPOSE, signed, file.signature)) {
      return `its signature does not match the key from ${key.source}`;
    }
    const tree = treeFromJson(file.tree);
    if (!sameRules(tree.game.rules, game.rules)) return 'it is for other rules';
    const verdict = verifyTree(tree);
    if (!verdict.valid) return `it does not solve every secret (${verdict.reason})`;
    const { total, max } = summarize(verdict.guesses);
    if (total !== file.claims.total || max !== file.claims.max) {
      return `it plays ${total} guesses (at most ${max}), not the ${file.claims.total} it claims`;
    }
    return treeStrategy(tree, 'optimal');
  } catch {
    return 'it cannot be read';
  }
}

/**
 * The optimal strategy of `game`, from the cache or proved and cached. A cache file that does
 * not check out is said so (`tell` hears one line) and proved again; while proving, `status`
 * shows where the proof stands.
 */
export async function cachedOptimalStrategy(
  game: Game,
  tell: (line: string) => void,
  status: Progress,
): Promise<Strategy> {
  const preset = provedPresetOf(game.rules);
  if (preset) return optimalStrategy(preset);
  const path = optimalTreePath(game);
  const key = loadKey();
  const cached = await readCached(path, game, key);
  if (typeof cached === 'object') return cached;
  if (typeof cached === 'string') {
    tell(`the cached optimal strategy ${path} is not used: ${safeText(cached)}; proving it again`);
  }
  let result: Awaited<ReturnType<typeof findOptimal>>;
  try {
    result = await findOptimal(game, {
      onProgress: ({ best, lowerBound, jobsDone, jobsKnown }) => {
        const found = Number.isFinite(best) ? `best ${best}` : 'no strategy yet';
        status.update(
          0,
          `proving the optimal strategy (once; then cached): ${found} · lower bound ${lowerBound} · jobs ${jobsDone}/${jobsKnown}`,
        );
        return false;
      },
    });
  } finally {
    status.stop();
  }
  const tree = result.tree!;
  const analysis = analyzeTree(tree);
  const treeJson = treeToJson(tree);
  const claims = {
    rules: treeJson.rules,
    objective: 'expected' as const,
    total: analysis.total,
    max: analysis.max,
  };
  const file: CacheFile = {
    codebreakerCache: 2,
    claims,
    signature: key.sign(PURPOSE, { claims, tree: treeJson }),
    tree: treeJson,
  };
  try {
    mkdirSync(join(cacheDirectory(), 'optimal'), { recursive: true });
    writeFileSync(`${path}.tmp`, `${JSON.stringify(file)}\n`);
    renameSync(`${path}.tmp`, path);
  } catch {
    // A cache we cannot write only costs time next run.
  }
  return treeStrategy(tree, 'optimal');
}
