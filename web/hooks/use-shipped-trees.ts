/**
 * The strategy trees the app ships (shipped-trees.ts): the manifest, fetched when the page opens,
 * and the tree of the game shown, fetched when first wanted and kept.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Game } from '../../src/game.js';
import { type TreeJson, treeFromJson } from '../../src/tree-json.js';
import type { Tree } from '../../src/tree.js';
import {
  MANIFEST_FILE,
  type ShippedTree,
  TREES_PATH,
  type TreeManifest,
  readManifest,
  shippedTreeFor,
} from '../shipped-trees.js';

/** A shipped tree, as fetched (for the worker) and as read (for the page). */
export interface LoadedTree {
  readonly json: TreeJson;
  readonly tree: Tree;
}

/** Why the manifest, or a tree (`file`), could not be had. */
export interface LoadError {
  readonly file?: string;
  readonly why: string;
}

/** The shipped trees as the page sees them for `game`. */
export interface ShippedTrees {
  /**
   * Undefined until the list of shipped trees has come (or failed): which strategies a game
   * offers, and so which one plays, waits for it, so a game never starts under one and flips.
   */
  readonly manifest: TreeManifest | undefined;
  /** The tree the game ships, if any. */
  readonly shipped: ShippedTree | undefined;
  /** That tree, once fetched. */
  readonly loaded: LoadedTree | undefined;
  readonly loadError: LoadError | undefined;
  /** Forgets the last error (another game chosen). */
  clearError(): void;
}

async function fetchJson(path: string): Promise<unknown> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return response.json();
}

/** The shipped trees, and the one of `game` fetched when it is first shown. */
export function useShippedTrees(game: Game | undefined): ShippedTrees {
  const [manifest, setManifest] = useState<TreeManifest>();
  const [trees, setTrees] = useState<Readonly<Record<string, LoadedTree>>>({});
  const [loadError, setLoadError] = useState<LoadError>();

  useEffect(() => {
    fetchJson(TREES_PATH + MANIFEST_FILE)
      .then((doc) => setManifest(readManifest(doc)))
      .catch((error: Error) => {
        setManifest({ trees: [] });
        setLoadError({ why: error.message });
      });
  }, []);

  const shipped = game && manifest && shippedTreeFor(manifest, game.rules);
  const loaded = shipped && trees[shipped.file];
  useEffect(() => {
    if (!shipped || loaded) return;
    fetchJson(TREES_PATH + shipped.file)
      .then((doc) => {
        const json = doc as TreeJson;
        setTrees((known) => ({ ...known, [shipped.file]: { json, tree: treeFromJson(json) } }));
      })
      .catch((error: Error) => setLoadError({ file: shipped.file, why: error.message }));
  }, [shipped, loaded]);

  return { manifest, shipped, loaded, loadError, clearError: () => setLoadError(undefined) };
}
