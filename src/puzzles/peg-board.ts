/**
 * Peg solitaire's boards: a board is a picture of its holes plus the steps a jump may take, so
 * the 13-hole Hoppers board (diagonal jumps, and straight jumps between holes two apart) and the
 * 33-hole English board share every line of search code (peg-solitaire.ts). Holes are numbered
 * row by row, as on the seed page; every jump is a precomputed (from, over, to) triple, and every
 * symmetry of the board a map of its holes.
 */
import { CodebreakerError, quoteInput } from '../errors.js';

/** The boards, by name. */
export const PEG_BOARD_NAMES = ['hoppers', 'english'] as const;
/** The name of a board. */
export type PegBoardName = (typeof PEG_BOARD_NAMES)[number];

/** The searches: the fewest moves with every solution of that length, or any one solution. */
export const PEG_SEARCHES = ['fewest', 'any'] as const;
/** The name of a search. */
export type PegSearch = (typeof PEG_SEARCHES)[number];

interface BoardShape {
  readonly title: string;
  /** One string per row; `o` is a hole. */
  readonly picture: readonly string[];
  /** Jump steps [row, column]: a jump goes from p over p + step to p + 2·step (and back). */
  readonly steps: readonly (readonly [number, number])[];
  /** The searches that finish in reasonable time on this board; the first is the default. */
  readonly searches: readonly PegSearch[];
}

const SHAPES: Readonly<Record<PegBoardName, BoardShape>> = {
  hoppers: {
    title: 'Hoppers (13 holes)',
    picture: ['o.o.o', '.o.o.', 'o.o.o', '.o.o.', 'o.o.o'],
    steps: [
      [0, 2],
      [2, 0],
      [1, 1],
      [1, -1],
    ],
    searches: ['fewest', 'any'],
  },
  english: {
    title: 'English (33 holes)',
    picture: ['..ooo..', '..ooo..', 'ooooooo', 'ooooooo', 'ooooooo', '..ooo..', '..ooo..'],
    steps: [
      [0, 1],
      [1, 0],
    ],
    searches: ['any'],
  },
};

/** A board: its holes, jumps and symmetries. */
export interface PegBoard {
  /** The board's name. */
  readonly name: PegBoardName;
  /** The board's name for people, with its number of holes. */
  readonly title: string;
  /** The number of holes. */
  readonly holes: number;
  /** One string per row; `o` is a hole. */
  readonly picture: readonly string[];
  /** `row[h]`, `column[h]`: where hole h is in the picture. */
  readonly row: Int8Array;
  /** See `row`. */
  readonly column: Int8Array;
  /** Jumps as triples (from, over, to), grouped by `from`: hole h's are `jumpStart[h]..jumpStart[h+1]`. */
  readonly jumps: Int16Array;
  /** Where each hole's jumps start in `jumps`, and one past the last. */
  readonly jumpStart: Int32Array;
  /** `corner[h]` is 1 when no jump passes over hole h, so a peg there can only leave by jumping. */
  readonly corner: Uint8Array;
  /** The hole in the middle of the picture. */
  readonly centre: number;
  /** Hole permutations that map the board and its jumps onto themselves; the identity first. */
  readonly symmetries: readonly Int8Array[];
  /** The searches that finish in reasonable time on this board; the first is the default. */
  readonly searches: readonly PegSearch[];
}

/** The eight symmetries of a square picture, as maps of (row, column) in an n×n grid. */
const SQUARE_MAPS: readonly ((r: number, c: number, n: number) => [number, number])[] = [
  (r, c) => [r, c],
  (r, c, n) => [c, n - 1 - r],
  (r, c, n) => [n - 1 - r, n - 1 - c],
  (r, c, n) => [n - 1 - c, r],
  (r, c, n) => [r, n - 1 - c],
  (r, c, n) => [n - 1 - r, c],
  (r, c) => [c, r],
  (r, c, n) => [n - 1 - c, n - 1 - r],
];

function buildBoard(name: PegBoardName): PegBoard {
  const { title, picture, steps, searches } = SHAPES[name];
  const size = picture.length;
  const holeAt = new Map<number, number>();
  const rows: number[] = [];
  const columns: number[] = [];
  picture.forEach((line, r) => {
    for (let c = 0; c < line.length; c++) {
      if (line[c] !== 'o') continue;
      holeAt.set(r * size + c, rows.length);
      rows.push(r);
      columns.push(c);
    }
  });
  const hole = (r: number, c: number): number =>
    r < 0 || c < 0 || r >= size || c >= size ? -1 : (holeAt.get(r * size + c) ?? -1);
  const holes = rows.length;
  const triples: number[] = [];
  const jumpStart = new Int32Array(holes + 1);
  const corner = new Uint8Array(holes).fill(1);
  for (let from = 0; from < holes; from++) {
    for (const [dr, dc] of steps) {
      for (const sign of [1, -1]) {
        const over = hole(rows[from] + sign * dr, columns[from] + sign * dc);
        const to = hole(rows[from] + 2 * sign * dr, columns[from] + 2 * sign * dc);
        if (over < 0 || to < 0) continue;
        triples.push(from, over, to);
        corner[over] = 0;
      }
    }
    jumpStart[from + 1] = triples.length / 3;
  }
  const symmetries = SQUARE_MAPS.map((map) => {
    const image = new Int8Array(holes);
    for (let h = 0; h < holes; h++) {
      const [r, c] = map(rows[h], columns[h], size);
      image[h] = hole(r, c);
    }
    return image;
  }).filter((image) => !image.includes(-1));
  const middle = (size - 1) / 2;
  return {
    name,
    title,
    holes,
    picture,
    row: Int8Array.from(rows),
    column: Int8Array.from(columns),
    jumps: Int16Array.from(triples),
    jumpStart,
    corner,
    centre: hole(middle, middle),
    symmetries,
    searches,
  };
}

const boards = new Map<PegBoardName, PegBoard>();

/** The named board; throws `CodebreakerError` naming the choices. */
export function pegBoard(name: string): PegBoard {
  if (!(PEG_BOARD_NAMES as readonly string[]).includes(name)) {
    throw new CodebreakerError(
      'bad-option',
      `unknown board ${quoteInput(name)}: choose one of ${PEG_BOARD_NAMES.join(', ')}`,
    );
  }
  const board = boards.get(name as PegBoardName) ?? buildBoard(name as PegBoardName);
  boards.set(board.name, board);
  return board;
}

/** The board's picture with each hole's number in its place, for reading solutions. */
export function numberedPicture(board: PegBoard): string[] {
  const width = String(board.holes - 1).length;
  const lines = board.picture.map((line) => Array.from(line, () => ' '.repeat(width)));
  for (let h = 0; h < board.holes; h++) {
    lines[board.row[h]][board.column[h]] = String(h).padStart(width);
  }
  return lines.map((cells) => cells.join(' ').trimEnd());
}

/** Reads a hole number of the board; throws `CodebreakerError` when it is not one. */
export function parseHole(board: PegBoard, text: string, flag: string): number {
  if (!/^\d{1,3}$/.test(text) || Number(text) >= board.holes) {
    throw new CodebreakerError(
      'bad-option',
      `${flag} must be a hole number from 0 to ${board.holes - 1} of the ${board.name} board, not ${quoteInput(text)}`,
    );
  }
  return Number(text);
}
