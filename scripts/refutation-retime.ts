/**
 * `--retime N` of scripts/depth-refutation.ts (`npm run campaign -- NAME --estimate` for a
 * refutation): the pieces of the second guesses under way record the seconds they took on the
 * build and machine that settled them, which can be ten times slower than today's; so the first
 * N of each are solved again here, on one thread, nothing written, to say how long the third
 * guesses left take now. A piece solved again that does not hold fails the run.
 *
 * The first pieces are the third guesses the search took first, not a fair sample of those
 * left; `--sample M` draws M of the third guesses not yet settled at random (`--seed S`) and
 * solves them too, nothing written: the hours left are then their mean times the third guesses
 * left, with its standard error. It does the same for each second guess not begun (no line, no
 * piece) at the class a run tries first, its largest, so that the hours left count every second
 * guess left: where a third guess drawn there keeps, that class will not refute it, and its
 * hours are left out (the next class's are not known).
 */
import { allCandidates, classOf, partition } from '../src/candidates.js';
import { CodebreakerError } from '../src/errors.js';
import { parseFeedback } from '../src/feedback.js';
import type { Game } from '../src/game.js';
import { randomSource } from '../src/random.js';
import { BrokenLogError, type RefutationPiece, guessKey } from './refutation-log.js';
import { type ClassRefuter, classesToSolve } from './refutation-search.js';

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
  /** How many third guesses not yet settled to draw at random and solve, of each (0: none). */
  readonly sample: number;
  /** The seed of that draw. */
  readonly seed: number;
  /**
   * The second guesses the log does not settle (each with its opening, the answer that leaves
   * the class refuted and that class): those without pieces are not begun, and with `sample`
   * their largest classes are sampled too.
   */
  readonly unsettled: readonly Unsettled[];
  /** A class this large or larger is searched in pieces (`--piece-secrets`). */
  readonly pieceSecrets: number;
  /** Told each line as it is made (each second guess's can take minutes). */
  readonly onLine?: (line: string) => void;
}

/** A second guess the log does not settle. */
export interface Unsettled {
  readonly opening: number;
  readonly answer: string;
  readonly members: Int32Array;
  readonly second: number;
}

/** A second guess's third guesses left at a class, drawn at random, solved and timed. */
export interface Sampled {
  readonly guess: string;
  readonly within: string;
  readonly size: number;
  /**
   * The third guesses left there (the pieces a run would settle), or null where that is not
   * known: pieces that do not say, or a class searched whole.
   */
  readonly left: number | null;
  /** Third guesses not yet settled drawn at random and solved, and their CPU seconds in all. */
  readonly sampled: number;
  readonly sampledCpuSeconds: number;
  /** Of those, the ones that keep to the depth (the class will not refute the second guess). */
  readonly sampledKeep: string[];
  /**
   * The CPU hours left there, null where they are not known (a third guess drawn keeps, or
   * nothing was timed), and the standard error of that (with two drawn or more).
   */
  readonly cpuHoursLeft: number | null;
  readonly cpuHoursError: number | null;
}

/** A second guess not begun, its largest class sampled. */
export type NotBegun = Sampled;

/** Said of a second guess whose class a third guess drawn keeps. */
const NOT_COUNTED =
  "not counted: the class will not refute it, and the next class's hours are not known";

/** Third guesses drawn at random and solved: their CPU seconds, and those that keep. */
interface Drawn {
  readonly times: number[];
  readonly keep: string[];
}

/** The CPU hours of `left` pieces at the mean of `times`, and its standard error (with two or more). */
function hoursAt(times: readonly number[], left: number): { more: number; error?: number } {
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const more = (left * mean) / 3600;
  if (times.length < 2) return { more };
  const spread = times.reduce((sum, t) => sum + (t - mean) ** 2, 0) / (times.length - 1);
  return { more, error: (left * Math.sqrt(spread / times.length)) / 3600 };
}

/** "about H ± E CPU h", or "about H CPU h" without an error. */
function about(hours: number, error: number | undefined): string {
  return `about ${hours.toFixed(1)}${error === undefined ? '' : ` ± ${error.toFixed(1)}`} CPU h`;
}

/**
 * One second guess under way, timed again: its first pieces solved again, and with a sample its
 * hours at the sample's mean, else at the pace of the pieces solved again.
 */
export interface Retimed extends Sampled {
  readonly solvedAgain: number;
  readonly cpuSeconds: number;
  readonly recordedSeconds: number;
}

