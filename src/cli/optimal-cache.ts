/**
 * `--strategy optimal` in solve, analyze, play and tree: the optimal strategy (least total) is
 * searched for once per game and kept as a tree file under the user's cache directory
 * ($CODEBREAKER_CACHE_DIR, else $XDG_CACHE_HOME/codebreaker, else ~/.cache/codebreaker), keyed by
 * the rules and the objective, beside what it claims (rules, objective, total, maximum) and a
 * checksum. A file is used only if it checks out: its checksum, a tree that solves every secret,
 * and the total and maximum it claims; any other file is said so in one line and proved again.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { summarize } from '../analyze.js';
import { crc32 } from '../checksum.js';
import type { Game } from '../game.js';
import { sameRules } from '../rules.js';
import { findOptimal } from '../search/optimal.js';
import type { Strategy } from '../strategy.js';
import {
  type TreeJson,
  analyzeTree,
  treeFromJson,
  treeStrategy,
  treeToJson,
  verifyTree,
} from '../tree.js';
import type { Progress } from './progress.js';

/** The directory codebreaker caches results in. */
export function cacheDirectory(): string {
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

/** What a cache file holds: the tree, what it claims to be, and a checksum of both. */
interface CacheFile {
  readonly codebreakerCache: 1;
  readonly claims: { rules: unknown; objective: 'expected'; total: number; max: number };
  readonly checksum: string;
  readonly tree: TreeJson;
}

/** The checksum of a cache file's claims and tree. */
function checksumOf(claims: CacheFile['claims'], tree: TreeJson): string {
  return crc32(new TextEncoder().encode(JSON.stringify({ claims, tree })));
}

/**
 * The strategy in the cache file at `path` if it is one for `game` that checks out: its checksum
 * matches, the tree solves every secret, and it plays with the total and maximum it claims.
 * Otherwise why not (undefined: there is no file).
 */
function readCached(path: string, game: Game): Strategy | string | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const file = JSON.parse(text) as Partial<CacheFile>;
    if (file.codebreakerCache !== 1 || !file.claims || !file.tree || !file.checksum) {
      return 'it is not a cached strategy with its claims';
    }
    if (checksumOf(file.claims, file.tree) !== file.checksum) return 'its checksum does not match';
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
  const path = optimalTreePath(game);
  const cached = readCached(path, game);
  if (typeof cached === 'object') return cached;
  if (typeof cached === 'string') {
    tell(`the cached optimal strategy ${path} is not used: ${cached}; proving it again`);
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
    codebreakerCache: 1,
    claims,
    checksum: checksumOf(claims, treeJson),
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
