/**
 * `npm run campaign`: the open values' proofs as campaigns (campaigns/README.md). Each campaign
 * in campaigns/campaigns.json is one `codebreaker optimal` proof, one `codebreaker static`
 * search, or one refutation of a worst case (scripts/depth-refutation.ts), whose checkpoint (a
 * refutation's log) lives in campaigns/; this runs it or resumes it from that checkpoint, kept
 * unsigned (`--unsigned`: every answer read back from it is solved again before a result is
 * printed as proved), and when the run ends (finished, at `--time-limit`, or at Ctrl-C) appends what it did to campaigns/runs.jsonl: when, on what, for how long, how far the jobs got, the bounds, and what
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
 *   npm run campaign -- NAME --estimate [--probes N] [--sample M [--seed S]] [--json]
 *                                            a static campaign's size under way: what is left
 *                                            of it, estimated from random paths of its search
 *                                            (`static --estimate`); a refutation's second
 *                                            guesses under way: N of their pieces solved again
 *                                            on this build, and what is left at that pace, or
 *                                            with --sample at the mean of M of their third
 *                                            guesses left, drawn at random, and M of each
 *                                            second guess not begun (`--retime`); nothing
 *                                            recorded
 *   npm run campaign -- --table              the runs as the Markdown table of the docs
 *
 * Where the campaigns and their runs are kept: scripts/campaign-files.ts; what the list and the
 * table say of them: scripts/campaign-report.ts.
 *
 * Needs the build (`npm ci` makes it): `npm run campaign` runs this script as the build bundled
 * it (dist/scripts/campaign.mjs, scripts/bundle-scripts.mjs), and the refutation beside it;
 * `npx tsx scripts/campaign.ts` runs the sources, and the refutation's under tsx too.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { extname, join, relative } from 'node:path';
import {
  type Campaign,
  ROOT,
  RUNS,
  type Run,
  campaigns,
  checkpointOf,
  runs,
} from './campaign-files.js';
import { boundsOf, list, rate, table } from './campaign-report.js';

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

/**
 * The flags that give a campaign's command its checkpoint: unsigned, since the file is shared
 * through the repository, where no secret key can be, so that the command checks every answer it
 * reads back from it before it says proved (docs/cli.md, Trust).
 */
function checkpointFlags(campaign: Campaign): string[] {
  return ['--checkpoint', checkpointOf(campaign), '--unsigned'];
}

function machine(): string {
  const gib = Math.round(totalmem() / 2 ** 30);
  return `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, ${gib} GiB`;
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
 * `--probes` go to it), or of a refutation's second guesses under way (`retiming`); nothing is
 * recorded. Status 2, said on stderr, for a campaign that is neither, searches by colour sets
 * (no paths to follow) or has no run yet.
 */
function estimating(campaign: Campaign, flags: string[]): Promise<number> | number {
  if (campaign.command === 'refutation') return retiming(campaign, flags);
  if (campaign.command !== 'static') {
    console.error(
      `campaign: --estimate estimates a static search or a refutation; ${campaign.name} is neither`,
    );
    return 2;
  }
  if (campaign.flags?.includes('--colour-sets')) {
    console.error(
      `campaign: --estimate follows paths of the search over sets; ${campaign.name} searches by colour sets, whose pace the list gives (npm run campaign)`,
    );
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

/**
 * `--estimate` of a refutation: the first pieces of each second guess under way solved again on
 * this build (scripts/depth-refutation.ts `--retime`, `--probes N` of them, 3 if not given), and
 * the CPU hours left at that pace, or with `--sample M` (passed on, with `--seed`) at the mean of
 * M third guesses left drawn at random, those not begun sampled too; nothing recorded.
 */
function retiming(campaign: Campaign, flags: string[]): Promise<number> {
  const probes = flags.indexOf('--probes');
  const count = probes >= 0 ? flags[probes + 1] : '3';
  const rest = flags.filter((_, i) => probes < 0 || (i !== probes && i !== probes + 1));
  const json = rest.includes('--json');
  const args = commandOf(
    campaign,
    ['--retime', String(count), ...rest.filter((flag) => flag !== '--json')],
    false,
  ).filter((flag) => json || flag !== '--json');
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
