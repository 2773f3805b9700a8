/**
 * scripts/depth-refutation.ts against the least worst cases known: classic Mastermind's 5 (Knuth)
 * and Bulls and Cows's 7, one guess fewer refuted at every opening. The rest runs on smaller games
 * of the same shape (Mastermind of 3 pegs, whose least worst case is 5 too; of 3 pegs and 7
 * colours, 6): the least itself is not refuted (some second guess leaves only classes solved in
 * time), a log read back is resumed without searching again, and `--recheck` solves its lines
 * again, so that a forged line fails; large classes searched in pieces, shared between shards,
 * can there also be solved whole to check what the pieces settled. A run or a recheck stopped by
 * Ctrl-C half way is on Bulls and Cows, whose lines take long enough to stop between.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type RefutationLine,
  type RefutationPiece,
  piecesFileOf,
  readRefutationLog,
  readRefutationPieces,
} from '../scripts/refutation-log.js';
import { allCandidates, classOf, partition } from '../src/candidates.js';
import { parseFeedback } from '../src/feedback.js';
import { type Game, gameFor } from '../src/game.js';
import { resolveRules } from '../src/rules.js';
import { OptimalSearch } from '../src/search/branch-and-bound.js';
import { runScript, scriptArgs } from './scripts.js';

const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'codebreaker-refutation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The script as the campaigns run it (its bundle); `refuteSource`: its source, under tsx. */
const refute = (...args: string[]) => runScript('depth-refutation.ts', args);
const refuteSource = (...args: string[]) => runScript('depth-refutation.ts', args, {}, true);

const linesOf = readRefutationLog;

/**
 * Runs the script with `args` in a process group of its own, and signals the group with SIGINT,
 * as a terminal's Ctrl-C does, once its stderr says `heard`; its status and stdout.
 */
async function interrupted(
  args: readonly string[],
  heard: string,
): Promise<{ status: number | null; out: string }> {
  const child = spawn(process.execPath, scriptArgs('depth-refutation.ts', args), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk;
  });
  const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise<void>((resolve) =>
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
      if (err.includes(heard)) resolve();
    }),
  );
  process.kill(-child.pid!, 'SIGINT');
  return { status: await ended, out };
}

/** Classic Mastermind, whose refutations of whole classes these tests run. */
const game = gameFor(resolveRules({ game: 'mastermind' }));

/**
 * Mastermind of 3 pegs (216 codes), whose least worst case is 5 too (docs/optimal-table.md): the
 * tests of pieces and shards run on it, which has refutations and ways on at depth 5 as the
 * classic game has, in a small part of its work.
 */
const MASTERMIND3 = ['--game', 'mastermind', '--pegs', '3'];
const mastermind3 = gameFor(resolveRules({ game: 'mastermind', pegs: 3 }));

/** 3-peg Mastermind within 5, its large classes in pieces of 3 secrets or more. */
const MASTERMIND3_PIECES = [...MASTERMIND3, '--depth', '5', '--piece-secrets', '3'];
let inPieces: Promise<void> | undefined;

/**
 * The log and pieces of a run of `MASTERMIND3_PIECES` on one thread (made once, by the first
 * test that asks), copied to `log` and its pieces file.
 */
async function settledInPieces(log: string): Promise<void> {
  const made = join(dir, 'mastermind3-5-in-pieces.jsonl');
  inPieces ??= refute(...MASTERMIND3_PIECES, '--log', made).then((run) => {
    if (run.status !== 0) throw new Error(run.stderr);
  });
  await inPieces;
  copyFileSync(made, log);
  copyFileSync(piecesFileOf(made), piecesFileOf(log));
}

/**
 * The largest class (but all hits) the second guess `guess` leaves of `game`'s class `answer` of
 * `opening`: its answer and its secrets.
 */
function largestClass(
  game: Game,
  line: Pick<RefutationLine, 'opening' | 'answer' | 'guess'>,
): {
  answer: number;
  part: Int32Array;
} {
  const first = partition(game, game.codes.parse(line.opening), allCandidates(game));
  const members = classOf(first, game.answerIndex(parseFeedback(line.answer, game.rules)));
  const parts = partition(game, game.codes.parse(line.guess), members);
  const answer = [...Array(game.answers).keys()]
    .filter((a) => a !== game.solved)
    .sort((a, b) => classOf(parts, b).length - classOf(parts, a).length)[0];
  return { answer, part: classOf(parts, answer) };
}

/**
 * Whether `line` says what the exact search finds, each class its second guess leaves of `game`
 * solved whole within the guesses left: the class a refutation names, of the size it says, has no
 * strategy within them, and a way on leaves no class that has none.
 */
