/**
 * The static search by colour sets, for games without repetition: whether some set of `size`
 * guesses identifies every secret, decided colours first and places second, where the search
 * over sets of codes (static-size.ts) takes each set whole.
 *
 * Secrets made of the same colours get the same hits plus blows from every guess, so a set
 * identifies every secret only if, for every p colours, its hits tell their p! arrangements
 * apart. That depends on which colours each guess has before it depends on where: the families
 * of colour sets that cannot (colour-families.ts, hit-profiles.ts) are dropped whole, and few
 * are left. For each family left, the guesses' arrangements are searched a colour set at a time
 * (the first fixed: permuting positions maps identifying sets to identifying sets and keeps the
 * family), the secrets of each colour set split by their hits so far, and a branch cut where a
 * class holds more secrets than the sets still to arrange can tell apart by hits. A set that
 * passes is checked on every secret with the game's own answers (two secrets of different
 * colours must differ too), so what this search finds identifies, and what it refutes is
 * refuted: every family is one of the orbits listed, and every arrangement of it is met or cut
 * by a bound that holds.
 */
import { CodebreakerError } from '../errors.js';
import { type Game, TABLE_MAX_CODES } from '../game.js';
import { type FamilyProgress, bitCount, colourFamilies } from './colour-families.js';
import { hitProfiles, hitValues } from './hit-profiles.js';
import { STAMP_LIMIT } from './static-tables.js';
import { identifies } from './static.js';

/** The most pegs the search by colour sets takes: the profiles of more take far longer. */
export const COLOUR_SETS_MAX_PEGS = 4;

/** What `searchByColourSets` reports as it goes. */
export interface ColourSetsProgress {
  /** `families` while the families are listed; `arrangements` while they are arranged. */
  readonly phase: 'families' | 'arrangements';
  /** Of the phase's work: families of all but two sets searched, or families arranged. */
  readonly done: number;
  /** Of how many. */
  readonly of: number;
  /** Partial sets of guesses visited while arranging. */
  readonly nodes: number;
}

/** How to run `searchByColourSets`. */
export interface ColourSetsOptions {
  /** A `Date.now()` time at which to stop; the result is then not complete. */
  readonly deadline?: number;
  /** Called after each family with how far the search has got. */
  readonly onProgress?: (progress: ColourSetsProgress) => void;
  /** Arrange only families `index`, `index + count`, … of those listed. */
  readonly shard?: { readonly index: number; readonly count: number };
}

/** The outcome of `searchByColourSets`. */
export interface ColourSetsResult {
  /** An identifying set of `size` guesses, in code order, if one was found. */
  readonly guesses?: number[];
  /** Whether the search ran to its end: without `guesses`, no set of this size exists. */
  readonly complete: boolean;
  /** The families of colour sets that passed, one per orbit of colour renamings. */
  readonly families: number;
  /** Partial sets of guesses visited while arranging them. */
  readonly nodes: number;
}

/** Why `searchByColourSets` cannot take `game`, or undefined if it can. */
export function colourSetsUnfit(game: Game): string | undefined {
  const { pegs, colors, repeat } = game.rules;
  if (repeat) return 'the search by colour sets is for games without repetition';
  if (pegs > COLOUR_SETS_MAX_PEGS) {
    return `the search by colour sets takes codes of at most ${COLOUR_SETS_MAX_PEGS} pegs; these have ${pegs}`;
  }
  if (colors > 16) return 'the search by colour sets takes at most 16 colours';
  return undefined;
}

/**
 * Searches for a set of exactly `size` guesses that identifies every secret of `game`, a game
 * without repetition, by colour sets. Throws `CodebreakerError` if the game is not one it takes.
 */
export function searchByColourSets(
  game: Game,
  size: number,
  options: ColourSetsOptions = {},
): ColourSetsResult {
  const families = familiesOf(game, size, ({ done, of }) =>
    options.onProgress?.({ phase: 'families', done, of, nodes: 0 }),
  );
  return arrangeFamilies(game, size, families, options);
}

/** The families listed, by game and size: the jobs of a checkpoint's size are its families. */
const listed = new WeakMap<Game, Map<number, number[][]>>();

