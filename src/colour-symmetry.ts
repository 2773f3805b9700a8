/**
 * The colour part of a game state's symmetry group (symmetry.ts has the whole group and why it is
 * exact): the colours no guess has used and the dead colours no candidate contains may be renamed
 * among themselves, in black-peg games with repetition position by position
 * (`renamesPerPosition`). Renaming colours alone needs no orbits: a code is the smallest of its
 * orbit when, within each class of interchangeable colours, the colours first appear in
 * increasing order. As soon as a few guesses are played no position permutation fixes them, and
 * this is all the group there is; the search and the heuristics then take their guesses from here.
 */
import type { Game } from './game.js';
import type { Turn } from './strategy.js';
import { SymmetryKernel } from './symmetry-kernel.js';

/**
 * Whether the colours of each position may be renamed on their own: in a black-peg game with
 * repetition (symmetry.ts's module comment says why).
 */
export function renamesPerPosition(game: Game): boolean {
  return game.feedback === 'black' && game.rules.repeat;
}

/** The cache of `caches` that belongs to `game`, made empty on first use. */
export function cacheOf<T>(caches: WeakMap<Game, Map<string, T>>, game: Game): Map<string, T> {
  let cache = caches.get(game);
  if (!cache) {
    cache = new Map();
    caches.set(game, cache);
  }
  return cache;
}

/**
 * Marks `marks[slot(colour at position i)]` for each code of `codes` (codes' indices, their
 * colours in `symbols`), and stops once all `slots` are marked: a large set of candidates has
 * every colour within its first few codes. `perPosition` gives each position its own slots.
 *
 * The states' scans are here and the lists are built apart (`unmarked`): V8 compiles this loop
 * on the stack while it runs (on-stack replacement), and a function whose later part had not
 * yet run then left its compiled code at that part on every call, for the rest of the walk.
 */
function mark(
  codes: Int32Array,
  symbols: Uint8Array,
  pegs: number,
  colors: number,
  perPosition: boolean,
  marks: Uint8Array,
): void {
  const slots = marks.length;
  let marked = 0;
  for (let k = 0; k < codes.length && marked < slots; k++) {
    const base = codes[k] * pegs;
    for (let i = 0; i < pegs; i++) {
      const slot = (perPosition ? i * colors : 0) + symbols[base + i];
      marked += 1 - marks[slot];
      marks[slot] = 1;
    }
  }
}

/** The colours `from` to `from + colors` of `marks` that are not marked, less `from`. */
function unmarked(marks: Uint8Array, from: number, colors: number): number[] {
  const colours: number[] = [];
  for (let c = 0; c < colors; c++) if (marks[from + c] === 0) colours.push(c);
  return colours;
}

/** What `mark` reads of a state: its guesses and its candidates' colours, as marks. */
function stateMarks(
  game: Game,
  history: readonly Turn[],
  candidates: Int32Array,
  perPosition: boolean,
): { used: Uint8Array; live: Uint8Array } {
  const { pegs } = game;
  const colors = game.rules.colors;
  const symbols = game.codes.symbols;
  const slots = perPosition ? pegs * colors : colors;
  const used = new Uint8Array(slots);
  const live = new Uint8Array(slots);
  const guesses = Int32Array.from(history, (turn) => turn.guess);
  mark(guesses, symbols, pegs, colors, perPosition, used);
  mark(candidates, symbols, pegs, colors, perPosition, live);
  return { used, live };
}

/** The colours no guess has used yet, and the dead colours no candidate contains. */
export function freeColours(
  game: Game,
  history: readonly Turn[],
  candidates: Int32Array,
): { unused: number[]; dead: number[] } {
  const colors = game.rules.colors;
  const { used, live } = stateMarks(game, history, candidates, false);
  return { unused: unmarked(used, 0, colors), dead: unmarked(live, 0, colors) };
}

/**
 * Position by position: the colours no guess has put at each position, and the colours no
 * candidate has at each position.
 */
export function freeColoursAt(
  game: Game,
  history: readonly Turn[],
  candidates: Int32Array,
): { unused: number[][]; dead: number[][] } {
  const colors = game.rules.colors;
  const { used, live } = stateMarks(game, history, candidates, true);
  const positions = Array.from({ length: game.pegs }, (_, i) => i * colors);
  return {
    unused: positions.map((from) => unmarked(used, from, colors)),
    dead: positions.map((from) => unmarked(live, from, colors)),
  };
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
