/**
 * Strategy trees: a strategy written out as data.
 *
 * A deterministic strategy is one decision tree: a guess at the root and, after each answer
 * other than all hits, the subtree to play next. Written to a file, the tree is a strategy anyone
 * can check without running, or trusting, the program that made it. `verifyTree` walks it with
 * the secrets still possible at each node, as `analyze` walks a strategy, and either reads off
 * every secret's number of guesses or names the first secret (in code order) that the tree fails.
 *
 * A file can be wrong in ways a tree built in memory cannot: a guess that is no code of the
 * rules, a branch keyed by something that is no answer. Parsing keeps such a node, records why
 * in its `flaw`, and leaves the verdict to `verifyTree`, so that the failure is reported against
 * the secrets it affects. Only a file that is not a tree at all (not JSON, wrong shapes or types,
 * bad rules) is bad input.
 */
import { type Analysis, summarize, walkStrategy } from './analyze.js';
import { type Partition, allCandidates, classOf, partition } from './candidates.js';
import { CodebreakerError } from './errors.js';
import { parseFeedback } from './feedback.js';
import { type Game, gameFor } from './game.js';
import {
  DEFAULT_SYMBOLS,
  FEEDBACK_KINDS,
  type FeedbackKind,
  PRESETS,
  PRESET_NAMES,
  type Rules,
  checkRules,
  rulesJson,
} from './rules.js';
import type { Strategy, Turn } from './strategy.js';

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

/** A node in a tree file, `{"guess":"0123","children":{"0H2B":NODE,...}}`. */
export interface NodeJson {
  /** The guess, written in the alphabet. */
  guess: string;
  /** The subtree after each answer but all hits, keyed by the answer as text (`0H2B`). */
  children: Record<string, NodeJson>;
}

/** A tree file: `{"rules":{...},"root":NODE}`. */
export interface TreeJson {
  /** The rules of the game, as `rulesJson` writes them. */
  rules: Rules;
  /** The first guess and everything after it. */
  root: NodeJson;
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
  const open: Map<number, TreeNode>[] = [];
  let root: TreeNode | undefined;
  walkStrategy(game, strategy, {
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
  });
  return { game, root: root! };
}

/** The tree in the file format, branches in answer order; throws on a flawed node. */
export function treeToJson(tree: Tree): TreeJson {
  const { game } = tree;
  const write = (node: TreeNode): NodeJson => {
    if (node.flaw !== undefined) throw new CodebreakerError('bad-tree', node.flaw);
    const children: Record<string, NodeJson> = {};
    const answers = [...node.children.keys()].sort((a, b) => a - b);
    for (const answer of answers) {
      children[game.answerText(answer)] = write(node.children.get(answer)!);
    }
    return { guess: game.codes.make(node.guess), children };
  };
  return { rules: rulesJson(game.rules), root: write(tree.root) };
}

/**
 * Reads a tree file. Throws `CodebreakerError('bad-tree')` if it is not a tree at all; a tree
 * that breaks the rules of its game is returned, flaws marked, for `verifyTree` to judge.
 */
export function parseTree(text: string): Tree {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw badTree(`the tree file is not JSON: ${(error as Error).message}`);
  }
  return treeFromJson(doc);
}

/** Reads a tree file already parsed from JSON; see `parseTree`. */
export function treeFromJson(doc: unknown): Tree {
  if (!isObject(doc) || !('rules' in doc) || !('root' in doc)) {
    throw badTree('a tree file is one JSON object {"rules":{...},"root":NODE}');
  }
  const game = gameFor(rulesFromJson(doc.rules));
  try {
    return { game, root: readNode(game, doc.root, 'root') };
  } catch (error) {
    if (error instanceof RangeError) throw badTree('the tree is nested too deeply to read');
    throw error;
  }
}

/** Rules from a tree file; the alphabet may be left out for a preset's shape or 0-9 a-z. */
function rulesFromJson(value: unknown): Rules {
  const shape =
    'rules must be {"pegs":N,"colors":K,"repeat":true|false,"alphabet":"..."}, with "feedback":"black" for hits only';
  if (!isObject(value)) throw badTree(shape);
  const { pegs, colors, repeat, alphabet, feedback } = value;
  if (
    typeof pegs !== 'number' ||
    typeof colors !== 'number' ||
    typeof repeat !== 'boolean' ||
    (alphabet !== undefined && typeof alphabet !== 'string') ||
    (feedback !== undefined && !(FEEDBACK_KINDS as readonly unknown[]).includes(feedback))
  ) {
    throw badTree(shape);
  }
  const preset = PRESET_NAMES.map((name) => PRESETS[name].rules).find(
    (rules) => rules.pegs === pegs && rules.colors === colors && rules.repeat === repeat,
  );
  try {
    return checkRules({
      pegs,
      colors,
      repeat,
      alphabet: alphabet ?? preset?.alphabet ?? DEFAULT_SYMBOLS.slice(0, colors),
      feedback: feedback as FeedbackKind | undefined,
    });
  } catch (error) {
    if (error instanceof CodebreakerError) throw badTree(`the tree's rules: ${error.message}`);
    throw error;
  }
}

