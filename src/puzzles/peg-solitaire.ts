/**
 * Peg solitaire: jump a peg over a neighbour into an empty hole, removing the neighbour, until one
 * peg is left where the problem wants it.
 *
 * The boards are peg-board.ts's; a position is a `Uint8Array` of pegs.
 *
 * Two searches, because the two classic questions differ in kind:
 * - `fewest`: the fewest moves, where consecutive jumps by the same peg are one move, and every
 *   jump sequence of that length, by iterative deepening on the number of moves. It prunes with a
 *   lower bound: a peg in a hole no jump passes over (a corner) can only leave by jumping, so each
 *   such peg still on the board starts a move of its own. First jumps that are images of one
 *   another under a symmetry of the problem are tried once, as the seed page does, which is why
 *   Hoppers has 18 solutions there and 72 in all.
 * - `any`: one solution, by depth-first search with a transposition table of hopeless positions,
 *   each stored once for all its symmetric images (the least key over the symmetries that keep
 *   the end hole). How long a depth-first search takes depends wildly on the order it tries jumps
 *   in, so it runs under a node budget through the jump orders seen through each symmetry of the
 *   board, doubling the budget each round; the table is kept across restarts, so no work that
 *   proved a position hopeless is repeated. The English board's centre-to-centre problem takes
 *   milliseconds, and every one-hole problem of that board well under a second.
 * Before either, a parity test over GF(2) rejects problems no sequence of jumps can solve (each
 * jump toggles its three holes, so the end must differ from the start by a sum of such triples):
 * an impossible end hole is reported at once instead of after exhausting the board.
 */
import { CodebreakerError } from '../errors.js';
import type { PegBoard, PegSearch } from './peg-board.js';

/** A problem: the hole empty at the start, and the hole of the last peg (`'any'`: anywhere). */
export interface PegProblem {
  /** The board. */
  readonly board: PegBoard;
  /** The hole empty at the start. */
  readonly empty: number;
  /** The hole the last peg must end in, or `'any'`. */
  readonly end: number | 'any';
}

/**
 * Which solutions `fewest` reports: every one, those whose first jumps are not symmetric images
 * of one another (the seed page's count), or one per symmetry class.
 */
export const PEG_SOLUTION_SETS = ['first-jumps', 'all', 'unique'] as const;
/** The name of a set of solutions. */
export type PegSolutionSet = (typeof PEG_SOLUTION_SETS)[number];

/** A move: the holes one peg visits, from its start through each landing of its jumps. */
export type PegMove = readonly number[];

/** What a search found. */
export interface PegResult {
  /** The search that ran. */
  readonly search: PegSearch;
  /** `fewest`: the least number of moves (undefined when the problem has no solution). */
  readonly moves: number | undefined;
  /** The solutions, each a list of moves; `any` finds at most one. */
  readonly solutions: readonly (readonly PegMove[])[];
}

/**
 * Whether the end can differ from the start by a sum of jumps over GF(2): a necessary condition
 * for a solution (each jump toggles its three holes).
 */
export function parityAllows(problem: PegProblem): boolean {
  const { board, empty, end } = problem;
  const ends = end === 'any' ? Array.from({ length: board.holes }, (_, h) => h) : [end];
  const basis = new Map<number, bigint>();
  const reduce = (vector: bigint): bigint => {
    for (let bit = board.holes - 1; bit >= 0 && vector; bit--) {
      const pivot = basis.get(bit);
      if (pivot !== undefined && (vector >> BigInt(bit)) & 1n) vector ^= pivot;
    }
    return vector;
  };
  for (let j = 0; j < board.jumps.length; j += 3) {
    let vector = 0n;
    for (let k = 0; k < 3; k++) vector |= 1n << BigInt(board.jumps[j + k]);
    vector = reduce(vector);
    if (vector) basis.set(vector.toString(2).length - 1, vector);
  }
  const start = ((1n << BigInt(board.holes)) - 1n) ^ (1n << BigInt(empty));
  return ends.some((last) => reduce(start ^ (1n << BigInt(last))) === 0n);
}

function checkProblem(problem: PegProblem): void {
  const { board, empty, end } = problem;
  if (parityAllows(problem)) return;
  const where = end === 'any' ? 'anywhere' : `in hole ${end}`;
  throw new CodebreakerError(
    'bad-option',
    `on the ${board.name} board no sequence of jumps from hole ${empty} empty leaves one peg ${where}`,
  );
}

/** The symmetries of the board that keep the end hole (all of them when the end is anywhere). */
function endSymmetries(problem: PegProblem): Int8Array[] {
  const { board, end } = problem;
  return board.symmetries.filter((image) => end === 'any' || image[end] === end);
}