/**
 * The families of colour sets of `size` guesses of `game` that pass every profile, one per orbit
 * (colour-families.ts), in the order the search arranges them; listed once per game and size.
 * Throws `CodebreakerError` if the game is not one the search by colour sets takes.
 */
export function familiesOf(
  game: Game,
  size: number,
  onProgress?: (progress: FamilyProgress) => void,
): number[][] {
  const unfit = colourSetsUnfit(game);
  if (unfit) throw new CodebreakerError('bad-rules', unfit);
  let bySize = listed.get(game);
  if (!bySize) {
    bySize = new Map();
    listed.set(game, bySize);
  }
  let families = bySize.get(size);
  if (!families) {
    families = colourFamilies(game.rules.colors, hitProfiles(game.pegs, size), onProgress);
    bySize.set(size, families);
  }
  return families;
}

/**
 * `searchByColourSets`'s second half: the arrangements of `families` (colour-set masks, as
 * `colourFamilies` lists them), in order, or of the shard's share of them.
 */
export function arrangeFamilies(
  game: Game,
  size: number,
  families: readonly (readonly number[])[],
  options: ColourSetsOptions = {},
): ColourSetsResult {
  const arranger = new Arranger(game, size, options.deadline);
  const { index, count } = options.shard ?? { index: 0, count: 1 };
  for (let f = index; f < families.length; f += count) {
    const guesses = arranger.arrange(families[f]);
    options.onProgress?.({
      phase: 'arrangements',
      done: f + 1,
      of: families.length,
      nodes: arranger.nodes,
    });
    if (guesses)
      return { guesses, complete: true, families: families.length, nodes: arranger.nodes };
    if (arranger.stopped) break;
  }
  return { complete: !arranger.stopped, families: families.length, nodes: arranger.nodes };
}

const CHECK_EVERY = 1 << 12;

/** The search of one family's arrangements, with the buffers it reuses from family to family. */
class Arranger {
  nodes = 0;
  stopped = false;
  readonly #game: Game;
  readonly #pegs: number;
  readonly #size: number;
  /** Every guess's answer to every secret, and the hits of each answer. */
  readonly #table: Uint8Array;
  readonly #hitsOf: Uint8Array;
  /** The index of each secret's colour set. */
  readonly #colourSet: Int32Array;
  /** The colour sets of secrets, as masks, by index, and each one's secrets. */
  readonly #secretSets: number[];
  readonly #members: number[][];
  /** Per depth, each secret's class: its colour set and the hits of the guesses so far. */
  readonly #labels: Int32Array[] = [];
  readonly #sizes: Int32Array;
  readonly #stamps: Int32Array;
  readonly #named: Int32Array;
  #stamp = 0;
  /** The arrangements of `pegs` things: a position per thing. */
  readonly #orders: number[][];
  readonly #deadline: number | undefined;

  constructor(game: Game, size: number, deadline: number | undefined) {
    const n = game.size;
    const pegs = game.pegs;
    this.#game = game;
    this.#pegs = pegs;
    this.#size = size;
    this.#deadline = deadline;
    const table = game.useTable();
    if (!table) {
      throw new CodebreakerError(
        'too-large',
        `the search by colour sets keeps every guess's answer to every secret in memory, so it takes games of at most ${TABLE_MAX_CODES} codes; this one has ${n}`,
      );
    }
    this.#table = table;
    this.#hitsOf = Uint8Array.from({ length: game.answers }, (_, a) => game.answerOf(a).hits);
    this.#colourSet = new Int32Array(n);
    const setIndex = new Map<number, number>();
    for (let s = 0; s < n; s++) {
      let mask = 0;
      for (let p = 0; p < pegs; p++) mask |= 1 << game.codes.symbolAt(s, p);
      let index = setIndex.get(mask);
      if (index === undefined) {
        index = setIndex.size;
        setIndex.set(mask, index);
      }
      this.#colourSet[s] = index;
    }
    this.#secretSets = [...setIndex.keys()];
    this.#members = Array.from(this.#secretSets, () => [] as number[]);
    for (let s = 0; s < n; s++) this.#members[this.#colourSet[s]].push(s);
    for (let d = 0; d <= size; d++) this.#labels.push(new Int32Array(n));
    this.#labels[0].set(this.#colourSet);
    this.#sizes = new Int32Array(n);
    this.#stamps = new Int32Array(n * (pegs + 1));
    this.#named = new Int32Array(n * (pegs + 1));
    this.#orders = [];
    const next = (prefix: number[]): void => {
      if (prefix.length === pegs) this.#orders.push(prefix.slice());
      for (let p = 0; p < pegs; p++) {
        if (prefix.includes(p)) continue;
        prefix.push(p);
        next(prefix);
        prefix.pop();
      }
    };
    next([]);
  }

