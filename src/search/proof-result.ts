/**
 * A proof's result, made in one place: the strategy's tree put together from the packed trees
 * of its classes, checked when any of them was read back from outside this process, with its
 * cost and what the proof settled; and the strategy a proof stopped before its first one falls
 * back on.
 */
import { summarize } from '../analyze.js';
import type { Game } from '../game.js';
import { heuristicStrategy } from '../strategies/heuristic.js';
import {
  type Tree,
  type TreeNode,
  analyzeTree,
  buildTree,
  packTree,
  treeStrategy,
  unpackTree,
  verifyTree,
} from '../tree.js';
import { type Objective, costOfHistogram, costTotal } from './cost.js';
import type { Ledger } from './proof-ledger.js';
import { untrusted } from './proof-ledger.js';
import type { OptimalResult } from './proof-types.js';

/** The packed tree of `guess` with the packed subtrees of its answers, in answer order. */
export function packChildren(
  guess: number,
  children: ReadonlyMap<number, readonly number[]>,
): number[] {
  const packed = [guess, children.size];
  for (const answer of [...children.keys()].sort((a, b) => a - b)) {
    packed.push(answer);
    for (const value of children.get(answer)!) packed.push(value);
  }
  return packed;
}

/** What a result is made from besides the strategy found: the proof as it stands at the end. */
export interface ProofEnd {
  readonly game: Game;
  readonly objective: Objective;
  /** The depth budget searched last. */
  readonly depth: number;
  /** The search settled for the first strategy that keeps to the depth (`depth` objective). */
  readonly firstFound: boolean;
  readonly ledger: Ledger;
  readonly nodes: number;
  readonly lookaheads: number;
  /** The proof's lower bound on the total where it stopped short. */
  readonly lowerBound: number;
  /** `below`: see `OptimalResult.below`. */
  readonly below?: number;
}

/**
 * The result of a proof that ends with the strategy `root` (packed; none if it found none) of
 * packed cost `cost`, settled (`proved`) or the best before a stop; `exhaustive` but not
 * `proved`: the fallback of a search that found nothing below its `below`.
 */
export function proofResult(
  end: ProofEnd,
  root: readonly number[] | undefined,
  cost: number,
  proved: boolean,
  exhaustive = proved,
): OptimalResult {
  const { game, firstFound, depth, ledger } = end;
  const tree = root && { game, root: unpack(root, ledger) };
  if (tree && ledger.readBack()) checkReadBack(tree, end, firstFound ? undefined : cost);
  // A strategy settled for is not the least of anything: its cost is what its tree plays (a
  // class solved again after the cache let it go may have settled for another strategy).
  const played =
    tree && firstFound ? costOfHistogram(end.objective, depth, analyzeTree(tree).histogram) : cost;
  const impossible = proved && !root;
  // Under `depth` the bound is on the worst case: every depth below the one searched failed.
  const lowerBound = impossible
    ? Number.POSITIVE_INFINITY
    : firstFound
      ? depth
      : proved
        ? costTotal(cost)
        : end.lowerBound;
  return {
    tree,
    strategy: tree && treeStrategy(tree, 'optimal'),
    cost: played,
    proved,
    exhaustive,
    lowerBound,
    depth,
    nodes: end.nodes,
    lookaheads: end.lookaheads,
    impossible,
    resumed: ledger.resumed,
    ...(end.below === undefined ? {} : { below: end.below }),
  };
}

/** The tree `packed` holds; one that is not a tree can only come from outside. */
function unpack(packed: readonly number[], ledger: Ledger): TreeNode {
  try {
    return unpackTree(packed);
  } catch (error) {
    if (!(error instanceof RangeError) || !ledger.readBack()) throw error;
    throw untrusted();
  }
}

/**
 * A strategy assembled from answers read back is checked before it is believed: it must play,
 * and at `cost` if given.
 */
function checkReadBack(tree: Tree, end: ProofEnd, cost: number | undefined): void {
  const verdict = verifyTree(tree);
  if (!verdict.valid) throw untrusted();
  const { histogram } = summarize(verdict.guesses);
  if (cost === undefined) return;
  if (costOfHistogram(end.objective, end.depth, histogram) !== cost) throw untrusted();
}

/**
 * What a proof stopped before its first strategy falls back on: Irving's expected size, if it
 * keeps to `depth` (packed, with its cost as `objective` counts it).
 */
export function fallbackStrategy(
  game: Game,
  consistentOnly: boolean,
  objective: Objective,
  depth: number,
): { root: readonly number[]; cost: number } | undefined {
  const tree = buildTree(game, heuristicStrategy('expected-size', { consistentOnly }));
  const { max, histogram } = analyzeTree(tree);
  if (max > depth) return undefined;
  return { root: packTree(tree.root), cost: costOfHistogram(objective, depth, histogram) };
}
