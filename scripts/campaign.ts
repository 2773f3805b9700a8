/**
 * `npm run campaign`: the open values' proofs as campaigns (campaigns/README.md). Each campaign
 * in campaigns/campaigns.json is one `codebreaker optimal` proof, one `codebreaker static`
 * search, or one refutation of a worst case (scripts/depth-refutation.ts), whose checkpoint (a
 * refutation's log) lives in campaigns/; this runs it or resumes it from that checkpoint,
 * with the campaign's public key, and when the run ends (finished, at `--time-limit`, or at
 * Ctrl-C) appends what it did to campaigns/runs.jsonl: when, on what, for how long, how far the jobs got, the bounds, and what
 * the result relied on. Commit the checkpoint and runs.jsonl after each run: the next run, on
 * any machine, resumes from them.
 *
 *   npm run campaign                         the campaigns, where each stands, and its command
 *   npm run campaign -- NAME [--threads T] [--time-limit S] [--recheck] [--queue URL]
 *   npm run campaign -- NAME --raise STEP [--below T] [flags]
 *                                            a least total's bound raised STEP at a time, from
 *                                            T or the best bound so far plus STEP
 *   npm run campaign -- NAME --anew [flags]  the proof run again from nothing: no checkpoint
 *                                            read or written, so its result rests on no answer
 *                                            read back (a stopped run keeps nothing)
 *   npm run campaign -- NAME --estimate [--probes N] [--json]
 *                                            a static campaign's size under way: what is left
 *                                            of it, estimated from random paths of its search
 *                                            (`static --estimate`), nothing recorded
 *   npm run campaign -- --table              the runs as the Markdown table of the docs
 *
 * Needs the build (`npm ci` makes it): `npm run campaign` runs this script as the build bundled
 * it (dist/scripts/campaign.mjs, scripts/bundle-scripts.mjs), and the refutation beside it;
 * `npx tsx scripts/campaign.ts` runs the sources, and the refutation's under tsx too.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { dirname, extname, join, relative } from 'node:path';
import {
  BrokenLogError,
  type RefutationPiece,
  guessKey,
  piecesFileOf,
  readRefutationLog,
  readRefutationPieces,
} from './refutation-log.js';

/** The repository: the first folder up from `dir` with a package.json (a bundle is deeper). */
function rootOf(dir: string): string {
  if (existsSync(join(dir, 'package.json')) || dirname(dir) === dir) return dir;
  return rootOf(dirname(dir));
}
const ROOT = rootOf(import.meta.dirname);
/** The campaigns' folder: the repository's, or another (the tests run a small one elsewhere). */
const DIR = process.env.CODEBREAKER_CAMPAIGNS ?? join(ROOT, 'campaigns');
const RUNS = join(DIR, 'runs.jsonl');

/** A campaign: a question, and the proof that answers it. */
interface Campaign {
  readonly name: string;
  readonly question: string;
  /**
   * The command that answers it: `optimal` (the default), `static`, or `refutation`
   * (scripts/depth-refutation.ts at `maxDepth`, its log beside the checkpoints).
   */
  readonly command?: 'optimal' | 'static' | 'refutation';
  /** The rules flags of the command. */
  readonly rules: readonly string[];
  /** `optimal`'s objective and depth cap. */
  readonly objective?: string;
  readonly maxDepth?: number;
  /**
   * Flags every run gives its command, on whatever machine (a refutation's `--order`, which the
   * shards on several machines must share); a run's own flags come after them.
   */
  readonly flags?: readonly string[];
}

/** What one run did, as runs.jsonl keeps it. */
interface Run {
  readonly campaign: string;
  readonly started: string;
  readonly machine: string;
  readonly threads: number;
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly jobsDone?: number;
  readonly jobsKnown?: number;
  readonly nodes: number;
  readonly lowerBound: number | null;
  /** `--below`: the total below which strategies were looked for (first, under `raise`). */
  readonly below?: number;
  /** `--raise STEP`: the step the total was raised by while nothing was found below it. */
  readonly raise?: number;
  readonly best: number | null;
  readonly proved: boolean;
  readonly relied?: unknown;
  /** Run from nothing (`--anew`): no checkpoint read or written. */
  readonly anew?: boolean;
  readonly status: number | null;
}

function campaigns(): Campaign[] {
  return JSON.parse(readFileSync(join(DIR, 'campaigns.json'), 'utf8'));
}

