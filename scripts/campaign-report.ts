/**
 * What `npm run campaign` says of the campaigns (scripts/campaign.ts): where each stands, from
 * its runs (bounds, rate, the estimate of what is left) and, for an `optimal` campaign, what its
 * result rests on, for a refutation how far its log has got; and every run as a table.
 */
import { join } from 'node:path';
import { type Campaign, DIR, type Run, campaigns, runs } from './campaign-files.js';
import {
  BrokenLogError,
  type RefutationPiece,
  guessKey,
  piecesFileOf,
  readRefutationLog,
  readRefutationPieces,
} from './refutation-log.js';

/** Jobs and nodes per CPU hour over a campaign's runs, and the jobs left at that rate. */
export function rate(of: Run[]): string {
  const cpu = of.reduce((sum, run) => sum + run.cpuSeconds, 0) / 3600;
  const last = of.at(-1);
  if (!last || cpu === 0) return 'no run yet';
  const nodes = of.reduce((sum, run) => sum + run.nodes, 0);
  const parts = [
    `${cpu.toFixed(2)} CPU h`,
    `${Math.round(nodes / cpu).toLocaleString('en')} nodes per CPU h`,
  ];
  if (last.jobsDone !== undefined && last.jobsKnown !== undefined && !last.proved) {
    const perHour = last.jobsDone / cpu;
    const left = (last.jobsKnown - last.jobsDone) / perHour;
    parts.push(
      last.jobsDone === 0
        ? `0/${last.jobsKnown} jobs: none finished yet, so no rate to estimate the rest from`
        : `${last.jobsDone}/${last.jobsKnown} jobs; at least ${left.toFixed(1)} CPU h more at their average rate (the jobs left may be far larger, and more may come)`,
    );
  }
  return parts.join('; ');
}

/** The best of a campaign's bounds over its runs: the highest lower, the lowest upper. */
export function boundsOf(of: Run[]): { lower: number | undefined; upper: number | undefined } {
  const lowers = of.flatMap((run) => (run.lowerBound === null ? [] : [run.lowerBound]));
  const uppers = of.flatMap((run) => (run.best === null ? [] : [run.best]));
  return {
    lower: lowers.length > 0 ? Math.max(...lowers) : undefined,
    upper: uppers.length > 0 ? Math.min(...uppers) : undefined,
  };
}

/**
 * What the last run of an `optimal` campaign that read answers back rested on, and how far the
 * recheck of them has got: "26,260 answers read back; 1,200 solved again by this run, 300 by
 * earlier ones (`--recheck-resume`), 24,760 not". Undefined if it read none back.
 */
function reliedOf(of: Run[]): string | undefined {
  const last = of.filter((run) => run.relied !== undefined && !run.anew).at(-1);
  const relied = last?.relied as
    | {
        checkpoint?: { bounds: number; exact: number };
        workers?: { bounds: number; exact: number };
        rechecked?: number;
        recheckedEarlier?: number;
        pieces?: number;
      }
    | undefined;
  if (!last || !relied?.checkpoint || !relied.workers) return undefined;
  const read =
    relied.checkpoint.bounds +
    relied.checkpoint.exact +
    relied.workers.bounds +
    relied.workers.exact;
  if (read === 0) return undefined;
  const here = relied.rechecked ?? 0;
  const earlier = relied.recheckedEarlier ?? 0;
  const count = (n: number): string => n.toLocaleString('en');
  const left = read - here - earlier;
  // A recheck solves the smallest classes first, so those left are the largest: at the pace of
  // the run (its CPU, its proof's included, over the answers it solved again) they take more.
  // A run that solved claims as several jobs found pieces of many that it did not finish: its
  // pace in claims says nothing of the rest.
  const pace =
    here > 0 && left > 0 && !relied.pieces
      ? `; those left are the largest, more than ${((left * last.cpuSeconds) / here / 3600).toFixed(1)} CPU h at that run's pace`
      : '';
  // The claims solved again as several jobs go on from the pieces found true.
  const pieces =
    relied.pieces && left > 0
      ? `; it found ${count(relied.pieces)} pieces true, solving answers as several jobs (the checkpoint keeps those of the answers not yet solved again)`
      : '';
  return `its last run from the checkpoint read ${count(read)} answers back; ${count(here)} solved again by that run, ${count(earlier)} by earlier ones (--recheck-resume), ${count(left)} not${pace}${pieces}`;
}

/**
 * Where a refutation's log stands: its second guesses settled, and for each under way, the third
 * guesses settled at the class it is being refuted by, with the CPU time left at their pace so
 * far: "3 second guesses settled (3 refuted); under way: 01245 at its class 0H2B, 40 of 799
 * third guesses refuted in 0.25 CPU h, about 4.7 CPU h more at that pace".
 */
