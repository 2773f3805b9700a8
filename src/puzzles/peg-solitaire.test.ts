import { describe, expect, it } from 'vitest';
import {
  naiveJumps,
  naivePegSolutions,
  naivePegSolvable,
  naiveSymmetries,
} from '../../test/naive-puzzles.js';
import { type PegBoard, numberedPicture, pegBoard } from './peg-board.js';
import { type PegMove, anySolution, fewestMoves, parityAllows } from './peg-solitaire.js';

const HOPPERS_PICTURE = ['o.o.o', '.o.o.', 'o.o.o', '.o.o.', 'o.o.o'];
const HOPPERS_STEPS: [number, number][] = [
  [0, 2],
  [2, 0],
  [1, 1],
  [1, -1],
];
const written = (solution: readonly PegMove[]): string[] => solution.map((m) => m.join('-'));

/** Replays a solution on the board, checking every jump; returns the holes left with a peg. */
function replay(board: PegBoard, empty: number, solution: readonly PegMove[]): number[] {
  const jumps = naiveJumps(
    [...board.picture],
    board.name === 'hoppers'
      ? HOPPERS_STEPS
      : [
          [0, 1],
          [1, 0],
        ],
  );
  const pegs = Array.from({ length: board.holes }, (_, h) => h !== empty);
  for (const move of solution) {
    for (let i = 0; i + 1 < move.length; i++) {
      const jump = jumps.find(([from, , to]) => from === move[i] && to === move[i + 1]);
      expect(jump, `${move[i]}-${move[i + 1]}`).toBeDefined();
      const [from, over, to] = jump ?? [0, 0, 0];
      expect(pegs[from] && pegs[over] && !pegs[to]).toBe(true);
      pegs[from] = pegs[over] = false;
      pegs[to] = true;
    }
  }
  return pegs.flatMap((peg, h) => (peg ? [h] : []));
}

describe('the Hoppers board', () => {
  const board = pegBoard('hoppers');
  const naive = naivePegSolutions(13, naiveJumps(HOPPERS_PICTURE, HOPPERS_STEPS), 6, 6);
  const fewest = Math.min(...naive.map((game) => game.length));
  const shortest = naive.filter((game) => game.length === fewest).map((game) => game.join(' '));

  it('has 13 holes numbered as on the seed page, centre 6', () => {
    expect(board.holes).toBe(13);
    expect(board.centre).toBe(6);
    expect(numberedPicture(board)).toEqual([
      ' 0     1     2',
      '    3     4',
      ' 5     6     7',
      '    8     9',
      '10    11    12',
    ]);
  });

  it('is solved in 7 moves at fewest, with 18 solutions when symmetric first jumps are tried once', () => {
    const result = fewestMoves({ board, empty: 6, end: 6 });
    expect(result.moves).toBe(7);
    expect(fewest).toBe(7);
    expect(result.solutions).toHaveLength(18);
    expect(result.solutions.every((s) => written(s)[0] === '0-6')).toBe(true);
    for (const solution of result.solutions) {
      expect(solution).toHaveLength(7);
      expect(replay(board, 6, solution)).toEqual([6]);
    }
  });

  it('has 72 solutions of 7 moves in all, as playing every game shows, and 9 up to symmetry', () => {
    const all = fewestMoves({ board, empty: 6, end: 6 }, 'all');
    expect(all.solutions.map((s) => written(s).join(' ')).sort()).toEqual([...shortest].sort());
    expect(all.solutions).toHaveLength(72);
    expect(shortest.filter((game) => game.startsWith('0-6 '))).toHaveLength(18);
    const classes = new Set(
      shortest.map((game) => {
        const images = naiveSymmetries(HOPPERS_PICTURE).map((image) =>
          game.replace(/\d+/g, (hole) => String(image[Number(hole)]).padStart(2, '0')),
        );
        return images.sort()[0];
      }),
    );
    expect(classes.size).toBe(9);
    expect(fewestMoves({ board, empty: 6, end: 6 }, 'unique').solutions).toHaveLength(9);
  });

  it('rejects by parity only problems that have no solution', () => {
    const jumps = naiveJumps(HOPPERS_PICTURE, HOPPERS_STEPS);
    for (let empty = 0; empty < 13; empty++) {
      for (let end = 0; end < 13; end++) {
        const solvable = naivePegSolvable(13, jumps, empty, end);
        if (!parityAllows({ board, empty, end })) expect(solvable).toBe(false);
        if (solvable) {
          const [solution] = anySolution({ board, empty, end }).solutions;
          expect(replay(board, empty, solution)).toEqual([end]);
        }
      }
    }
  });

  it('finds the fewest moves to end anywhere, as playing every game shows', () => {
    const result = fewestMoves({ board, empty: 1, end: 'any' }, 'all');
    const games = naivePegSolutions(13, naiveJumps(HOPPERS_PICTURE, HOPPERS_STEPS), 1);
    const fewestAnywhere = Math.min(...games.map((game) => game.length));
    expect(result.moves).toBe(fewestAnywhere);
    expect(result.solutions).toHaveLength(games.filter((g) => g.length === fewestAnywhere).length);
    for (const solution of result.solutions) expect(replay(board, 1, solution)).toHaveLength(1);
  });
});

describe('the English board', () => {
  const board = pegBoard('english');

  it('has 33 holes, centre 16, and the 8 symmetries of the square', () => {
    expect(board.holes).toBe(33);
    expect(board.centre).toBe(16);
    expect(board.symmetries).toHaveLength(8);
  });

  it('solves the centre-to-centre problem: 31 jumps leave one peg in the centre', () => {
    const [solution] = anySolution({ board, empty: 16, end: 16 }).solutions;
    expect(solution.reduce((jumps, move) => jumps + move.length - 1, 0)).toBe(31);
    expect(replay(board, 16, solution)).toEqual([16]);
  });

  it('says at once when parity rules an end hole out', () => {
    expect(parityAllows({ board, empty: 16, end: 0 })).toBe(false);
    expect(() => anySolution({ board, empty: 16, end: 0 })).toThrow(/no sequence of jumps/);
    expect(() => fewestMoves({ board, empty: 16, end: 16 })).toThrow(/out of reach/);
  });

  it.runIf(process.env.CODEBREAKER_SLOW)(
    'solves every one-hole problem that ends where it starts',
    () => {
      for (let hole = 0; hole < 33; hole++) {
        const [solution] = anySolution({ board, empty: hole, end: hole }).solutions;
        expect(replay(board, hole, solution)).toEqual([hole]);
      }
    },
  );
});
