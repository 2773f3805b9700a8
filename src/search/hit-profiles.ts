/**
 * In a game without repetition, two secrets made of the same colours get the same blows plus
 * hits from every guess, so only hits can tell them apart: the p! arrangements of each p colours
 * must be told apart by hits alone. A guess's hits on an arrangement of colours X come from the
 * colours it shares with X, each at its own place: a partial matching of X's colours to the
 * positions, of as many cells as the guess has colours of X. So whether a set can tell X's
 * arrangements apart depends, before any arrangement is chosen, on how many colours of X each
 * guess has (X's profile); some profiles can never do it, whatever the arrangements. This module
 * says which, by searching the partial matchings (the static search by colour sets,
 * static-colours.ts, uses it to drop whole families of colour sets at once).
 */

/** Which overlap profiles of `size` guesses can tell the arrangements of `pegs` colours apart. */
export interface HitProfiles {
  readonly pegs: number;
  readonly size: number;
  /**
   * A profile as a number: the count of guesses sharing s colours with X, for s = 0 … pegs, as
   * the digits of base `size + 1` (`profileDigit(s)` is the place value of s).
   */
  readonly profileDigit: (shared: number) => number;
  /** Per profile of all `size` guesses: 1 if some arrangements tell X's apart. */
  readonly feasible: Uint8Array;
  /** Per profile of fewer guesses: 1 if some profile of `size` that contains it is feasible. */
  readonly extendable: Uint8Array;
}

/** The most distinct hits a guess sharing `shared` of X's `pegs` colours gives X's arrangements. */
export function hitValues(pegs: number, shared: number): number {
  // All but one of X's colours in place puts the last in place too.
  return shared === pegs ? Math.max(1, pegs) : shared + 1;
}

/** The arrangements of `pegs` things: each a position per thing, in lexicographic order. */
export function arrangements(pegs: number): number[][] {
  const all: number[][] = [];
  const next = (prefix: number[]): void => {
    if (prefix.length === pegs) all.push(prefix.slice());
    for (let p = 0; p < pegs; p++) {
      if (prefix.includes(p)) continue;
      prefix.push(p);
      next(prefix);
      prefix.pop();
    }
  };
  next([]);
  return all;
}

/**
 * Per number of cells, every partial matching of `pegs` colours to `pegs` positions, as the hits
 * it gives each arrangement (`arranged`).
 */
function matchingHits(pegs: number, arranged: readonly number[][]): Uint8Array[][] {
  const bySize: Uint8Array[][] = Array.from({ length: pegs + 1 }, () => []);
  const cells: number[] = [];
  const walk = (colour: number, used: number): void => {
    if (colour === pegs) {
      const hits = new Uint8Array(arranged.length);
      arranged.forEach((place, a) => {
        for (let c = 0; c < cells.length; c += 2) if (place[cells[c]] === cells[c + 1]) hits[a]++;
      });
      bySize[cells.length / 2].push(hits);
      return;
    }
    walk(colour + 1, used);
    for (let p = 0; p < pegs; p++) {
      if (used & (1 << p)) continue;
      cells.push(colour, p);
      walk(colour + 1, used | (1 << p));
      cells.length -= 2;
    }
  };
  walk(0, 0);
  return bySize;
}

/** Relabels a partition's classes in order of first appearance: one key per partition. */
function partitionKey(labels: readonly number[]): string {
  const seen = new Map<number, number>();
  return labels
    .map((label) => {
      let named = seen.get(label);
      if (named === undefined) {
        named = seen.size;
        seen.set(label, named);
      }
      return named;
    })
    .join(',');
}

/**
 * Which profiles of `size` guesses can tell apart the arrangements of `pegs` colours by hits:
 * for each, a search over partial matchings of those sizes, largest first (the first one fixed,
 * as every matching of a size is every other's image), partitions already met skipped and a
 * branch cut where a class outgrows what the matchings left can split.
 */
export function hitProfiles(pegs: number, size: number): HitProfiles {
  const key = `${pegs}/${size}`;
  let profiles = computed.get(key);
  if (!profiles) {
    profiles = searchProfiles(pegs, size);
    computed.set(key, profiles);
  }
  return profiles;
}

/** The profiles already searched, by pegs and size: a search of four pegs takes seconds. */
const computed = new Map<string, HitProfiles>();

/** `hitProfiles`'s search. */
function searchProfiles(pegs: number, size: number): HitProfiles {
  const arranged = arrangements(pegs);
  const matchings = matchingHits(pegs, arranged);
  const base = size + 1;
  const profileDigit = (shared: number): number => base ** shared;
  const feasible = new Uint8Array(base ** (pegs + 1));
  const extendable = new Uint8Array(base ** (pegs + 1));
  const known = new Map<string, boolean>();
  /** Whether matchings of `sizes[from..]` can split every class of `labels` to one. */
  const splits = (sizes: readonly number[], from: number, labels: readonly number[]): boolean => {
    const counts = new Map<number, number>();
    let largest = 0;
    for (const label of labels) {
      const count = (counts.get(label) ?? 0) + 1;
      counts.set(label, count);
      largest = Math.max(largest, count);
    }
    if (largest === 1) return true;
    let capacity = 1;
    for (let i = from; i < sizes.length; i++) capacity *= hitValues(pegs, sizes[i]);
    if (largest > capacity) return false;
    const key = `${sizes.slice(from).join('')}|${partitionKey(labels)}`;
    const answer = known.get(key);
    if (answer !== undefined) return answer;
    const options = from === 0 ? matchings[sizes[0]].slice(0, 1) : matchings[sizes[from]];
    let found = false;
    for (const hits of options) {
      const next = partitionKey(labels.map((label, a) => label * (pegs + 1) + hits[a]));
      if (splits(sizes, from + 1, next.split(',').map(Number))) {
        found = true;
        break;
      }
    }
    known.set(key, found);
    return found;
  };
  const profile = (sizes: readonly number[]): number =>
    sizes.reduce((sum, shared) => sum + profileDigit(shared), 0);
  const everyProfile = (left: number, largest: number, sizes: number[]): void => {
    if (left === 0) {
      if (!splits(sizes, 0, new Array(arranged.length).fill(0))) return;
      feasible[profile(sizes)] = 1;
      // Every sub-multiset of a feasible profile is extendable.
      const sub = (i: number, taken: number): void => {
        if (i === sizes.length) {
          extendable[taken] = 1;
          return;
        }
        sub(i + 1, taken);
        sub(i + 1, taken + profileDigit(sizes[i]));
      };
      sub(0, 0);
      return;
    }
    for (let s = largest; s >= 0; s--) {
      sizes.push(s);
      everyProfile(left - 1, s, sizes);
      sizes.pop();
    }
  };
  everyProfile(size, pegs, []);
  return { pegs, size, profileDigit, feasible, extendable };
}