/**
 * Of each second guess under way (a piece settled, no line in the log), the first `count` pieces
 * settled at the class it is being refuted by, solved again: their CPU time against the time the
 * pieces record, and the CPU hours the third guesses left there would take at this pace; with
 * `sample`, the second guesses not begun too. Each line to print goes to `onLine` as it is made;
 * returns the status (1 if a piece did not hold, said on stderr) and the report for `--json`.
 * Throws `BrokenLogError` for a piece that names no code or answer of the game.
 */
export function retimePieces(options: RetimeOptions): {
  status: number;
  report: {
    retimed: Retimed[];
    notBegun: NotBegun[];
    cpuHoursLeft: number;
    cpuHoursError: number | null;
    cpuHoursUnderWay: number;
    cpuHoursNotBegun: number;
    failed: boolean;
  };
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
  const say = (line: string): void => options.onLine?.(line);
  const retimed: Retimed[] = [];
  const random = randomSource(options.seed);
  const cpuOf = (before: NodeJS.CpuUsage): number => {
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1e6;
  };
  /** `thirds` solved at `part` after `history`, one by one, timed. */
  const solveDrawn = (part: Int32Array, history: number[], thirds: number[]): Drawn => {
    const times: number[] = [];
    const keep: string[] = [];
    for (const third of thirds) {
      const start = process.cpuUsage();
      if (refuter.pieceKeeps(part, [...history, third])) keep.push(game.codes.make(third));
      times.push(cpuOf(start));
    }
    return { times, keep };
  };
  const keepText = (keep: string[], guess: string): string =>
    keep.length > 0
      ? `${keep.join(', ')} KEEP: a way on, this class does not refute ${guess}`
      : 'none keeps';
  let hours = 0;
  let variance = 0;
  /** Second guesses whose class a third guess drawn keeps: their hours are not counted. */
  let uncounted = 0;
  let failed = false;
  for (const mine of under.values()) {
    const { opening, answer, guess, within } = mine[0];
    const history = [codeOf(opening), codeOf(guess)];
    const members = classOf(partition(game, history[0], all), answerOf(answer));
    const part = classOf(partition(game, history[1], members), answerOf(within));
    const solved = mine.filter((piece) => !piece.keeps);
    const again = solved.slice(0, count);
    refuter.begin(guessKey(mine[0]));
    const before = process.cpuUsage();
    for (const piece of again) {
      if (refuter.pieceKeeps(part, [...history, codeOf(piece.third)])) {
        failed = true;
        console.error(
          `  ${guessKey(piece)}, its class ${within}, third guess ${piece.third}: DOES NOT HOLD`,
        );
      }
    }
    const cpu = cpuOf(before);
    const recorded = again.reduce((sum, piece) => sum + piece.seconds, 0);
    // How many third guesses the class has (pieces written before that was kept do not say).
    const of = Math.max(0, ...mine.map((piece) => piece.of ?? 0));
    const left = of > 0 ? Math.max(0, of - solved.length) : undefined;
    // The third guesses not yet settled, a fair sample of them drawn and solved.
    const settledThirds = new Set(mine.map((piece) => piece.third));
    const open =
      options.sample > 0
        ? refuter
            .thirdGuesses(part, history)
            .filter((third) => !settledThirds.has(game.codes.make(third)))
        : [];
    const { times, keep } = solveDrawn(part, history, draw(open, options.sample, random));
    const sampledCpu = times.reduce((sum, t) => sum + t, 0);
    let more: number | undefined;
    let error: number | undefined;
    if (keep.length > 0) {
      // The class will not refute the guess: its hours say nothing of what is left.
      uncounted++;
    } else if (left !== undefined && times.length > 0) {
      ({ more, error } = hoursAt(times, left));
    } else if (left !== undefined && again.length > 0) {
      more = (left * cpu) / again.length / 3600;
    }
    hours += more ?? 0;
    variance += (error ?? 0) ** 2;
    retimed.push({
      guess,
      within,
      size: part.length,
      solvedAgain: again.length,
      cpuSeconds: Number(cpu.toFixed(1)),
      recordedSeconds: Number(recorded.toFixed(1)),
      left: left ?? null,
      sampled: times.length,
      sampledCpuSeconds: Number(sampledCpu.toFixed(1)),
      sampledKeep: keep,
      cpuHoursLeft: more === undefined ? null : Number(more.toFixed(1)),
      cpuHoursError: error === undefined ? null : Number(error.toFixed(1)),
    });
    const pace =
      keep.length > 0
        ? `; ${NOT_COUNTED}`
        : more === undefined
          ? ''
          : `, ${about(more, error)} at ${times.length > 0 ? "the sample's mean" : 'this pace'}`;
    const sampled =
      times.length > 0
        ? `; ${times.length} not yet settled, drawn at random, in ${sampledCpu.toFixed(1)} CPU s (${keepText(keep, guess)})`
        : '';
    say(
      `${guess} at its class ${within} of ${part.length.toLocaleString('en')}: ${again.length} third ${again.length === 1 ? 'guess' : 'guesses'} solved again in ${cpu.toFixed(1)} CPU s (${recorded.toFixed(1)} s as recorded)${sampled}; ${left === undefined ? 'its pieces do not say how many are left' : `${left.toLocaleString('en')} left`}${pace}`,
    );
  }
  const underWay = hours;
  // The second guesses not begun, at the class a run tries first: their largest.
  const notBegun: NotBegun[] = [];
  let newHours = 0;
  for (const { opening, answer, members, second } of options.sample > 0 ? options.unsettled : []) {
    const key = guessKey({
      opening: game.codes.make(opening),
      answer,
      guess: game.codes.make(second),
    });
    if (under.has(key)) continue;
    const [first] = classesToSolve(game, second, members).sort(
      (a, b) => b.part.length - a.part.length,
    );
    if (first === undefined) continue;
    const guess = game.codes.make(second);
    const within = game.answerText(first.answer);
    const history = [opening, second];
    refuter.begin(key);
    const whole = first.part.length < options.pieceSecrets || depth - 2 < 3;
    const thirds = whole ? [] : refuter.thirdGuesses(first.part, history);
    const { times, keep } = solveDrawn(first.part, history, draw(thirds, options.sample, random));
    const sampledCpu = times.reduce((sum, t) => sum + t, 0);
    const { more, error } =
      times.length > 0 && keep.length === 0 ? hoursAt(times, thirds.length) : {};
    if (keep.length > 0) uncounted++;
    newHours += more ?? 0;
    variance += (error ?? 0) ** 2;
    notBegun.push({
      guess,
      within,
      size: first.part.length,
      left: whole ? null : thirds.length,
      sampled: times.length,
      sampledCpuSeconds: Number(sampledCpu.toFixed(1)),
      sampledKeep: keep,
      cpuHoursLeft: more === undefined ? null : Number(more.toFixed(1)),
      cpuHoursError: error === undefined ? null : Number(error.toFixed(1)),
    });
    const at = `${guess} not begun, at its largest class ${within} of ${first.part.length.toLocaleString('en')}`;
    say(
      whole
        ? `${at}: searched whole, not in pieces, so not sampled`
        : thirds.length === 0
          ? `${at}: no third guess passes the search's bounds, refuted at once`
          : `${at} (the one a run tries first): ${times.length} of its ${thirds.length.toLocaleString('en')} third guesses drawn at random in ${sampledCpu.toFixed(1)} CPU s (${keepText(keep, guess)}); ${more === undefined ? NOT_COUNTED : about(more, error)}`,
    );
  }
  hours += newHours;
  const total = Math.sqrt(variance);
  const fair =
    options.sample > 0
      ? ''
      : '; the first pieces are the third guesses the search took first, not a fair sample: --sample M draws some of those left';
  const unsaid =
    uncounted > 0
      ? `; ${uncounted} not counted, a third guess drawn keeping at the class: the next class's hours are not known`
      : '';
  say(
    notBegun.length > 0
      ? `${about(hours, total > 0 ? total : undefined)} in all: ${underWay.toFixed(1)} for the ${under.size} second guesses under way, ${newHours.toFixed(1)} for the ${notBegun.length} not begun (at their largest classes)${unsaid}`
      : `${about(hours, total > 0 ? total : undefined)} in all for the ${under.size} second guesses under way (those not begun not counted${options.sample > 0 ? ': none' : ''}${fair})${unsaid}`,
  );
  const report = {
    retimed,
    notBegun,
    cpuHoursLeft: Number(hours.toFixed(1)),
    cpuHoursError: total > 0 ? Number(total.toFixed(1)) : null,
    cpuHoursUnderWay: Number(underWay.toFixed(1)),
    cpuHoursNotBegun: Number(newHours.toFixed(1)),
    failed,
  };
  return { status: failed ? 1 : 0, report };
}

/** `count` of `open` drawn at random without repeats (all of them if fewer); `open` reordered. */
function draw(open: number[], count: number, random: () => number): number[] {
  // The first `count` places of a Fisher–Yates shuffle.
  const drawn = Math.min(count, open.length);
  for (let i = 0; i < drawn; i++) {
    const j = i + Math.floor(random() * (open.length - i));
    [open[i], open[j]] = [open[j], open[i]];
  }
  return open.slice(0, drawn);
}
