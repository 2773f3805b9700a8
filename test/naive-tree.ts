/**
 * A deliberately simple checker of strategy-tree files, written from the contract and the
 * definition of each defect: it plays every secret down the JSON tree with string codes and
 * `naiveScore`, and shares no code with src/tree.ts.
 */
import { naiveCodes, naiveScore } from './naive.js';

/** A node of a tree file, as JSON.parse gives it. */
export interface JsonNode {
  guess: string;
  children: Record<string, JsonNode>;
}

/** What goes wrong first for a secret, as a kind. */
export type NaiveDefect = 'guess' | 'key' | 'repeat' | 'dead' | 'off';

/** The first failing secret and the kind of defect, or each secret's number of guesses. */
export type NaiveVerdict =
  | { valid: true; guesses: number[] }
  | { valid: false; secret: string; defect: NaiveDefect };

/**
 * A checker of tree files for these rules: it plays every secret down the tree, in code order.
 * With `blackPegsOnly`, answers are the hits alone, keyed `2H`.
 */
export function naiveTreeChecker(
  pegs: number,
  alphabet: string,
  repeat: boolean,
  blackPegsOnly = false,
): (root: JsonNode) => NaiveVerdict {
  const codes = naiveCodes(pegs, alphabet, repeat);
  const text = (secret: string, guess: string): string => {
    const [hits, blows] = naiveScore(secret, guess);
    return blackPegsOnly ? `${hits}H` : `${hits}H${blows}B`;
  };
  const solved = blackPegsOnly ? `${pegs}H` : `${pegs}H0B`;
  // The answers some secret gives some guess, listed the first time a key needs them.
  let possible: Set<string> | undefined;
  const isAnswer = (key: string): boolean => {
    if (!possible) {
      possible = new Set();
      for (const guess of codes) for (const secret of codes) possible.add(text(secret, guess));
    }
    return possible.has(key);
  };
  const isCode = (guess: string) => codes.includes(guess);
  return (root) => naiveVerify(root, codes, text, solved, isAnswer, isCode);
}

function naiveVerify(
  root: JsonNode,
  codes: string[],
  text: (secret: string, guess: string) => string,
  solved: string,
  isAnswer: (key: string) => boolean,
  isCode: (guess: string) => boolean,
): NaiveVerdict {
  // Which answers the secrets that reach each node give there.
  const given = new Map<JsonNode, Set<string>>();
  for (const secret of codes) {
    let node: JsonNode | undefined = root;
    for (let step = 0; node && isCode(node.guess) && step < codes.length; step++) {
      const answer = text(secret, node.guess);
      if (!given.has(node)) given.set(node, new Set());
      given.get(node)!.add(answer);
      if (answer === solved) break;
      node = node.children[answer];
    }
  }

  const guesses: number[] = [];
  for (const secret of codes) {
    const path: string[] = [];
    let node = root;
    const fail = (defect: NaiveDefect): NaiveVerdict => ({ valid: false, secret, defect });
    for (;;) {
      if (!isCode(node.guess)) return fail('guess');
      const keys = Object.keys(node.children);
      // A key some secret here gives is an answer; any other is looked up among them all.
      const here = given.get(node)!;
      if (keys.some((key) => key === solved || (!here.has(key) && !isAnswer(key)))) {
        return fail('key');
      }
      if (path.includes(node.guess)) return fail('repeat');
      if (keys.some((key) => !here.has(key))) return fail('dead');
      path.push(node.guess);
      const answer = text(secret, node.guess);
      if (answer === solved) break;
      const child = node.children[answer];
      if (!child) return fail('off');
      node = child;
    }
    guesses.push(path.length);
  }
  return { valid: true, guesses };
}
