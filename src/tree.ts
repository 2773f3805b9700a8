/**
 * Strategy trees: a strategy written out as data.
 *
 * A deterministic strategy is one decision tree: a guess at the root and, after each answer
 * other than all hits, the subtree to play next. Written to a file (tree-json.ts), the tree is a
 * strategy anyone can check without running, or trusting, the program that made it.
 * `verifyTree` walks it with the secrets still possible at each node, as `analyze` walks a
 * strategy, and either reads off every secret's number of guesses or names the first secret (in
 * code order) that the tree fails. Drawn, it is tree-dot.ts's.
 */
import { type Analysis, summarize, walkStrategy } from './analyze.js';
import { type Partition, allCandidates, classOf, partitionInto } from './candidates.js';
import { CodebreakerError } from './errors.js';
import type { Game } from './game.js';
import type { GameState, Strategy, Turn } from './strategy.js';

/** One node of a strategy tree: a guess, and the subtree to play after each answer. */
export interface TreeNode {
  /** The guess, a code index; -1 on a node read from a file whose guess is no code. */
  readonly guess: number;
  /** The subtree after each answer but all hits, by answer index. */
  readonly children: ReadonlyMap<number, TreeNode>;
  /** Only on a node read from a file: what is wrong with its guess or its branches. */
  readonly flaw?: string;
}

/** A strategy tree and the game it plays. */
export interface Tree {
  /** The game the tree plays. */
  readonly game: Game;
  /** The first guess and everything after it. */
  readonly root: TreeNode;
}

/** The outcome of `verifyTree`: every secret's number of guesses, or the first secret it fails. */
export type Verdict =
  | { readonly valid: true; readonly guesses: Uint8Array }
  | { readonly valid: false; readonly secret: number; readonly reason: string };

/** The deepest tree `verifyTree` accepts: guess counts are bytes. */
export const MAX_TREE_DEPTH = 255;

/**
 * The statistics of a tree that must be valid: read off its verification, so a tree is never
 * reported without being played over every secret. Throws `CodebreakerError('bad-tree')` if it
 * fails a secret (`verifyTree` tells which, without throwing).
 */
export function analyzeTree(tree: Tree): Analysis {
  const verdict = verifyTree(tree);
  if (!verdict.valid) {
    throw new CodebreakerError('bad-tree', `the strategy tree fails: ${verdict.reason}`);
  }
  return summarize(verdict.guesses);
}

/** The decision tree of `strategy`, built by walking it once as `analyze` does. */
export function buildTree(game: Game, strategy: Strategy): Tree {
  const writer = treeWriter();
  walkStrategy(game, strategy, writer);
  return { game, root: writer.root! };
}

/**
 * `node`'s tree with every node's branches in answer order, as a single walk builds them (a
 * tree put together from parts walked elsewhere has them in the order they came back).
 */
export function inAnswerOrder(node: TreeNode): TreeNode {
  const answers = [...node.children.keys()].sort((a, b) => a - b);
  return {
    guess: node.guess,
    children: new Map(answers.map((answer) => [answer, inAnswerOrder(node.children.get(answer)!)])),
  };
}

/**
 * What writes a strategy's tree as walkStrategy walks it (its `enter` and `leave`): `root` once
 * the walk has begun, and `open[level]`, the branches of the node at that level of the path the
 * walk is on (a class handed to another thread is put back there: walk.ts).
 */
export function treeWriter(): {
  enter(state: GameState, guess: number): void;
  leave(): void;
  readonly root: TreeNode | undefined;
  readonly open: readonly Map<number, TreeNode>[];
} {
  const open: Map<number, TreeNode>[] = [];
  let root: TreeNode | undefined;
  return {
    enter(state, guess) {
      const node = { guess, children: new Map<number, TreeNode>() };
      const parent = open.at(-1);
      if (parent) parent.set(state.history.at(-1)!.answer, node);
      else root = node;
      open.push(node.children);
    },
    leave() {
      open.pop();
    },
    get root() {
      return root;
    },
    open,
  };
}

/**
 * Visits, depth first and in answer order, every node some secret reaches, with the secrets
 * that reach it, the turns that lead there, and their split by its guess (none on a node whose
 * guess is no code; its `codes` may run on past the secrets). `visit` returns whether to go on
 * into the node's children. The secrets and the split are good only during the visit: each
 * depth reuses its buffers, where making arrays for every node was most of a walk's time in a
 * fresh process.
 */
export function walkTree(
  tree: Tree,
  visit: (
    node: TreeNode,
    candidates: Int32Array,
    history: readonly Turn[],
    split: Partition | undefined,
  ) => boolean,
): void {
  const { game } = tree;
  const history: Turn[] = [];
  const splits: Partition[] = [];
  const answers = new Uint8Array(game.size);
  const next = new Int32Array(game.answers);
  const walk = (node: TreeNode, candidates: Int32Array): void => {
    let split: Partition | undefined;
    if (node.guess >= 0) {
      split = splits[history.length] ??= {
        codes: new Int32Array(game.size),
        start: new Int32Array(game.answers + 1),
      };
      partitionInto(game, node.guess, candidates, split, answers, next);
    }
    if (!visit(node, candidates, history, split) || !split) return;
    for (let answer = 0; answer < game.answers; answer++) {
      const child = node.children.get(answer);
      if (!child || split.start[answer] === split.start[answer + 1]) continue;
      history.push({ guess: node.guess, answer });
      walk(child, classOf(split, answer));
      history.pop();
    }
  };
  walk(tree.root, allCandidates(game));
}