function holds(game: Game, line: RefutationLine): boolean {
  const search = new OptimalSearch(game, { firstFound: true, lookahead: false, earlyCount: true });
  const answerOf = (text: string): number => game.answerIndex(parseFeedback(text, game.rules));
  const opening = game.codes.parse(line.opening);
  const second = game.codes.parse(line.guess);
  const members = classOf(partition(game, opening, allCandidates(game)), answerOf(line.answer));
  const parts = partition(game, second, members);
  const solvable = (answer: number): boolean => {
    const part = classOf(parts, answer);
    return part.length <= 2 || search.solve(part, [opening, second], line.depth - 2).guess >= 0;
  };
  if (line.refutedBy === null) {
    return [...Array(game.answers).keys()].every((a) => a === game.solved || solvable(a));
  }
  const by = answerOf(line.refutedBy);
  return classOf(parts, by).length === line.size && !solvable(by);
}

/** What a line settles: its second guess, and the class that refutes it (or none) and its size. */
const settles = (line: RefutationLine): string =>
  JSON.stringify([line.opening, line.answer, line.guess, line.refutedBy, line.size]);

/** "opening 1234, class 0H2B: 57 of 57 second guesses refuted" → [57, 57]. */
const counts = (stdout: string): number[][] =>
  [...stdout.matchAll(/: (\d+) of (\d+) second guesses refuted/g)].map((m) => [+m[1], +m[2]]);

