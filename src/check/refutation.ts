/**
 * The refutation of a `holds: false` claim: its nodes one line at a time, in depth-first
 * pre-order. A stack holds the nodes expected next (position, guesses left, and the class of the
 * parent, from which the node's own class is narrowed by its last turn); so memory is the depth
 * times the widest node, whatever the length of the file. Each node is checked on arrival: its
 * class recomputed, its symmetries checked to map the class onto itself, and every orbit of codes
 * refuted by a child (which must follow) or by the bound.
 */
import { Flaw, describe } from './flaw.js';
import type { Game } from './game.js';
import { JsonObject, type JsonValue, readFields } from './json.js';
import { checkMapsClass, orbits, parseSymmetries } from './symmetry.js';

/** A turn of a position: a guess and its answer, as indices. */
export type Turn = readonly [guess: number, answer: number];

/** A node expected to come: where it is, its guesses left, and its parent's class. */
interface Expected {
  readonly turns: readonly Turn[];
  readonly left: number;
  readonly parentClass: Int32Array | undefined;
}

/** A position as the file writes it: `[["1123","0H1B"]]`. */
export function positionText(game: Game, turns: readonly Turn[]): string {
  return JSON.stringify(turns.map(([g, a]) => [game.makeCode(g), game.makeAnswer(a)]));
}

/** The nodes of a refutation of "solvable within `depth`", checked as they come. */
export class Refutation {
  private readonly stack: Expected[];
  /** The nodes checked so far. */
  nodes = 0;

  constructor(
    private readonly game: Game,
    depth: number,
  ) {
    this.stack = [{ turns: [], left: depth, parentClass: undefined }];
  }

  /** Whether every node expected has come. */
  done(): boolean {
    return this.stack.length === 0;
  }

  /** The position of the node expected next, as text, or undefined when none is. */
  expectedPosition(): string | undefined {
    const next = this.stack.at(-1);
    return next && positionText(this.game, next.turns);
  }

  /** A description of the node expected next, for the flaw of a file that ends early. */
  expectedNode(): string {
    const next = this.stack.at(-1);
    return next ? `the node at ${positionText(this.game, next.turns)} with ${next.left} left` : '';
  }

  /** Checks the node `value`, the next line; throws a `Flaw` at its first flaw. */
  node(value: JsonValue): void {
    const { game } = this;
    const expected = this.stack.pop();
    if (!expected) throw new Flaw('a line after the last node: nothing may follow it');
    const fields = readFields(
      value,
      'the node',
      ['at', 'left', 'symmetries', 'refuted'],
      ['at', 'left', 'refuted'],
    );
    this.checkPosition(fields.get('at'), expected.turns);
    const left = fields.get('left');
    if (left !== expected.left) {
      throw new Flaw(`left is ${describe(left)}; the node expected here has ${expected.left} left`);
    }
    const symmetries = parseSymmetries(fields.get('symmetries'), game);
    const refuted = this.parseRefuted(fields.get('refuted'));

    const last = expected.turns.at(-1);
    const codes =
      expected.parentClass && last
        ? game.narrow(expected.parentClass, last[0], last[1])
        : game.allCodes();
    if (codes.length === 0) throw new Error('a node with an empty class was expected');
    checkMapsClass(game, symmetries, codes);

    for (const [g, a] of refuted) {
      const guess = game.makeCode(g);
      if (expected.left === 1) {
        throw new Flaw(
          `refuted names ${guess}, but with 1 guess left its child would have 0: a guess is then refuted by the bound alone`,
        );
      }
      let size = 0;
      for (const s of codes) if (s !== g && game.answer(g, s) === a) size++;
      if (size === 0) {
        throw new Flaw(
          `refuted names ${guess} with ${game.makeAnswer(a)}, but no code of the class other than ${guess} gets that answer: the class is empty`,
        );
      }
    }
    this.checkOrbits(codes, expected.left, orbits(game, symmetries), refuted);

    for (let i = refuted.length - 1; i >= 0; i--) {
      this.stack.push({
        turns: [...expected.turns, refuted[i]],
        left: expected.left - 1,
        parentClass: codes,
      });
    }
    this.nodes++;
  }

