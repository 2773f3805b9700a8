/**
 * `codebreaker puzzle NAME`: the seed pages' other search puzzles, one subcommand each. Thin:
 * read the flags with the puzzle module's parsers, solve, print text or one JSON document.
 */
import type { Command } from 'commander';
import { CodebreakerError, quoteInput } from '../../errors.js';
import { readWholeNumber } from '../../numbers.js';
import {
  PEG_SEARCHES,
  PUZZLE_NAMES,
  type PegSearch,
  type PegSolutionSet,
  describeJugMove,
  komachi,
  magicSquares,
  numberedPicture,
  parseCryptarithm,
  parseHole,
  parseJugCapacities,
  parseJugTarget,
  parseKomachiDigits,
  parseKomachiOperators,
  parseKomachiTarget,
  parseMagicOrder,
  pegBoard,
  solveCryptarithm,
  solvePegSolitaire,
  waterJugs,
} from '../../puzzles/index.js';
import type { Io } from '../io.js';

/** Prints `doc` as JSON with `--json`, else the text lines. */
function print(io: Io, json: boolean | undefined, doc: () => object, text: () => string[]): void {
  io.out(json ? `${JSON.stringify(doc())}\n` : `${text().join('\n')}\n`);
}

function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}

function komachiCommand(puzzle: Command, io: Io): void {
  puzzle
    .command('komachi')
    .description(
      'write operators, or nothing, between digits in order so that the expression equals a target (the page: 11 ways to make 100)',
    )
    .option('--digits <digits>', 'the digits, in order', '123456789')
    .option('--target <n>', 'the value to make', '100')
    .option(
      '--ops <operators>',
      'operators allowed between digits, some of +-*/ (joining digits is always allowed)',
      '+-',
    )
    .option('--json', 'print one JSON document')
    .action((flags: { digits: string; target: string; ops: string; json?: boolean }) => {
      const digits = parseKomachiDigits(flags.digits);
      const target = parseKomachiTarget(flags.target);
      const operators = parseKomachiOperators(flags.ops);
      const solutions = komachi({ digits, target, operators });
      print(
        io,
        flags.json,
        () => ({
          puzzle: 'komachi',
          digits,
          target,
          ops: operators.join(''),
          count: solutions.length,
          solutions,
        }),
        () => [
          ...solutions.map((expression) => `${expression} = ${target}`),
          `${plural(solutions.length, 'expression')} of ${digits} with ${operators.join(' ')} equal ${target}`,
        ],
      );
    });
}

function cryptarithmCommand(puzzle: Command, io: Io): void {
  puzzle
    .command('cryptarithm')
    .description(
      'find every digit for each letter that makes a word sum true: distinct letters are distinct digits, no leading zeros',
    )
    .argument('[sum]', 'the word sum, words joined by + or - on both sides of =', 'SEND+MORE=MONEY')
    .option('--json', 'print one JSON document')
    .action((sum: string, flags: { json?: boolean }) => {
      const parsed = parseCryptarithm(sum);
      const solutions = solveCryptarithm(parsed);
      const lettersOf = (digits: readonly number[]): Record<string, number> =>
        Object.fromEntries([...parsed.letters].map((letter, i) => [letter, digits[i]]));
      print(
        io,
        flags.json,
        () => ({
          puzzle: 'cryptarithm',
          sum: parsed.text,
          count: solutions.length,
          solutions: solutions.map((s) => ({ equation: s.equation, letters: lettersOf(s.digits) })),
        }),
        () => [
          parsed.text,
          ...solutions.map(
            (s) =>
              `${s.equation}  ${[...parsed.letters].map((letter, i) => `${letter}=${s.digits[i]}`).join(' ')}`,
          ),
          plural(solutions.length, 'solution'),
        ],
      );
    });
}

