/**
 * `--retime N` of scripts/depth-refutation.ts (`npm run campaign -- NAME --estimate` for a
 * refutation): the pieces of the second guesses under way record the seconds they took on the
 * build and machine that settled them, which can be ten times slower than today's; so the first
 * N of each are solved again here, on one thread, nothing written, to say how long the third
 * guesses left take now. A piece solved again that does not hold fails the run.
 */
import { allCandidates, classOf, partition } from '../src/candidates.js';
import { CodebreakerError } from '../src/errors.js';
import { parseFeedback } from '../src/feedback.js';
import type { Game } from '../src/game.js';
import { BrokenLogError, type RefutationPiece, guessKey } from './refutation-log.js';
import type { ClassRefuter } from './refutation-search.js';

/** What `retimePieces` is given. */
export interface RetimeOptions {
  readonly game: Game;
  readonly depth: number;
  /** The pieces file, as its errors name it. */
  readonly file: string;
  /** Its pieces. */
  readonly pieces: readonly RefutationPiece[];
  /** The second guesses the log settles (`guessKey`): not under way. */
  readonly settled: ReadonlySet<string>;
  /** The search that solves them again. */
  readonly refuter: ClassRefuter;
  /** How many pieces of each second guess to solve again. */
  readonly count: number;
}

/** One second guess under way, timed again. */
export interface Retimed {
  readonly guess: string;
  readonly within: string;
  readonly size: number;
  readonly solvedAgain: number;
  readonly cpuSeconds: number;
  readonly recordedSeconds: number;
  /** The third guesses left, where the pieces say how many the class has. */
  readonly left: number | null;
  readonly cpuHoursLeft: number | null;
}

/**
 * Of each second guess under way (a piece settled, no line in the log), the first `count` pieces
 * settled at the class it is being refuted by, solved again: their CPU time against the time the
 * pieces record, and the CPU hours the third guesses left there would take at this pace. Returns
 * the status (1 if a piece did not hold, said on stderr), the lines to print, and the report for
 * `--json`. Throws `BrokenLogError` for a piece that names no code or answer of the game.
 */
export function retimePieces(options: RetimeOptions): {
  status: number;
  lines: string[];
  report: { retimed: Retimed[]; cpuHoursLeft: number; failed: boolean };
} {
  const { game, depth, refuter, count } = options;
  const under = new Map<string, RefutationPiece[]>();
  for (const piece of options.pieces) {
    if (piece.depth !== depth || piece.recheck || options.settled.has(guessKey(piece))) continue;
    const mine = under.get(guessKey(piece)) ?? [];
    // Only the last class: an earlier one, with a third guess that keeps, refutes nothing.
    under.set(
      guessKey(piece),
      mine.length > 0 && mine[0].within !== piece.within ? [piece] : [...mine, piece],
    );
  }
  const named = (read: () => number, text: string, what: string): number => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof CodebreakerError)) throw error;
      throw new BrokenLogError(`${options.file} names ${text}, not ${what} of this game`);
    }
  };
  const codeOf = (text: string): number => named(() => game.codes.parse(text), text, 'a code');
  const answerOf = (text: string): number =>
    named(() => game.answerIndex(parseFeedback(text, game.rules)), text, 'an answer');
  const all = allCandidates(game);
  const lines: string[] = [];
  const retimed: Retimed[] = [];
  let hours = 0;
  let failed = false;
  for (const mine of under.values()) {
    const { opening, answer, guess, within } = mine[0];
    const history = [codeOf(opening), codeOf(guess)];
    const members = classOf(partition(game, history[0], all), answerOf(answer));
    const part = classOf(partition(game, history[1], members), answerOf(within));
    const sample = mine.filter((piece) => !piece.keeps).slice(0, count);
    refuter.begin(guessKey(mine[0]));
    const before = process.cpuUsage();
    for (const piece of sample) {
      if (refuter.pieceKeeps(part, [...history, codeOf(piece.third)])) {
        failed = true;
        console.error(
          `  ${guessKey(piece)}, its class ${within}, third guess ${piece.third}: DOES NOT HOLD`,
        );
      }
    }
    const used = process.cpuUsage(before);
    const cpu = (used.user + used.system) / 1e6;
    const recorded = sample.reduce((sum, piece) => sum + piece.seconds, 0);
    // How many third guesses the class has (pieces written before that was kept do not say).
    const of = Math.max(0, ...mine.map((piece) => piece.of ?? 0));
    const left = of > 0 ? Math.max(0, of - mine.filter((piece) => !piece.keeps).length) : undefined;
    const more =
      sample.length > 0 && left !== undefined ? (left * cpu) / sample.length / 3600 : undefined;
    hours += more ?? 0;
    retimed.push({
      guess,
      within,
      size: part.length,
      solvedAgain: sample.length,
      cpuSeconds: Number(cpu.toFixed(1)),
      recordedSeconds: Number(recorded.toFixed(1)),
      left: left ?? null,
      cpuHoursLeft: more === undefined ? null : Number(more.toFixed(1)),
    });
    lines.push(
      `${guess} at its class ${within} of ${part.length.toLocaleString('en')}: ${sample.length} third guesses solved again in ${cpu.toFixed(1)} CPU s (${recorded.toFixed(1)} s as recorded); ${left === undefined ? 'its pieces do not say how many are left' : `${left.toLocaleString('en')} left`}${more === undefined ? '' : `, about ${more.toFixed(1)} CPU h at this pace`}`,
    );
  }
  lines.push(
    `about ${hours.toFixed(1)} CPU h in all for the ${under.size} second guesses under way (those not begun not counted; the third guesses ranked best go first, and take longest)`,
  );
  const report = { retimed, cpuHoursLeft: Number(hours.toFixed(1)), failed };
  return { status: failed ? 1 : 0, lines, report };
}