  /** Throws a `Flaw` unless `value`, a node's `at`, is the position `turns`. */
  private checkPosition(value: JsonValue | undefined, turns: readonly Turn[]): void {
    const { game } = this;
    const expected = positionText(game, turns);
    const differs: (why: string) => never = (why) => {
      throw new Flaw(`at ${why}; the node expected here is at ${expected}`);
    };
    if (!Array.isArray(value)) differs(`is ${describe(value)}, not a list of turns`);
    if (value.length !== turns.length) differs(`has ${value.length} turns`);
    value.forEach((turn, i) => {
      if (!Array.isArray(turn) || turn.length !== 2) {
        differs(`[${i}] is ${describe(turn)}, not a pair [guess, answer]`);
        return;
      }
      const g = game.parseCode(turn[0], `at[${i}]'s guess`);
      const a = game.parseAnswer(turn[1], `at[${i}]'s answer`);
      if (g !== turns[i][0] || a !== turns[i][1]) differs(`[${i}] is ${JSON.stringify(turn)}`);
    });
  }

  /** A node's `refuted` as [guess, answer] pairs, its keys checked to be in code order. */
  private parseRefuted(value: JsonValue | undefined): Turn[] {
    const { game } = this;
    if (!(value instanceof JsonObject)) {
      throw new Flaw(`refuted is ${describe(value)}, not an object`);
    }
    const turns: Turn[] = [];
    for (const [key, answer] of value.entries) {
      const g = game.parseCode(key, 'a guess of refuted');
      const a = game.parseAnswer(answer, `the answer refuted gives ${game.makeCode(g)}`);
      const previous = turns.at(-1);
      if (previous && previous[0] >= g) {
        throw new Flaw(
          `refuted's keys are not in code order: ${game.makeCode(g)} comes after ${game.makeCode(previous[0])}`,
        );
      }
      turns.push([g, a]);
    }
    return turns;
  }

  /**
   * Throws a `Flaw` unless every orbit (`orbit[x]` is x's representative, the least code of its
   * orbit) holds a refuted guess: one in `refuted` (its child follows and is checked there), or
   * one the bound refutes, for it leaves a class of more than N(left - 1) codes.
   */
  private checkOrbits(
    codes: Int32Array,
    left: number,
    orbit: Int32Array,
    refuted: readonly Turn[],
  ): void {
    const { game } = this;
    const named = new Set(refuted.map(([g]) => g));
    const limit = game.bound(left - 1);
    const counts = new Int32Array(game.answerCount);
    const largestClass = (g: number, stopAbove: number): number => {
      counts.fill(0);
      let largest = 0;
      for (const s of codes) {
        if (s === g) continue;
        const size = ++counts[game.answer(g, s)];
        if (size > largest) largest = size;
        if (largest > stopAbove) break;
      }
      return largest;
    };
    const covered = new Uint8Array(game.size);
    for (let g = 0; g < game.size; g++) {
      const root = orbit[g];
      if (covered[root]) continue;
      if (named.has(g) || largestClass(g, limit) > limit) covered[root] = 1;
    }
    for (let g = 0; g < game.size; g++) {
      if (covered[orbit[g]]) continue;
      let orbitSize = 0;
      for (let x = 0; x < game.size; x++) if (orbit[x] === orbit[g]) orbitSize++;
      throw new Flaw(
        `no guess of the orbit of ${game.makeCode(g)} (${orbitSize} code${orbitSize === 1 ? '' : 's'}) is refuted: ${game.makeCode(g)} is not in refuted, and the largest class it leaves has ${largestClass(g, Number.POSITIVE_INFINITY)} codes, not more than N(${left - 1}) = ${limit}`,
      );
    }
  }
}