function magicSquareCommand(puzzle: Command, io: Io): void {
  puzzle
    .command('magic-square')
    .description(
      'list the n×n magic squares of 1..n²: every row, column and both diagonals with the same sum',
    )
    .option(
      '--size <n>',
      'the order n of the square (all squares up to 4; 5 and 6 need --limit)',
      '3',
    )
    .option(
      '--unique',
      'one square of each 8 rotations and reflections (corners ordered, as on the page)',
    )
    .option('--limit <k>', 'stop after k squares')
    .option('--json', 'print one JSON document')
    .action((flags: { size: string; unique?: boolean; limit?: string; json?: boolean }) => {
      const n = parseMagicOrder(flags.size);
      const limit =
        flags.limit === undefined ? undefined : readWholeNumber(flags.limit, '--limit', { min: 1 });
      const squares = magicSquares(n, { unique: flags.unique, limit });
      const sum = (n * (n * n + 1)) / 2;
      const rows = (square: Int32Array): number[][] =>
        Array.from({ length: n }, (_, r) => Array.from(square.subarray(r * n, r * n + n)));
      const width = String(n * n).length;
      print(
        io,
        flags.json,
        () => ({
          puzzle: 'magic-square',
          size: n,
          sum,
          unique: Boolean(flags.unique),
          count: squares.length,
          solutions: squares.map(rows),
        }),
        () => [
          ...squares.flatMap((square) => [
            ...rows(square).map((row) => row.map((v) => String(v).padStart(width)).join(' ')),
            '',
          ]),
          `${plural(squares.length, 'magic square')} of order ${n} (magic sum ${sum})${
            flags.unique ? ' up to rotation and reflection' : ''
          }${limit !== undefined && squares.length === limit ? `, stopped at --limit ${limit}` : ''}`,
        ],
      );
    });
}

function waterJugsCommand(puzzle: Command, io: Io): void {
  puzzle
    .command('water-jugs')
    .description(
      'measure a target amount in any jug, with a tap and a drain, in the fewest moves (fill, empty, pour)',
    )
    .option('--jugs <capacities>', 'the jugs’ capacities, separated by commas', '8,5')
    .option('--target <amount>', 'the amount wanted in any one jug', '4')
    .option('--json', 'print one JSON document')
    .action((flags: { jugs: string; target: string; json?: boolean }) => {
      const capacities = parseJugCapacities(flags.jugs);
      const target = parseJugTarget(flags.target);
      const solution = waterJugs({ capacities, target });
      const heading = `jugs ${capacities.join(',')} with a tap and a drain, ${target} wanted in any jug`;
      print(
        io,
        flags.json,
        () => ({
          puzzle: 'water-jugs',
          jugs: capacities,
          target,
          count: solution ? 1 : 0,
          moves: solution ? solution.moves.length : null,
          solutions: solution ? [solution.states] : [],
          actions: solution ? [solution.moves.map(describeJugMove)] : [],
        }),
        () => {
          if (!solution) return [heading, `no sequence of moves gets ${target} into a jug`];
          const width = String(solution.moves.length).length;
          const cells = String(Math.max(...capacities)).length;
          return [
            heading,
            ...solution.states.map((state, i) => {
              const contents = state.map((amount) => String(amount).padStart(cells)).join(' ');
              const move = i === 0 ? 'start' : describeJugMove(solution.moves[i - 1]);
              return `${String(i).padStart(width + 2)}. ${contents}  ${move}`;
            }),
            `${plural(solution.moves.length, 'move')}, the fewest possible`,
          ];
        },
      );
    });
}

interface PegFlags {
  board: string;
  empty?: string;
  end?: string;
  search?: string;
  all?: boolean;
  unique?: boolean;
  json?: boolean;
}

