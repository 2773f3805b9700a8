/**
 * Symmetry: guesses that are "essentially the same" (the seed thesis's words).
 *
 * Scoring is invariant under the game's group: permute the positions and rename the colours of
 * guess and secret alike, and the answer does not change. So at a game state, two guesses that
 * one group element maps onto each other split the candidates alike, and only one of them needs
 * evaluating. Which elements are allowed at a state:
 *
 * - the stabilizer of the guesses so far: a position permutation π with a colour renaming τ that
 *   maps every earlier guess onto itself maps the candidate set onto itself;
 * - any permutation of the colours no guess has used yet (a special case of the above);
 * - any permutation of the *dead* colours, those no candidate contains: it changes no
 *   candidate's answer at all.
 *
 * These generate a group; its orbits on all codes are found with union–find over the image
 * tables of a few generators, and each orbit is represented by its smallest code.
 *
 * Black-peg games answer with the hits alone, which the same group keeps (nothing here reads
 * blows). With repetition they keep more: a hit is one position's business, so renaming the
 * colours of one position only, of guess and secret alike, changes no answer, and every such
 * renaming maps codes to codes (`renamesPerPosition`). There the three kinds of elements are
 * taken position by position: each position's colours no guess has put there, and its colours no
 * candidate has there, are interchangeable at that position, and a position permutation needs
 * only, for each position, a consistent renaming of the colours the guesses put there. (Without
 * repetition a renaming of one position could make a code repeat a colour, so those games keep
 * the colour renamings of the whole code.) Consistency
 * with the answers so far is the same across an orbit, so "best score, then consistent, then
 * first code" picks the same guess from the representatives as from all codes: the reduction is
 * exact, never an approximation.
 *
 * The colour part of the group alone, which is all of it once a few guesses are played, needs no
 * orbits: colour-symmetry.ts; the position part, the stabilizer of the guesses: stabilizer.ts. The loops over every code (images, orbits, the colour-only
 * representatives) run in WebAssembly where they can (symmetry-kernel.ts), in TypeScript
 * elsewhere.
 */
import {
  cacheOf,
  colourRepresentatives,
  freeColours,
  freeColoursAt,
  renamesPerPosition,
} from './colour-symmetry.js';
import type { Game } from './game.js';
import {
  MAX_PERMUTED_PEGS,
  type Symmetry,
  generatorsOf,
  identity,
  stabilizerOf,
} from './stabilizer.js';
import type { Turn } from './strategy.js';
import { SymmetryKernel } from './symmetry-kernel.js';

const imageCache = new WeakMap<Game, Map<string, Int32Array>>();

/** The image of every code under `symmetry`, cached per game. */
export function imageTable(game: Game, symmetry: Symmetry): Int32Array {
  const cache = cacheOf(imageCache, game);
  const renamings = symmetry.colorsAt ?? [];
  const key = `${symmetry.positions.join(',')}/${symmetry.colors.join(',')}/${renamings.join('|')}`;
  let table = cache.get(key);
  if (!table) {
    const { pegs } = game;
    const colorsAt = Array.from({ length: pegs }, (_, i) => renamings[i] ?? symmetry.colors);
    const kernel = SymmetryKernel.for(game);
    if (kernel) {
      table = kernel.images(symmetry.positions, colorsAt);
    } else {
      table = new Int32Array(game.size);
      const symbols = game.codes.symbols;
      const image = new Uint8Array(pegs);
      for (let code = 0; code < game.size; code++) {
        for (let i = 0; i < pegs; i++) {
          image[symmetry.positions[i]] = colorsAt[i][symbols[code * pegs + i]];
        }
        table[code] = game.codes.indexOf(image);
      }
    }
    cache.set(key, table);
  }
  return table;
}

/** Generators of the colour permutations of each set (transpositions of neighbours in it). */
function colourSwaps(game: Game, sets: readonly number[][]): Symmetry[] {
  const generators: Symmetry[] = [];
  for (const set of sets) {
    for (let i = 0; i + 1 < set.length; i++) {
      const colors = identity(game.rules.colors);
      colors[set[i]] = set[i + 1];
      colors[set[i + 1]] = set[i];
      generators.push({ positions: identity(game.pegs), colors });
    }
  }
  return generators;
}

/**
 * Generators of the renamings of each position's colours, position by position: `sets[i]` are
 * the sets of colours interchangeable at position i (transpositions of neighbours in each).
 */
