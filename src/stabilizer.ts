/**
 * The position part of a game state's symmetry (symmetry.ts says what the group is and why):
 * the permutations of the positions, each with the colour renaming it forces, that map every
 * guess played onto itself. Found by trying each position's image in turn, cached per set of
 * guesses, and thinned to a few generators for the orbits. Black-peg games with repetition
 * rename colours position by position (`guessStabilizerAt`); the others rename them in the
 * whole code (`guessStabilizer`).
 */
import { cacheOf, renamesPerPosition } from './colour-symmetry.js';
import type { Game } from './game.js';
import type { Turn } from './strategy.js';

/**
 * A group element: code symbol at position i moves to `positions[i]` and becomes `colors[symbol]`,
 * or `colorsAt[i][symbol]` when colours are renamed position by position.
 */
export interface Symmetry {
  /** Where each position's symbol moves to. */
  readonly positions: Uint8Array;
  /** What each colour (by its index in the alphabet) is renamed to. */
  readonly colors: Uint8Array;
  /** Per position, its own renaming of the colours, where it has one (black-peg games). */
  readonly colorsAt?: readonly Uint8Array[];
}

/** Position permutations are searched for games of at most this many pegs (8! = 40320). */
export const MAX_PERMUTED_PEGS = 8;

/** The identity permutation of `n` things. */
export function identity(n: number): Uint8Array {
  const perm = new Uint8Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  return perm;
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
export function generatorsOf(elements: readonly Symmetry[], pegs: number): Symmetry[] {
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

/** The most guess sets whose stabilizers `stabilizerOf` keeps per game before starting afresh. */
const STABILIZERS_CACHED = 4096;

const stabilizerCache = new WeakMap<Game, Map<string, Symmetry[]>>();

/** `guessStabilizer` of the distinct guesses of `history`, cached by that set. */
export function stabilizerOf(game: Game, history: readonly Turn[]): Symmetry[] {
  return stabilizerOfGuesses(
    game,
    history.map((turn) => turn.guess),
  );
}

/** `guessStabilizer` (or `guessStabilizerAt`) of the distinct `played` guesses, cached. */
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
 * colour part alone: see `colourClassRepresentatives` (colour-symmetry.ts).
 */
export function hasPositionalSymmetry(game: Game, guesses: readonly number[]): boolean {
  return game.pegs <= MAX_PERMUTED_PEGS && stabilizerOfGuesses(game, guesses).length > 1;
}
