/**
 * Magic squares: the numbers 1 to n² in an n×n grid so that every row, every column and both
 * diagonals have the same sum, n(n² + 1)/2.
 *
 * Backtracking over cells, in an order planned once per n so that lines fill up early: take the
 * line with the fewest empty cells, give all but one of them every unused number, and compute the
 * last from the magic sum. For n = 4 that leaves 8 cells chosen freely and 8 forced, and a
 * forced value out of range, or already used, cuts the branch at once. Each line is checked the
 * moment its last cell is filled.
 *
 * The 8 rotations and reflections of a square are different squares; `unique` keeps one of each
 * 8 by ordering corners, as the seed page does: here the top-left corner is the smallest of the
 * four and the top-right is smaller than the bottom-left, which picks exactly one square of each
 * 8 because the corners hold four different numbers. The search applies those inequalities as
 * soon as both corners are filled, which prunes instead of filtering afterwards.
 */
import { CodebreakerError } from '../errors.js';
import { readWholeNumber } from '../numbers.js';

/** The largest n whose squares are all listed; beyond it a limit is required. */
export const MAX_FULL_MAGIC_ORDER = 4;
/** The largest n searched at all. */
export const MAX_MAGIC_ORDER = 6;

/** Options of `magicSquares`. */
export interface MagicSquareOptions {
  /** Keep one square of each 8 symmetric copies. */
  readonly unique?: boolean;
  /** Stop after this many squares. */
  readonly limit?: number;
}

/** The rows, columns and two diagonals of the n×n grid, as lists of cells. */
export function magicLines(n: number): number[][] {
  const range = Array.from({ length: n }, (_, i) => i);
  return [
    ...range.map((r) => range.map((c) => r * n + c)),
    ...range.map((c) => range.map((r) => r * n + c)),
    range.map((i) => i * n + i),
    range.map((i) => i * n + n - 1 - i),
  ];
}

/**
 * The search order for n, as typed arrays: step s fills `cell[s]`, freely when `forcedBy[s]` is
 * -1 and otherwise with the magic sum minus the rest of line `forcedBy[s]`; then lines
 * `checks[checkStart[s]..checkStart[s+1])` are complete and must have the magic sum, and the
 * corner pairs `corners[2k], corners[2k+1]` for k in `orderStart[s]..orderStart[s+1]` can be
 * ordered for `unique`.
 */
interface Plan {
  readonly cell: Int32Array;
  readonly forcedBy: Int32Array;
  readonly checkStart: Int32Array;
  readonly checks: Int32Array;
  readonly orderStart: Int32Array;
  readonly corners: Int32Array;
}

function planSearch(n: number, lines: readonly number[][]): Plan {
  const filled = new Uint8Array(n * n);
  const [a, b, c, d] = [0, n - 1, n * (n - 1), n * n - 1];
  const pending = n > 1 ? [a, b, a, c, a, d, b, c] : [];
  const cell: number[] = [];
  const forcedBy: number[] = [];
  const checkStart = [0];
  const checks: number[] = [];
  const orderStart = [0];
  const corners: number[] = [];
  const fill = (target: number, line: number): void => {
    filled[target] = 1;
    cell.push(target);
    forcedBy.push(line);
    lines.forEach((cells, l) => {
      if (l !== line && cells.includes(target) && cells.every((x) => filled[x])) checks.push(l);
    });
    checkStart.push(checks.length);
    for (let k = 0; k < pending.length; k += 2) {
      const [smaller, larger] = [pending[k], pending[k + 1]];
      if ((smaller === target || larger === target) && filled[smaller] && filled[larger]) {
        corners.push(smaller, larger);
      }
    }
    orderStart.push(corners.length / 2);
  };
  for (;;) {
    let line = -1;
    let open: number[] = [];
    lines.forEach((cells, l) => {
      const empty = cells.filter((x) => !filled[x]);
      if (empty.length > 0 && (line < 0 || empty.length < open.length)) {
        line = l;
        open = empty;
      }
    });
    if (line < 0) break;
    for (const free of open.slice(0, -1)) fill(free, -1);
    fill(open[open.length - 1], line);
  }
  return {
    cell: Int32Array.from(cell),
    forcedBy: Int32Array.from(forcedBy),
    checkStart: Int32Array.from(checkStart),
    checks: Int32Array.from(checks),
    orderStart: Int32Array.from(orderStart),
    corners: Int32Array.from(corners),
  };
}

/** Reads `--size`: the order n of the square. */
export function parseMagicOrder(text: string): number {
  return readWholeNumber(text, '--size', { min: 1, max: MAX_MAGIC_ORDER });
}

/**
 * The magic squares of order n, each as its n² numbers row by row, in the order the search
 * finds them. Beyond `MAX_FULL_MAGIC_ORDER` there are far too many to list, so a limit is required.
 */
export function magicSquares(n: number, options: MagicSquareOptions = {}): Int32Array[] {
  const { unique = false, limit = Number.POSITIVE_INFINITY } = options;
  if (n > MAX_FULL_MAGIC_ORDER && !Number.isFinite(limit)) {
    throw new CodebreakerError(
      'too-large',
      `there are far too many ${n}×${n} magic squares to list them all; give a limit (--limit K)`,
    );
  }
  const cells = n * n;
  const sum = (n * (cells + 1)) / 2;
  const lines = magicLines(n);
  const { cell, forcedBy, checkStart, checks, orderStart, corners } = planSearch(n, lines);
  // The lines through each cell, and each line's running total.
  const linesOf = Array.from({ length: cells }, (_, x) =>
    Int32Array.from(lines.flatMap((line, l) => (line.includes(x) ? [l] : []))),
  );
  const total = new Int32Array(lines.length);
  const square = new Int32Array(cells);
  const used = new Uint8Array(cells + 1);
  const found: Int32Array[] = [];

  const place = (s: number): boolean => {
    if (s === cells) {
      found.push(square.slice());
      return found.length >= limit;
    }
    const x = cell[s];
    const through = linesOf[x];
    let low = 1;
    let high = cells;
    if (forcedBy[s] >= 0) {
      low = high = sum - total[forcedBy[s]];
      if (low < 1 || low > cells) return false;
    }
    for (let value = low; value <= high; value++) {
      if (used[value]) continue;
      square[x] = value;
      for (let i = 0; i < through.length; i++) total[through[i]] += value;
      let fits = true;
      for (let k = checkStart[s]; fits && k < checkStart[s + 1]; k++) {
        fits = total[checks[k]] === sum;
      }
      if (unique) {
        for (let k = orderStart[s]; fits && k < orderStart[s + 1]; k++) {
          fits = square[corners[2 * k]] < square[corners[2 * k + 1]];
        }
      }
      let done = false;
      if (fits) {
        used[value] = 1;
        done = place(s + 1);
        used[value] = 0;
      }
      for (let i = 0; i < through.length; i++) total[through[i]] -= value;
      if (done) return true;
    }
    return false;
  };

  place(0);
  return found;
}
