/**
 * The classic games' proved optimal trees, which the library ships (`provedTree`): the page
 * offers the optimal strategy for the games that have one, and loads its tree when first wanted
 * (a file of its own in the build, checked over every secret when loaded).
 */
import { type ProvedPreset, provedFigures, provedPresetOf } from '../src/proved-trees.js';
import type { Rules } from '../src/rules.js';

/** A game's shipped optimal tree, as the page describes it before it is loaded. */
export interface ShippedTree {
  /** The preset whose rules the tree plays. */
  readonly game: ProvedPreset;
  readonly secrets: number;
  readonly total: number;
  readonly max: number;
}

/** The tree shipped for these rules (which must be a preset's exactly), if any. */
export function shippedTreeFor(rules: Rules, secrets: number): ShippedTree | undefined {
  const preset = provedPresetOf(rules);
  if (!preset) return undefined;
  const { total, max } = provedFigures(preset);
  return { game: preset, secrets, total, max };
}
