/**
 * That no strategy keeps to D guesses, refuted opening by opening, as a log any run can resume:
 *
 *   npx tsx scripts/depth-refutation.ts [--game NAME] [--pegs P --colors C --repeat|--no-repeat]
 *       --depth D --log FILE [--threads T] [--shard I/N] [--time-limit S] [--recheck]
 *       [--piece-secrets N] [--order ways-on|refuted] [--class-seconds S | --class-nodes N]
 *       [--retime N [--sample M [--seed S]]]
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
 * from S, or with `--class-nodes N` of nodes that grow from N: scripts/refutation-search.ts),
 * each settled a line of the pieces file beside the log (`NAME.pieces.jsonl`: whether that third
 * guess keeps to the guesses left): a stopped run loses at most the third guess it was on (a
 * small class, the second guess). A run drops, as it starts, the pieces of second guesses the log
 * has settled.
 * `--shard I/N` takes every N-th second guess from the I-th (0-based), for N processes at once
 * (on as many machines), and of every class searched in pieces, whoever's second guess it is,
 * the third guesses at places I modulo N of the search's order: one second guess of 5 of 10
 * can outlast any one machine (docs/performance.md). A second guess is settled by whichever
 * shard finds every piece of its class in the file; a shard that cannot yet leaves it to the
 * others, or to a run without `--shard` once their pieces are merged. `--threads T` runs T such
 * shards on worker threads of this process (scripts/refutation-shards.ts), which split its own
 * share (with `--shard I/N`, thread t is shard t·N + I of T·N) and write one file, so each reads
 * the others' pieces as they come, and one whose own share is done takes every piece still
 * missing of the process's share, from the last back; it then says where its share stands.
 * A log and its pieces read back are what a run relies on (`relied` in `--json`: the lines, and
 * the pieces the lines it appended rest on): `--recheck` solves again every line of the log (of
 * its shard) not yet solved again, appends a copy of each that holds marked `recheck` (so that a
 * recheck stopped goes on where it stopped; a large class again piece by piece, its pieces marked
 * `recheck`), and fails if one does not hold. The summary at the
 * end says, per opening, how many second guesses are refuted and how many are left, and whether
 * the depth is refuted. `--retime N` searches nothing new and writes nothing: it solves again the
 * first N pieces of each second guess under way, on this build, to say how long what is left
 * takes now, and with `--sample M` M of its third guesses not yet settled, drawn at random, and
 * M of those of each second guess not begun, at its largest class (`retimePieces`).
 *
 * What it was run on, and how far it got: campaigns/README.md (super-mastermind-depth6).
 */
import { appendFileSync } from 'node:fs';
import { allCandidates, classOf, partition } from '../src/candidates.js';
import { adoptSharedTable, sharedScoreTable } from '../src/cli/proofs/shared-table.js';
import { SearchStopped } from '../src/search/branch-and-bound.js';
import { guessRepresentatives } from '../src/symmetry.js';
import { refutationFlags } from './refutation-flags.js';
import {
  BrokenLogError,
  type RefutationLine,
  type RefutationPiece,
  RefutationPieces,
  guessKey,
  readRefutationLog,
  readRefutationPieces,
} from './refutation-log.js';
import { retimePieces } from './refutation-retime.js';
import {
  type AnsweredClass,
  ClassRefuter,
  type Share,
  byLargestClass,
  classesToSolve,
  hardestSplit,
} from './refutation-search.js';
import { runShards, shardAsked, shardData, shardDone, withLogLock } from './refutation-shards.js';

