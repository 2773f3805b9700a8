import { describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test/cli.js';

async function json(...argv: string[]): Promise<Record<string, unknown>> {
  const { status, out, err } = await cli('puzzle', ...argv, '--json');
  expect(err).toBe('');
  expect(status).toBe(0);
  return JSON.parse(out);
}

describe('codebreaker puzzle', () => {
  it('komachi: the page’s 11 expressions for 100, other orders and all four operators', async () => {
    const page = await json('komachi');
    expect(page).toMatchObject({ puzzle: 'komachi', digits: '123456789', target: 100, count: 11 });
    expect(page.solutions).toContain('123-45-67+89');
    expect(await json('komachi', '--digits', '987654321')).toMatchObject({ count: 15 });
    expect(await json('komachi', '--ops', '+-*/')).toMatchObject({ ops: '+-*/', count: 101 });
    const { out } = await cli('puzzle', 'komachi');
    expect(out).toContain('1+2+3-4+5+6+78+9 = 100\n');
    expect(out).toMatch(/11 expressions of 123456789 with \+ - equal 100\n$/);
  });

  it('cryptarithm: SEND+MORE=MONEY by default, any word sum as argument', async () => {
    expect(await json('cryptarithm')).toEqual({
      puzzle: 'cryptarithm',
      sum: 'SEND+MORE=MONEY',
      count: 1,
      solutions: [
        {
          equation: '9567+1085=10652',
          letters: { D: 7, E: 5, M: 1, N: 6, O: 0, R: 8, S: 9, Y: 2 },
        },
      ],
    });
    expect(await json('cryptarithm', 'TO+GO=OUT')).toMatchObject({ count: 1 });
    const { out } = await cli('puzzle', 'cryptarithm');
    expect(out).toContain('9567+1085=10652  D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2\n1 solution\n');
  });

  it('magic-square: 8 squares of order 3, 1 unique; 7040 and 880 of order 4', async () => {
    const three = await json('magic-square');
    expect(three).toMatchObject({ puzzle: 'magic-square', size: 3, sum: 15, count: 8 });
    expect(await json('magic-square', '--unique')).toMatchObject({
      count: 1,
      solutions: [
        [
          [2, 9, 4],
          [7, 5, 3],
          [6, 1, 8],
        ],
      ],
    });
    expect(await json('magic-square', '--size', '4')).toMatchObject({ count: 7040 });
    expect(await json('magic-square', '--size', '4', '--unique')).toMatchObject({ count: 880 });
    expect(await json('magic-square', '--size', '5', '--limit', '2')).toMatchObject({ count: 2 });
    const { out } = await cli('puzzle', 'magic-square', '--unique');
    expect(out).toBe(
      '2 9 4\n7 5 3\n6 1 8\n\n1 magic square of order 3 (magic sum 15) up to rotation and reflection\n',
    );
  });

  it('water-jugs: 4 from jugs of 8 and 5 in 10 moves; an unreachable target says so', async () => {
    const page = await json('water-jugs');
    expect(page).toMatchObject({
      puzzle: 'water-jugs',
      jugs: [8, 5],
      target: 4,
      count: 1,
      moves: 10,
    });
    expect((page.solutions as number[][][])[0]).toHaveLength(11);
    expect((page.solutions as number[][][])[0][10]).toEqual([8, 4]);
    expect(await json('water-jugs', '--jugs', '6,4', '--target', '3')).toEqual({
      puzzle: 'water-jugs',
      jugs: [6, 4],
      target: 3,
      count: 0,
      moves: null,
      solutions: [],
      actions: [],
    });
    expect((await cli('puzzle', 'water-jugs', '--jugs', '6,4', '--target', '3')).out).toContain(
      'no sequence of moves gets 3 into a jug',
    );
    const { out } = await cli('puzzle', 'water-jugs');
    expect(out).toContain('  10. 8 4  pour 2 into 1\n10 moves, the fewest possible\n');
  });

  it('peg-solitaire: Hoppers in 7 moves, 18 solutions as on the page, 72 with --all', async () => {
    const page = await json('peg-solitaire');
    expect(page).toMatchObject({
      puzzle: 'peg-solitaire',
      board: 'hoppers',
      empty: 6,
      end: 6,
      search: 'fewest',
      moves: 7,
      count: 18,
    });
    expect((page.solutions as number[][][])[0][0]).toEqual([0, 6]);
    expect(await json('peg-solitaire', '--all')).toMatchObject({ moves: 7, count: 72 });
    expect(await json('peg-solitaire', '--unique')).toMatchObject({ moves: 7, count: 9 });
    const { out } = await cli('puzzle', 'peg-solitaire');
    expect(out).toContain('fewest moves: 7');
    expect(out).toContain('18 solutions of 7 moves');
  });

  it('peg-solitaire: the English board centre to centre', async () => {
    const english = await json('peg-solitaire', '--board', 'english');
    expect(english).toMatchObject({
      board: 'english',
      empty: 16,
      end: 16,
      search: 'any',
      count: 1,
    });
    expect(english).not.toHaveProperty('moves');
    const [solution] = english.solutions as number[][][];
    expect(solution.reduce((jumps, move) => jumps + move.length - 1, 0)).toBe(31);
    expect(solution[solution.length - 1].at(-1)).toBe(16);
  });

  it('shows each puzzle’s options in its help', async () => {
    for (const [name, flag] of [
      ['komachi', '--ops <operators>'],
      ['cryptarithm', '[sum]'],
      ['magic-square', '--unique'],
      ['water-jugs', '--jugs <capacities>'],
      ['peg-solitaire', '--board <name>'],
    ]) {
      const { status, out } = await cli('puzzle', name, '--help');
      expect(status).toBe(0);
      expect(out).toContain(flag);
      expect(out).toContain('--json');
    }
  });
});

describe('codebreaker puzzle: bad input', () => {
  const cases: [string[], RegExp][] = [
    [[], /name a puzzle: choose one of komachi, cryptarithm/],
    [['sudoku'], /unknown puzzle 'sudoku'/],
    [['komachi', '--digits', '12a'], /--digits must be 1 to 10 decimal digits/],
    [['komachi', '--ops', '+^'], /--ops must list some of the operators/],
    [['komachi', '--target', 'many'], /--target must be a whole number/],
    [['komachi', '--bogus'], /unknown option '--bogus'/],
    [['cryptarithm', 'SEND+MORE'], /must have exactly one =/],
    [['cryptarithm', 'ABCDEFGHIJK=A'], /11 different letters/],
    [['magic-square', '--size', '9'], /--size must be a whole number from 1 to 6/],
    [['magic-square', '--size', '5'], /give a limit/],
    [['magic-square', '--limit', '0'], /--limit must be a whole number, 1 or more/],
    [['water-jugs', '--jugs', '8,,5'], /--jugs must be/],
    [['water-jugs', '--target', '-1'], /--target must be a whole number, 1 or more/],
    [['water-jugs', '--jugs', '999,999,999'], /states; codebreaker searches at most/],
    [['peg-solitaire', '--board', 'french'], /unknown board 'french'/],
    [['peg-solitaire', '--empty', '13'], /--empty must be a hole number from 0 to 12/],
    [['peg-solitaire', '--board', 'english', '--end', '0'], /no sequence of jumps/],
    [['peg-solitaire', '--board', 'english', '--search', 'fewest'], /out of reach/],
    [['peg-solitaire', '--search', 'best'], /unknown search 'best'/],
    [['peg-solitaire', '--all', '--unique'], /cannot both be given/],
  ];
  it.each(cases)('%j: one line on stderr, status 2, nothing on stdout', async (argv, message) => {
    const { status, out, err } = await cli('puzzle', ...argv);
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err).toMatch(/^codebreaker: [^\n]+\n$/);
  });
});
