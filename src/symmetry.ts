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
 * The loops over every code (images, orbits, the colour-only representatives) run in
 * WebAssembly where they can (symmetry-kernel.ts), in TypeScript here elsewhere.
 */
import type { Game } from './game.js';
import type { Turn } from './strategy.js';
import { SymmetryKernel } from './symmetry-kernel.js';

/**
 * A group element: code symbol at position i moves to `positions[i]` and becomes `colors[symbol]`,
 * or `colorsAt[i][symbol]` when colours are renamed position by position.
 */
export interface Symmetry {
  readonly positions: Uint8Array;
  readonly colors: Uint8Array;
  readonly colorsAt?: readonly Uint8Array[];
}

/**
 * Whether the colours of each position may be renamed on their own: in a black-peg game with
 * repetition (see the module comment).
 */
export function renamesPerPosition(game: Game): boolean {
  return game.feedback === 'black' && game.rules.repeat;
}

/** Position permutations are searched for games of at most this many pegs (8! = 40320). */
const MAX_PERMUTED_PEGS = 8;

/** The cache of `caches` that belongs to `game`, made empty on first use. */
function cacheOf<T>(caches: WeakMap<Game, Map<string, T>>, game: Game): Map<string, T> {
  let cache = caches.get(game);
  if (!cache) {
    cache = new Map();
    caches.set(game, cache);
  }
  return cache;
}

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

