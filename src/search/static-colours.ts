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
import { arrangements, hitProfiles, hitValues } from './hit-profiles.js';
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

/** Bits set in a 32-bit mask. */
function popCount(mask: number): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * The search of one family's arrangements, with the buffers it reuses from family to family.
 * The secrets of one colour set are its `pegs`! arrangements, so a class of them is a mask of
 * bits, and a guess's hits split it by an AND per number of hits; only classes of two or more
 * are kept, and a colour set the guess shares no colour with keeps its classes as they are.
 */
class Arranger {
  nodes = 0;
  stopped = false;
  readonly #game: Game;
  readonly #pegs: number;
  readonly #size: number;
  /** Every guess's answer to every secret, and the hits of each answer. */
  readonly #table: Uint8Array;
  readonly #hitsOf: Uint8Array;
  /** The colour sets of secrets, as masks, by index, and each one's secrets (its arrangements). */
  readonly #secretSets: number[];
  readonly #members: Int32Array[];
  /**
   * Per depth: the classes of two or more still confused, as masks, and per colour set where its
   * classes start and how many there are.
   */
  readonly #classes: Int32Array[] = [];
  readonly #starts: Int32Array[] = [];
  readonly #counts: Int32Array[] = [];
  /**
   * The family's guesses (a colour set's arrangements, numbered), per colour set of secrets, the
   * arrangements each number of hits picks, `pegs + 1` masks: made for each family.
   */
  #hitMasks = new Int32Array(0);
  /** The orders in which a guess may place its colour set's colours: a position per colour. */
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
    const setIndex = new Map<number, number>();
    const members: number[][] = [];
    for (let s = 0; s < n; s++) {
      let mask = 0;
      for (let p = 0; p < pegs; p++) mask |= 1 << game.codes.symbolAt(s, p);
      let index = setIndex.get(mask);
      if (index === undefined) {
        index = setIndex.size;
        setIndex.set(mask, index);
        members.push([]);
      }
      members[index].push(s);
    }
    this.#secretSets = [...setIndex.keys()];
    this.#members = members.map((list) => Int32Array.from(list));
    const sets = this.#secretSets.length;
    for (let d = 0; d <= size; d++) {
      // A colour set's classes of two or more never outnumber half its arrangements.
      this.#classes.push(new Int32Array(sets * Math.ceil(this.#members[0].length / 2)));
      this.#starts.push(new Int32Array(sets));
      this.#counts.push(new Int32Array(sets));
    }
    this.#orders = arrangements(pegs);
  }

  /** An identifying set whose guesses use the colour sets of `family`, in code order, if any. */
  arrange(family: readonly number[]): number[] | undefined {
    const pegs = this.#pegs;
    const size = this.#size;
    const n = this.#game.size;
    const sets = this.#secretSets.length;
    const everything = (1 << this.#members[0].length) - 1;
    // Depth 0: every colour set's arrangements in one class.
    for (let x = 0; x < sets; x++) {
      this.#classes[0][x] = everything;
      this.#starts[0][x] = x;
      this.#counts[0][x] = 1;
    }
    // Per depth and colour set of secrets: how many secrets the sets from that depth on can
    // tell apart by hits at most; and the colour sets in order, the least room first (a split
    // that fails, fails there).
    const capacity = Array.from({ length: size + 1 }, (_, depth) =>
      Int32Array.from(this.#secretSets, (mask) => {
        let most = 1;
        for (let d = depth; d < size && most < n; d++) {
          most *= hitValues(pegs, bitCount(family[d] & mask));
        }
        return Math.min(most, n);
      }),
    );
    const orders = capacity.map((room) =>
      Int32Array.from(this.#secretSets.map((_, x) => x).sort((a, b) => room[a] - room[b])),
    );
    // Each guess of the family (a depth's arrangement) as hit masks, colour set by colour set.
    const orderCount = this.#orders.length;
    const stride = pegs + 1;
    const perGuess = sets * stride;
    if (this.#hitMasks.length < size * orderCount * perGuess) {
      this.#hitMasks = new Int32Array(size * orderCount * perGuess);
    }
    const hitMasks = this.#hitMasks;
    hitMasks.fill(0);
    const codes = family.map((mask, depth) => {
      const colours: number[] = [];
      for (let c = 0; mask >> c !== 0; c++) if (mask & (1 << c)) colours.push(c);
      return Int32Array.from(this.#orders, (order, a) => {
        const guess = new Uint8Array(pegs);
        for (let i = 0; i < pegs; i++) guess[order[i]] = colours[i];
        const code = this.#game.codes.indexOf(guess);
        const row = code * n;
        const base = (depth * orderCount + a) * perGuess;
        for (let x = 0; x < sets; x++) {
          const list = this.#members[x];
          for (let k = 0; k < list.length; k++) {
            hitMasks[base + x * stride + this.#hitsOf[this.#table[row + list[k]]]] |= 1 << k;
          }
        }
        return code;
      });
    });
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
      // Permuting positions keeps the family: the first set's arrangement is fixed.
      const tried = depth === 0 ? 1 : orderCount;
      for (let a = 0; a < tried; a++) {
        const masks = (depth * orderCount + a) * perGuess;
        if (!this.#split(depth, masks, family[depth], capacity[depth + 1], orders[depth + 1])) {
          continue;
        }
        guesses.push(codes[depth][a]);
        const found = visit(depth + 1);
        guesses.pop();
        if (found || this.stopped) return found;
      }
      return undefined;
    };
    return visit(0);
  }

  /**
   * Splits the classes at `depth` by the hits of the guess whose hit masks start at `masks`, of
   * colour set `colours`, into the next depth's, the colour sets in the order `sets`; false, at
   * once, if a class outgrows what its colour set's `capacity` allows.
   */
  #split(
    depth: number,
    masks: number,
    colours: number,
    capacity: Int32Array,
    sets: Int32Array,
  ): boolean {
    const hitMasks = this.#hitMasks;
    const stride = this.#pegs + 1;
    const from = this.#classes[depth];
    const fromStarts = this.#starts[depth];
    const fromCounts = this.#counts[depth];
    const into = this.#classes[depth + 1];
    const intoStarts = this.#starts[depth + 1];
    const intoCounts = this.#counts[depth + 1];
    const secretSets = this.#secretSets;
    let kept = 0;
    for (let i = 0; i < sets.length; i++) {
      const x = sets[i];
      const begin = fromStarts[x];
      const end = begin + fromCounts[x];
      intoStarts[x] = kept;
      if ((secretSets[x] & colours) === 0) {
        // No hits on these: the classes stay as they are, and so does the room they need.
        for (let c = begin; c < end; c++) into[kept++] = from[c];
      } else {
        const room = capacity[x];
        const at = masks + x * stride;
        for (let c = begin; c < end; c++) {
          // A class no larger than the room cannot outgrow it; the parts are taken until they
          // cover the class.
          let rest = from[c];
          const fits = popCount(rest) <= room;
          for (let h = 0; rest !== 0; h++) {
            const part = rest & hitMasks[at + h];
            rest ^= part;
            if ((part & (part - 1)) === 0) continue;
            if (!fits && popCount(part) > room) return false;
            into[kept++] = part;
          }
        }
      }
      intoCounts[x] = kept - intoStarts[x];
    }
    return true;
  }
}
