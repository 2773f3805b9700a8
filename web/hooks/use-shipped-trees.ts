/**
 * The proved tree of the game shown (shipped-trees.ts), loaded when first wanted and kept.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Game } from '../../src/game.js';
import { provedTree } from '../../src/proved-trees.js';
import { type TreeJson, treeToJson } from '../../src/tree-json.js';
import type { Tree } from '../../src/tree.js';
import { type ShippedTree, shippedTreeFor } from '../shipped-trees.js';

/** A shipped tree, as loaded (for the page) and written out (for the workers). */
export interface LoadedTree {
  readonly json: TreeJson;
  readonly tree: Tree;
}

/** Why a game's tree (`game`) could not be loaded. */
export interface LoadError {
  readonly game: string;
  readonly why: string;
}

/** The shipped tree as the page sees it for `game`. */
export interface ShippedTrees {
  /** The tree the game ships, if any. */
  readonly shipped: ShippedTree | undefined;
  /** That tree, once loaded. */
  readonly loaded: LoadedTree | undefined;
  readonly loadError: LoadError | undefined;
  /** Forgets the last error (another game chosen). */
  clearError(): void;
}

/** The shipped tree of `game`, loaded when it is first shown. */
export function useShippedTrees(game: Game | undefined): ShippedTrees {
  const [trees, setTrees] = useState<Readonly<Record<string, LoadedTree>>>({});
  const [loadError, setLoadError] = useState<LoadError>();
  const shipped = game && shippedTreeFor(game.rules, game.size);
  const preset = shipped?.game;
  const loaded = preset && trees[preset];
  useEffect(() => {
    if (!preset || loaded) return;
    provedTree(preset)
      .then((tree) => {
        setTrees((known) => ({ ...known, [preset]: { tree, json: treeToJson(tree) } }));
      })
      .catch((error: Error) => setLoadError({ game: preset, why: error.message }));
  }, [preset, loaded]);
  return { shipped, loaded, loadError, clearError: () => setLoadError(undefined) };
}
