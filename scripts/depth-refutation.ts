/**
 * That no strategy keeps to D guesses, refuted opening by opening, as a log any run can resume:
 *
 *   npx tsx scripts/depth-refutation.ts [--game NAME] [--pegs P --colors C --repeat|--no-repeat]
 *       --depth D --log FILE [--threads T | --shard I/N] [--time-limit S] [--recheck]
 *       [--piece-secrets N] [--order ways-on|refuted] [--class-seconds S]
 *
 * A strategy within D guesses opens with some code; every code is the image of one first guess
 * of the game's symmetry (its first guesses up to symmetry), and the symmetry keeps the worst
 * case. So it is enough to show, for each such opening, one class it leaves that no strategy
 * solves within the D − 1 guesses left. For each opening the script takes the class whose best
 * second guess leaves the largest class (the hardest to split), and for each second guess up to
 * the symmetry that keeps the opening and that class (those that leave the smallest largest class
 * first, the likeliest ways on; with `--order refuted` the largest first, the likeliest refuted
 * soonest), it looks for a class that guess leaves
 * (the largest first) which the exact search (`optimal --objective depth`'s, complete: it stops
 * only when every guess is refuted or a strategy is found) shows has no strategy within D − 2.
 * A second guess with no such class is a way on: the opening is then not refuted here.
 *
 * Each second guess settled is a line of the log (JSON: the opening, the class, the guess, the
 * class that refutes it and its size, or null for a way on, nodes, seconds; scripts/
 * refutation-log.ts), written as it is settled, and a run with the same log goes on where it
 * stopped. A class of N secrets or more (`--piece-secrets`, default 1,000), with 3 guesses or more
 * left, is searched third guess by third guess, in the search's order and with its pruning, each
 * third guess's classes smallest first (with `--class-seconds S`, in rounds of time that grow
 * from S: `thirdKeeps`), each settled a line of the pieces file
 * beside the log (`NAME.pieces.jsonl`: whether that third guess keeps to the guesses left): a
 * stopped run loses at most the third guess it was on (a small class, the second guess). A run
 * drops, as it starts, the pieces of second guesses the log has settled.
 * `--shard I/N` takes every N-th second guess from the I-th (0-based), for N processes at once
 * (on as many machines); `--threads T` runs T such shards on worker threads of this process
 * (scripts/refutation-shards.ts), and then says where the whole log stands.
 * A log and its pieces read back are what a run relies on (`relied` in `--json`: the lines, and
 * the pieces the lines it appended rest on): `--recheck` solves again every line of the log (of
 * its shard) not yet solved again, appends a copy of each that holds marked `recheck` (so that a
 * recheck stopped goes on where it stopped; a large class again piece by piece, its pieces marked
 * `recheck`), and fails if one does not hold. The summary at the
 * end says, per opening, how many second guesses are refuted and how many are left, and whether
 * the depth is refuted.
 *
 * What it was run on, and how far it got: campaigns/README.md (super-mastermind-depth6).
 */
import { appendFileSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { allCandidates, classOf, partition, partitionSizes } from '../src/candidates.js';
import { adoptSharedTable, sharedScoreTable } from '../src/cli/proofs/shared-table.js';
import { CodebreakerError } from '../src/errors.js';
import { type Game, gameFor } from '../src/game.js';
import { resolveRules } from '../src/rules.js';
import { OptimalSearch, SearchStopped } from '../src/search/branch-and-bound.js';
import { guessRepresentatives } from '../src/symmetry.js';
import {
  BrokenLogError,
  type RefutationLine,
  type RefutationPiece,
  RefutationPieces,
  guessKey,
  readRefutationLog,
} from './refutation-log.js';
import { runShards, shardAsked, shardData, shardDone } from './refutation-shards.js';

const options = {
  game: { type: 'string' },
  pegs: { type: 'string' },
  colors: { type: 'string' },
  repeat: { type: 'boolean' },
  'no-repeat': { type: 'boolean' },
  depth: { type: 'string' },
  log: { type: 'string' },
  shard: { type: 'string', default: '0/1' },
  threads: { type: 'string', default: '1' },
  'time-limit': { type: 'string' },
  recheck: { type: 'boolean', default: false },
  'piece-secrets': { type: 'string', default: '1000' },
  order: { type: 'string', default: 'ways-on' },
  'class-seconds': { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;
function flagsOrExit(): ReturnType<typeof parseArgs<{ options: typeof options }>>['values'] {
  try {
    return parseArgs({ options }).values;
  } catch (error) {
    console.error(`depth-refutation.ts: ${(error as Error).message}`);
    process.exit(2);
  }
}
const values = flagsOrExit();
const depth = Number(values.depth);
const threads = Number(values.threads);
const [shard, shards] = (values.shard ?? '').split('/').map(Number);
const pieceSecrets = Number(values['piece-secrets']);
const classSeconds =
  values['class-seconds'] === undefined ? undefined : Number(values['class-seconds']);
const seconds =
  values['time-limit'] === undefined ? Number.POSITIVE_INFINITY : Number(values['time-limit']);
if (
  !values.log ||
  !Number.isInteger(depth) ||
  depth < 3 ||
  !Number.isInteger(shard) ||
  !Number.isInteger(shards) ||
  !Number.isInteger(threads) ||
  threads < 1 ||
  (threads > 1 && shards > 1) ||
  !(shard >= 0 && shard < shards) ||
  !(Number.isInteger(pieceSecrets) && pieceSecrets >= 3) ||
  !(seconds > 0) ||
  !(classSeconds === undefined || (classSeconds > 0 && Number.isFinite(classSeconds))) ||
  !(values.order === 'ways-on' || values.order === 'refuted')
) {
  console.error(
    'usage: depth-refutation.ts [--game NAME] [--pegs P --colors C --repeat|--no-repeat] --depth D (3 or more) --log FILE [--threads T | --shard I/N] [--time-limit S] [--recheck] [--piece-secrets N (3 or more)] [--order ways-on|refuted] [--class-seconds S (above 0)]',
  );
  process.exit(2);
}
const logFile = values.log;

function rulesOrExit(): Game {
  try {
    return gameFor(
      resolveRules({
        game: values.game,
        pegs: values.pegs,
        colors: values.colors,
        repeat: values['no-repeat'] ? false : values.repeat,
      }),
    );
  } catch (error) {
    if (!(error instanceof CodebreakerError)) throw error;
    console.error(`depth-refutation.ts: ${error.message}`);
    process.exit(2);
  }
}
const game = rulesOrExit();
const code = (index: number): string => game.codes.make(index);
const started = Date.now();
const deadline = started + seconds * 1000;
const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(0)} s`;

const logged = new Map<string, RefutationLine>();
const keyOf = (opening: string, answer: string, guess: string): string =>
  guessKey({ opening, answer, guess });
/** What `read` reads; a broken file is one line on stderr and status 2, the file left as it is. */
function readOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof BrokenLogError)) throw error;
    console.error(`depth-refutation.ts: ${error.message}`);
    process.exit(2);
  }
}
const logLines = (): RefutationLine[] => readOrExit(() => readRefutationLog(logFile));
/** Reads the log's lines for this depth into `logged`; returns every line of the log. */
function readLog(): RefutationLine[] {
  const lines = logLines();
  for (const entry of lines) {
    if (entry.depth === depth) logged.set(guessKey(entry), entry);
  }
  return lines;
}
/** The lines the log had before this run. */
const linesBefore = readLog().length;
/** The lines this run appended (a run on shards reads theirs back once they end). */
const appended: RefutationLine[] = [];
/** Appends `line`, settling `key`, to the log. */
function record(key: string, line: RefutationLine): void {
  appendFileSync(logFile, `${JSON.stringify(line)}\n`);
  logged.set(key, line);
  appended.push(line);
}
/**
 * The third guesses tried at the large classes of second guesses not yet settled, each appended
 * to the pieces file as it is settled.
 */
const pieces = readOrExit(() => new RefutationPieces(logFile, depth));
// The pieces of second guesses the log has settled are of no more use: dropped, so that the
// file holds only the work under way (not by a shard: others may be writing the file).
if (shards === 1) {
  pieces.compact((piece) => {
    const line = logged.get(guessKey(piece));
    return line !== undefined && (piece.recheck !== true || line.recheck === true);
  });
}
/** The sum of `field` over `of`. */
const sumOf = (of: readonly RefutationPiece[], field: 'nodes' | 'seconds'): number =>
  of.reduce((sum, piece) => sum + piece[field], 0);

/** The lines of the log solved again by a recheck. */
const solvedAgain = (): number => [...logged.values()].filter((line) => line.recheck).length;

/** On a shard's thread (`--threads`), what the main thread gave it. */
const onThread = shardData();
// A shard on a thread reads the table the main thread built.
if (onThread) adoptSharedTable(game, onThread.table);

const summaryOnly = threads > 1;
// With `--threads T`, this thread runs T shards of this script and then reads the log they wrote.
const shardsEnd = summaryOnly
  ? await runShards(import.meta.url, threads, sharedScoreTable(game, threads))
  : undefined;
const shardsFailed = shardsEnd?.failed === true;
const shardsStopped = shardsEnd?.stopped === true;
if (summaryOnly) {
  appended.push(...readLog().slice(linesBefore));
  readOrExit(() => pieces.read());
}

/**
 * Set by a Ctrl-C (on a thread, by the main thread's stop), heard while the search runs: the
 * run stops there, drops the guess it was on, and prints where it stands.
 */
let interrupted = false;
if (!onThread && shards === 1 && !summaryOnly) {
  process.on('SIGINT', () => {
    interrupted = true;
  });
}
const stopAsked = (): boolean => interrupted || (onThread !== undefined && shardAsked(onThread));
/** The second guess being searched, when its search began, and its nodes then (for progress). */
const current = { key: '', since: 0, nodes: 0, told: 0 };
/** A second guess searched longer than this has a line of progress on stderr this often. */
const PROGRESS_MS = 60_000;
/**
 * The exact search, stopped at the time limit or a Ctrl-C. It only decides whether a strategy
 * exists, so it counts early (a guess's classes only while it can still keep to the depth).
 * Made where a search runs: with `--threads`, this thread only waits for its shards.
 */
let made: OptimalSearch | undefined;
function search(): OptimalSearch {
  made ??= newSearch();
  return made;
}
const newSearch = (): OptimalSearch =>
  new OptimalSearch(game, {
    firstFound: true,
    lookahead: false,
    earlyCount: true,
    progressEvery: 1,
    onProgress: ({ nodes }) => {
      const now = Date.now();
      if (now - Math.max(current.since, current.told) >= PROGRESS_MS) {
        current.told = now;
        const took = ((now - current.since) / 1000).toFixed(0);
        // Written at once, not by console.error: on a worker thread that goes out only when the
        // thread's event loop runs, after the second guess, minutes or an hour later.
        writeSync(
          2,
          `  ${elapsed()}: ${current.key}: ${nodes - current.nodes} nodes in ${took} s\n`,
        );
      }
      if (stopAsked() || now > deadline) return true;
      if (now <= budget.ends) return false;
      budget.spent = true;
      return true;
    },
  });

/**
 * The time a search of one class of a third guess may take in the round under way (`thirdKeeps`):
 * the search stops once `ends` (a `Date.now()` time) has passed, and says so in `spent`.
 */
const budget = { ends: Number.POSITIVE_INFINITY, spent: false };

/**
 * Whether `members` (after `history`) has no strategy within `guesses`, searched for at most
 * `seconds`: true, false, or undefined if that time ran out first. A search stopped so can be
 * asked again (its cache keeps only what it solved to the end).
 */
function unsolvableWithin(
  members: Int32Array,
  history: number[],
  guesses: number,
  seconds: number,
): boolean | undefined {
  budget.ends = Date.now() + seconds * 1000;
  budget.spent = false;
  try {
    return unsolvable(members, history, guesses);
  } catch (error) {
    if (error instanceof SearchStopped && budget.spent) return undefined;
    throw error;
  } finally {
    budget.ends = Number.POSITIVE_INFINITY;
  }
}

/** Whether `members` (after `history`) has no strategy within `guesses`. */
function unsolvable(members: Int32Array, history: number[], guesses: number): boolean {
  return search().solve(members, history, guesses).guess < 0;
}

/**
 * Whether the class `part` (the answer `within` to `second`, after `opening`) has no strategy
 * within `depth` − 2 guesses: in one search, or for a large class third guess by third guess, in
 * the search's own order and with its own pruning (`rankGuesses`: the guesses up to symmetry
 * whose bounds leave them a chance), the pieces earlier runs settled read back from the file.
 * `recheck`: solving a line of the log again, whose pieces are its own (marked), so that a
 * recheck stopped goes on where it stopped too.
 */
function classUnsolvable(
  part: Int32Array,
  {
    opening,
    answer,
    second,
    within,
    recheck = false,
  }: Readonly<Record<'opening' | 'second', number>> &
    Readonly<Record<'answer' | 'within', string>> & { readonly recheck?: boolean },
): boolean {
  const key = keyOf(code(opening), answer, code(second));
  const left = depth - 2;
  const history = [opening, second];
  if (part.length < pieceSecrets || left < 3) return unsolvable(part, history, left);
  const { guesses } = search().rankGuesses(part, history, left);
  let tried = 0;
  for (const third of guesses) {
    tried++;
    const known = pieces.get(key, within, code(third), recheck);
    if (known) {
      if (known.keeps) return false;
      continue;
    }
    const start = Date.now();
    const nodes = search().nodes;
    const keeps = thirdKeeps(part, [...history, third], left - 1);
    const took = (Date.now() - start) / 1000;
    const piece: RefutationPiece = {
      opening: code(opening),
      answer,
      guess: code(second),
      within,
      third: code(third),
      of: guesses.length,
      depth,
      keeps,
      nodes: search().nodes - nodes,
      seconds: Number(took.toFixed(1)),
      ...(recheck ? { recheck } : {}),
    };
    pieces.add(piece);
    if (took >= PIECE_TOLD_S || piece.keeps) {
      writeSync(
        2,
        `  ${elapsed()}: ${key}, its class ${within} (${part.length}): third guess ${tried} of ${guesses.length}, ${piece.third}, ${piece.keeps ? 'keeps' : 'does not keep'} to ${left} (${piece.nodes} nodes, ${took.toFixed(1)} s)\n`,
      );
    }
    if (piece.keeps) return false;
  }
  return true;
}

/**
 * Whether every class the last guess of `history` leaves of `part` (but all hits) has a strategy
 * within `guesses`, the smallest classes first, each to its end. The search's own evaluation of
 * a guess takes them largest first, which serves a strategy found (and refuting Bulls and Cows
 * within 6, 6 s against 26), but a third guess of 5 of 10 is mostly refuted by a small class of
 * few colours: 01245's third guesses 10356 to 46701 at its class 0H2B, refuted largest first in
 * 5 to 41 s, are refuted smallest first in under 0.1 s (by a class of 64 with no strategy within
 * 4, in 36 nodes, for one of them; docs/performance.md).
 *
 * With `--class-seconds S`, in rounds: each class not yet settled gets S seconds in the first,
 * four times as much in each next, and the last one left all it needs. A class slow to settle
 * either way then holds up a class that refutes the guess at once for a while, not for good
 * (01345's third guess 23567 at its class 0H2B: 1,480 s one class after another, 12 s in rounds
 * from 1 s); but where the first slow class is the one that refutes, the others' rounds are
 * spent in vain (12567's third guess 38706: 95 s against 263). So rounds are not the default
 * (docs/performance.md). Either way each answer is the exact search's, to the end: a round only
 * orders the work.
 */
function thirdKeeps(part: Int32Array, history: number[], guesses: number): boolean {
  let open = classesToSolve(history.at(-1)!, part)
    .sort((a, b) => a.part.length - b.part.length)
    .map(({ part: members }) => members);
  // Without rounds, one round in which each class has all it needs.
  for (let seconds = classSeconds ?? Number.POSITIVE_INFINITY; open.length > 0; seconds *= 4) {
    if (open.length === 1) return !unsolvable(open[0], history, guesses);
    const unsettled: Int32Array[] = [];
    for (const members of open) {
      const refutes = unsolvableWithin(members, history, guesses, seconds);
      if (refutes === true) return false;
      if (refutes === undefined) unsettled.push(members);
    }
    open = unsettled;
  }
  return true;
}

/**
 * The classes `guess` leaves of `members` that a search must settle: all but all hits, and but
 * those of one or two secrets (solved within two), each with its answer.
 */
function classesToSolve(
  guess: number,
  members: Int32Array,
): { readonly answer: number; readonly part: Int32Array }[] {
  const split = partition(game, guess, members);
  return [...Array(game.answers).keys()]
    .filter((answer) => answer !== game.solved)
    .map((answer) => ({ answer, part: classOf(split, answer) }))
    .filter(({ part }) => part.length > 2);
}
/** A piece that took this long has a line on stderr. */
const PIECE_TOLD_S = 30;

/**
 * `guesses`, those that leave the smallest largest class of `members` first (ties in order of
 * code): the likeliest ways on. Where some second guess is a way on, finding it first spares
 * refuting the others, which can take hours each (5 of 10). Where none is, every one must be
 * refuted, and those that leave the largest class are the likeliest refuted soonest (5 of 10:
 * the third guesses at 01245's class of 3,060 mostly refuted in under a second each, at 10567's
 * of 1,776 in minutes each): `--order refuted` takes them first (`largestFirst`).
 */
function byLargestClass(
  guesses: Int32Array,
  members: Int32Array,
  largestFirst: boolean,
): Int32Array {
  const counts = new Int32Array(game.answers);
  const scratch = new Uint8Array(members.length);
  const largest = new Map<number, number>();
  for (const guess of guesses) {
    partitionSizes(game, guess, members, counts, scratch);
    counts[game.solved] = 0;
    largest.set(guess, Math.max(...counts));
  }
  const sign = largestFirst ? -1 : 1;
  return Int32Array.from(guesses).sort(
    (a, b) => sign * (largest.get(a)! - largest.get(b)!) || a - b,
  );
}

/** The largest class each guess leaves of `members`, and its least over every guess. */
function hardestSplit(members: Int32Array): number {
  const table = game.searchTable()!;
  const counts = new Int32Array(game.answers);
  let least = Number.POSITIVE_INFINITY;
  for (let guess = 0; guess < game.size; guess++) {
    counts.fill(0);
    const row = guess * game.size;
    let largest = 0;
    for (let i = 0; i < members.length; i++) {
      const answer = table[row + members[i]];
      if (answer !== game.solved && ++counts[answer] > largest) largest = counts[answer];
      if (largest >= least) break;
    }
    if (largest < least) least = largest;
  }
  return least;
}

const all = allCandidates(game);
const openings = guessRepresentatives(game, [], all) ?? all;
const summary: string[] = [];
let refutedOpenings = 0;
let secondGuesses = 0;
let refutedGuesses = 0;
/** Refuted, or ways on. */
let settledGuesses = 0;
let stopped = false;
let failedCheck = false;

for (const opening of openings) {
  if (stopped) break;
  const split = partition(game, opening, all);
  // The class to refute: the one whose best second guess leaves the largest class.
  let chosen = -1;
  let hardest = -1;
  for (let answer = 0; answer < game.answers; answer++) {
    if (answer === game.solved) continue;
    const members = classOf(split, answer);
    if (members.length <= hardest) continue;
    const value = hardestSplit(members);
    if (value > hardest) [chosen, hardest] = [answer, value];
  }
  const members = classOf(split, chosen);
  const turn = { guess: opening, answer: chosen };
  const seconds2 = byLargestClass(
    guessRepresentatives(game, [turn], members) ?? all,
    members,
    values.order === 'refuted',
  );
  const answerText = game.answerText(chosen);
  console.error(
    `${elapsed()}: opening ${code(opening)}, class ${answerText} (${members.length} secrets, its best second guess leaves ${hardest}): ${seconds2.length} second guesses`,
  );
  let refuted = 0;
  let open = 0;
  let left = 0;
  /** Second guesses not settled with pieces settled (the summary's). */
  const underWay: string[] = [];
  for (let i = shard; i < seconds2.length; i += shards) {
    if (!summaryOnly) await new Promise((resolve) => setImmediate(resolve));
    if (!summaryOnly && (stopAsked() || Date.now() > deadline)) {
      stopped = true;
      break;
    }
    const second = seconds2[i];
    const key = keyOf(code(opening), answerText, code(second));
    const known = logged.get(key);
    if (known && (!values.recheck || summaryOnly || known.recheck)) {
      if (known.refutedBy === null) open++;
      else refuted++;
      continue;
    }
    if (summaryOnly) {
      left++;
      if (pieces.has(key)) underWay.push(code(second));
      continue;
    }
    // Its classes to settle, the largest first.
    const order = classesToSolve(second, members).sort((a, b) => b.part.length - a.part.length);
    const start = Date.now();
    const nodes = search().nodes;
    Object.assign(current, { key, since: start, nodes, told: 0 });
    let by: { part: Int32Array; answer: number } | undefined;
    try {
      if (known) {
        // A way on: every class it leaves solved again within the guesses left; a refutation:
        // the class the log names solved again.
        const wayOn = known.refutedBy === null;
        const named = order.find(({ answer }) => game.answerText(answer) === known.refutedBy);
        const again = ({ answer, part }: { answer: number; part: Int32Array }): boolean =>
          classUnsolvable(part, {
            opening,
            answer: answerText,
            second,
            within: game.answerText(answer),
            recheck: true,
          });
        const holds = wayOn
          ? order.every((one) => !again(one))
          : named !== undefined && named.part.length === known.size && again(named);
        console.error(
          `  ${elapsed()}: ${key}${wayOn ? ' (a way on)' : ''}: ${holds ? 'holds' : 'DOES NOT HOLD'}`,
        );
        if (!holds) {
          failedCheck = true;
          continue;
        }
        const before = pieces.earlier(key, true);
        const line: RefutationLine = {
          ...known,
          nodes: search().nodes - nodes + sumOf(before, 'nodes'),
          seconds: Number(((Date.now() - start) / 1000 + sumOf(before, 'seconds')).toFixed(1)),
          recheck: true,
        };
        record(key, line);
        if (wayOn) open++;
        else refuted++;
        continue;
      }
      by = order.find(({ answer, part }) =>
        classUnsolvable(part, {
          opening,
          answer: answerText,
          second,
          within: game.answerText(answer),
        }),
      );
    } catch (error) {
      if (!(error instanceof SearchStopped)) throw error;
      stopped = true;
      break;
    }
    const took = (Date.now() - start) / 1000;
    const before = pieces.earlier(key, false);
    const entry: RefutationLine = {
      opening: code(opening),
      answer: answerText,
      guess: code(second),
      refutedBy: by ? game.answerText(by.answer) : null,
      size: by ? by.part.length : null,
      depth,
      // With the pieces earlier runs settled of it.
      nodes: search().nodes - nodes + sumOf(before, 'nodes'),
      seconds: Number((took + sumOf(before, 'seconds')).toFixed(1)),
    };
    record(key, entry);
    if (!by) {
      open++;
      console.error(
        `  ${elapsed()}: ${key}: every class it leaves is solved within ${depth - 2} (${entry.nodes} nodes, ${took.toFixed(1)} s): a way on`,
      );
      continue;
    }
    refuted++;
    console.error(
      `  ${elapsed()}: ${key} refuted by its class ${entry.refutedBy} of ${entry.size} (${entry.nodes} nodes, ${took.toFixed(1)} s); ${refuted} of this shard's done`,
    );
  }
  const inShard = Math.ceil((seconds2.length - shard) / shards);
  const done = refuted === inShard;
  if (done && shards === 1) refutedOpenings++;
  secondGuesses += inShard;
  refutedGuesses += refuted;
  settledGuesses += refuted + open;
  summary.push(
    `opening ${code(opening)}, class ${answerText}: ${refuted} of ${inShard} second guesses refuted${open > 0 ? `, ${open} not (a way on)` : ''}${left > 0 ? `, ${left} not yet settled` : ''}${underWay.length > 0 ? ` (${underWay.join(', ')} in part, the pieces in ${pieces.file})` : ''}`,
  );
}