/**
 * Checks that the tree solves every secret of its game. A secret fails when its game meets a
 * defect: a guess that is no code, a guess made before on the same path, a branch keyed by no
 * answer or by an answer no secret still possible gives, or an answer with no branch. Returns
 * every secret's number of guesses (`summarize` them), or the first secret that fails and why.
 */
export function verifyTree(tree: Tree): Verdict {
  const { game } = tree;
  const guesses = new Uint8Array(game.size);
  let failure: { secret: number; reason: string } | undefined;
  const fail = (secret: number, history: readonly Turn[], reason: string): false => {
    if (!failure || secret < failure.secret) {
      failure = { secret, reason: `${pathText(game, history)}${reason}` };
    }
    return false;
  };
  walkTree(tree, (node, candidates, history, split) => {
    const first = candidates[0];
    if (node.flaw !== undefined || !split) return fail(first, history, node.flaw!);
    const depth = history.length + 1;
    if (depth > MAX_TREE_DEPTH) {
      return fail(first, history, `the tree goes deeper than ${MAX_TREE_DEPTH} guesses`);
    }
    const earlier = history.findIndex((turn) => turn.guess === node.guess);
    if (earlier >= 0) {
      return fail(
        first,
        history,
        `the guess ${game.codes.make(node.guess)} repeats guess ${earlier + 1}`,
      );
    }
    for (const answer of node.children.keys()) {
      if (split.start[answer] === split.start[answer + 1]) {
        return fail(
          first,
          history,
          `the guess ${game.codes.make(node.guess)} has a branch for ${game.answerText(answer)}, which no secret still possible gives`,
        );
      }
    }
    for (let answer = 0; answer < game.answers; answer++) {
      const size = split.start[answer + 1] - split.start[answer];
      if (size === 0) continue;
      const secret = split.codes[split.start[answer]];
      if (answer === game.solved) guesses[secret] = depth;
      else if (node.children.size === 0) {
        fail(
          secret,
          history,
          candidates.length === 1
            ? `the tree ends at the guess ${game.codes.make(node.guess)}, but the one secret still possible is ${game.codes.make(secret)}`
            : `the tree ends at the guess ${game.codes.make(node.guess)} with ${candidates.length} secrets still possible`,
        );
      } else if (!node.children.has(answer)) {
        fail(
          secret,
          history,
          `the answer ${game.answerText(answer)} to ${game.codes.make(node.guess)} has no branch`,
        );
      }
    }
    return true;
  });
  return failure ? { valid: false, ...failure } : { valid: true, guesses };
}

/** How many nodes some secret reaches at each depth, the root's first. */
export function treeLevels(tree: Tree): number[] {
  const levels: number[] = [];
  walkTree(tree, (_node, _candidates, history) => {
    levels[history.length] = (levels[history.length] ?? 0) + 1;
    return true;
  });
  return levels;
}

/** "after 0123 0H2B, 1045 1H1B: " for the turns leading to a node; nothing at the root. */
function pathText(game: Game, history: readonly Turn[]): string {
  if (history.length === 0) return '';
  const turns = history.map(
    (turn) => `${game.codes.make(turn.guess)} ${game.answerText(turn.answer)}`,
  );
  return `after ${turns.join(', ')}: `;
}

/** The node of `tree` that `turns` lead to, or undefined once a guess or an answer leaves it. */
export function treeNodeAt(tree: Tree, turns: readonly Turn[]): TreeNode | undefined {
  let node: TreeNode | undefined = tree.root;
  for (const turn of turns) {
    if (node === undefined || node.guess !== turn.guess) return undefined;
    node = node.children.get(turn.answer);
  }
  return node;
}

/** A strategy that plays a tree: at each state, the guess of the node the answers so far lead to. */
export function treeStrategy(tree: Tree, name = 'tree'): Strategy {
  return {
    name,
    choose(state) {
      let node = tree.root;
      for (const turn of state.history) {
        const child = node.children.get(turn.answer);
        if (!child) {
          const { game } = tree;
          const guess = node.guess >= 0 ? game.codes.make(node.guess) : 'a guess that is no code';
          throw new CodebreakerError(
            'bad-tree',
            `the tree has no branch for the answer ${game.answerText(turn.answer)} to ${guess}`,
          );
        }
        node = child;
      }
      return node.guess;
    },
  };
}

/**
 * A tree as a flat list of numbers, for passing between threads and machines and for keeping in
 * checkpoints: each node in preorder as its guess, its number of children, then each child as
 * its answer index followed by its own node.
 */
export function packTree(node: TreeNode): number[] {
  const packed: number[] = [];
  const write = (at: TreeNode): void => {
    packed.push(at.guess, at.children.size);
    for (const [answer, child] of at.children) {
      packed.push(answer);
      write(child);
    }
  };
  write(node);
  return packed;
}

/** The tree `packTree` wrote; throws a `RangeError` if the list is not one. */
export function unpackTree(packed: readonly number[]): TreeNode {
  let at = 0;
  const take = (): number => {
    if (at >= packed.length || !Number.isInteger(packed[at])) {
      throw new RangeError('a packed tree is cut short or holds something else than whole numbers');
    }
    return packed[at++];
  };
  const read = (): TreeNode => {
    const guess = take();
    const count = take();
    const children = new Map<number, TreeNode>();
    for (let i = 0; i < count; i++) {
      const answer = take();
      children.set(answer, read());
    }
    return { guess, children };
  };
  const root = read();
  if (at !== packed.length) throw new RangeError('a packed tree has numbers left over');
  return root;
}
