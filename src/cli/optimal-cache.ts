/**
 * `--strategy optimal` in solve, analyze, play and tree: the optimal strategy (least total) is
 * searched for once per game and kept as a tree file under the user's cache directory
 * ($CODEBREAKER_CACHE_DIR, else $XDG_CACHE_HOME/codebreaker, else ~/.cache/codebreaker), keyed by
 * the rules and the objective. A file that cannot be read as a tree of those rules is rebuilt.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Game } from '../game.js';
import { sameRules } from '../rules.js';
import { findOptimal } from '../search/optimal.js';
import type { Strategy } from '../strategy.js';
import { treeFromJson, treeStrategy, treeToJson } from '../tree.js';

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
  return join(
    cacheDirectory(),
    'optimal',
    `${pegs}x${colors}-${repeat ? 'repeat' : 'distinct'}-${symbols}-expected.json`,
  );
}

/** The optimal strategy of `game`, from the cache or searched for and cached. */
export async function cachedOptimalStrategy(game: Game): Promise<Strategy> {
  const path = optimalTreePath(game);
  try {
    const tree = treeFromJson(JSON.parse(readFileSync(path, 'utf8')));
    if (sameRules(tree.game.rules, game.rules)) return treeStrategy(tree, 'optimal');
  } catch {
    // Missing or unreadable: search again below.
  }
  const { tree } = await findOptimal(game);
  try {
    mkdirSync(join(cacheDirectory(), 'optimal'), { recursive: true });
    writeFileSync(`${path}.tmp`, `${JSON.stringify(treeToJson(tree!))}\n`);
    renameSync(`${path}.tmp`, path);
  } catch {
    // A cache we cannot write only costs time next run.
  }
  return treeStrategy(tree!, 'optimal');
}
