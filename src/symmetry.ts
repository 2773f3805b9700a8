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
 * tables of a few generators, and each orbit is represented by its smallest code. Consistency
 * with the answers so far is the same across an orbit, so "best score, then consistent, then
 * first code" picks the same guess from the representatives as from all codes: the reduction is
 * exact, never an approximation.
 */
import type { Game } from './game.js';
import type { Turn } from './strategy.js';

/** A group element: code symbol at position i moves to `positions[i]` and becomes `colors[symbol]`. */
export interface Symmetry {
  readonly positions: Uint8Array;
  readonly colors: Uint8Array;
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
  const key = `${symmetry.positions.join(',')}/${symmetry.colors.join(',')}`;
  let table = cache.get(key);
  if (!table) {
    table = new Int32Array(game.size);
    const { pegs } = game;
    const symbols = game.codes.symbols;
    const image = new Uint8Array(pegs);
    for (let code = 0; code < game.size; code++) {
      for (let i = 0; i < pegs; i++) {
        image[symmetry.positions[i]] = symmetry.colors[symbols[code * pegs + i]];
      }
      table[code] = game.codes.indexOf(image);
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
  for (const turn of history) for (const s of game.codes.symbolsOf(turn.guess)) used[s] = 1;
  const live = new Uint8Array(colors);
  for (const code of candidates) {
    for (let i = 0; i < pegs; i++) live[symbols[code * pegs + i]] = 1;
  }
  const unused: number[] = [];
  const dead: number[] = [];
  for (let c = 0; c < colors; c++) {
    if (!used[c]) unused.push(c);
    if (!live[c]) dead.push(c);
  }
  return { unused, dead };
}

/** Generators of the symmetry group of a game state (see the module comment). */
export function stateSymmetries(
  game: Game,
  history: readonly Turn[],
  candidates: Int32Array,
): Symmetry[] {
  const { unused, dead } = freeColours(game, history, candidates);
  const generators = colourSwaps(game, [unused, dead]);
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
  const classOf = new Int8Array(colors).fill(-1);
  const classes = [unused, dead].filter((set) => set.length > 1);
  if (classes.length === 0) return undefined;
  if (classes.length === 2 && unused.some((c) => dead.includes(c))) {
    classes.splice(
      0,
      2,
      [...new Set([...unused, ...dead])].sort((a, b) => a - b),
    );
  }
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
 * For every code, the smallest code of its orbit under the state's symmetry group; or undefined
 * when the group is trivial (every code is its own orbit).
 */
export function guessOrbits(
  game: Game,
  history: readonly Turn[],
  candidates: Int32Array,
): Int32Array | undefined {
  const generators = stateSymmetries(game, history, candidates);
  if (generators.length === 0) return undefined;
  const parent = new Int32Array(game.size);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (const generator of generators) {
    const image = imageTable(game, generator);
    for (let code = 0; code < game.size; code++) {
      const a = find(code);
      const b = find(image[code]);
      if (a < b) parent[b] = a;
      else if (b < a) parent[a] = b;
    }
  }
  for (let code = 0; code < game.size; code++) parent[code] = find(code);
  return parent;
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
    stabilizer = guessStabilizer(game, guesses);
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
  const key = `${guesses.join(',')}/${freeColours(game, history, candidates).dead.join(',')}`;
  const cache = cacheOf(representativesCache, game);
  if (cache.has(key)) return cache.get(key);
  if (cache.size >= REPRESENTATIVES_CACHED) cache.clear();
  const orbit = guessOrbits(game, history, candidates);
  let representatives: Int32Array | undefined;
  if (orbit) {
    let count = 0;
    for (let code = 0; code < orbit.length; code++) if (orbit[code] === code) count++;
    representatives = new Int32Array(count);
    count = 0;
    for (let code = 0; code < orbit.length; code++) {
      if (orbit[code] === code) representatives[count++] = code;
    }
  }
  cache.set(key, representatives);
  return representatives;
}