function identity(n: number): Uint8Array {
  const perm = new Uint8Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  return perm;
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

/**
 * Every position permutation π, with colour renamings τ_i chosen position by position, that maps
 * each guess onto itself: τ_i(g[i]) = g[π(i)] for every guess g and position i. Position i may go
 * to j when the colours the guesses put at i correspond one to one to those they put at j; the
 * colours no guess puts at i go, in order, to those no guess puts at j.
 */
function guessStabilizerAt(game: Game, guesses: readonly number[]): Symmetry[] {
  const { pegs } = game;
  const colors = game.rules.colors;
  const symbolsOf = guesses.map((g) => game.codes.symbolsOf(g));
  /** `renaming[i][j]`: the renaming from position i to position j, or undefined if none. */
  const renaming: (Uint8Array | undefined)[][] = [];
  for (let i = 0; i < pegs; i++) {
    renaming.push([]);
    for (let j = 0; j < pegs; j++) {
      const tau = new Int16Array(colors).fill(-1);
      const inverse = new Int16Array(colors).fill(-1);
      let ok = true;
      for (const symbols of symbolsOf) {
        const a = symbols[i];
        const b = symbols[j];
        if (tau[a] === -1 && inverse[b] === -1) {
          tau[a] = b;
          inverse[b] = a;
        } else if (tau[a] !== b) {
          ok = false;
          break;
        }
      }
      if (!ok) {
        renaming[i].push(undefined);
        continue;
      }
      const free: number[] = [];
      for (let c = 0; c < colors; c++) if (inverse[c] === -1) free.push(c);
      const full = new Uint8Array(colors);
      let next = 0;
      for (let c = 0; c < colors; c++) full[c] = tau[c] >= 0 ? tau[c] : free[next++];
      renaming[i].push(full);
    }
  }
  const found: Symmetry[] = [];
  const pi = new Uint8Array(pegs);
  const taken = new Uint8Array(pegs);
  const place = (i: number): void => {
    if (i === pegs) {
      const colorsAt = Array.from(pi, (j, k) => renaming[k][j]!);
      found.push({ positions: pi.slice(), colors: identity(colors), colorsAt });
      return;
    }
    for (let j = 0; j < pegs; j++) {
      if (taken[j] || !renaming[i][j]) continue;
      pi[i] = j;
      taken[j] = 1;
      place(i + 1);
      taken[j] = 0;
    }
  };
  place(0);
  return found;
}

/**
 * Every position permutation π (with the colour renaming it forces) that maps each guess onto
 * itself: τ(g[i]) = g[π(i)] for every guess g and position i. Colours in no guess stay put.
 */
function guessStabilizer(game: Game, guesses: readonly number[]): Symmetry[] {
  const { pegs } = game;
  const colors = game.rules.colors;
  const found: Symmetry[] = [];
  const pi = new Uint8Array(pegs);
  const taken = new Uint8Array(pegs);
  const tau = new Int16Array(colors).fill(-1);
  const tauInverse = new Int16Array(colors).fill(-1);
  const symbolsOf = guesses.map((g) => game.codes.symbolsOf(g));
  const place = (i: number): void => {
    if (i === pegs) {
      const renaming = identity(colors);
      for (let c = 0; c < colors; c++) if (tau[c] >= 0) renaming[c] = tau[c];
      found.push({ positions: pi.slice(), colors: renaming });
      return;
    }
    for (let j = 0; j < pegs; j++) {
      if (taken[j]) continue;
      const assigned: number[] = [];
      let ok = true;
      for (const symbols of symbolsOf) {
        const a = symbols[i];
        const b = symbols[j];
        if (tau[a] === -1 && tauInverse[b] === -1) {
          tau[a] = b;
          tauInverse[b] = a;
          assigned.push(a);
        } else if (tau[a] !== b) {
          ok = false;
          break;
        }
      }
      if (ok) {
        pi[i] = j;
        taken[j] = 1;
        place(i + 1);
        taken[j] = 0;
      }
      for (const a of assigned) {
        tauInverse[tau[a]] = -1;
        tau[a] = -1;
      }
    }
  };
  place(0);
  return found;
}

/** Picks, from the elements of a position-permutation group, a few that generate it. */
function generatorsOf(elements: readonly Symmetry[], pegs: number): Symmetry[] {
  const key = (p: ArrayLike<number>): string => Array.from(p).join(',');
  const closure = new Set<string>([key(identity(pegs))]);
  const generators: Symmetry[] = [];
  for (const element of elements) {
    if (closure.has(key(element.positions))) continue;
    generators.push(element);
    const queue = [...closure].map((k) => k.split(',').map(Number));
    while (queue.length > 0) {
      const p = queue.pop()!;
      for (const g of generators) {
        const composed = p.map((x) => g.positions[x]);
        const k = key(composed);
        if (!closure.has(k)) {
          closure.add(k);
          queue.push(composed);
        }
      }
    }
  }
  return generators;
}

/** The colours no guess has used yet, and the dead colours no candidate contains. */
function freeColours(
  game: Game,
  history: readonly Turn[],
  candidates: Int32Array,
): { unused: number[]; dead: number[] } {
  const { pegs } = game;
  const colors = game.rules.colors;
  const symbols = game.codes.symbols;
  const used = new Uint8Array(colors);
  for (let t = 0; t < history.length; t++) {
    const base = history[t].guess * pegs;
    for (let i = 0; i < pegs; i++) used[symbols[base + i]] = 1;
  }
  const live = new Uint8Array(colors);
  // Index loops: run once per state, this is cold code, where `for … of` allocates per element.
  for (let k = 0; k < candidates.length; k++) {
    const base = candidates[k] * pegs;
    for (let i = 0; i < pegs; i++) live[symbols[base + i]] = 1;
  }
  const unused: number[] = [];
  const dead: number[] = [];
  for (let c = 0; c < colors; c++) {
    if (!used[c]) unused.push(c);
    if (!live[c]) dead.push(c);
  }
  return { unused, dead };
}

/**
 * Position by position: the colours no guess has put at each position, and the colours no
 * candidate has at each position.
 */
function freeColoursAt(
  game: Game,
  history: readonly Turn[],
  candidates: Int32Array,
): { unused: number[][]; dead: number[][] } {
  const { pegs } = game;
  const colors = game.rules.colors;
  const symbols = game.codes.symbols;
  const used = new Uint8Array(pegs * colors);
  const live = new Uint8Array(pegs * colors);
  for (let t = 0; t < history.length; t++) {
    const base = history[t].guess * pegs;
    for (let i = 0; i < pegs; i++) used[i * colors + symbols[base + i]] = 1;
  }
  for (let k = 0; k < candidates.length; k++) {
    const base = candidates[k] * pegs;
    for (let i = 0; i < pegs; i++) live[i * colors + symbols[base + i]] = 1;
  }
  const unused: number[][] = [];
  const dead: number[][] = [];
  for (let i = 0; i < pegs; i++) {
    unused.push([]);
    dead.push([]);
    for (let c = 0; c < colors; c++) {
      if (!used[i * colors + c]) unused[i].push(c);
      if (!live[i * colors + c]) dead[i].push(c);
    }
  }
  return { unused, dead };
}

/** Generators of the symmetry group of a game state (see the module comment). */
function stateSymmetries(game: Game, history: readonly Turn[], candidates: Int32Array): Symmetry[] {
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
 * A cheaper, partial reduction: the smallest code of each orbit of the colour part alone (free
 * and dead colours renamed among themselves, no position permutations), or undefined when no two
 * colours are interchangeable. A code is smallest in its orbit when, within each class of
 * interchangeable colours, the colours first appear in increasing order and none is skipped.
 */
export function colourRepresentatives(
  game: Game,
  history: readonly Turn[],
  candidates: Int32Array,
): Int32Array | undefined {
  if (renamesPerPosition(game)) {
    const { unused, dead } = freeColoursAt(game, history, candidates);
    const key = `${unused.join('|')}/${dead.join('|')}`;
    const cache = cacheOf(colourCache, game);
    if (!cache.has(key)) cache.set(key, colourClassRepresentativesAt(game, unused, dead));
    return cache.get(key);
  }
  const { unused, dead } = freeColours(game, history, candidates);
  const key = `${unused.join(',')}/${dead.join(',')}`;
  const cache = cacheOf(colourCache, game);
  if (!cache.has(key)) cache.set(key, colourClassRepresentatives(game, unused, dead));
  return cache.get(key);
}

const colourCache = new WeakMap<Game, Map<string, Int32Array | undefined>>();

/**
 * The codes smallest in their orbit when the `unused` colours may be renamed among themselves
 * and so may the `dead` ones (no position permutations); undefined when no two colours are
 * interchangeable. Uncached: `colourRepresentatives` caches it by the state.
 */
export function colourClassRepresentatives(
  game: Game,
  unused: readonly number[],
  dead: readonly number[],
): Int32Array | undefined {
  const colors = game.rules.colors;
  const classes = [unused, dead].filter((set) => set.length > 1);
  if (classes.length === 0) return undefined;
  if (classes.length === 2 && unused.some((c) => dead.includes(c))) {
    classes.splice(
      0,
      2,
      [...new Set([...unused, ...dead])].sort((a, b) => a - b),
    );
  }
  const kernel = SymmetryKernel.for(game);
  if (kernel) {
    const ranks = new Int32Array(colors).fill(-1);
    classes.forEach((set, k) => {
      set.forEach((c, rank) => {
        ranks[c] = k * 256 + rank;
      });
    });
    return kernel.colourClasses(ranks);
  }
  const classOf = new Int8Array(colors).fill(-1);
  classes.forEach((set, k) => {
    for (const c of set) classOf[c] = k;
  });
  const { pegs } = game;
  const symbols = game.codes.symbols;
  const seen = new Int8Array(classes.length);
  const firstSeen = new Int8Array(colors);
  const kept = new Int32Array(game.size);
  let count = 0;
  for (let code = 0; code < game.size; code++) {
    const base = code * pegs;
    let canonical = true;
    let i = 0;
    for (; i < pegs && canonical; i++) {
      const c = symbols[base + i];
      const k = classOf[c];
      if (k < 0 || firstSeen[c]) continue;
      canonical = classes[k][seen[k]] === c;
      firstSeen[c] = 1;
      seen[k]++;
    }
    if (canonical) kept[count++] = code;
    // Reset only what this code touched (cheaper than clearing both arrays per code).
    for (let j = 0; j < i; j++) {
      const c = symbols[base + j];
      firstSeen[c] = 0;
      if (classOf[c] >= 0) seen[classOf[c]] = 0;
    }
  }
  return kept.slice(0, count);
}

/**
 * The same, position by position (`renamesPerPosition`): the codes whose colour at each position
 * is the first of its class there, where `unused[i]` and `dead[i]` may be renamed among
 * themselves at position i (one class if they meet); undefined when no position has two
 * interchangeable colours. Uncached: `colourRepresentatives` and the search cache it.
 */
export function colourClassRepresentativesAt(
  game: Game,
  unused: readonly (readonly number[])[],
  dead: readonly (readonly number[])[],
): Int32Array | undefined {
  const { pegs } = game;
  const colors = game.rules.colors;
  /** `kept[i * colors + c]`: whether colour c at position i is the first of its class there. */
  const kept = new Uint8Array(pegs * colors).fill(1);
  let any = false;
  for (let i = 0; i < pegs; i++) {
    const sets = unused[i].some((c) => dead[i].includes(c))
      ? [[...new Set([...unused[i], ...dead[i]])].sort((a, b) => a - b)]
      : [unused[i], dead[i]];
    for (const set of sets) {
      if (set.length < 2) continue;
      any = true;
      for (const c of set.slice(1)) kept[i * colors + c] = 0;
    }
  }
  if (!any) return undefined;
  const kernel = SymmetryKernel.for(game);
  if (kernel) return kernel.keptAt(kept);
  const symbols = game.codes.symbols;
  const codes = new Int32Array(game.size);
  let count = 0;
  for (let code = 0; code < game.size; code++) {
    let i = 0;
    while (i < pegs && kept[i * colors + symbols[code * pegs + i]]) i++;
    if (i === pegs) codes[count++] = code;
  }
  return codes.slice(0, count);
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
function orbitRoots(game: Game, images: readonly Int32Array[]): Int32Array {
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

/** The most guess sets whose stabilizers `stabilizerOf` keeps per game before starting afresh. */
const STABILIZERS_CACHED = 4096;

const stabilizerCache = new WeakMap<Game, Map<string, Symmetry[]>>();

/** `guessStabilizer` of the distinct guesses of `history`, cached by that set. */
function stabilizerOf(game: Game, history: readonly Turn[]): Symmetry[] {
  return stabilizerOfGuesses(
    game,
    history.map((turn) => turn.guess),
  );
}

function stabilizerOfGuesses(game: Game, played: readonly number[]): Symmetry[] {
  const guesses = [...new Set(played)].sort((a, b) => a - b);
  const key = guesses.join(',');
  const cache = cacheOf(stabilizerCache, game);
  let stabilizer = cache.get(key);
  if (!stabilizer) {
    if (cache.size >= STABILIZERS_CACHED) cache.clear();
    stabilizer = renamesPerPosition(game)
      ? guessStabilizerAt(game, guesses)
      : guessStabilizer(game, guesses);
    cache.set(key, stabilizer);
  }
  return stabilizer;
}

/**
 * Whether some permutation of the positions other than the identity (with the colour renaming
 * it forces) maps each of `guesses` onto itself. Without one, the state's group is its
 * colour part alone: see `colourClassRepresentatives`.
 */
export function hasPositionalSymmetry(game: Game, guesses: readonly number[]): boolean {
  return game.pegs <= MAX_PERMUTED_PEGS && stabilizerOfGuesses(game, guesses).length > 1;
}

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