describe('scripts/depth-refutation.ts', () => {
  const log4 = join(dir, 'mastermind-4.jsonl');
  const mastermind4 = ['--game', 'mastermind', '--depth', '4', '--log', log4];

  it(
    'refutes 4 guesses for classic Mastermind at each of its 5 openings, on two threads',
    { timeout: 60_000 },
    async () => {
      // The source under tsx, its threads too, as `npx tsx scripts/depth-refutation.ts` runs.
      const { status, stdout } = await refuteSource(...mastermind4, '--threads', '2');
      expect(status).toBe(0);
      expect(stdout).toContain('no strategy keeps to 4 guesses');
      const refuted = counts(stdout);
      expect(refuted).toHaveLength(5);
      for (const [done, of] of refuted) expect(done).toBe(of);
      // One line per second guess refuted, each naming a class of more than two secrets.
      const lines = linesOf(log4);
      expect(lines).toHaveLength(refuted.reduce((sum, [done]) => sum + done, 0));
      expect(new Set(lines.map((line) => line.opening))).toEqual(
        new Set(['1111', '1112', '1122', '1123', '1234']),
      );
      for (const line of lines) expect(line.size).toBeGreaterThan(2);
    },
  );

  it(
    'resumes from its log without searching, and --recheck solves each line again',
    { timeout: 60_000 },
    async () => {
      // On 3-peg Mastermind, whose 4 guesses are refuted at every opening too.
      const log = join(dir, 'mastermind3-4.jsonl');
      const args = [...MASTERMIND3, '--depth', '4', '--log', log];
      const first = await refute(...args);
      expect(first.status).toBe(0);
      expect(first.stdout).toContain('no strategy keeps to 4 guesses');
      expect(first.stderr).toContain('refuted by');
      const before = readFileSync(log, 'utf8');
      const again = await refute(...args);
      expect(again.status).toBe(0);
      expect(again.stdout).toContain('no strategy keeps to 4 guesses');
      expect(again.stderr).not.toContain('refuted by');
      expect(readFileSync(log, 'utf8')).toBe(before);

      const lines = linesOf(log);
      expect(new Set(lines.map((line) => line.opening))).toEqual(new Set(['111', '112', '123']));
      const checked = await refute(...args, '--recheck');
      expect(checked.status).toBe(0);
      expect(checked.stderr.match(/: holds/g)).toHaveLength(lines.length);
      // Each line solved again is appended again, marked, so a recheck goes on where it stopped.
      const after = linesOf(log);
      expect(after.slice(0, lines.length)).toEqual(lines);
      const appended = after.slice(lines.length);
      expect(appended.map(settles).sort()).toEqual(lines.map(settles).sort());
      for (const line of appended) expect(line.recheck).toBe(true);
      expect(checked.stdout).toContain(`${lines.length} lines of the log solved again`);
      const twice = await refute(...args, '--recheck');
      expect(twice.status).toBe(0);
      expect(twice.stderr).not.toContain('holds');
      expect(linesOf(log)).toEqual(after);
    },
  );

  it(
    'with --order refuted, takes the second guesses that leave the largest class first, and settles the same lines',
    { timeout: 60_000 },
    async () => {
      const log = join(dir, 'mastermind-4-refuted-first.jsonl');
      const args = ['--game', 'mastermind', '--depth', '4', '--log', log, '--order', 'refuted'];
      const { status, stdout } = await refute(...args);
      expect(status).toBe(0);
      expect(stdout).toContain('no strategy keeps to 4 guesses');
      const lines = linesOf(log);
      // The lines of the first test's run.
      const before = linesOf(log4);
      expect(lines.map(settles).sort()).toEqual(before.map(settles).sort());
      // On one thread, in the order taken: within each opening, largest classes first.
      for (const opening of new Set(lines.map((line) => line.opening))) {
        const largest = lines
          .filter((line) => line.opening === opening)
          .map((line) => largestClass(game, line).part.length);
        expect(largest).toEqual([...largest].sort((a, b) => b - a));
        expect(new Set(largest).size).toBeGreaterThan(1);
      }
      expect((await refute(...args.slice(0, -1), 'largest')).status).toBe(2);
    },
  );

  it(
    'does not refute 5, logs its ways on, and a forged line claiming it fails --recheck',
    { timeout: 60_000 },
    async () => {
      // On 3-peg Mastermind, whose least worst case is 5 too.
      const log5 = join(dir, 'mastermind3-5.jsonl');
      const mastermind5 = [...MASTERMIND3, '--depth', '5', '--log', log5];
      const { status, stdout, stderr } = await refute(...mastermind5);
      expect(status).toBe(0);
      expect(stdout).toContain('not settled here');
      const wayOn = /(\S+) (\S+) (\S+): every class it leaves is solved within 3/.exec(stderr);
      expect(wayOn).not.toBeNull();
      const [, opening, answer, guess] = wayOn!;
      // Every second guess is in the log, the ways on with no class named, and a second run
      // reads them back without searching.
      const settled = linesOf(log5);
      const open = settled.filter((line) => line.refutedBy === null);
      expect(open.length).toBeGreaterThan(0);
      for (const line of open) expect(line.size).toBe(null);
      expect(open.map((line) => `${line.opening} ${line.answer} ${line.guess}`)).toContain(
        `${opening} ${answer} ${guess}`,
      );
      const again = await refute(...mastermind5);
      expect(again.status).toBe(0);
      expect(again.stderr).not.toMatch(/refuted by|every class it leaves/);
      expect(readRefutationLog(log5)).toEqual(settled);
      const ways = (out: string) =>
        [...out.matchAll(/, (\d+) not \(a way on\)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      expect(ways(again.stdout)).toBe(open.length);
      expect(ways(stdout)).toBe(open.length);
      // A line that says this second guess is refuted by its largest class, which it is not.
      const largest = largestClass(mastermind3, { opening, answer, guess });
      const forged = {
        opening,
        answer,
        guess,
        refutedBy: mastermind3.answerText(largest.answer),
        size: largest.part.length,
        depth: 5,
        nodes: 0,
        seconds: 0,
      };
      expect(forged.size).toBeGreaterThan(2);
      writeFileSync(log5, `${readFileSync(log5, 'utf8')}${JSON.stringify(forged)}\n`);
      const checked = await refute(...mastermind5, '--recheck');
      expect(checked.status).toBe(1);
      expect(checked.stderr).toContain(`${opening} ${answer} ${guess}: DOES NOT HOLD`);
      // The other ways on are solved again, and hold.
      expect(checked.stderr.match(/\(a way on\): holds/g)).toHaveLength(open.length - 1);
    },
  );

  it(
    'searches large classes third guess by third guess, each a piece a later run reads back, and --recheck catches a forged piece',
    { timeout: 60_000 },
    async () => {
      const log = join(dir, 'mastermind3-5-pieces.jsonl');
      const args = [...MASTERMIND3, '--depth', '5', '--log', log, '--piece-secrets', '3'];
      const first = await refute(...args, '--threads', '2');
      expect(first.status).toBe(0);
      const settled = linesOf(log);
      const pieces = readRefutationPieces(piecesFileOf(log));
      const keyOf = (line: RefutationLine | RefutationPiece): string =>
        `${line.opening} ${line.answer} ${line.guess}`;
      // Every piece is of a second guess the log settles, at a class it leaves; no piece of a
      // refuting class keeps to 3 (a class the bounds refute has none), and a way on has a piece
      // that keeps.
      const byKey = new Map(settled.map((line) => [keyOf(line), line]));
      for (const piece of pieces) {
        expect(byKey.has(keyOf(piece))).toBe(true);
        expect(piece.of).toBeGreaterThan(0);
      }
      let refutingPieces = 0;
      for (const line of settled.filter((line) => line.refutedBy !== null)) {
        const mine = pieces.filter((p) => keyOf(p) === keyOf(line) && p.within === line.refutedBy);
        refutingPieces += mine.length;
        for (const piece of mine) expect(piece.keeps).toBe(false);
      }
      expect(refutingPieces).toBeGreaterThan(0);
      const ways = settled.filter((line) => line.refutedBy === null);
      expect(ways.length).toBeGreaterThan(0);
      for (const line of ways) {
        expect(pieces.some((p) => keyOf(p) === keyOf(line) && p.keeps)).toBe(true);
      }
      // What the pieces settled is what the exact search says of the whole classes, and a
      // refutation said to be a way on is caught.
      expect(settled.filter((line) => !holds(mastermind3, line))).toEqual([]);
      const refutation = settled.find((line) => line.refutedBy !== null)!;
      expect(holds(mastermind3, { ...refutation, refutedBy: null, size: null })).toBe(false);

      // Without the log, a run settles the same lines from the pieces alone.
      rmSync(log);
      const again = await refute(...args, '--json');
      expect(again.status).toBe(0);
      const result = JSON.parse(again.stdout);
      expect(result.nodes).toBe(0);
      // Each piece once: two threads may both solve the one where they meet.
      const distinct = new Set(pieces.map((p) => `${keyOf(p)} ${p.within} ${p.third}`));
      expect(result.relied.pieces).toBe(distinct.size);
      expect(linesOf(log).map(settles).sort()).toEqual(settled.map(settles).sort());

      // Pieces that say no third guess keeps a way on's largest class to 3: the run takes them
      // at their word, and --recheck, solving the line again whole, finds it does not hold.
      const way = ways[0];
      const opening = mastermind3.codes.parse(way.opening);
      const guess = mastermind3.codes.parse(way.guess);
      const { answer: largest, part } = largestClass(mastermind3, way);
      const within = mastermind3.answerText(largest);
      const search = new OptimalSearch(mastermind3, {
        firstFound: true,
        lookahead: false,
        earlyCount: true,
      });
      const thirds = search.rankGuesses(part, [opening, guess], 3).guesses;
      const forged = thirds.map(
        (third): RefutationPiece => ({
          opening: way.opening,
          answer: way.answer,
          guess: way.guess,
          within,
          depth: 5,
          third: mastermind3.codes.make(third),
          keeps: false,
          nodes: 0,
          seconds: 0,
        }),
      );
      writeFileSync(
        log,
        settled
          .filter((line) => line !== way)
          .map((line) => `${JSON.stringify(line)}\n`)
          .join(''),
      );
      writeFileSync(
        piecesFileOf(log),
        [...pieces.filter((p) => keyOf(p) !== keyOf(way)), ...forged]
          .map((piece) => `${JSON.stringify(piece)}\n`)
          .join(''),
      );
      const fooled = await refute(...args);
      expect(fooled.status).toBe(0);
      // It dropped the pieces of the second guesses the log had settled: only the forged remain.
      const left = readRefutationPieces(piecesFileOf(log));
      expect(left.map(keyOf)).toEqual(forged.map(keyOf));
      const now = linesOf(log).find((line) => keyOf(line) === keyOf(way));
      expect([now?.refutedBy, now?.size]).toEqual([within, part.length]);
      // The recheck of that line and of a refutation with pieces (the other lines were solved
      // again above), piece by piece: its pieces marked, apart from those it solves again.
      const refuted = settled.find((line) =>
        pieces.some((p) => keyOf(p) === keyOf(line) && p.within === line.refutedBy),
      )!;
      writeFileSync(log, `${JSON.stringify(now)}\n${JSON.stringify(refuted)}\n`);
      const checked = await refute(...args, '--recheck');
      expect(checked.status).toBe(1);
      expect(checked.stderr).toContain(`${keyOf(way)}: DOES NOT HOLD`);
      expect(checked.stderr).toContain(`${keyOf(refuted)}: holds`);
      const rechecked = readRefutationPieces(piecesFileOf(log)).filter((p) => p.recheck);
      const ofRefuted = rechecked.filter((p) => keyOf(p) === keyOf(refuted));
      expect(ofRefuted.length).toBeGreaterThan(0);
      for (const piece of ofRefuted) {
        expect([piece.within, piece.keeps]).toEqual([refuted.refutedBy, false]);
      }
      // The forged class's own third guess that keeps, found again.
      expect(rechecked.some((p) => keyOf(p) === keyOf(way) && p.keeps)).toBe(true);
    },
  );

  it(
    'shares a large class between shards, third guess by third guess, and a run without them settles what they left',
    { timeout: 60_000 },
    async () => {
      const log = join(dir, 'mastermind3-5-shared.jsonl');
      const argsFor = (file: string): string[] => [
        ...MASTERMIND3,
        '--depth',
        '5',
        '--log',
        file,
        '--piece-secrets',
        '3',
      ];
      const args = argsFor(log);
      const search = new OptimalSearch(mastermind3, {
        firstFound: true,
        lookahead: false,
        earlyCount: true,
      });
      /** The place of a piece's third guess in the search's order at its class. */
      const place = (piece: RefutationPiece): number => {
        const opening = mastermind3.codes.parse(piece.opening);
        const second = mastermind3.codes.parse(piece.guess);
        const answerOf = (text: string) =>
          mastermind3.answerIndex(parseFeedback(text, mastermind3.rules));
        const members = classOf(
          partition(mastermind3, opening, allCandidates(mastermind3)),
          answerOf(piece.answer),
        );
        const part = classOf(partition(mastermind3, second, members), answerOf(piece.within));
        const thirds = [...search.rankGuesses(part, [opening, second], 3).guesses];
        return thirds.indexOf(mastermind3.codes.parse(piece.third));
      };
      // The first shard alone (a process of its own, as on another machine, its two threads
      // sharing its share): only the third guesses at even places of each class's order, and
      // only the lines they settle alone.
      const first = await refute(...args, '--shard', '0/2', '--threads', '2', '--json');
      expect(first.status).toBe(0);
      expect(JSON.parse(first.stdout)).toMatchObject({ threads: 2, proved: false });
      const mine = readRefutationPieces(piecesFileOf(log));
      expect(mine.length).toBeGreaterThan(0);
      for (const piece of mine) expect(place(piece) % 2).toBe(0);
      const alone = linesOf(log).length;
      // The two shards in turn until neither settles more (the second shard's pieces at odd
      // places), then a run without shards: the lines a run alone settles.
      let settled = alone;
      for (let round = 0; round < 10; round++) {
        for (const shard of ['1/2', '0/2'])
          expect((await refute(...args, '--shard', shard)).status).toBe(0);
        const now = linesOf(log).length;
        if (now === settled) break;
        settled = now;
      }
      const pieces = readRefutationPieces(piecesFileOf(log));
      expect(pieces.some((piece) => place(piece) % 2 === 1)).toBe(true);
      const last = await refute(...args, '--json');
      expect(last.status).toBe(0);
      const direct = join(dir, 'mastermind3-5-direct.jsonl');
      expect((await refute(...argsFor(direct))).status).toBe(0);
      expect(linesOf(log).map(settles).sort()).toEqual(linesOf(direct).map(settles).sort());
      // The first shard alone settled only part; the two together, all: the last run searched
      // nothing.
      expect(alone).toBeLessThan(settled);
      expect(settled).toBe(linesOf(direct).length);
      expect(JSON.parse(last.stdout).nodes).toBe(0);
    },
  );

  it(
    'with --class-nodes or --class-seconds (the classes of a third guess in rounds), settles the same pieces and lines',
    { timeout: 60_000 },
    async () => {
      // Mastermind of 3 pegs and 7 colours, whose least worst case is 6 (docs/optimal-table.md):
      // within 6 a third guess's classes have 3 guesses left, a search of nodes a round can stop
      // (with 2 left the search settles a class without a node).
      const mastermind3x7 = [
        ...MASTERMIND3,
        '--colors',
        '7',
        '--depth',
        '6',
        '--piece-secrets',
        '3',
      ];
      const runs = [];
      for (const rounds of [[], ['--class-nodes', '1'], ['--class-seconds', '0.001']]) {
        const log = join(dir, `mastermind-3x7-6-rounds-${rounds.join('')}.jsonl`);
        expect((await refute(...mastermind3x7, '--log', log, ...rounds)).status).toBe(0);
        const written = readRefutationPieces(piecesFileOf(log));
        runs.push({
          lines: linesOf(log).map(settles),
          pieces: written.map((p) =>
            JSON.stringify([p.opening, p.answer, p.guess, p.within, p.third, p.keeps]),
          ),
          nodes: written.reduce((sum, p) => sum + p.nodes, 0),
        });
      }
      const [whole, inNodes, inSeconds] = runs;
      expect(whole.pieces.some((piece) => piece.endsWith('false]'))).toBe(true);
      for (const rounds of [inNodes, inSeconds]) {
        expect(rounds.lines).toEqual(whole.lines);
        expect(rounds.pieces).toEqual(whole.pieces);
      }
      // Rounds of one node ran out (on any machine): classes stopped and searched again later,
      // at a cost in nodes.
      expect(inNodes.nodes).toBeGreaterThan(whole.nodes);
      const log = join(dir, 'x.jsonl');
      for (const rounds of [
        ['--class-seconds', '0'],
        ['--class-nodes', '0'],
        ['--class-nodes', '1.5'],
        ['--class-nodes', '1', '--class-seconds', '1'],
      ]) {
        expect((await refute(...mastermind3x7, '--log', log, ...rounds)).status).toBe(2);
      }
    },
  );

  it(
    'refutes 6 guesses for Bulls and Cows, whose least worst case is 7',
    { timeout: 60_000 },
    async () => {
      const log = join(dir, 'moo-6.jsonl');
      const { status, stdout } = await refute('--game', 'moo', '--depth', '6', '--log', log);
      expect(status).toBe(0);
      expect(stdout).toContain('no strategy keeps to 6 guesses');
      const refuted = counts(stdout);
      expect(refuted).toHaveLength(1);
      expect(refuted[0][0]).toBe(refuted[0][1]);
    },
  );

  it(
    'leaves a log a Ctrl-C cannot spoil, on two threads, and the next run ends the work',
    { timeout: 60_000 },
    async () => {
      const log = join(dir, 'moo-6-stopped.jsonl');
      const args = ['--game', 'moo', '--depth', '6', '--log', log];
      const { status, out } = await interrupted([...args, '--threads', '2'], 'refuted by');
      expect(status).toBe(0);
      // What it says is what the log holds, every line whole.
      const lines = linesOf(log);
      const [[done, of]] = counts(out);
      expect(done).toBe(lines.length);
      expect(out).toContain(done < of ? 'not settled here' : 'no strategy keeps to 6 guesses');
      if (done < of) expect(out).toContain(', stopped)');

      // The next run, on one thread: the work the two left.
      const resumed = await refute(...args);
      expect(resumed.status).toBe(0);
      expect(resumed.stdout).toContain('no strategy keeps to 6 guesses');
      const after = linesOf(log);
      expect(after).toHaveLength(of);
      expect(new Set(after.map((line) => line.guess)).size).toBe(of);
    },
  );

  it(
    'says, when a recheck is stopped half way, that it rests on the lines it did not solve again',
    { timeout: 60_000 },
    async () => {
      // The log of the run that refuted 6 (above), a copy.
      const log = join(dir, 'moo-6-recheck.jsonl');
      copyFileSync(join(dir, 'moo-6.jsonl'), log);
      const args = ['--game', 'moo', '--depth', '6', '--log', log];
      const settled = linesOf(log).length;
      const { status, out } = await interrupted([...args, '--recheck', '--json'], ': holds');
      expect(status).toBe(0);
      const again = linesOf(log).filter((line) => line.recheck).length;
      expect(again).toBeGreaterThan(0);
      expect(JSON.parse(out).relied).toEqual({
        logLines: settled - again,
        rechecked: true,
        solvedAgain: again,
        pieces: 0,
      });
    },
  );

  it(
    'solves again with --retime the first pieces of each second guess under way, writes nothing, and fails on one that does not hold',
    { timeout: 60_000 },
    async () => {
      const log = join(dir, 'mastermind3-5-retime.jsonl');
      const args = [...MASTERMIND3_PIECES, '--log', log];
      await settledInPieces(log);
      const settled = linesOf(log);
      const pieces = readRefutationPieces(piecesFileOf(log));
      const keyOf = (line: RefutationLine | RefutationPiece): string =>
        `${line.opening} ${line.answer} ${line.guess}`;
      // A refuted line and a way on taken out of the log: their second guesses are under way.
      const refuted = settled.find(
        (line) =>
          line.refutedBy !== null &&
          pieces.filter((p) => keyOf(p) === keyOf(line) && p.within === line.refutedBy).length > 2,
      )!;
      const way = settled.find((line) => line.refutedBy === null)!;
      const mine = pieces.filter(
        (p) => keyOf(p) === keyOf(refuted) && p.within === refuted.refutedBy,
      );
      writeFileSync(
        log,
        settled
          .filter((line) => line !== refuted)
          .map((line) => `${JSON.stringify(line)}\n`)
          .join(''),
      );
      const before = [readFileSync(log, 'utf8'), readFileSync(piecesFileOf(log), 'utf8')];
      const timed = await refute(...args, '--retime', '2', '--json');
      expect(timed.status).toBe(0);
      const { retimed, failed } = JSON.parse(timed.stdout);
      expect(failed).toBe(false);
      // Every third guess at the class it is refuted by is settled: none left.
      expect(retimed).toEqual([
        expect.objectContaining({
          guess: refuted.guess,
          within: refuted.refutedBy,
          size: refuted.size,
          solvedAgain: 2,
          recordedSeconds: Number((mine[0].seconds + mine[1].seconds).toFixed(1)),
          left: Math.max(...mine.map((p) => p.of ?? 0)) - mine.length,
        }),
      ]);
      expect([readFileSync(log, 'utf8'), readFileSync(piecesFileOf(log), 'utf8')]).toEqual(before);
      // With --sample, third guesses not yet settled are drawn and solved too: all but the first
      // two of that class's pieces taken out of the file, three of them drawn.
      const of = Math.max(...mine.map((p) => p.of ?? 0));
      writeFileSync(
        piecesFileOf(log),
        pieces
          .filter((p) => !mine.slice(2).includes(p))
          .map((p) => `${JSON.stringify(p)}\n`)
          .join(''),
      );
      const kept = readFileSync(piecesFileOf(log), 'utf8');
      const drawn = await refute(...args, '--retime', '1', '--sample', '3', '--json');
      expect(drawn.status).toBe(0);
      const report = JSON.parse(drawn.stdout);
      expect(report.retimed).toEqual([
        expect.objectContaining({
          guess: refuted.guess,
          solvedAgain: 1,
          sampled: Math.min(3, of - 2),
          sampledKeep: [],
          left: of - 2,
        }),
      ]);
      expect(report.retimed[0].cpuHoursLeft).toBeGreaterThanOrEqual(0);
      expect(readFileSync(piecesFileOf(log), 'utf8')).toBe(kept);
      // Pieces written before they kept the count of third guesses do not say how many are left.
      writeFileSync(
        piecesFileOf(log),
        mine.map(({ of: _, ...piece }) => `${JSON.stringify(piece)}\n`).join(''),
      );
      const uncounted = JSON.parse((await refute(...args, '--retime', '1', '--json')).stdout);
      expect(uncounted.retimed).toEqual([
        expect.objectContaining({ guess: refuted.guess, left: null, cpuHoursLeft: null }),
      ]);

      // The way on, its class's third guesses all said (falsely) not to keep: one that keeps is
      // found among them, and the run fails.
      const { answer: largest, part } = largestClass(mastermind3, way);
      const search = new OptimalSearch(mastermind3, {
        firstFound: true,
        lookahead: false,
        earlyCount: true,
      });
      const opening = mastermind3.codes.parse(way.opening);
      const thirds = search.rankGuesses(
        part,
        [opening, mastermind3.codes.parse(way.guess)],
        3,
      ).guesses;
      const forged = thirds.map(
        (third): RefutationPiece => ({
          opening: way.opening,
          answer: way.answer,
          guess: way.guess,
          within: mastermind3.answerText(largest),
          of: thirds.length,
          depth: 5,
          third: mastermind3.codes.make(third),
          keeps: false,
          nodes: 0,
          seconds: 0,
        }),
      );
      writeFileSync(log, `${JSON.stringify(refuted)}\n`);
      writeFileSync(piecesFileOf(log), forged.map((p) => `${JSON.stringify(p)}\n`).join(''));
      // Drawn at random among those not settled (all but one here), the third guesses that keep
      // are named: a way on, which this class does not refute.
      const second = mastermind3.codes.parse(way.guess);
      const keeps = (third: number): boolean =>
        [...Array(mastermind3.answers).keys()]
          .filter((a) => a !== mastermind3.solved)
          .map((a) => classOf(partition(mastermind3, third, part), a))
          .every((c) => c.length <= 2 || search.solve(c, [opening, second, third], 2).guess >= 0);
      const settledOne = thirds.findIndex((third) => !keeps(third));
      writeFileSync(piecesFileOf(log), `${JSON.stringify(forged[settledOne])}\n`);
      const ways = await refute(
        ...args,
        '--retime',
        '1',
        '--sample',
        String(thirds.length),
        '--json',
      );
      expect(ways.status).toBe(0);
      const [wayOn] = JSON.parse(ways.stdout).retimed;
      const keeping = thirds
        .filter((third) => keeps(third))
        .map((third) => mastermind3.codes.make(third));
      expect(keeping.length).toBeGreaterThan(0);
      expect(wayOn.sampled).toBe(thirds.length - 1);
      expect([...wayOn.sampledKeep].sort()).toEqual([...keeping].sort());
      const said = await refute(...args, '--retime', '1', '--sample', String(thirds.length));
      expect(said.stdout).toContain('KEEP: a way on');
      writeFileSync(piecesFileOf(log), forged.map((p) => `${JSON.stringify(p)}\n`).join(''));
      const caught = await refute(...args, '--retime', String(forged.length));
      expect(caught.status).toBe(1);
      expect(caught.stderr).toContain(
        `${keyOf(way)}, its class ${mastermind3.answerText(largest)}, third guess`,
      );
      expect(caught.stderr).toContain(': DOES NOT HOLD');
      // A piece that names no code: one line, status 2.
      writeFileSync(piecesFileOf(log), `${JSON.stringify({ ...forged[0], guess: '9999' })}\n`);
      const bad = await refute(...args, '--retime', '1');
      expect(bad.status).toBe(2);
      expect(bad.stderr.trim().split('\n')).toEqual([
        `depth-refutation.ts: ${piecesFileOf(log)} names 9999, not a code of this game`,
      ]);
    },
  );

  it(
    'samples with --sample the largest class of each second guess not begun, and writes nothing',
    { timeout: 60_000 },
    async () => {
      const log = join(dir, 'mastermind3-5-not-begun.jsonl');
      const args = [...MASTERMIND3_PIECES, '--log', log];
      await settledInPieces(log);
      const settled = linesOf(log);
      const search = new OptimalSearch(mastermind3, {
        firstFound: true,
        lookahead: false,
        earlyCount: true,
      });
      const thirdsOf = (line: RefutationLine): { part: Int32Array; thirds: number[] } => {
        const { part } = largestClass(mastermind3, line);
        const history = [
          mastermind3.codes.parse(line.opening),
          mastermind3.codes.parse(line.guess),
        ];
        return { part, thirds: [...search.rankGuesses(part, history, 3).guesses] };
      };
      // A way on and a refuted second guess, each with third guesses to draw, taken out of the
      // log, their pieces gone: not begun.
      const way = settled.find(
        (line) => line.refutedBy === null && thirdsOf(line).thirds.length > 1,
      )!;
      const refuted = settled.find(
        (line) => line.refutedBy !== null && thirdsOf(line).thirds.length > 1,
      )!;
      writeFileSync(
        log,
        settled
          .filter((line) => line !== way && line !== refuted)
          .map((line) => `${JSON.stringify(line)}\n`)
          .join(''),
      );
      writeFileSync(piecesFileOf(log), '');
      const before = readFileSync(log, 'utf8');
      const drawn = await refute(...args, '--retime', '1', '--sample', '1000', '--json');
      expect(drawn.status).toBe(0);
      const report = JSON.parse(drawn.stdout);
      expect(report.retimed).toEqual([]);
      // Every third guess drawn (the sample is larger than the class's), and those that keep
      // named: for the way on, exactly those whose classes are all solved within 2.
      const expected = [way, refuted].map((line) => {
        const { part, thirds } = thirdsOf(line);
        const opening = mastermind3.codes.parse(line.opening);
        const second = mastermind3.codes.parse(line.guess);
        const keeping = thirds
          .filter((third) =>
            [...Array(mastermind3.answers).keys()]
              .filter((a) => a !== mastermind3.solved)
              .map((a) => classOf(partition(mastermind3, third, part), a))
              .every(
                (c) => c.length <= 2 || search.solve(c, [opening, second, third], 2).guess >= 0,
              ),
          )
          .map((third) => mastermind3.codes.make(third));
        return {
          guess: line.guess,
          within: mastermind3.answerText(largestClass(mastermind3, line).answer),
          size: part.length,
          left: thirds.length,
          sampled: thirds.length,
          sampledKeep: keeping.sort(),
        };
      });
      const got = report.notBegun.map(
        ({ guess, within, size, left, sampled, sampledKeep }: Record<string, unknown>) => ({
          guess,
          within,
          size,
          left,
          sampled,
          sampledKeep: [...(sampledKeep as string[])].sort(),
        }),
      );
      expect(
        got.sort((a: { guess: string }, b: { guess: string }) => a.guess.localeCompare(b.guess)),
      ).toEqual(expected.sort((a, b) => a.guess.localeCompare(b.guess)));
      expect(expected.find(({ guess }) => guess === way.guess)!.sampledKeep.length).toBeGreaterThan(
        0,
      );
      expect(report.cpuHoursLeft).toBeCloseTo(report.cpuHoursUnderWay + report.cpuHoursNotBegun, 1);
      // The way on's class will not refute it: its hours say nothing of what is left.
      const wayOn = report.notBegun.find(({ guess }: { guess: string }) => guess === way.guess);
      expect(wayOn.cpuHoursLeft).toBeNull();
      expect([readFileSync(log, 'utf8'), readFileSync(piecesFileOf(log), 'utf8')]).toEqual([
        before,
        '',
      ]);
      // Without --sample, second guesses not begun are not counted.
      const counted = JSON.parse((await refute(...args, '--retime', '1', '--json')).stdout);
      expect(counted.notBegun).toEqual([]);
      const said = await refute(...args, '--retime', '1', '--sample', '2');
      expect(said.stdout).toContain(`${refuted.guess} not begun, at its largest class`);
      expect(said.stdout).toContain('for the 2 not begun (at their largest classes)');
    },
  );

  it('refuses a broken log with one line and status 2, and leaves it as it was', async () => {
    const log = join(dir, 'broken.jsonl');
    const good = {
      opening: '1123',
      answer: '0H1B',
      guess: '1344',
      refutedBy: '0H2B',
      size: 20,
      depth: 4,
      nodes: 1,
      seconds: 0,
    };
    const broken = [
      `${JSON.stringify(good)}\n{"opening":`,
      JSON.stringify({ ...good, size: null }),
      JSON.stringify({ ...good, nodes: -1 }),
      JSON.stringify({ ...good, proved: true }),
    ];
    /** Runs the script on `log`, which it refuses with one line matching `said`, status 2. */
    const refused = async (said: RegExp): Promise<void> => {
      const { status, stdout, stderr } = await refute(
        '--game',
        'mastermind',
        '--depth',
        '4',
        '--log',
        log,
      );
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(said);
    };
    for (const text of broken) {
      writeFileSync(log, `${text}\n`);
      await refused(/^depth-refutation\.ts: \S+ line \d+ is not (JSON|a refutation line)/);
      expect(readFileSync(log, 'utf8')).toBe(`${text}\n`);
    }
    // A pieces file beside a good log, with a piece that says neither whether it keeps nor more.
    writeFileSync(log, `${JSON.stringify(good)}\n`);
    const piece = { ...good, within: '0H2B', third: '1234', keeps: 'no' };
    writeFileSync(piecesFileOf(log), `${JSON.stringify(piece)}\n`);
    await refused(/^depth-refutation\.ts: \S+ line 1 is not a piece of a refutation/);
  });

  it.each([
    ['--depth', '2'],
    ['--depth', '5', '--sample', '3'],
    ['--depth', '5', '--retime', '1', '--sample', '-1'],
  ])('refuses bad flags with one line and status 2: %s', async (...flags) => {
    const { status, stderr } = await refuteSource(
      '--game',
      'mastermind',
      ...flags,
      '--log',
      join(dir, 'x'),
    );
    expect(status).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