const {
  game,
  depth,
  log: logFile,
  threads,
  shard,
  shards,
  pieceSecrets,
  classSeconds,
  classNodes,
  seconds,
  retime,
  sample,
  seed,
  order,
  recheck,
  json,
} = refutationFlags(process.argv.slice(2));
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
if (shards === 1 && retime === undefined) {
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
  ? await runShards(import.meta.url, threads, sharedScoreTable(game, threads), {
      index: shard,
      count: shards,
    })
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
/** The exact search of this run (or shard), made at its first use. */
const refuter = new ClassRefuter({
  game,
  depth,
  pieceSecrets,
  classSeconds,
  classNodes,
  pieces,
  stop: () => stopAsked() || Date.now() > deadline,
  elapsed,
});

const all = allCandidates(game);
const openings = guessRepresentatives(game, [], all) ?? all;

/**
 * What the script refutes of `opening`: the class whose best second guess leaves the largest
 * class (the hardest to split; `hardest` that class's size), and its second guesses up to
 * symmetry in the campaign's order.
 */
function openingPlan(opening: number): {
  members: Int32Array;
  answerText: string;
  hardest: number;
  seconds: Int32Array;
} {
  const split = partition(game, opening, all);
  let chosen = -1;
  let hardest = -1;
  for (let answer = 0; answer < game.answers; answer++) {
    if (answer === game.solved) continue;
    const members = classOf(split, answer);
    if (members.length <= hardest) continue;
    const value = hardestSplit(game, members);
    if (value > hardest) [chosen, hardest] = [answer, value];
  }
  const members = classOf(split, chosen);
  const seconds = byLargestClass(
    game,
    guessRepresentatives(game, [{ guess: opening, answer: chosen }], members) ?? all,
    members,
    order === 'refuted',
  );
  return { members, answerText: game.answerText(chosen), hardest, seconds };
}

if (retime !== undefined) {
  const settledKeys = new Set(logged.keys());
  const written = readOrExit(() => readRefutationPieces(pieces.file));
  const { status, report } = readOrExit(() =>
    retimePieces({
      game,
      depth,
      file: pieces.file,
      pieces: written,
      settled: settledKeys,
      refuter,
      count: retime,
      sample,
      seed,
      // The second guesses the log does not settle, each opening's in the campaign's order
      // (only drawn from with --sample: those with no pieces are not begun).
      unsettled:
        sample > 0
          ? [...openings].flatMap((opening) => {
              const { members, answerText, seconds } = openingPlan(opening);
              return [...seconds]
                .filter(
                  (second) => !settledKeys.has(keyOf(code(opening), answerText, code(second))),
                )
                .map((second) => ({ opening, answer: answerText, members, second }));
            })
          : [],
      pieceSecrets,
      // Said as they come (with --json, the report at the end).
      onLine: json ? undefined : (line) => console.log(line),
    }),
  );
  if (json) console.log(JSON.stringify(report));
  if (status !== 0) console.error('a piece read back did not hold');
  process.exit(status);
}

const summary: string[] = [];
let refutedOpenings = 0;
let secondGuesses = 0;
let refutedGuesses = 0;
/** Refuted, or ways on. */
let settledGuesses = 0;
let stopped = false;
let failedCheck = false;

/**
 * Appends `line`, settling `key`, unless another shard has (with `--threads`, one thread at a
 * time, each reading first what the others wrote); whether it did.
 */
function recordOnce(key: string, line: RefutationLine): boolean {
  return withLogLock(onThread, () => {
    if (shards > 1) readLog();
    const known = logged.get(key);
    if (known && (line.recheck !== true || known.recheck === true)) return false;
    record(key, line);
    return true;
  });
}

/** The second guesses this shard has settled (for its lines on stderr). */
let settledHere = 0;

/**
 * Settles the second guess `second` at `members` (the class `answerText` of `opening`), or solves
 * its line again (`--recheck`), as `share` takes part, and appends its line; false where that is
 * not known yet (pieces of other shards missing, or a class searched whole that another owns).
 * Throws `SearchStopped` at a stop.
 */
function settle(
  opening: number,
  answerText: string,
  members: Int32Array,
  second: number,
  share: Share,
): boolean {
  const key = keyOf(code(opening), answerText, code(second));
  const known = logged.get(key);
  // Its classes to settle, the largest first.
  const order = classesToSolve(game, second, members).sort((a, b) => b.part.length - a.part.length);
  const start = Date.now();
  const nodes = refuter.nodes;
  const inPieces = refuter.pieceWork();
  refuter.begin(key);
  const unsolvable = ({ answer, part }: AnsweredClass, again: boolean): boolean | undefined =>
    refuter.classUnsolvable(part, {
      opening,
      answer: answerText,
      second,
      within: game.answerText(answer),
      recheck: again,
      share,
    });
  /**
   * The first class, in order, with no strategy within the guesses left: null if none is,
   * undefined if that is not known yet.
   */
  const firstRefuting = (again: boolean): AnsweredClass | null | undefined => {
    for (const one of order) {
      const refutes = unsolvable(one, again);
      if (refutes !== false) return refutes === true ? one : undefined;
    }
    return null;
  };
  /** Its nodes and seconds: this shard's outside pieces, and every piece of it in the file. */
  const spent = (again: boolean): Pick<RefutationLine, 'nodes' | 'seconds'> => {
    const all = pieces.of(key, again);
    const mine = refuter.pieceWork();
    return {
      nodes: refuter.nodes - nodes - (mine.nodes - inPieces.nodes) + sumOf(all, 'nodes'),
      seconds: Number(
        (
          (Date.now() - start) / 1000 -
          (mine.seconds - inPieces.seconds) +
          sumOf(all, 'seconds')
        ).toFixed(1),
      ),
    };
  };
  if (known) {
    // A way on: every class it leaves solved again within the guesses left; a refutation:
    // the class the log names solved again.
    const wayOn = known.refutedBy === null;
    let holds: boolean;
    if (wayOn) {
      const refuting = firstRefuting(true);
      if (refuting === undefined) return false;
      holds = refuting === null;
    } else {
      const named = order.find(({ answer }) => game.answerText(answer) === known.refutedBy);
      const refutes =
        named !== undefined && named.part.length === known.size && unsolvable(named, true);
      if (refutes === undefined) return false;
      holds = refutes;
    }
    console.error(
      `  ${elapsed()}: ${key}${wayOn ? ' (a way on)' : ''}: ${holds ? 'holds' : 'DOES NOT HOLD'}`,
    );
    if (!holds) failedCheck = true;
    else recordOnce(key, { ...known, ...spent(true), recheck: true });
    return true;
  }
  const by = firstRefuting(false);
  if (by === undefined) return false;
  const entry: RefutationLine = {
    opening: code(opening),
    answer: answerText,
    guess: code(second),
    refutedBy: by ? game.answerText(by.answer) : null,
    size: by ? by.part.length : null,
    depth,
    // With the pieces earlier runs and other shards settled of it.
    ...spent(false),
  };
  if (!recordOnce(key, entry)) return true;
  settledHere++;
  const took = ((Date.now() - start) / 1000).toFixed(1);
  console.error(
    by
      ? `  ${elapsed()}: ${key} refuted by its class ${entry.refutedBy} of ${entry.size} (${entry.nodes} nodes, ${took} s); ${settledHere} settled by this shard`
      : `  ${elapsed()}: ${key}: every class it leaves is solved within ${depth - 2} (${entry.nodes} nodes, ${took} s): a way on`,
  );
  return true;
}

/**
 * This shard's work on the second guesses `seconds` of `opening`: each it owns (its place I
 * modulo N), and its share of the pieces of every other; then, on a thread, every piece still
 * missing of those it could not settle, stolen from the last back. Returns whether it was stopped.
 */
async function work(
  opening: number,
  answerText: string,
  members: Int32Array,
  seconds: Int32Array,
): Promise<boolean> {
  const waiting: number[] = [];
  for (const steal of [false, true]) {
    if (steal && (onThread === undefined || waiting.length === 0)) break;
    for (const i of steal ? waiting.splice(0) : seconds.keys()) {
      await new Promise((resolve) => setImmediate(resolve));
      if (stopAsked() || Date.now() > deadline) return true;
      const key = keyOf(code(opening), answerText, code(seconds[i]));
      // Read while no other thread appends (a line half written is no line).
      if (shards > 1) withLogLock(onThread, readLog);
      const known = logged.get(key);
      if (known && (!recheck || known.recheck)) continue;
      const share: Share = {
        index: shard,
        count: shards,
        owner: i % shards === shard,
        steal,
        group: onThread?.group ?? { index: shard, count: shards },
      };
      try {
        if (!settle(opening, answerText, members, seconds[i], share)) waiting.push(i);
      } catch (error) {
        if (!(error instanceof SearchStopped)) throw error;
        return true;
      }
    }
  }
  return false;
}

for (const opening of openings) {
  if (stopped) break;
  const { members, answerText, hardest, seconds: seconds2 } = openingPlan(opening);
  console.error(
    `${elapsed()}: opening ${code(opening)}, class ${answerText} (${members.length} secrets, its best second guess leaves ${hardest}): ${seconds2.length} second guesses`,
  );
  if (!summaryOnly) stopped = await work(opening, answerText, members, seconds2);
  // Where the second guesses this shard owns stand, the other shards' lines read.
  if (shards > 1) withLogLock(onThread, readLog);
  let refuted = 0;
  let open = 0;
  let left = 0;
  /** Second guesses not settled with pieces settled (the summary's). */
  const underWay: string[] = [];
  for (let i = shard; i < seconds2.length; i += shards) {
    const second = seconds2[i];
    const key = keyOf(code(opening), answerText, code(second));
    const known = logged.get(key);
    if (known && (!recheck || summaryOnly || known.recheck)) {
      if (known.refutedBy === null) open++;
      else refuted++;
      continue;
    }
    left++;
    if (pieces.has(key)) underWay.push(code(second));
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
if (onThread) shardDone(refuter.nodes);
if (onThread === undefined && json) {
  // For `npm run campaign` (its runs.jsonl): the work of this process and its shards.
  console.log(
    JSON.stringify({
      threads,
      seconds: (Date.now() - started) / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      nodes: shardsEnd ? shardsEnd.nodes : refuter.nodes,
      jobsDone: settledGuesses,
      jobsKnown: secondGuesses,
      lowerBound: proved ? depth + 1 : null,
      proved,
      // The second guesses the result rests on that this run did not solve: every one the log
      // settles but those it appended (new ones, or with --recheck those it solved again), so
      // that a recheck stopped half way counts the lines it did not reach.
      relied: {
        logLines: logged.size - appended.length,
        rechecked: recheck,
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
