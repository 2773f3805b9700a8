/**
 * Strategy trees as files: `{"rules":{...},"root":{"guess":"0123","children":{...}}}`.
 *
 * A file can be wrong in ways a tree built in memory cannot: a guess that is no code of the
 * rules, a branch keyed by something that is no answer. Parsing keeps such a node, records why
 * in its `flaw`, and leaves the verdict to `verifyTree` (tree.ts), so that the failure is
 * reported against the secrets it affects. Only a file that is not a tree at all (not JSON,
 * wrong shapes or types, bad rules) is bad input.
 */
import { CodebreakerError, quoteInput } from './errors.js';
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
import type { Tree, TreeNode } from './tree.js';

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

/** Reads one node; `where` names it in messages (`root.children['0H2B']`, see `childPlace`). */
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
    flaws.push(`the guess ${quoteInput(written)} is not a code of these rules: ${error.message}`);
  }
  const children = new Map<number, TreeNode>();
  const keys = new Map<number, string>();
  for (const [key, branch] of Object.entries(branches ?? {})) {
    const child = readNode(game, branch, childPlace(where, key));
    let answer: number;
    try {
      answer = game.answerIndex(parseFeedback(key, game.rules));
    } catch (error) {
      if (!(error instanceof CodebreakerError)) throw error;
      flaws.push(
        `the guess ${written} has a branch ${quoteInput(key)} that is no answer: ${error.message}`,
      );
      continue;
    }
    if (answer === game.solved) {
      flaws.push(
        `the guess ${written} has a branch for ${game.answerText(answer)}, but guessing the secret ends the game`,
      );
    } else if (keys.has(answer)) {
      flaws.push(
        `the guess ${written} has two branches for ${game.answerText(answer)}: ${quoteInput(keys.get(answer)!)} and ${quoteInput(key)}`,
      );
    } else {
      keys.set(answer, key);
      children.set(answer, child);
    }
  }
  return flaws.length === 0 ? { guess, children } : { guess, children, flaw: flaws[0] };
}

/** The most characters of a node's place a message gives: a file may nest thousands deep. */
const PLACE_MAX = 200;

/** The place of the branch `key` under the node at `where`, cut with '…' once it is long. */
function childPlace(where: string, key: string): string {
  if (where.endsWith('…')) return where;
  const place = `${where}.children[${quoteInput(key)}]`;
  return place.length > PLACE_MAX ? `${where}…` : place;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badTree(message: string): CodebreakerError {
  return new CodebreakerError('bad-tree', message);
}