function runs(): Run[] {
  if (!existsSync(RUNS)) return [];
  return readFileSync(RUNS, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** The file that keeps a campaign's work: its checkpoint, or a refutation's log. */
function checkpointOf(campaign: Campaign): string {
  const file =
    campaign.command === 'refutation'
      ? `${campaign.name}.refutation.jsonl`
      : `${campaign.name}.checkpoint.json.gz`;
  return relative(ROOT, join(DIR, file));
}

/**
 * The command that runs or resumes `campaign`; `anew`: runs it from nothing instead, with no
 * checkpoint.
 */
function commandOf(campaign: Campaign, extra: readonly string[], anew: boolean): string[] {
  if (campaign.command === 'refutation') {
    // The script runs as this one does (bundled beside it, or its source under tsx); run anew, it
    // starts an empty log of its own.
    const log = anew
      ? join(mkdtempSync(join(tmpdir(), 'codebreaker-refutation-')), 'log.jsonl')
      : checkpointOf(campaign);
    return [
      ...process.execArgv,
      join(import.meta.dirname, `depth-refutation${extname(import.meta.filename)}`),
      ...campaign.rules,
      '--depth',
      String(campaign.maxDepth),
      '--log',
      log,
      '--json',
      ...(campaign.flags ?? []),
      ...extra,
    ];
  }
  const optimal = campaign.command !== 'static';
  const checkpoint = checkpointFlags(campaign);
  return [
    'dist/cli/main.cjs',
    optimal ? 'optimal' : 'static',
    ...campaign.rules,
    ...(optimal && campaign.objective !== undefined ? ['--objective', campaign.objective] : []),
    ...(campaign.maxDepth === undefined ? [] : ['--max-depth', String(campaign.maxDepth)]),
    ...(anew ? [] : checkpoint),
    '--json',
    ...(campaign.flags ?? []),
    ...extra,
  ];
}

/** The flags that give a campaign's command its checkpoint and the key that signs it. */
function checkpointFlags(campaign: Campaign): string[] {
  return [
    '--checkpoint',
    checkpointOf(campaign),
    '--key-file',
    relative(ROOT, join(DIR, 'campaign.key')),
  ];
}

function machine(): string {
  const gib = Math.round(totalmem() / 2 ** 30);
  return `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, ${gib} GiB`;
}

/** Jobs and nodes per CPU hour over a campaign's runs, and the jobs left at that rate. */
function rate(of: Run[]): string {
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
function boundsOf(of: Run[]): { lower: number | undefined; upper: number | undefined } {
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
  // The search tries the third guesses it ranks best first, and those take longest: the pace so
  // far overstates what is left (5 of 10: minutes for the first few, then mostly under a second).
  const under =
    parts.length > 0
      ? `; under way: ${parts.join('; ')} (the third guesses ranked best go first, and take longest)`
      : '';
  return `its log: ${count(lines.length)} second guesses settled (${count(refuted)} refuted${ways > 0 ? `, ${count(ways)} ways on` : ''})${under}`;
}

function list(): void {
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
    console.log(
      `${campaign.name}: ${campaign.question}\n  ${where}\n  npm run campaign -- ${campaign.name}\n`,
    );
  }
}

function table(): void {
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

/**
 * Runs `campaign`, passing its progress through, records the run and prints its result;
 * `anew`: from nothing, without its checkpoint (recorded as such).
 */
function run(campaign: Campaign, extra: string[], anew: boolean): Promise<number> {
  const started = new Date().toISOString();
  const child = spawn(process.execPath, commandOf(campaign, extra, anew), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let lastProgress: Record<string, number> | undefined;
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('{"progress"')) lastProgress = JSON.parse(line).progress;
    }
  });
  // A Ctrl-C reaches the proof too (the same process group): it stops and prints, and the run
  // is still recorded.
  if (process.listenerCount('SIGINT') === 0) process.on('SIGINT', () => {});
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const doc = out.trim() === '' ? undefined : JSON.parse(out);
      const record: Run = {
        campaign: campaign.name,
        started,
        machine: machine(),
        threads: doc?.threads ?? 0,
        seconds: doc?.seconds ?? 0,
        cpuSeconds: doc?.cpuSeconds ?? 0,
        ...(doc?.jobsKnown !== undefined
          ? { jobsDone: doc.jobsDone, jobsKnown: doc.jobsKnown }
          : lastProgress
            ? { jobsDone: lastProgress.jobsDone, jobsKnown: lastProgress.jobsKnown }
            : {}),
        nodes: doc?.nodes ?? lastProgress?.nodes ?? 0,
        lowerBound: doc?.lowerBound ?? lastProgress?.lowerBound ?? null,
        // `--below T`: only strategies totalling less than T were looked for.
        ...(doc?.below === undefined ? {} : { below: doc.below }),
        // `--raise STEP`: each time nothing was found below it, the total was raised by STEP.
        ...(doc?.raise === undefined ? {} : { raise: doc.raise }),
        // A proof's total, or a static search's set size.
        best: doc?.total ?? doc?.size ?? lastProgress?.best ?? null,
        proved: doc?.proved === true,
        ...(doc?.relied ? { relied: doc.relied } : {}),
        ...(anew ? { anew: true } : {}),
        status,
      };
      appendFileSync(RUNS, `${JSON.stringify(record)}\n`);
      console.error(
        `\nrecorded in ${relative(ROOT, RUNS)}; commit it${anew ? '' : ` with ${checkpointOf(campaign)}`}. ${rate(runs().filter((r) => r.campaign === campaign.name))}`,
      );
      if (doc) console.log(out.trim());
      resolve(status ?? 1);
    });
  });
}

