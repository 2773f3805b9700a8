/**
 * The strategy of a `holds: true` claim: a tree in the format of docs/cli.md, walked with every
 * secret of the game at once. At each node the secrets that reach it are split by their answer to
 * its guess; the one equal to the guess is found there, and must be found within the depth; each
 * other answer must have its child, and each child must be reached by some secret. The walk keeps
 * its own stack, so a deep tree cannot overflow the call stack.
 */
import { Flaw, describe, quote } from './flaw.js';
import type { Game } from './game.js';
import { JsonObject, type JsonValue, readFields } from './json.js';
import { type Turn, positionText } from './refutation.js';

/** A node to walk: the secrets that reach it, by which turns, at which guess number. */
interface Visit {
  readonly node: JsonValue;
  readonly secrets: Int32Array;
  readonly turns: readonly Turn[];
  readonly guessNumber: number;
}

/**
 * Checks that the tree of the line `value` (`{"tree":NODE}`) finds every secret within `depth`
 * guesses; returns the number of its nodes. Throws a `Flaw` naming the node at its first flaw.
 */
export function checkTree(game: Game, depth: number, value: JsonValue): number {
  const line = readFields(value, 'the tree line', ['tree'], ['tree']);
  const stack: Visit[] = [
    { node: line.get('tree') ?? null, secrets: game.allCodes(), turns: [], guessNumber: 1 },
  ];
  let nodes = 0;
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { secrets, turns, guessNumber } = visit;
    const at = positionText(game, turns);
    const fail = (why: string): never => {
      throw new Flaw(why, at);
    };
    let fields: Map<string, JsonValue>;
    let g: number;
    try {
      fields = readFields(visit.node, 'a tree node', ['guess', 'children'], ['guess']);
      g = game.parseCode(fields.get('guess'), 'the guess');
    } catch (error) {
      if (error instanceof Flaw) return fail(error.message);
      throw error;
    }
    const guess = game.makeCode(g);
    if (guessNumber > depth) {
      fail(
        `the secret ${game.makeCode(secrets[0])} is not found within ${depth} guesses: it reaches this node's guess ${guess}, guess ${guessNumber}`,
      );
    }
    const children = fields.get('children') ?? new JsonObject([]);
    if (!(children instanceof JsonObject)) {
      return fail(`the children of ${guess} are ${describe(children)}, not an object`);
    }
    // The secrets each answer leaves, the guess itself found here.
    const classes = new Map<number, number[]>();
    for (const s of secrets) {
      if (s === g) continue;
      const a = game.answer(g, s);
      const members = classes.get(a);
      if (members) members.push(s);
      else classes.set(a, [s]);
    }
    const childOf = new Map<number, JsonValue>();
    for (const [key, child] of children.entries) {
      let a: number;
      try {
        a = game.parseAnswer(key, `the key of a child of ${guess}`);
      } catch (error) {
        if (error instanceof Flaw) return fail(error.message);
        throw error;
      }
      if (a === game.winning) fail(`the winning answer ${quote(key)} is a key: it is never one`);
      if (childOf.has(a))
        fail(`two keys of the children of ${guess} name the answer ${quote(key)}`);
      if (!classes.has(a)) {
        fail(
          `the child ${quote(key)} of ${guess} is reached by no secret: no secret here gets that answer`,
        );
      }
      childOf.set(a, child);
    }
    for (const [a, members] of classes) {
      if (!childOf.has(a)) {
        fail(
          `the secret ${game.makeCode(members[0])} gets ${game.makeAnswer(a)} to ${guess} here, and there is no child for that answer`,
        );
      }
    }
    // Pushed last to first, so that children are walked (and flaws found) in the order written.
    for (const [a, child] of [...childOf].reverse()) {
      stack.push({
        node: child,
        secrets: Int32Array.from(classes.get(a) ?? []),
        turns: [...turns, [g, a]],
        guessNumber: guessNumber + 1,
      });
    }
    nodes++;
  }
  return nodes;
}
