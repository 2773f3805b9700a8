/**
 * Deliberately simple second implementations of the puzzles, written from the definitions, that
 * the searches in src/puzzles are checked against. Nothing here shares code with src/: brute
 * force, strings, BigInt fractions and plain Sets, as slow and obvious as the definitions.
 */

/** A fraction of BigInts, reduced only when compared. */
type Fraction = [bigint, bigint];

/** Evaluates an expression of non-negative integers and + - * / with the usual precedence. */
export function naiveEvaluate(expression: string): Fraction | undefined {
  const tokens = expression.match(/\d+|[-+*/]/g) ?? [];
  let sum: Fraction = [0n, 1n];
  let i = 0;
  let sign = 1n;
  while (i < tokens.length) {
    let term: Fraction = [BigInt(tokens[i++]), 1n];
    while (tokens[i] === '*' || tokens[i] === '/') {
      const op = tokens[i++];
      const value = BigInt(tokens[i++]);
      if (op === '*') term = [term[0] * value, term[1]];
      else if (value === 0n) return undefined;
      else term = [term[0], term[1] * value];
    }
    sum = [sum[0] * term[1] + sign * term[0] * sum[1], sum[1] * term[1]];
    if (i < tokens.length) sign = tokens[i++] === '+' ? 1n : -1n;
  }
  return sum;
}

/** Every expression over `digits` in order with `operators` or nothing between them, equal to `target`. */
export function naiveKomachi(digits: string, operators: string, target: number): string[] {
  let expressions = [digits[0]];
  for (const digit of digits.slice(1)) {
    expressions = expressions.flatMap((e) => [
      ...[...operators].map((op) => e + op + digit),
      e + digit,
    ]);
  }
  return expressions.filter((e) => {
    if (/(^|[-+*/])0\d/.test(e)) return false;
    const value = naiveEvaluate(e);
    return value !== undefined && value[0] === BigInt(target) * value[1];
  });
}

/** Every solution of a word sum as equations in digits, by trying every assignment of digits. */
export function naiveCryptarithm(puzzle: string): string[] {
  const letters = [...new Set(puzzle.replace(/[^A-Z]/g, ''))];
  const [left, right] = puzzle.split('=');
  const value = (side: string, digits: Map<string, number>): number => {
    let total = 0;
    for (const match of side.matchAll(/([+-]?)([A-Z]+)/g)) {
      const number = Number([...match[2]].map((letter) => digits.get(letter)).join(''));
      total += match[1] === '-' ? -number : number;
    }
    return total;
  };
  const solutions: string[] = [];
  const digits = new Map<string, number>();
  const assign = (i: number): void => {
    if (i === letters.length) {
      const words = puzzle.match(/[A-Z]+/g) ?? [];
      if (words.some((word) => word.length > 1 && digits.get(word[0]) === 0)) return;
      if (value(left, digits) === value(right, digits)) {
        solutions.push(puzzle.replace(/[A-Z]/g, (letter) => String(digits.get(letter))));
      }
      return;
    }
    for (let d = 0; d < 10; d++) {
      if ([...digits.values()].includes(d)) continue;
      digits.set(letters[i], d);
      assign(i + 1);
      digits.delete(letters[i]);
    }
  };
  assign(0);
  return solutions.sort();
}

/** Every 3×3 magic square of 1..9, row by row, by trying all 9! arrangements. */
export function naiveMagicSquares3(): string[] {
  const squares: string[] = [];
  const cells: number[] = [];
  const lines = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
  ];
  const fill = (): void => {
    if (cells.length === 9) {
      if (lines.every((line) => line.reduce((sum, c) => sum + cells[c], 0) === 15)) {
        squares.push(cells.join(' '));
      }
      return;
    }
    for (let v = 1; v <= 9; v++) {
      if (cells.includes(v)) continue;
      cells.push(v);
      fill();
      cells.pop();
    }
  };
  fill();
  return squares.sort();
}

/** The fewest moves to get `target` into some jug, by breadth-first search over strings. */
export function naiveJugMoves(capacities: number[], target: number): number | undefined {
  let level = new Set([capacities.map(() => 0).join(',')]);
  const seen = new Set(level);
  for (let moves = 0; level.size > 0; moves++) {
    const next = new Set<string>();
    for (const state of level) {
      const amounts = state.split(',').map(Number);
      if (amounts.includes(target)) return moves;
      const successors: number[][] = [];
      amounts.forEach((_, i) => {
        successors.push(amounts.map((a, k) => (k === i ? capacities[i] : a)));
        successors.push(amounts.map((a, k) => (k === i ? 0 : a)));
        amounts.forEach((__, j) => {
          if (i === j) return;
          const poured = Math.min(amounts[i], capacities[j] - amounts[j]);
          successors.push(amounts.map((a, k) => (k === i ? a - poured : k === j ? a + poured : a)));
        });
      });
      for (const successor of successors) {
        const key = successor.join(',');
        if (!seen.has(key)) {
          seen.add(key);
          next.add(key);
        }
      }
    }
    level = next;
  }
  return undefined;
}