/** Groups a jump sequence (from, to pairs) into moves: runs of jumps by the same peg. */
function movesOf(path: Int16Array): PegMove[] {
  const moves: number[][] = [];
  for (let i = 0; i < path.length; i += 2) {
    const last = moves[moves.length - 1];
    if (last && last[last.length - 1] === path[i]) last.push(path[i + 1]);
    else moves.push([path[i], path[i + 1]]);
  }
  return moves;
}

/** Whether `path` is the least, jump by jump, of its images under `symmetries`. */
function isLeastImage(path: Int16Array, symmetries: readonly Int8Array[]): boolean {
  for (const image of symmetries) {
    for (let i = 0; i < path.length; i++) {
      const mapped = image[path[i]];
      if (mapped !== path[i]) {
        if (mapped < path[i]) return false;
        break;
      }
    }
  }
  return true;
}

/**
 * The fewest moves that solve the problem, and the jump sequences with that many moves (see
 * `PegSolutionSet`), by iterative deepening on the number of moves.
 */
export function fewestMoves(
  problem: PegProblem,
  solutionSet: PegSolutionSet = 'first-jumps',
): PegResult {
  checkProblem(problem);
  const { board, empty, end } = problem;
  if (!board.searches.includes('fewest')) {
    throw new CodebreakerError(
      'too-large',
      `the fewest-moves search is out of reach on the ${board.name} board; use --search any for one solution`,
    );
  }
  const { jumps, jumpStart, corner, holes } = board;
  const symmetries = endSymmetries(problem).filter((image) => image[empty] === empty);
  const firstJumpKept = (from: number, to: number): boolean =>
    solutionSet === 'all' ||
    symmetries.every((image) => image[from] * holes + image[to] >= from * holes + to);
  const pegs = new Uint8Array(holes).fill(1);
  pegs[empty] = 0;
  const path = new Int16Array(2 * (holes - 2));
  const found: Int16Array[] = [];
  let limit = 0;

  const cornersToLeave = (last: number): number => {
    let count = 0;
    for (let h = 0; h < holes; h++) if (corner[h] && pegs[h] && h !== last && h !== end) count++;
    return count;
  };

  const search = (jumped: number, moves: number, last: number): void => {
    if (jumped === holes - 2) {
      if (end === 'any' || pegs[end]) found.push(path.slice());
      return;
    }
    if (moves + cornersToLeave(last) > limit) return;
    for (let from = 0; from < holes; from++) {
      if (!pegs[from]) continue;
      const cost = from === last ? moves : moves + 1;
      if (cost > limit) continue;
      for (let j = jumpStart[from]; j < jumpStart[from + 1]; j++) {
        const over = jumps[3 * j + 1];
        const to = jumps[3 * j + 2];
        if (!pegs[over] || pegs[to] || (jumped === 0 && !firstJumpKept(from, to))) continue;
        pegs[from] = 0;
        pegs[over] = 0;
        pegs[to] = 1;
        path[2 * jumped] = from;
        path[2 * jumped + 1] = to;
        search(jumped + 1, cost, to);
        pegs[from] = 1;
        pegs[over] = 1;
        pegs[to] = 0;
      }
    }
  };

  while (found.length === 0 && limit < holes - 2) {
    limit++;
    search(0, 0, -1);
  }
  const kept = solutionSet === 'unique' ? found.filter((p) => isLeastImage(p, symmetries)) : found;
  return {
    search: 'fewest',
    moves: found.length > 0 ? limit : undefined,
    solutions: kept.map(movesOf),
  };
}

/**
 * A set of position keys (whole numbers below 2^53), open addressing over two `Uint32Array`s:
 * several times faster than a `Set` of numbers that do not fit a small integer.
 */
class KeySet {
  #low = new Uint32Array(1 << 12);
  #high = new Uint32Array(1 << 12);
  #mask = (1 << 12) - 1;
  size = 0;