/** Reads one node; `where` names it in messages (`root.children["0H2B"]`). */
function readNode(game: Game, value: unknown, where: string): TreeNode {
  if (!isObject(value)) throw badTree(`${where} must be a node {"guess":CODE,"children":{...}}`);
  const { guess: written, children: branches } = value;
  if (typeof written !== 'string') throw badTree(`${where}.guess must be a code in quotes`);
  if (branches !== undefined && !isObject(branches)) {
    const example = game.feedback === 'black' ? '"2H"' : '"1H2B"';
    throw badTree(`${where}.children must be an object keyed by answers such as ${example}`);
  }
  const flaws: string[] = [];
  let guess = -1;
  try {
    guess = game.codes.parse(written);
  } catch (error) {
    if (!(error instanceof CodebreakerError)) throw error;
    flaws.push(`the guess '${written}' is not a code of these rules: ${error.message}`);
  }
  const children = new Map<number, TreeNode>();
  const keys = new Map<number, string>();
  for (const [key, branch] of Object.entries(branches ?? {})) {
    const child = readNode(game, branch, `${where}.children[${JSON.stringify(key)}]`);
    let answer: number;
    try {
      answer = game.answerIndex(parseFeedback(key, game.rules));
    } catch (error) {
      if (!(error instanceof CodebreakerError)) throw error;
      flaws.push(`the guess ${written} has a branch '${key}' that is no answer: ${error.message}`);
      continue;
    }
    if (answer === game.solved) {
      flaws.push(
        `the guess ${written} has a branch for ${key}, but guessing the secret ends the game`,
      );
    } else if (keys.has(answer)) {
      flaws.push(
        `the guess ${written} has two branches for ${game.answerText(answer)}: '${keys.get(answer)}' and '${key}'`,
      );
    } else {
      keys.set(answer, key);
      children.set(answer, child);
    }
  }
  return flaws.length === 0 ? { guess, children } : { guess, children, flaw: flaws[0] };
}

/**
 * Visits, depth first and in answer order, every node some secret reaches, with the secrets
 * that reach it, the turns that lead there, and their split by its guess (none on a node whose
 * guess is no code). `visit` returns whether to go on into the node's children.
 */
function walkTree(
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
  const walk = (node: TreeNode, candidates: Int32Array): void => {
    const split = node.guess >= 0 ? partition(game, node.guess, candidates) : undefined;
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
    const guess = game.codes.make(node.guess);
    if (depth > MAX_TREE_DEPTH) {
      return fail(first, history, `the tree goes deeper than ${MAX_TREE_DEPTH} guesses`);
    }
    const earlier = history.findIndex((turn) => turn.guess === node.guess);
    if (earlier >= 0) {
      return fail(first, history, `the guess ${guess} repeats guess ${earlier + 1}`);
    }
    for (const answer of node.children.keys()) {
      if (split.start[answer] === split.start[answer + 1]) {
        return fail(
          first,
          history,
          `the guess ${guess} has a branch for ${game.answerText(answer)}, which no secret still possible gives`,
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
            ? `the tree ends at the guess ${guess}, but the one secret still possible is ${game.codes.make(secret)}`
            : `the tree ends at the guess ${guess} with ${candidates.length} secrets still possible`,
        );
      } else if (!node.children.has(answer)) {
        fail(secret, history, `the answer ${game.answerText(answer)} to ${guess} has no branch`);
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

/** Options of `treeToDot`. */
export interface DotOptions {
  /** Draw this many levels of guesses; each subtree below becomes one "… n secrets" node. */
  depth?: number;
  /** A caption above the drawing. */
  title?: string;
}

/**
 * The tree as a Graphviz DOT digraph: each node labelled by its guess and how many secrets are
 * still possible there (a guess that can only be the secret gets a double border), each edge by
 * its answer. Nodes no secret reaches are left out.
 */
export function treeToDot(tree: Tree, options: DotOptions = {}): string {
  const { game } = tree;
  const depth = options.depth ?? Number.POSITIVE_INFINITY;
  const lines = [
    'digraph strategy {',
    '  node [shape=box, style=rounded, fontname="Helvetica"];',
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  if (options.title !== undefined) {
    lines.push(`  labelloc=t; label="${dotEscape(options.title)}";`);
  }
  const path: number[] = [];
  let next = 0;
  walkTree(tree, (node, candidates, history) => {
    const level = history.length;
    const id = next++;
    path[level] = id;
    if (level > 0) {
      const answer = game.answerText(history[level - 1].answer);
      lines.push(`  n${path[level - 1]} -> n${id} [label="${answer}"];`);
    }
    const left = candidates.length;
    if (level >= depth) {
      lines.push(`  n${id} [label="… ${left} secret${left === 1 ? '' : 's'}", shape=plaintext];`);
      return false;
    }
    if (node.guess < 0) {
      lines.push(`  n${id} [label="not a code", color=red];`);
      return false;
    }
    const guess = dotEscape(game.codes.make(node.guess));
    if (left === 1 && candidates[0] === node.guess) {
      lines.push(`  n${id} [label="${guess}", peripheries=2];`);
    } else {
      lines.push(`  n${id} [label="${guess}\\n${left} left"];`);
    }
    return true;
  });
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** "after 0123 0H2B, 1045 1H1B: " for the turns leading to a node; nothing at the root. */
function pathText(game: Game, history: readonly Turn[]): string {
  if (history.length === 0) return '';
  const turns = history.map(
    (turn) => `${game.codes.make(turn.guess)} ${game.answerText(turn.answer)}`,
  );
  return `after ${turns.join(', ')}: `;
}

function dotEscape(text: string): string {
  return text.replace(/[\\"]/g, '\\$&');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badTree(message: string): CodebreakerError {
  return new CodebreakerError('bad-tree', message);
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