/** A board's jumps [from, over, to], holes numbered row by row in `picture` (`o` is a hole). */
export function naiveJumps(
  picture: string[],
  steps: [number, number][],
): [number, number, number][] {
  const cells: [number, number][] = [];
  picture.forEach((line, r) => {
    [...line].forEach((ch, c) => {
      if (ch === 'o') cells.push([r, c]);
    });
  });
  const at = (r: number, c: number): number => cells.findIndex(([a, b]) => a === r && b === c);
  const jumps: [number, number, number][] = [];
  cells.forEach(([r, c], from) => {
    for (const [dr, dc] of steps) {
      for (const s of [1, -1]) {
        const over = at(r + s * dr, c + s * dc);
        const to = at(r + 2 * s * dr, c + 2 * s * dc);
        if (over >= 0 && to >= 0) jumps.push([from, over, to]);
      }
    }
  });
  return jumps;
}

/**
 * Every complete game from `empty` that leaves one peg in `end` (anywhere when undefined), by
 * trying every jump at every turn; each game as its moves (runs of jumps by one peg) `a-b-c`.
 */
export function naivePegSolutions(
  holes: number,
  jumps: [number, number, number][],
  empty: number,
  end?: number,
): string[][] {
  const pegs = Array.from({ length: holes }, (_, h) => h !== empty);
  const path: [number, number][] = [];
  const games: string[][] = [];
  const play = (left: number): void => {
    if (left === 1) {
      if (end !== undefined && !pegs[end]) return;
      const moves: number[][] = [];
      for (const [from, to] of path) {
        const last = moves[moves.length - 1];
        if (last && last[last.length - 1] === from) last.push(to);
        else moves.push([from, to]);
      }
      games.push(moves.map((move) => move.join('-')));
      return;
    }
    for (const [from, over, to] of jumps) {
      if (!pegs[from] || !pegs[over] || pegs[to]) continue;
      pegs[from] = pegs[over] = false;
      pegs[to] = true;
      path.push([from, to]);
      play(left - 1);
      path.pop();
      pegs[from] = pegs[over] = true;
      pegs[to] = false;
    }
  };
  play(holes - 1);
  return games;
}

/** The 8 rotations and reflections of a square picture, as maps of its holes (row by row). */
export function naiveSymmetries(picture: string[]): number[][] {
  const cells: string[] = [];
  picture.forEach((line, r) => {
    [...line].forEach((ch, c) => {
      if (ch === 'o') cells.push(`${r},${c}`);
    });
  });
  const m = picture.length - 1;
  const maps: ((r: number, c: number) => [number, number])[] = [
    (r, c) => [r, c],
    (r, c) => [c, m - r],
    (r, c) => [m - r, m - c],
    (r, c) => [m - c, r],
    (r, c) => [r, m - c],
    (r, c) => [m - r, c],
    (r, c) => [c, r],
    (r, c) => [m - c, m - r],
  ];
  return maps.map((map) =>
    cells.map((cell) => {
      const [r, c] = cell.split(',').map(Number);
      return cells.indexOf(map(r, c).join(','));
    }),
  );
}

/** Whether a single peg can be left in `end` from `empty`, by search remembering failed positions. */
export function naivePegSolvable(
  holes: number,
  jumps: [number, number, number][],
  empty: number,
  end: number,
): boolean {
  const failed = new Set<string>();
  const pegs = Array.from({ length: holes }, (_, h) => h !== empty);
  const solvable = (left: number): boolean => {
    if (left === 1) return pegs[end];
    const key = pegs.map(Number).join('');
    if (failed.has(key)) return false;
    for (const [from, over, to] of jumps) {
      if (!pegs[from] || !pegs[over] || pegs[to]) continue;
      pegs[from] = pegs[over] = false;
      pegs[to] = true;
      const solved = solvable(left - 1);
      pegs[from] = pegs[over] = true;
      pegs[to] = false;
      if (solved) return true;
    }
    failed.add(key);
    return false;
  };
  return solvable(holes - 1);
}
