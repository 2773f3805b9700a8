/**
 * The proved optimal strategies that ship with the library, as trees: classic Mastermind, Bulls
 * and Cows, Hit & Blow and Numer0n, each the least total over every secret that an exhaustive
 * search proved (Bulls and Cows's takes half an hour on two cores; the others under a second).
 *
 * A tree's data (src/proved-trees/, written by `scripts/proved-trees.ts`) is loaded when first
 * asked for, so the library's entry stays small. What it claims (the total and the worst case)
 * is written here, apart from the data, and the data is trusted only after it has been played
 * over every secret of its game and found to solve each of them with exactly that total and
 * worst case: damaged or altered data is refused, never played.
 */
import { summarize } from './analyze.js';
import { CodebreakerError } from './errors.js';
import { gameFor } from './game.js';
import { PRESETS, type PresetName, type Rules, presetByName, presetOf } from './rules.js';
import type { Strategy } from './strategy.js';
import { type Tree, treeStrategy, unpackTree, verifyTree } from './tree.js';

/** The presets whose proved optimal tree ships with the library. */
export const PROVED_PRESETS = ['mastermind', 'moo', 'hit-and-blow', 'numeron'] as const;
/** A preset whose proved optimal tree ships with the library. */
export type ProvedPreset = (typeof PROVED_PRESETS)[number];

/** What a shipped tree must play: the least total its proof found, and its worst case. */
interface Claim {
  readonly total: number;
  readonly max: number;
  /** The tree's data: `packTree`'s numbers in base 36, separated by spaces. */
  readonly load: () => Promise<{ readonly PACKED: string }>;
}

// Each `import()` names its module in full, so that a bundler splits each tree into a file of its
// own and a page fetches only the one it plays.
const CLAIMS: Record<ProvedPreset, Claim> = {
  mastermind: { total: 5625, max: 6, load: () => import('./proved-trees/mastermind.js') },
  moo: { total: 26274, max: 7, load: () => import('./proved-trees/moo.js') },
  'hit-and-blow': { total: 1446, max: 5, load: () => import('./proved-trees/hit-and-blow.js') },
  numeron: { total: 3575, max: 7, load: () => import('./proved-trees/numeron.js') },
};

/** Trees already loaded and checked, by preset. */
const loaded = new Map<ProvedPreset, Promise<Tree>>();

/** Whether the preset `preset` ships a proved tree. */
function isProved(preset: PresetName): preset is ProvedPreset {
  return (PROVED_PRESETS as readonly PresetName[]).includes(preset);
}

/** The preset with a shipped proved tree whose rules are exactly `rules`, if there is one. */
export function provedPresetOf(rules: Rules): ProvedPreset | undefined {
  const preset = presetOf(rules);
  return preset && isProved(preset) ? preset : undefined;
}

/** The preset `name` (or an alias of one) names, if it ships a proved tree. */
function provedPreset(name: string): ProvedPreset {
  const preset: PresetName = presetByName(name);
  if (!isProved(preset)) {
    throw new CodebreakerError(
      'bad-option',
      `no proved tree ships for ${preset}: the library has ${PROVED_PRESETS.join(', ')}`,
    );
  }
  return preset;
}

/**
 * The tree of `packed` (base-36 numbers) for the preset's game, once it has been played over
 * every secret and found to keep to `claim`. Throws `CodebreakerError('bad-tree')` otherwise.
 */
export function checkedTree(preset: ProvedPreset, packed: string, claim: Claim): Tree {
  const game = gameFor(PRESETS[preset].rules);
  const numbers = packed.split(' ').map((word) => Number.parseInt(word, 36));
  let tree: Tree;
  try {
    tree = { game, root: unpackTree(numbers) };
  } catch (error) {
    throw new CodebreakerError(
      'bad-tree',
      `the proved tree of ${preset} is damaged: ${(error as Error).message}`,
    );
  }
  const verdict = verifyTree(tree);
  if (!verdict.valid) {
    throw new CodebreakerError(
      'bad-tree',
      `the proved tree of ${preset} is damaged: ${verdict.reason}`,
    );
  }
  const { total, max } = summarize(verdict.guesses);
  if (total !== claim.total || max !== claim.max) {
    throw new CodebreakerError(
      'bad-tree',
      `the proved tree of ${preset} plays a total of ${total} at most ${max} guesses, not the ${claim.total} at most ${claim.max} proved`,
    );
  }
  return tree;
}

/**
 * The proved optimal tree of a classic game (`PROVED_PRESETS`, or an alias such as
 * `bulls-and-cows`): the least total over every secret, ties to the smaller worst case. Loaded
 * when first asked for and checked against its proof's figures before it is returned.
 * Throws `CodebreakerError('bad-option')` for a game without one (`bad-rules` for no game).
 */
export async function provedTree(name: string): Promise<Tree> {
  const preset = provedPreset(name);
  let tree = loaded.get(preset);
  if (!tree) {
    const claim = CLAIMS[preset];
    tree = claim.load().then(({ PACKED }) => checkedTree(preset, PACKED, claim));
    // A failure is not kept: the next call tries again.
    tree.catch(() => loaded.delete(preset));
    loaded.set(preset, tree);
  }
  return tree;
}

/**
 * The proved optimal strategy of a classic game, played from its shipped tree (`provedTree`):
 * each guess a lookup, so it chooses at once. Its name is `optimal`.
 */
export async function optimalStrategy(name: string): Promise<Strategy> {
  return treeStrategy(await provedTree(name), 'optimal');
}

/**
 * What the proof of a classic game's optimal strategy found (`PROVED_PRESETS`, or an alias): its
 * least total and that strategy's worst case, which `provedTree` checks its tree against. At
 * once, without loading the tree.
 */
export function provedFigures(name: string): { readonly total: number; readonly max: number } {
  const { total, max } = CLAIMS[provedPreset(name)];
  return { total, max };
}
