import { describe, expect, it } from 'vitest';
import { naiveMagicSquares3 } from '../../test/naive-puzzles.js';
import { magicLines, magicSquares } from './magic-square.js';

/** The 8 rotations and reflections of an n×n square, written as strings. */
function images(square: Int32Array, n: number): string[] {
  const at = (f: (r: number, c: number) => [number, number]): string =>
    Array.from({ length: n * n }, (_, i) => {
      const [r, c] = f(Math.floor(i / n), i % n);
      return square[r * n + c];
    }).join(' ');
  const m = n - 1;
  return [
    at((r, c) => [r, c]),
    at((r, c) => [c, m - r]),
    at((r, c) => [m - r, m - c]),
    at((r, c) => [m - c, r]),
    at((r, c) => [r, m - c]),
    at((r, c) => [m - r, c]),
    at((r, c) => [c, r]),
    at((r, c) => [m - c, m - r]),
  ];
}

function isMagic(square: Int32Array, n: number): boolean {
  const sum = (n * (n * n + 1)) / 2;
  const numbers = [...square].sort((a, b) => a - b);
  return (
    numbers.every((v, i) => v === i + 1) &&
    magicLines(n).every((line) => line.reduce((total, c) => total + square[c], 0) === sum)
  );
}

describe('magic squares', () => {
  it('finds the 8 squares of order 3, as trying all 9! arrangements does', () => {
    const squares = magicSquares(3).map((s) => [...s].join(' '));
    expect(squares).toHaveLength(8);
    expect(squares.sort()).toEqual(naiveMagicSquares3());
  });

  it('keeps 1 square of order 3 up to rotation and reflection', () => {
    const unique = magicSquares(3, { unique: true });
    expect(unique).toHaveLength(1);
    expect(new Set(images(unique[0], 3)).size).toBe(8);
    expect([...images(unique[0], 3)].sort()).toEqual(naiveMagicSquares3());
  });

  it('finds the 7040 squares of order 4, 880 up to rotation and reflection', () => {
    const all = magicSquares(4);
    const unique = magicSquares(4, { unique: true });
    expect(all).toHaveLength(7040);
    expect(unique).toHaveLength(880);
    expect(all.every((s) => isMagic(s, 4))).toBe(true);
    const written = new Set(all.map((s) => [...s].join(' ')));
    expect(written.size).toBe(7040);
    // The unique squares and their images are exactly all squares.
    const imaged = new Set(unique.flatMap((s) => images(s, 4)));
    expect(imaged.size).toBe(7040);
    expect([...imaged].every((s) => written.has(s))).toBe(true);
  });

  it('has one square of order 1 and none of order 2', () => {
    expect(magicSquares(1).map((s) => [...s])).toEqual([[1]]);
    expect(magicSquares(2)).toEqual([]);
  });

  it('finds squares of order 5 when given a limit, and refuses to list them all', () => {
    const squares = magicSquares(5, { limit: 3 });
    expect(squares).toHaveLength(3);
    expect(squares.every((s) => isMagic(s, 5))).toBe(true);
    expect(() => magicSquares(5)).toThrow(/give a limit/);
  });
});