const proved = !failedCheck && !shardsFailed && shards === 1 && refutedOpenings === openings.length;
const lines = [
  ...summary,
  `${refutedGuesses} of ${secondGuesses} second guesses refuted in all; ${solvedAgain()} lines of the log solved again by --recheck`,
  proved
    ? `no strategy keeps to ${depth} guesses: every opening refuted (${elapsed()})`
    : `not settled here (${elapsed()}${interrupted || shardsStopped ? ', stopped' : stopped ? ', time limit' : ''})`,
];
const cpu = process.cpuUsage();
// A shard on a thread says nothing on stdout: the main thread reads the log it wrote, and is told
// the nodes it searched.
if (onThread) shardDone(made?.nodes ?? 0);
if (onThread === undefined && values.json) {
  // For `npm run campaign` (its runs.jsonl): the work of this process and its shards.
  console.log(
    JSON.stringify({
      threads,
      seconds: (Date.now() - started) / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      nodes: shardsEnd ? shardsEnd.nodes : search().nodes,
      jobsDone: settledGuesses,
      jobsKnown: secondGuesses,
      lowerBound: proved ? depth + 1 : null,
      proved,
      // The second guesses the result rests on that this run did not solve: every one the log
      // settles but those it appended (new ones, or with --recheck those it solved again), so
      // that a recheck stopped half way counts the lines it did not reach.
      relied: {
        logLines: logged.size - appended.length,
        rechecked: values.recheck,
        solvedAgain: solvedAgain(),
        // The pieces of earlier runs (third guesses at a large class) that lines this run
        // appended rest on, read back unchecked: a recheck's own, or those `--recheck` solves
        // again.
        pieces: appended.reduce(
          (sum, line) => sum + pieces.earlier(guessKey(line), line.recheck === true).length,
          0,
        ),
      },
      summary: lines,
    }),
  );
} else if (onThread === undefined) {
  console.log(lines.join('\n'));
}
if (failedCheck || shardsFailed) {
  console.error(
    failedCheck ? 'a refutation in the log did not hold' : 'a shard failed: nothing is concluded',
  );
  process.exit(1);
}