  /** An identifying set whose guesses use the colour sets of `family`, in code order, if any. */
  arrange(family: readonly number[]): number[] | undefined {
    const pegs = this.#pegs;
    const size = this.#size;
    const colours = family.map((mask) => {
      const list: number[] = [];
      for (let c = 0; mask >> c !== 0; c++) if (mask & (1 << c)) list.push(c);
      return list;
    });
    // Per depth and colour set of secrets: how many secrets the sets from that depth on can
    // tell apart by hits at most.
    const capacity = Array.from({ length: size + 1 }, (_, depth) =>
      Int32Array.from(this.#secretSets, (mask) => {
        let most = 1;
        for (let d = depth; d < size && most < this.#game.size; d++) {
          most *= hitValues(pegs, bitCount(family[d] & mask));
        }
        return Math.min(most, this.#game.size);
      }),
    );
    // Per depth, the secrets by colour set, those with the least capacity left first: a split
    // that fails, fails there.
    const orders = capacity.map((room) =>
      Int32Array.from(
        this.#secretSets
          .map((_, set) => set)
          .sort((a, b) => room[a] - room[b])
          .flatMap((set) => this.#members[set]),
      ),
    );
    const guess = new Uint8Array(pegs);
    const guesses: number[] = [];
    const visit = (depth: number): number[] | undefined => {
      if (
        ++this.nodes % CHECK_EVERY === 0 &&
        this.#deadline !== undefined &&
        Date.now() >= this.#deadline
      ) {
        this.stopped = true;
      }
      if (this.stopped) return undefined;
      if (depth === size) {
        return identifies(this.#game, guesses) ? [...guesses].sort((a, b) => a - b) : undefined;
      }
      const arrangements = depth === 0 ? this.#orders.slice(0, 1) : this.#orders;
      for (const order of arrangements) {
        for (let i = 0; i < pegs; i++) guess[order[i]] = colours[depth][i];
        const code = this.#game.codes.indexOf(guess);
        if (!this.#split(depth, code, capacity[depth + 1], orders[depth + 1])) continue;
        guesses.push(code);
        const found = visit(depth + 1);
        guesses.pop();
        if (found || this.stopped) return found;
      }
      return undefined;
    };
    return visit(0);
  }

  /**
   * Splits the classes at `depth` by the hits of code `guess` into the next depth's, `secrets` in
   * turn; false, at once, if a class outgrows what its colour set's `capacity` allows.
   */
  #split(depth: number, guess: number, capacity: Int32Array, secrets: Int32Array): boolean {
    const pegs = this.#pegs;
    const table = this.#table;
    const row = guess * this.#game.size;
    const hitsOf = this.#hitsOf;
    const from = this.#labels[depth];
    const into = this.#labels[depth + 1];
    const sizes = this.#sizes;
    const stamps = this.#stamps;
    const named = this.#named;
    if (++this.#stamp === STAMP_LIMIT) {
      stamps.fill(0);
      this.#stamp = 1;
    }
    const stamp = this.#stamp;
    const colourSet = this.#colourSet;
    let classes = 0;
    for (let t = 0; t < secrets.length; t++) {
      const s = secrets[t];
      const key = from[s] * (pegs + 1) + hitsOf[table[row + s]];
      if (stamps[key] !== stamp) {
        stamps[key] = stamp;
        named[key] = classes;
        sizes[classes++] = 0;
      }
      const c = named[key];
      into[s] = c;
      if (++sizes[c] > capacity[colourSet[s]]) return false;
    }
    return true;
  }
}