function colourSwapsAt(game: Game, sets: readonly (readonly number[][])[]): Symmetry[] {
  const generators: Symmetry[] = [];
  const { pegs } = game;
  sets.forEach((setsAtPosition, position) => {
    for (const set of setsAtPosition) {
      for (let i = 0; i + 1 < set.length; i++) {
        const colors = identity(game.rules.colors);
        colors[set[i]] = set[i + 1];
        colors[set[i + 1]] = set[i];
        const colorsAt = Array.from({ length: pegs }, (_, j) =>
          j === position ? colors : identity(game.rules.colors),
        );
        generators.push({
          positions: identity(pegs),
          colors: identity(game.rules.colors),
          colorsAt,
        });
      }
    }
  });
  return generators;
}

/** Generators of the symmetry group of a game state (see the module comment). */
export function stateSymmetries(
  game: Game,
  history: readonly Turn[],
  candidates: Int32Array,
): Symmetry[] {
  let generators: Symmetry[];
  if (renamesPerPosition(game)) {
    const { unused, dead } = freeColoursAt(game, history, candidates);
    generators = colourSwapsAt(
      game,
      unused.map((set, i) => [set, dead[i]]),
    );
  } else {
    const { unused, dead } = freeColours(game, history, candidates);
    generators = colourSwaps(game, [unused, dead]);
  }
  if (game.pegs <= MAX_PERMUTED_PEGS) {
    generators.push(...generatorsOf(stabilizerOf(game, history), game.pegs));
  }
  return generators;
}

/**
 * For every code, the smallest code of its orbit under the state's symmetry group; or undefined
 * when the group is trivial (every code is its own orbit).
 */
export function guessOrbits(
  game: Game,
  history: readonly Turn[],
  candidates: Int32Array,
): Int32Array | undefined {
  const images = stateImages(game, history, candidates);
  if (images.length === 0) return undefined;
  return SymmetryKernel.for(game)?.orbits(images) ?? unite(game.size, images);
}

/** The image tables of the generators of the state's symmetry group (none: the group is trivial). */
function stateImages(game: Game, history: readonly Turn[], candidates: Int32Array): Int32Array[] {
  return stateSymmetries(game, history, candidates).map((generator) => imageTable(game, generator));
}

/** For every code, the smallest code of its orbit under the group `images` generate. */
function unite(size: number, images: readonly Int32Array[]): Int32Array {
  const parent = new Int32Array(size);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (const image of images) {
    for (let code = 0; code < size; code++) {
      const a = find(code);
      const b = find(image[code]);
      if (a < b) parent[b] = a;
      else if (b < a) parent[a] = b;
    }
  }
  for (let code = 0; code < size; code++) parent[code] = find(code);
  return parent;
}

/** The smallest code of each orbit of the group `images` generate, in code order. */
export function orbitRoots(game: Game, images: readonly Int32Array[]): Int32Array {
  const kernel = SymmetryKernel.for(game);
  if (kernel) return kernel.representatives(images);
  const orbit = unite(game.size, images);
  let count = 0;
  for (let code = 0; code < orbit.length; code++) if (orbit[code] === code) count++;
  const roots = new Int32Array(count);
  count = 0;
  for (let code = 0; code < orbit.length; code++) if (orbit[code] === code) roots[count++] = code;
  return roots;
}

/** The most groups' representatives `guessRepresentatives` keeps per game before starting afresh. */
const REPRESENTATIVES_CACHED = 1024;

const representativesCache = new WeakMap<Game, Map<string, Int32Array | undefined>>();

/**
 * The smallest code of each orbit of the state's symmetry group on all codes, in code order;
 * or undefined when the group is trivial. When no position permutation fixes the guesses (as
 * soon as a few are played), the group is the colour part alone, whose representatives
 * `colourRepresentatives` lists without building orbits.
 */
export function guessRepresentatives(
  game: Game,
  history: readonly Turn[],
  candidates: Int32Array,
): Int32Array | undefined {
  if (game.pegs > MAX_PERMUTED_PEGS || stabilizerOf(game, history).length <= 1) {
    return colourRepresentatives(game, history, candidates);
  }
  const guesses = [...new Set(history.map((turn) => turn.guess))].sort((a, b) => a - b);
  const dead = renamesPerPosition(game)
    ? freeColoursAt(game, history, candidates).dead.join('|')
    : freeColours(game, history, candidates).dead.join(',');
  const key = `${guesses.join(',')}/${dead}`;
  const cache = cacheOf(representativesCache, game);
  if (cache.has(key)) return cache.get(key);
  if (cache.size >= REPRESENTATIVES_CACHED) cache.clear();
  const images = stateImages(game, history, candidates);
  const representatives = images.length === 0 ? undefined : orbitRoots(game, images);
  cache.set(key, representatives);
  return representatives;
}