  #slot(low: number, high: number): number {
    let slot = (Math.imul(low, 0x9e3779b1) ^ Math.imul(high + 0x7f4a7c15, 0x85ebca77)) & this.#mask;
    while (this.#high[slot] !== 0 && (this.#low[slot] !== low || this.#high[slot] !== high + 1)) {
      slot = (slot + 1) & this.#mask;
    }
    return slot;
  }

  has(key: number): boolean {
    const low = key >>> 0;
    return this.#high[this.#slot(low, (key - low) / 2 ** 32)] !== 0;
  }

  add(key: number): void {
    const low = key >>> 0;
    const high = (key - low) / 2 ** 32;
    const slot = this.#slot(low, high);
    if (this.#high[slot] !== 0) return;
    this.#low[slot] = low;
    this.#high[slot] = high + 1;
    if (++this.size * 2 > this.#mask) this.#grow();
  }

  #grow(): void {
    const low = this.#low;
    const high = this.#high;
    this.#low = new Uint32Array(low.length * 2);
    this.#high = new Uint32Array(high.length * 2);
    this.#mask = low.length * 2 - 1;
    for (let slot = 0; slot < low.length; slot++) {
      if (high[slot] === 0) continue;
      const fresh = this.#slot(low[slot], high[slot] - 1);
      this.#low[fresh] = low[slot];
      this.#high[fresh] = high[slot];
    }
  }
}

/** The first node budget of `any`; it doubles after each round through the jump orders. */
const FIRST_BUDGET = 1000;

/** The board's jumps as triples in row order, then that order seen through each symmetry and
 * reversed: different orders for the restarts of `any`. */
function jumpOrders(board: PegBoard): Int16Array[] {
  const { jumps, holes } = board;
  const orders: Int16Array[] = [];
  for (const image of board.symmetries) {
    const rank = new Int16Array(holes);
    image.forEach((to, from) => {
      rank[to] = from;
    });
    const order = Array.from({ length: jumps.length / 3 }, (_, j) => j).sort(
      (a, b) =>
        rank[jumps[3 * a]] - rank[jumps[3 * b]] || rank[jumps[3 * a + 2]] - rank[jumps[3 * b + 2]],
    );
    for (const sequence of [order, [...order].reverse()]) {
      orders.push(
        Int16Array.from(
          sequence.flatMap((j) => [jumps[3 * j], jumps[3 * j + 1], jumps[3 * j + 2]]),
        ),
      );
    }
  }
  return orders;
}

/**
 * One solution, by depth-first search with a transposition table of hopeless positions (each
 * stored once for all its symmetric images), restarted through several jump orders under a
 * doubling node budget.
 */
export function anySolution(problem: PegProblem): PegResult {
  checkProblem(problem);
  const { board, empty, end } = problem;
  const { holes } = board;
  const weights = endSymmetries(problem).map((image) => Float64Array.from(image, (h) => 2 ** h));
  const keys = new Float64Array(weights.length);
  const pegs = new Uint8Array(holes);
  const path = new Int16Array(2 * (holes - 2));
  const hopeless = new KeySet();
  let nodes = 0;
  let budget = FIRST_BUDGET;

  const search = (order: Int16Array, jumped: number): boolean => {
    if (jumped === holes - 2) return end === 'any' || pegs[end] === 1;
    let key = keys[0];
    for (let s = 1; s < keys.length; s++) if (keys[s] < key) key = keys[s];
    if (hopeless.has(key) || ++nodes > budget) return false;
    for (let j = 0; j < order.length; j += 3) {
      const from = order[j];
      const over = order[j + 1];
      const to = order[j + 2];
      if (!pegs[from] || !pegs[over] || pegs[to]) continue;
      pegs[from] = 0;
      pegs[over] = 0;
      pegs[to] = 1;
      for (let s = 0; s < keys.length; s++) {
        keys[s] += weights[s][to] - weights[s][from] - weights[s][over];
      }
      path[2 * jumped] = from;
      path[2 * jumped + 1] = to;
      const solved = search(order, jumped + 1);
      for (let s = 0; s < keys.length; s++) {
        keys[s] -= weights[s][to] - weights[s][from] - weights[s][over];
      }
      pegs[from] = 1;
      pegs[over] = 1;
      pegs[to] = 0;
      if (solved) return true;
    }
    if (nodes <= budget) hopeless.add(key);
    return false;
  };

  const orders = jumpOrders(board);
  for (; ; budget *= 2) {
    for (const order of orders) {
      pegs.fill(1);
      pegs[empty] = 0;
      for (let s = 0; s < weights.length; s++) {
        keys[s] = 0;
        for (let h = 0; h < holes; h++) if (pegs[h]) keys[s] += weights[s][h];
      }
      nodes = 0;
      const solved = search(order, 0);
      if (solved) return { search: 'any', moves: undefined, solutions: [movesOf(path)] };
      if (nodes <= budget) return { search: 'any', moves: undefined, solutions: [] };
    }
  }
}

/** Solves the problem with the given search (default: the board's). */
export function solvePegSolitaire(
  problem: PegProblem,
  search: PegSearch = problem.board.searches[0],
  solutionSet: PegSolutionSet = 'first-jumps',
): PegResult {
  return search === 'fewest' ? fewestMoves(problem, solutionSet) : anySolution(problem);
}