// Piped into `head`, the listing ends quietly when the reader has read enough.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

/**
 * The flags that raise `campaign`'s lower bound on its least total `step` at a time, in one
 * proof (`optimal --raise`): unless `flags` give `--below`, from the best bound of the runs its
 * checkpoint holds the bounds of (not those run `--anew`) plus `step`; undefined (said on
 * stderr) if it has no least total to raise.
 */
function raising(campaign: Campaign, step: number, flags: string[]): string[] | undefined {
  if (!Number.isSafeInteger(step) || step < 1) {
    console.error('campaign: --raise takes a whole number of guesses');
    return undefined;
  }
  if (
    (campaign.command ?? 'optimal') !== 'optimal' ||
    (campaign.objective ?? 'expected') !== 'expected'
  ) {
    console.error(`campaign: --raise raises a least total's bound; ${campaign.name} has none`);
    return undefined;
  }
  const mine = runs().filter((one) => one.campaign === campaign.name && !one.anew);
  const below = flags.includes('--below')
    ? []
    : ['--below', String((boundsOf(mine).lower ?? 0) + step)];
  return [...flags, ...below, '--raise', String(step)];
}

/**
 * `--estimate`: what is left of a static campaign's size under way, estimated without searching
 * (`static --estimate` with its checkpoint, the jobs finished left out; `flags` such as
 * `--probes` go to it); nothing is recorded. Status 2, said on stderr, for a campaign that is no
 * static search or has no run yet.
 */
function estimating(campaign: Campaign, flags: string[]): Promise<number> | number {
  if (campaign.command !== 'static') {
    console.error(`campaign: --estimate estimates a static search; ${campaign.name} is none`);
    return 2;
  }
  const mine = runs().filter((one) => one.campaign === campaign.name && !one.anew);
  const size = boundsOf(mine).lower;
  if (size === undefined) {
    console.error(`campaign: ${campaign.name} has no run yet to say which size it is at: run it`);
    return 2;
  }
  const args = [
    'dist/cli/main.cjs',
    'static',
    ...campaign.rules,
    ...checkpointFlags(campaign),
    '--estimate',
    String(size),
    ...flags,
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  return new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
}

const [first, ...rest] = process.argv.slice(2);
if (first === undefined) {
  list();
} else if (first === '--table') {
  table();
} else {
  const campaign = campaigns().find((c) => c.name === first);
  if (!campaign) {
    console.error(
      `campaign: no campaign '${first}'; the campaigns: ${campaigns()
        .map((c) => c.name)
        .join(', ')}`,
    );
    process.exit(2);
  }
  if (rest.includes('--estimate')) {
    process.exit(
      await estimating(
        campaign,
        rest.filter((flag) => flag !== '--estimate'),
      ),
    );
  }
  const anew = rest.includes('--anew');
  let flags = rest.filter((flag) => flag !== '--anew');
  const raise = flags.indexOf('--raise');
  if (raise >= 0) {
    const raised = raising(campaign, Number(flags[raise + 1]), [
      ...flags.slice(0, raise),
      ...flags.slice(raise + 2),
    ]);
    if (!raised) process.exit(2);
    flags = raised;
  }
  process.exit(await run(campaign, flags, anew));
}
