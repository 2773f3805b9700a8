/**
 * The strategy trees that ship with the app, so the classic games' best trees open at once.
 *
 * `scripts/web-trees.ts` (`npm run web:trees`) generates them with the library itself and writes
 * them under web/public/trees/ with a manifest, `index.json`, that lists one tree per preset and
 * the figures it was generated with. The page reads the manifest at start and fetches a tree when
 * it is first wanted; the tests verify every listed tree against its figures. Adding a tree (the
 * optimal Bulls and Cows tree, once computed) means regenerating that entry; no code changes.
 */
import { type PresetName, type Rules, presetOf } from '../src/rules.js';

/** Where the trees are, relative to the page. */
export const TREES_PATH = 'trees/';
/** The manifest's file name in `TREES_PATH`. */
export const MANIFEST_FILE = 'index.json';

/** One shipped tree, as the manifest lists it. */
export interface ShippedTree {
  /** The preset whose rules the tree plays. */
  readonly game: PresetName;
  /** The tree file in `TREES_PATH`, in the format `codebreaker verify` reads. */
  readonly file: string;
  /** The strategy the tree is: `optimal`, or a heuristic's name. */
  readonly strategy: string;
  /** What the tree is, in a phrase shown beside it. */
  readonly title: string;
  /** Whether the tree is proved optimal (least total). */
  readonly proved: boolean;
  readonly secrets: number;
  readonly total: number;
  readonly max: number;
}

/** The manifest: `{"trees":[...]}`. */
export interface TreeManifest {
  readonly trees: readonly ShippedTree[];
}

const FIELDS: Record<keyof ShippedTree, 'string' | 'number' | 'boolean'> = {
  game: 'string',
  file: 'string',
  strategy: 'string',
  title: 'string',
  proved: 'boolean',
  secrets: 'number',
  total: 'number',
  max: 'number',
};

/** Checks the manifest's shape; throws an `Error` naming the first field that is wrong. */
export function readManifest(doc: unknown): TreeManifest {
  const trees = (doc as { trees?: unknown } | null)?.trees;
  if (!Array.isArray(trees)) throw new Error('the tree manifest must be {"trees":[...]}');
  trees.forEach((entry, i) => {
    for (const [field, type] of Object.entries(FIELDS)) {
      const kind: string = typeof (entry as Record<string, unknown>)?.[field];
      if (kind !== type) {
        throw new Error(`tree manifest entry ${i}: '${field}' must be a ${type}`);
      }
    }
  });
  return { trees: trees as ShippedTree[] };
}

/** The tree shipped for these rules (which must be a preset's exactly), if any. */
export function shippedTreeFor(manifest: TreeManifest, rules: Rules): ShippedTree | undefined {
  const preset = presetOf(rules);
  return preset && manifest.trees.find((tree) => tree.game === preset);
}