function refutationState(campaign: Campaign): string {
  const log = join(DIR, `${campaign.name}.refutation.jsonl`);
  let lines: ReturnType<typeof readRefutationLog>;
  let pieces: RefutationPiece[];
  try {
    lines = readRefutationLog(log).filter((line) => !line.recheck);
    pieces = readRefutationPieces(piecesFileOf(log));
  } catch (error) {
    if (!(error instanceof BrokenLogError)) throw error;
    return `its log cannot be read: ${error.message}`;
  }
  const settled = new Set(lines.map(guessKey));
  const refuted = lines.filter((line) => line.refutedBy !== null).length;
  const ways = lines.length - refuted;
  // The pieces of second guesses not settled, by second guess and class; the last class of each
  // is the one under way (a class with a piece that keeps is a class it is not refuted by).
  const underWay = new Map<string, Map<string, RefutationPiece[]>>();
  for (const piece of pieces) {
    if (piece.recheck || settled.has(guessKey(piece))) continue;
    const classes = underWay.get(guessKey(piece)) ?? new Map<string, RefutationPiece[]>();
    underWay.set(guessKey(piece), classes);
    classes.set(piece.within, [...(classes.get(piece.within) ?? []), piece]);
  }
  const count = (n: number): string => n.toLocaleString('en');
  const parts = [...underWay].map(([key, classes]) => {
    const [within, mine] = [...classes].at(-1)!;
    const guess = key.split(' ')[2];
    const seconds = mine.reduce((sum, piece) => sum + piece.seconds, 0);
    const of = Math.max(0, ...mine.map((piece) => piece.of ?? 0));
    const done = mine.filter((piece) => !piece.keeps).length;
    const pace =
      of > done && done > 0
        ? `, about ${(((of - done) * seconds) / done / 3600).toFixed(1)} CPU h more at that pace`
        : '';
    return `${guess} at its class ${within}, ${count(done)}${of > 0 ? ` of ${count(of)}` : ''} third guesses refuted in ${(seconds / 3600).toFixed(2)} CPU h${pace}`;
  });
  // The pace is the one the pieces record, on the builds that settled them, which may be many
  // times slower than today's, and the first third guesses are not a fair sample of the rest:
  // `--estimate --sample M` solves some of those left on this build.
  const under =
    parts.length > 0
      ? `; under way: ${parts.join('; ')} (that pace the one the pieces record, on the builds that settled them: \`--estimate --sample M\` times some of those left on this one)`
      : '';
  return `its log: ${count(lines.length)} second guesses settled (${count(refuted)} refuted${ways > 0 ? `, ${count(ways)} ways on` : ''})${under}`;
}

/** Every campaign, where it stands (its runs, bounds, rate, and what it rests on), and its command. */
export function list(): void {
  const all = runs();
  for (const campaign of campaigns()) {
    const mine = all.filter((run) => run.campaign === campaign.name);
    const { lower, upper } = boundsOf(mine);
    const relied = reliedOf(mine);
    const refutation = campaign.command === 'refutation';
    // A refutation has a lower bound only once proved, and no upper bound.
    const bounds =
      lower === undefined && upper === undefined
        ? ''
        : `; the bounds its runs reached ${lower ?? '?'} to ${upper ?? '?'}`;
    const where =
      mine.length > 0
        ? `${mine.length} run${mine.length === 1 ? '' : 's'}${bounds}${mine.some((run) => run.proved) ? ', proved' : ''}; ${rate(mine)}${relied ? `\n  ${relied}` : ''}${refutation ? `\n  ${refutationState(campaign)}` : ''}`
        : 'not started';
    const next = campaign.answered
      ? `answered: ${campaign.answered}; nothing left to run`
      : `npm run campaign -- ${campaign.name}`;
    console.log(`${campaign.name}: ${campaign.question}\n  ${where}\n  ${next}\n`);
  }
}

/** Every run, as the Markdown table of docs/optimal-table.md. */
export function table(): void {
  console.log(
    '| campaign | started | on | threads | time | CPU | jobs | nodes | lower bound | best | proved |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const run of runs()) {
    const jobs = run.jobsDone === undefined ? '' : `${run.jobsDone}/${run.jobsKnown}`;
    console.log(
      `| ${run.campaign} | ${run.started.slice(0, 16).replace('T', ' ')} | ${run.machine} | ${run.threads} | ${(run.seconds / 60).toFixed(0)} min | ${(run.cpuSeconds / 60).toFixed(0)} min | ${jobs} | ${run.nodes.toLocaleString('en')} | ${run.lowerBound ?? ''} | ${run.best ?? ''} | ${run.proved ? 'yes' : 'no'} |`,
    );
  }
}
