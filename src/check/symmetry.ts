/**
 * The symmetries a node names: permutations of places and colours, checked to be permutations,
 * applied to codes, checked to map the node's class into itself, and the orbits of every code
 * under the group they generate (union-find over x ~ σ(x) for each given σ: in a finite group the
 * inverses are powers, so these are the orbits of the generated group).
 */
import { Flaw, describe } from './flaw.js';
import type { Game } from './game.js';
import { type JsonValue, readFields } from './json.js';

/** The most symmetries one node may name (a generating set needs far fewer). */
export const MAX_SYMMETRIES = 256;

/** One symmetry: place i moves to `places[i]`, colour k becomes `colours[k]`. */
export interface Symmetry {
  readonly places: readonly number[];
  readonly colours: readonly number[];
}

/** `value` as a permutation of 0..n-1, or a `Flaw` naming `what`. */
function parsePermutation(value: JsonValue | undefined, n: number, what: string): number[] {
  if (!Array.isArray(value) || value.length !== n) {
    throw new Flaw(`${what} is ${describe(value)}, not a list of ${n} numbers`);
  }
  const seen = new Set<number>();
  for (const item of value) {
    if (typeof item !== 'number' || item < 0 || item >= n || seen.has(item)) {
      throw new Flaw(`${what} is not a permutation of 0 to ${n - 1}: ${JSON.stringify(value)}`);
    }
    seen.add(item);
  }
  return value as number[];
}

/** The `symmetries` of a node (absent: none), each checked to be permutations of the game's. */
export function parseSymmetries(value: JsonValue | undefined, game: Game): Symmetry[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Flaw(`symmetries is ${describe(value)}, not a list`);
  if (value.length > MAX_SYMMETRIES) {
    throw new Flaw(`${value.length} symmetries, more than the ${MAX_SYMMETRIES} a node may name`);
  }
  return value.map((item, index) => {
    const what = `symmetries[${index}]`;
    const fields = readFields(item, what, ['places', 'colours'], ['places', 'colours']);
    return {
      places: parsePermutation(fields.get('places'), game.rules.pegs, `${what}.places`),
      colours: parsePermutation(fields.get('colours'), game.rules.colors, `${what}.colours`),
    };
  });
}

/** σ(x): the colour at place i of x, renamed by `colours`, put at place `places[i]`. */
export function applySymmetry(game: Game, symmetry: Symmetry, x: number): number {
  const { pegs } = game.rules;
  const image: number[] = new Array(pegs);
  for (let i = 0; i < pegs; i++) {
    image[symmetry.places[i]] = symmetry.colours[game.colours[x * pegs + i]];
  }
  // A permutation of colours keeps a code without repetition without it: image is a code.
  return game.indexOf(image);
}

/**
 * Throws a `Flaw` unless every symmetry maps the class `codes` into itself (so onto itself: a
 * permutation of a finite set that maps it into itself maps it onto itself).
 */
export function checkMapsClass(
  game: Game,
  symmetries: readonly Symmetry[],
  codes: Int32Array,
): void {
  const member = new Uint8Array(game.size);
  for (const s of codes) member[s] = 1;
  symmetries.forEach((symmetry, index) => {
    for (const s of codes) {
      const image = applySymmetry(game, symmetry, s);
      if (!member[image]) {
        throw new Flaw(
          `symmetries[${index}] does not map the class onto itself: it maps ${game.makeCode(s)}, in the class, to ${game.makeCode(image)}, not in it`,
        );
      }
    }
  });
}

/** The orbit of every code under the group `symmetries` generate: a representative per code. */
export function orbits(game: Game, symmetries: readonly Symmetry[]): Int32Array {
  const parent = Int32Array.from({ length: game.size }, (_, x) => x);
  const find = (x: number): number => {
    let root = x;
    while (parent[root] !== root) root = parent[root];
    while (parent[x] !== root) {
      const up = parent[x];
      parent[x] = root;
      x = up;
    }
    return root;
  };
  for (const symmetry of symmetries) {
    for (let x = 0; x < game.size; x++) {
      const a = find(x);
      const b = find(applySymmetry(game, symmetry, x));
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  for (let x = 0; x < game.size; x++) parent[x] = find(x);
  return parent;
}
