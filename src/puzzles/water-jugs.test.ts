import { describe, expect, it } from 'vitest';
import { naiveJugMoves } from '../../test/naive-puzzles.js';
import { type JugMove, describeJugMove, parseJugCapacities, waterJugs } from './water-jugs.js';

/** The contents after a move, from the rules as the issue states them. */
function after(capacities: number[], state: readonly number[], move: JugMove): number[] {
  const next = [...state];
  if (move.kind === 'fill') next[move.jug] = capacities[move.jug];
  else if (move.kind === 'empty') next[move.jug] = 0;
  else {
    const poured = Math.min(next[move.from], capacities[move.to] - next[move.to]);
    next[move.from] -= poured;
    next[move.to] += poured;
  }
  return next;
}

describe('water jugs', () => {
  it('measures 4 with jugs of 8 and 5 in 10 moves, as on the seed page', () => {
    const solution = waterJugs({ capacities: [8, 5], target: 4 });
    expect(solution?.moves).toHaveLength(10);
    expect(solution?.states.map((s) => s.join(','))).toEqual([
      '0,0',
      '0,5',
      '5,0',
      '5,5',
      '8,2',
      '0,2',
      '2,0',
      '2,5',
      '7,0',
      '7,5',
      '8,4',
    ]);
    expect(solution?.moves.map(describeJugMove).slice(0, 2)).toEqual(['fill 2', 'pour 2 into 1']);
  });

  it('says when the target cannot be reached', () => {
    expect(waterJugs({ capacities: [6, 4], target: 3 })).toBeUndefined();
    expect(waterJugs({ capacities: [3, 5], target: 6 })).toBeUndefined();
  });

  it('agrees with a plain breadth-first search on small jugs, with valid moves', () => {
    let reached = 0;
    for (const capacities of [[3, 5], [4, 9], [2, 6], [7, 3, 2], [5, 5], [9], [6, 10, 15]]) {
      for (let target = 1; target <= 12; target++) {
        const solution = waterJugs({ capacities, target });
        expect(solution?.moves.length, `${capacities} → ${target}`).toBe(
          naiveJugMoves(capacities, target),
        );
        if (!solution) continue;
        reached++;
        expect(solution.states[0].every((amount) => amount === 0)).toBe(true);
        expect(solution.states[solution.states.length - 1]).toContain(target);
        solution.moves.forEach((move, i) => {
          expect(after(capacities, solution.states[i], move)).toEqual(solution.states[i + 1]);
        });
      }
    }
    expect(reached).toBeGreaterThan(30);
  });

  it('refuses bad jugs and too many states', () => {
    expect(() => parseJugCapacities('8,x')).toThrow(/--jugs must be/);
    expect(() => parseJugCapacities('0,3')).toThrow(/--jugs must be/);
    expect(() => waterJugs({ capacities: [1000, 1000, 1000], target: 1 })).toThrow(/states/);
  });
});
