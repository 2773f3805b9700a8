/**
 * The log of a refutation (scripts/depth-refutation.ts): one JSON line per second guess settled,
 * refuted or a way on, appended as it is settled; and beside it the pieces of the second guesses
 * not yet settled, one line per third guess tried at a large class. The script and the tests read
 * them here, each line checked against its shape: a log is read back, so it is untrusted input.
 */
import {
  appendFileSync,
  closeSync,
  existsSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { z } from 'zod';
import { problemOf } from '../src/cli/queue/records.js';

/** A log larger than this is not one this script wrote (Super Mastermind's is under 1 MB). */
const MAX_LOG_BYTES = 256 * 1024 * 1024;
/** A code or an answer, as the game writes it. */
const text = z.string().min(1).max(64);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const lineSchema = z
  .strictObject({
    opening: text,
    answer: text,
    guess: text,
    refutedBy: text.nullable(),
    size: count.nullable(),
    depth: z.number().int().min(3).max(64),
    nodes: count,
    seconds: z.number().min(0).max(1e9),
    recheck: z.literal(true).optional(),
  })
  .refine((line) => (line.refutedBy === null) === (line.size === null), {
    message: 'refutedBy and size are both null (a way on) or neither',
  });

/** One second guess settled. */
export interface RefutationLine {
  /** The first guess, and the class of its answers the refutation is about. */
  readonly opening: string;
  readonly answer: string;
  /** The second guess settled. */
  readonly guess: string;
  /**
   * The class it leaves with no strategy within `depth` − 2 guesses, and its size; both null if
   * it is a way on (every class it leaves is solved within `depth` − 2, so this class does not
   * refute the opening). A way on read back can only keep a run from concluding, never make one
   * conclude.
   */
  readonly refutedBy: string | null;
  readonly size: number | null;
  /** The guesses the refutation is about: no strategy keeps to them. */
  readonly depth: number;
  /** What the exact search took to settle it. */
  readonly nodes: number;
  readonly seconds: number;
  /**
   * Set on a line `--recheck` appends once it has solved the line before it (the same second
   * guess, the same class) again and found it holds: a recheck that stops goes on from there.
   */
  readonly recheck?: true;
}

const pieceSchema = z.strictObject({
  opening: text,
  answer: text,
  guess: text,
  within: text,
  third: text,
  of: count.optional(),
  depth: z.number().int().min(3).max(64),
  keeps: z.boolean(),
  nodes: count,
  seconds: z.number().min(0).max(1e9),
  recheck: z.literal(true).optional(),
});

/**
 * One third guess tried at a class a second guess leaves (`within`): whether some strategy that
 * opens the class with it keeps to the `depth` − 2 guesses the class has left. A second guess
 * that resists for hours is settled piece by piece, so that a stop loses at most the third guess
 * under way: its class has no strategy within `depth` − 2 when every third guess the search
 * would try is a piece that does not keep to it, and has one once a piece does.
 */
export interface RefutationPiece {
  readonly opening: string;
  readonly answer: string;
  readonly guess: string;
  readonly within: string;
  readonly third: string;
  /** The third guesses the search tries at the class (the pieces it is made of, at most). */
  readonly of?: number;
  readonly depth: number;
  readonly keeps: boolean;
  readonly nodes: number;
  readonly seconds: number;
  /** Set on a piece of `--recheck`'s, which solves such a class again piece by piece too. */
  readonly recheck?: true;
}

/** A log that is not one: its file, the line and what is wrong, in one sentence. */
export class BrokenLogError extends Error {}

/** The lines of the log `file` (none if there is no such file); throws `BrokenLogError`. */
export function readRefutationLog(file: string): RefutationLine[] {
  return readLines(file, lineSchema, 'refutation line');
}

/** What names a second guess settled: its opening, the opening's class, and itself. */
export const guessKey = ({
  opening,
  answer,
  guess,
}: Pick<RefutationLine, 'opening' | 'answer' | 'guess'>): string => `${opening} ${answer} ${guess}`;

/**
 * The pieces of a refutation at one depth, by second guess (`guessKey`), as the pieces file
 * beside its log keeps them: those read when it was opened (what a run relies on), and those
 * added since, each appended to the file whole as it is settled.
 */
export class RefutationPieces {
  readonly file: string;
  readonly #depth: number;
  readonly #byGuess = new Map<string, Map<string, RefutationPiece>>();
  /** The classes with a piece that keeps (second guess, class, whether a recheck's). */
  readonly #keeping = new Set<string>();
  /** The pieces the file held when opened (and compacted), by second guess. */
  #earlier: ReadonlyMap<string, readonly RefutationPiece[]>;
  /** How much of the file has been read: its bytes, and its lines. */
  #read = { bytes: 0, lines: 0 };

  /** Opens the pieces beside the log `logFile` at `depth`; throws `BrokenLogError`. */
  constructor(logFile: string, depth: number) {
    this.file = piecesFileOf(logFile);
    this.#depth = depth;
    this.read();
    this.#earlier = this.#snapshot();
  }

  /** Reads the whole file afresh; throws `BrokenLogError`. */
  read(): void {
    this.#byGuess.clear();
    this.#keeping.clear();
    this.#read = { bytes: 0, lines: 0 };
    this.#readMore(true);
  }

  /**
   * Reads the pieces appended to the file since it was last read, whole lines only (another
   * thread may be writing one): throws `BrokenLogError`.
   */
  refresh(): void {
    this.#readMore(false);
  }

  /** Reads on from where the last read ended; `all`: a last line without its newline too. */
  #readMore(all: boolean): void {
    const { lines, bytes, count } = readLinesFrom(
      this.file,
      this.#read,
      all,
      pieceSchema,
      'piece of a refutation',
    );
    this.#read = { bytes: this.#read.bytes + bytes, lines: this.#read.lines + count };
    for (const piece of lines) if (piece.depth === this.#depth) this.#set(piece);
  }

  /** The piece of `third` at the class `within` of the second guess `key`, a recheck's or not. */
  get(key: string, within: string, third: string, recheck: boolean): RefutationPiece | undefined {
    return this.#byGuess.get(key)?.get(RefutationPieces.#at(within, third, recheck));
  }

  /**
   * Drops from the file every piece at this depth that `settled` says a line of the log has made
   * redundant (its second guess settled, by a recheck if the piece is a recheck's), writing the
   * rest to a new file that then takes the old one's place. Only while nothing else writes it.
   */
  compact(settled: (piece: RefutationPiece) => boolean): void {
    const all = readRefutationPieces(this.file);
    const kept = all.filter((piece) => piece.depth !== this.#depth || !settled(piece));
    if (kept.length === all.length) return;
    const next = `${this.file}.new`;
    writeFileSync(next, kept.map((piece) => `${JSON.stringify(piece)}\n`).join(''));
    renameSync(next, this.file);
    this.read();
    this.#earlier = this.#snapshot();
  }

  /** The pieces held now, by second guess. */
  #snapshot(): ReadonlyMap<string, readonly RefutationPiece[]> {
    return new Map([...this.#byGuess].map(([key, mine]) => [key, [...mine.values()]]));
  }

  /** Whether some piece held now of the class `within` of the second guess `key` keeps. */
  keeps(key: string, within: string, recheck: boolean): boolean {
    return this.#keeping.has(RefutationPieces.#class(key, within, recheck));
  }

  /** The pieces of the second guess `key` held now: a recheck's, or not. */
  of(key: string, recheck: boolean): RefutationPiece[] {
    return [...(this.#byGuess.get(key)?.values() ?? [])].filter(
      (piece) => (piece.recheck === true) === recheck,
    );
  }

  /** Whether the second guess `key` has pieces. */
  has(key: string): boolean {
    return (this.#byGuess.get(key)?.size ?? 0) > 0;
  }

  /** Adds `piece`, appending it to the file. */
  add(piece: RefutationPiece): void {
    appendFileSync(this.file, `${JSON.stringify(piece)}\n`);
    this.#set(piece);
  }

  /** The pieces the file held when opened of the second guess `key`: a recheck's, or not. */
  earlier(key: string, recheck: boolean): readonly RefutationPiece[] {
    return (this.#earlier.get(key) ?? []).filter((piece) => (piece.recheck === true) === recheck);
  }

  #set(piece: RefutationPiece): void {
    const key = guessKey(piece);
    if (piece.keeps)
      this.#keeping.add(RefutationPieces.#class(key, piece.within, piece.recheck === true));
    let mine = this.#byGuess.get(key);
    if (!mine) {
      mine = new Map();
      this.#byGuess.set(key, mine);
    }
    mine.set(RefutationPieces.#at(piece.within, piece.third, piece.recheck === true), piece);
  }

  /** What names a class of a second guess, a recheck's or not (`#keeping`'s). */
  static #class(key: string, within: string, recheck: boolean): string {
    return `${key} ${within}${recheck ? ' recheck' : ''}`;
  }

  static #at(within: string, third: string, recheck: boolean): string {
    return `${within} ${third}${recheck ? ' recheck' : ''}`;
  }
}

/** The pieces file beside the log `file`: `NAME.jsonl` → `NAME.pieces.jsonl`. */
export const piecesFileOf = (file: string): string =>
  `${file.endsWith('.jsonl') ? file.slice(0, -'.jsonl'.length) : file}.pieces.jsonl`;

/** The lines of the pieces file `file` (none if there is no such file); throws `BrokenLogError`. */
export function readRefutationPieces(file: string): RefutationPiece[] {
  return readLines(file, pieceSchema, 'piece of a refutation');
}

function readLines<T>(file: string, schema: z.ZodType<T>, what: string): T[] {
  return readLinesFrom(file, { bytes: 0, lines: 0 }, true, schema, what).lines;
}

/**
 * The whole lines of `file` after its first `from.bytes` bytes (its first `from.lines` lines),
 * and the bytes and lines they take: a line still being written is left for the next read,
 * unless `all`.
 */
function readLinesFrom<T>(
  file: string,
  from: { readonly bytes: number; readonly lines: number },
  all: boolean,
  schema: z.ZodType<T>,
  what: string,
): { lines: T[]; bytes: number; count: number } {
  if (!existsSync(file)) return { lines: [], bytes: 0, count: 0 };
  const size = statSync(file).size;
  if (size > MAX_LOG_BYTES) {
    throw new BrokenLogError(`${file} has ${size} bytes: not a refutation log`);
  }
  const chunk = Buffer.alloc(Math.max(0, size - from.bytes));
  const fd = openSync(file, 'r');
  try {
    readSync(fd, chunk, 0, chunk.length, from.bytes);
  } finally {
    closeSync(fd);
  }
  const whole = all ? chunk : chunk.subarray(0, chunk.lastIndexOf(0x0a) + 1);
  const text = whole.toString('utf8');
  const count = text.split('\n').length - 1;
  return {
    lines: parseLines(text, from.lines, file, schema, what),
    bytes: whole.length,
    count,
  };
}

/** The lines of `text`, the first of them line `before` + 1 of `file`, each checked by `schema`. */
function parseLines<T>(
  text: string,
  before: number,
  file: string,
  schema: z.ZodType<T>,
  what: string,
): T[] {
  const lines: T[] = [];
  text.split('\n').forEach((line, at) => {
    const index = before + at;
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new BrokenLogError(`${file} line ${index + 1} is not JSON: mend or remove it`);
    }
    const checked = schema.safeParse(parsed);
    if (!checked.success) {
      throw new BrokenLogError(
        `${file} line ${index + 1} is not a ${what} (${problemOf(checked.error)}): mend or remove it`,
      );
    }
    lines.push(checked.data);
  });
  return lines;
}