function pegSolitaireCommand(puzzle: Command, io: Io): void {
  puzzle
    .command('peg-solitaire')
    .description(
      'jump pegs over pegs until one is left: the fewest moves and every solution of that length (hoppers), or one solution (english)',
    )
    .option('--board <name>', 'hoppers (13 holes, the page’s) or english (33 holes)', 'hoppers')
    .option('--empty <hole>', 'the hole empty at the start (default: the centre)')
    .option('--end <hole>', 'the hole of the last peg, or any (default: the --empty hole)')
    .option(
      '--search <kind>',
      'fewest: fewest moves and every solution of that length; any: one solution (default: fewest on hoppers, any on english)',
    )
    .option('--all', 'fewest: list every solution, symmetric first jumps included')
    .option('--unique', 'fewest: one solution of each symmetry class')
    .option('--json', 'print one JSON document')
    .action((flags: PegFlags) => {
      const board = pegBoard(flags.board);
      const empty =
        flags.empty === undefined ? board.centre : parseHole(board, flags.empty, '--empty');
      const end =
        flags.end === undefined
          ? empty
          : flags.end === 'any'
            ? 'any'
            : parseHole(board, flags.end, '--end');
      const search = flags.search ?? board.searches[0];
      if (!(PEG_SEARCHES as readonly string[]).includes(search)) {
        throw new CodebreakerError(
          'bad-option',
          `unknown search ${quoteInput(search)}: choose one of ${PEG_SEARCHES.join(', ')}`,
        );
      }
      if (flags.all && flags.unique) {
        throw new CodebreakerError('bad-option', '--all and --unique cannot both be given');
      }
      if ((flags.all || flags.unique) && search !== 'fewest') {
        throw new CodebreakerError('bad-option', '--all and --unique apply to --search fewest');
      }
      const solutionSet: PegSolutionSet = flags.all
        ? 'all'
        : flags.unique
          ? 'unique'
          : 'first-jumps';
      const result = solvePegSolitaire({ board, empty, end }, search as PegSearch, solutionSet);
      const written = (moves: readonly (readonly number[])[]): string =>
        moves.map((move) => move.join('-')).join(' ');
      const jumps = board.holes - 2;
      print(
        io,
        flags.json,
        () => ({
          puzzle: 'peg-solitaire',
          board: board.name,
          empty,
          end,
          search,
          ...(search === 'fewest' ? { solutionSet, moves: result.moves ?? null } : {}),
          count: result.solutions.length,
          solutions: result.solutions,
        }),
        () => {
          const lines = [
            `${board.title}, hole ${empty} empty at the start, the last peg ${end === 'any' ? 'anywhere' : `in hole ${end}`}`,
            ...numberedPicture(board).map((line) => `  ${line}`),
          ];
          if (result.solutions.length === 0) return [...lines, 'no solution'];
          if (search === 'any') {
            const [solution] = result.solutions;
            return [
              ...lines,
              `a solution in ${plural(solution.length, 'move')} (${jumps} jumps):`,
              `  ${written(solution)}`,
            ];
          }
          const which = {
            'first-jumps': 'symmetric first jumps tried once, as on the page',
            all: 'every one',
            unique: 'one of each symmetry class',
          }[solutionSet];
          return [
            ...lines,
            `fewest moves: ${result.moves} (a move is one peg's jumps in a row)`,
            ...result.solutions.map((solution) => `  ${written(solution)}`),
            `${plural(result.solutions.length, 'solution')} of ${result.moves} moves (${which})`,
          ];
        },
      );
    });
}

/** Registers `puzzle` and its subcommands. */
export function puzzleCommand(program: Command, io: Io): void {
  const puzzle = program
    .command('puzzle')
    .description(
      'the other puzzles of the seed pages: komachi, cryptarithm, magic-square, water-jugs, peg-solitaire',
    )
    .argument('[name]', `the puzzle: ${PUZZLE_NAMES.join(', ')}`)
    .action((name: string | undefined) => {
      const choices = `choose one of ${PUZZLE_NAMES.join(', ')}`;
      throw new CodebreakerError(
        'bad-option',
        name === undefined
          ? `name a puzzle: ${choices}`
          : `unknown puzzle ${quoteInput(name)}: ${choices}`,
      );
    });
  for (const register of [
    komachiCommand,
    cryptarithmCommand,
    magicSquareCommand,
    waterJugsCommand,
    pegSolitaireCommand,
  ]) {
    register(puzzle, io);
  }
}
